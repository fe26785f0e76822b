package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		databasePassword := cfg.Require("databasePassword")
		warehouse, err := observability.NewConnection(ctx, "warehouse", &observability.ConnectionArgs{
			Name:     pulumi.String("warehouse"),
			Host:     pulumi.String("https://warehouse.example.com:8443"),
			Username: pulumi.String("observability"),
			Password: pulumi.String(databasePassword),
		})
		if err != nil {
			return err
		}
		ctx.Export("connectionId", warehouse.ID())
		return nil
	})
}
