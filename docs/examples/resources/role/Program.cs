using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var editors = new Observability.Role("editors", new()
    {
        Variant = Observability.Variant.Managed,
        Name = "Dashboard editors",
        Description = "Edit dashboards and saved searches",
        Permissions = new[]
        {
            new Observability.Inputs.RolePermissionsArgs
            {
                Action = Observability.RolePermissionsAction.Manage,
                Subject = "Dashboard",
            },
            new Observability.Inputs.RolePermissionsArgs
            {
                Action = Observability.RolePermissionsAction.Manage,
                Subject = "SavedSearch",
            },
            new Observability.Inputs.RolePermissionsArgs
            {
                Action = Observability.RolePermissionsAction.Read,
                Subject = "all",
            },
        },
    });

});

