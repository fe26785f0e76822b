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
		errors := observability.QuerySeriesOutput(ctx, observability.QuerySeriesOutputArgs{
			StartTime:   pulumi.Float64(1767225600000),
			EndTime:     pulumi.Float64(1767229200000),
			Granularity: observability.QuerySeriesGranularityValue5m,
			Series: observability.QuerySeriesSeriesArray{
				&observability.QuerySeriesSeriesArgs{
					SourceId: pulumi.String(logsSourceId),
					AggFn:    observability.AggFnCount,
					Where:    pulumi.String("SeverityText:error"),
				},
			},
		}, nil)
		ctx.Export("errorsPerBucket", errors.Items())
		return nil
	})
}
