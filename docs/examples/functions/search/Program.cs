using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var logsSourceId = config.Require("logsSourceId");
    var recentErrorsVar = Observability.Search.Invoke(new()
    {
        SourceId = logsSourceId,
        Where = "SeverityText:error",
        Select = "Timestamp,ServiceName,Body",
        MaxResults = 20,
    });

    return new Dictionary<string, object?>
    {
        ["recentErrors"] = recentErrorsVar.Apply(searchResult => searchResult.Items),
    };
});

