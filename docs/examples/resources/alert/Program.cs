using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var dashboardId = config.Require("dashboardId");
    var errorsTileId = config.Require("errorsTileId");
    var webhookId = config.Require("webhookId");
    var errorsHigh = new Observability.Alert("errorsHigh", new()
    {
        Name = "checkout: error rate",
        Source = Observability.AlertSource.Tile,
        DashboardId = dashboardId,
        TileId = errorsTileId,
        Threshold = 100,
        ThresholdType = Observability.AlertThresholdType.Above,
        Interval = Observability.AlertInterval.Value5m,
        NumConsecutiveWindows = 2,
        Channel = new Observability.Inputs.AlertChannelArgs
        {
            Type = Observability.AlertChannelType.Webhook,
            WebhookId = webhookId,
        },
    });

    return new Dictionary<string, object?>
    {
        ["alertState"] = errorsHigh.State,
    };
});

