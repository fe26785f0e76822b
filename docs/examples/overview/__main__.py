import pulumi
import pulumi_observability as observability

config = pulumi.Config()
logs_source_id = config.require("logsSourceId")
oncall_url = config.require("oncallUrl")
oncall = observability.Webhook("oncall",
    name="checkout on-call",
    service=observability.WebhookService.GENERIC,
    url=oncall_url)
dashboard = observability.Dashboard("dashboard",
    name="checkout service",
    tiles=[{
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
    }])
errors = observability.Alert("errors",
    name="checkout errors",
    source=observability.AlertSource.TILE,
    dashboard_id=dashboard.id,
    tile_id=dashboard.tile_ids["Errors"],
    threshold=float(100),
    threshold_type=observability.AlertThresholdType.ABOVE,
    interval=observability.AlertInterval.VALUE5M,
    channel={
        "type": observability.AlertChannelType.WEBHOOK,
        "webhook_id": oncall.id,
    })
pulumi.export("dashboardId", dashboard.id)
pulumi.export("alertState", errors.state)
