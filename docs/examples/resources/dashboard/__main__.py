import pulumi
import pulumi_observability as observability

config = pulumi.Config()
logs_source_id = config.require("logsSourceId")
checkout = observability.Dashboard("checkout",
    name="checkout service",
    tags=["checkout"],
    tiles=[
        {
            "name": "Errors",
            "x": 0,
            "y": 0,
            "w": 12,
            "h": 4,
            "config": {
                "display_type": "line",
                "source_id": logs_source_id,
                "select": [{
                    "aggFn": "count",
                    "where": "SeverityText:error",
                }],
            },
        },
        {
            "name": "Runbook",
            "x": 12,
            "y": 0,
            "w": 12,
            "h": 4,
            "config": {
                "display_type": "markdown",
                "markdown": "Page the owning team first.",
            },
        },
    ],
    filters=[{
        "name": "Service",
        "expression": "ServiceName",
        "source_id": logs_source_id,
    }])
pulumi.export("errorsTileId", checkout.tile_ids["Errors"])
