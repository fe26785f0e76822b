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
		checkout, err := observability.NewDashboard(ctx, "checkout", &observability.DashboardArgs{
			Name: pulumi.String("checkout service"),
			Tags: pulumi.StringArray{
				pulumi.String("checkout"),
			},
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
				&observability.DashboardTilesArgs{
					Name: pulumi.String("Runbook"),
					X:    pulumi.Int(12),
					Y:    pulumi.Int(0),
					W:    pulumi.Int(12),
					H:    pulumi.Int(4),
					Config: pulumi.Any{
						DisplayType: pulumi.String("markdown"),
						Markdown:    pulumi.String("Page the owning team first."),
					},
				},
			},
			Filters: observability.DashboardFiltersArray{
				&observability.DashboardFiltersArgs{
					Name:       pulumi.String("Service"),
					Expression: pulumi.String("ServiceName"),
					SourceId:   pulumi.String(logsSourceId),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("errorsTileId", checkout.TileIds.ApplyT(func(tileIds map[string]string) (string, error) {
			return tileIds["Errors"], nil
		}).(pulumi.StringOutput))
		return nil
	})
}
