using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var pipes = Observability.GetDataPipes.Invoke();

    return new Dictionary<string, object?>
    {
        ["dataPipes"] = pipes.Apply(getDataPipesResult => getDataPipesResult.Items),
    };
});

