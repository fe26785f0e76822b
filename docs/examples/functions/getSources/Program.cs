using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var sourcesVar = Observability.GetSources.Invoke();

    return new Dictionary<string, object?>
    {
        ["sources"] = sourcesVar.Apply(getSourcesResult => getSourcesResult.Items),
    };
});

