using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var logsSourceId = config.Require("logsSourceId");
    var checkout = new Observability.Dashboard("checkout", new()
    {
        Name = "checkout service",
        Tags = new[]
        {
            "checkout",
        },
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
            new Observability.Inputs.DashboardTilesArgs
            {
                Name = "Runbook",
                X = 12,
                Y = 0,
                W = 12,
                H = 4,
                Config = 
                {
                    { "displayType", "markdown" },
                    { "markdown", "Page the owning team first." },
                },
            },
        },
        Filters = new[]
        {
            new Observability.Inputs.DashboardFiltersArgs
            {
                Name = "Service",
                Expression = "ServiceName",
                SourceId = logsSourceId,
            },
        },
    });

    return new Dictionary<string, object?>
    {
        ["errorsTileId"] = checkout.TileIds.Apply(tileIds => tileIds.Errors),
    };
});

