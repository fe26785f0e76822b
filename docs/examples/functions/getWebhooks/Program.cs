using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var webhooksVar = Observability.GetWebhooks.Invoke();

    return new Dictionary<string, object?>
    {
        ["webhooks"] = webhooksVar.Apply(getWebhooksResult => getWebhooksResult.Items),
    };
});

