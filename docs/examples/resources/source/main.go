package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		connectionId := cfg.Require("connectionId")
		logs, err := observability.NewSource(ctx, "logs", &observability.SourceArgs{
			Name:       pulumi.String("Logs"),
			Kind:       observability.SourceKindLog,
			Connection: pulumi.String(connectionId),
			From: &observability.SourceFromArgs{
				DatabaseName: pulumi.String("default"),
				TableName:    pulumi.String("otel_logs"),
			},
			TimestampValueExpression:     pulumi.String("TimestampTime"),
			DefaultTableSelectExpression: pulumi.String("Timestamp, ServiceName, SeverityText, Body"),
			SeverityTextExpression:       pulumi.String("SeverityText"),
			BodyExpression:               pulumi.String("Body"),
			ServiceNameExpression:        pulumi.String("ServiceName"),
		})
		if err != nil {
			return err
		}
		ctx.Export("logsSourceId", logs.ID())
		return nil
	})
}
