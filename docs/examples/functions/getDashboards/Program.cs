using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var dashboardsVar = Observability.GetDashboards.Invoke();

    return new Dictionary<string, object?>
    {
        ["dashboards"] = dashboardsVar.Apply(getDashboardsResult => getDashboardsResult.Items),
    };
});

