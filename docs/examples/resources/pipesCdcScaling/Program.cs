using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var cdcScaling = new Observability.PipesCdcScaling("cdcScaling", new()
    {
        ReplicaCpuMillicores = 2000,
        ReplicaMemoryGb = 8,
    });

});

