using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var organizationResource = new Observability.OrganizationSettings("organization", new()
    {
        Name = "Example Inc.",
        PrivateEndpoints = new[]
        {
            new Observability.Inputs.OrganizationSettingsPrivateEndpointsArgs
            {
                Id = "vpce-0123456789abcdef0",
                Description = "production VPC",
                CloudProvider = Observability.OrganizationSettingsPrivateEndpointsCloudProvider.Aws,
                Region = Observability.OrganizationSettingsPrivateEndpointsRegion.Eu_west_1,
            },
        },
    });

});

