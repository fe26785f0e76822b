using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var logsSourceId = config.Require("logsSourceId");
    var checkoutErrors = new Observability.SavedSearch("checkoutErrors", new()
    {
        Name = "checkout errors",
        SourceId = logsSourceId,
        Where = "ServiceName:checkout SeverityText:error",
        WhereLanguage = Observability.WhereLanguage.Lucene,
        Tags = new[]
        {
            "checkout",
        },
    });

});

