using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var rolesVar = Observability.GetRoles.Invoke(new()
    {
        Variant = Observability.Variant.Managed,
    });

    return new Dictionary<string, object?>
    {
        ["roles"] = rolesVar.Apply(getRolesResult => getRolesResult.Items),
    };
});

