using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var ana = new Observability.TeamMember("ana", new()
    {
        Email = "ana@example.com",
        Name = "Ana",
    });

    return new Dictionary<string, object?>
    {
        ["anaStatus"] = ana.Status,
    };
});

