using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var logsSourceId = config.Require("logsSourceId");
    var oncallUrl = config.Require("oncallUrl");
    var oncall = new Observability.Webhook("oncall", new()
    {
        Name = "checkout on-call",
        Service = Observability.WebhookService.Generic,
        Url = oncallUrl,
    });

    var dashboard = new Observability.Dashboard("dashboard", new()
    {
        Name = "checkout service",
        Tiles = new[]
        {
            new Observability.Inputs.DashboardTilesArgs
            {
                Name = "Errors",
                X = 0,
                Y = 0,
                W = 12,
                H = 4,
                Config = 
                {
                    { "displayType", "line" },
                    { "sourceId", logsSourceId },
                    { "select", new[]
                    {
                        new Observability.Inputs.DashboardTilesConfigBuilderLineSelectArgs
                        {
                            AggFn = "count",
                            Where = "SeverityText:error",
                        },
                    } },
                },
            },
        },
    });

    var errors = new Observability.Alert("errors", new()
    {
        Name = "checkout errors",
        Source = Observability.AlertSource.Tile,
        DashboardId = dashboard.Id,
        TileId = dashboard.TileIds.Apply(tileIds => tileIds.Errors),
        Threshold = 100,
        ThresholdType = Observability.AlertThresholdType.Above,
        Interval = Observability.AlertInterval.Value5m,
        Channel = new Observability.Inputs.AlertChannelArgs
        {
            Type = Observability.AlertChannelType.Webhook,
            WebhookId = oncall.Id,
        },
    });

    return new Dictionary<string, object?>
    {
        ["dashboardId"] = dashboard.Id,
        ["alertState"] = errors.State,
    };
});

