// A service dashboard with an alert on one of its tiles, in Go, through the provider plugin: the stack of
// examples/yaml, on the Go SDK that `npm run sdks` generates from schema.json (docs/sdks.md).
package main

import (
	"fmt"

	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		service := cfg.Get("service")
		if service == "" {
			service = "checkout"
		}

		// The team's log source: the first source of kind `log`, found with the getSources lookup.
		sources := observability.GetSourcesOutput(ctx, observability.GetSourcesOutputArgs{})
		logs := sources.Items().ApplyT(func(items []observability.GetSourcesItem) (string, error) {
			for _, source := range items {
				if source.Kind == "log" {
					return source.Id, nil
				}
			}
			return "", fmt.Errorf("the team has no log source")
		}).(pulumi.StringOutput)

		oncall, err := observability.NewWebhook(ctx, "oncall", &observability.WebhookArgs{
			Name:        pulumi.Sprintf("%s on-call", service),
			Service:     observability.WebhookServiceGeneric,
			Url:         cfg.RequireSecret("oncallUrl"),
			Description: pulumi.Sprintf("Pages the on-call engineer of %s", service),
		})
		if err != nil {
			return err
		}

		dashboard, err := observability.NewDashboard(ctx, "dashboard", &observability.DashboardArgs{
			Name: pulumi.Sprintf("%s service", service),
			Tags: pulumi.StringArray{pulumi.String(service), pulumi.String("golden-signals")},
			Tiles: observability.DashboardTilesArray{
				observability.DashboardTilesArgs{
					Name: pulumi.String("Errors"),
					X:    pulumi.Int(0),
					Y:    pulumi.Int(0),
					W:    pulumi.Int(12),
					H:    pulumi.Int(4),
					// A tile's config is one of several shapes (a union in the schema): any of their Args types.
					Config: observability.DashboardTilesConfigBuilderLineArgs{
						DisplayType: pulumi.String("line"),
						SourceId:    logs,
						Select: observability.DashboardTilesConfigBuilderLineSelectArray{
							observability.DashboardTilesConfigBuilderLineSelectArgs{
								AggFn: observability.AggFnCount,
								Where: pulumi.String("SeverityText:error"),
							},
						},
						GroupBy: pulumi.String("ServiceName"),
					},
				},
				observability.DashboardTilesArgs{
					Name: pulumi.String("Runbook"),
					X:    pulumi.Int(12),
					Y:    pulumi.Int(0),
					W:    pulumi.Int(12),
					H:    pulumi.Int(4),
					Config: observability.DashboardTilesConfigBuilderMarkdownArgs{
						DisplayType: pulumi.String("markdown"),
						Markdown:    pulumi.String("Page the owning team first."),
					},
				},
			},
		})
		if err != nil {
			return err
		}

		// The alert follows the tile by its name: `TileIds` maps each tile's name to its server id.
		errorsTileId := dashboard.TileIds.MapIndex(pulumi.String("Errors"))
		errors, err := observability.NewAlert(ctx, "errors", &observability.AlertArgs{
			Name:          pulumi.Sprintf("%s errors", service),
			Source:        observability.AlertSourceTile,
			DashboardId:   dashboard.ID(),
			TileId:        errorsTileId,
			Threshold:     pulumi.Float64(100),
			ThresholdType: observability.AlertThresholdTypeAbove,
			Interval:      observability.AlertIntervalValue5m,
			Channel: observability.AlertChannelArgs{
				Type:      observability.AlertChannelTypeWebhook,
				WebhookId: oncall.ID(),
			},
		})
		if err != nil {
			return err
		}

		// A second environment: an explicit provider with its own URL and key (the stack's `observability:*`
		// configuration is the default provider's; a setting left out here is read from its OBSERVABILITY_* variable).
		staging, err := observability.NewProvider(ctx, "staging", &observability.ProviderArgs{
			ApiUrl: pulumi.String(cfg.Require("stagingApiUrl")),
			ApiKey: cfg.RequireSecret("stagingApiKey"),
		})
		if err != nil {
			return err
		}
		_, err = observability.NewDashboard(ctx, "stagingDashboard", &observability.DashboardArgs{
			Name: pulumi.Sprintf("%s service (staging)", service),
			Tiles: observability.DashboardTilesArray{
				observability.DashboardTilesArgs{
					Name: pulumi.String("Runbook"),
					X:    pulumi.Int(0),
					Y:    pulumi.Int(0),
					W:    pulumi.Int(24),
					H:    pulumi.Int(4),
					Config: observability.DashboardTilesConfigBuilderMarkdownArgs{
						DisplayType: pulumi.String("markdown"),
						Markdown:    pulumi.Sprintf("Staging of %s.", service),
					},
				},
			},
		}, pulumi.Provider(staging))
		if err != nil {
			return err
		}

		ctx.Export("dashboardId", dashboard.ID())
		ctx.Export("errorsTileId", errorsTileId)
		ctx.Export("alertState", errors.State)
		ctx.Export("logsSourceId", logs)
		return nil
	})
}
