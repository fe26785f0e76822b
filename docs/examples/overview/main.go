package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		logsSourceId := cfg.Require("logsSourceId")
		oncallUrl := cfg.Require("oncallUrl")
		oncall, err := observability.NewWebhook(ctx, "oncall", &observability.WebhookArgs{
			Name:    pulumi.String("checkout on-call"),
			Service: observability.WebhookServiceGeneric,
			Url:     pulumi.String(oncallUrl),
		})
		if err != nil {
			return err
		}
		dashboard, err := observability.NewDashboard(ctx, "dashboard", &observability.DashboardArgs{
			Name: pulumi.String("checkout service"),
			Tiles: observability.DashboardTilesArray{
				&observability.DashboardTilesArgs{
					Name: pulumi.String("Errors"),
					X:    pulumi.Int(0),
					Y:    pulumi.Int(0),
					W:    pulumi.Int(12),
					H:    pulumi.Int(4),
					Config: pulumi.Any{
						DisplayType: pulumi.String("line"),
						SourceId:    pulumi.String(logsSourceId),
						Select: observability.DashboardTilesConfigBuilderLineSelectArray{
							&observability.DashboardTilesConfigBuilderLineSelectArgs{
								AggFn: "count",
								Where: pulumi.String("SeverityText:error"),
							},
						},
					},
				},
			},
		})
		if err != nil {
			return err
		}
		errors, err := observability.NewAlert(ctx, "errors", &observability.AlertArgs{
			Name:        pulumi.String("checkout errors"),
			Source:      observability.AlertSourceTile,
			DashboardId: dashboard.ID().ToIDOutput().ToStringOutput(),
			TileId: dashboard.TileIds.ApplyT(func(tileIds map[string]string) (string, error) {
				return tileIds["Errors"], nil
			}).(pulumi.StringOutput),
			Threshold:     pulumi.Float64(100),
			ThresholdType: observability.AlertThresholdTypeAbove,
			Interval:      observability.AlertIntervalValue5m,
			Channel: &observability.AlertChannelArgs{
				Type:      observability.AlertChannelTypeWebhook,
				WebhookId: oncall.ID().ToIDOutput().ToStringOutput(),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("dashboardId", dashboard.ID())
		ctx.Export("alertState", errors.State)
		return nil
	})
}
