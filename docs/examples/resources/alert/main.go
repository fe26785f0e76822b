package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		dashboardId := cfg.Require("dashboardId")
		errorsTileId := cfg.Require("errorsTileId")
		webhookId := cfg.Require("webhookId")
		errorsHigh, err := observability.NewAlert(ctx, "errorsHigh", &observability.AlertArgs{
			Name:                  pulumi.String("checkout: error rate"),
			Source:                observability.AlertSourceTile,
			DashboardId:           pulumi.String(dashboardId),
			TileId:                pulumi.String(errorsTileId),
			Threshold:             pulumi.Float64(100),
			ThresholdType:         observability.AlertThresholdTypeAbove,
			Interval:              observability.AlertIntervalValue5m,
			NumConsecutiveWindows: pulumi.Int(2),
			Channel: &observability.AlertChannelArgs{
				Type:      observability.AlertChannelTypeWebhook,
				WebhookId: pulumi.String(webhookId),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("alertState", errorsHigh.State)
		return nil
	})
}
