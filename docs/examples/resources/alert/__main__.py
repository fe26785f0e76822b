import pulumi
import pulumi_observability as observability

config = pulumi.Config()
dashboard_id = config.require("dashboardId")
errors_tile_id = config.require("errorsTileId")
webhook_id = config.require("webhookId")
errors_high = observability.Alert("errorsHigh",
    name="checkout: error rate",
    source=observability.AlertSource.TILE,
    dashboard_id=dashboard_id,
    tile_id=errors_tile_id,
    threshold=float(100),
    threshold_type=observability.AlertThresholdType.ABOVE,
    interval=observability.AlertInterval.VALUE5M,
    num_consecutive_windows=2,
    channel={
        "type": observability.AlertChannelType.WEBHOOK,
        "webhook_id": webhook_id,
    })
pulumi.export("alertState", errors_high.state)
