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
		recentErrorsVar := observability.SearchOutput(ctx, observability.SearchOutputArgs{
			SourceId:   pulumi.String(logsSourceId),
			Where:      pulumi.String("SeverityText:error"),
			Select:     pulumi.String("Timestamp,ServiceName,Body"),
			MaxResults: pulumi.Float64(20),
		}, nil)
		ctx.Export("recentErrors", recentErrorsVar.Items())
		return nil
	})
}
