package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		webhooksVar := observability.GetWebhooksOutput(ctx, observability.GetWebhooksOutputArgs{}, nil)
		ctx.Export("webhooks", webhooksVar.ApplyT(func(webhooksVar observability.GetWebhooksResult) ([]observability.GetWebhooksItem, error) {
			return webhooksVar.Items.([]observability.GetWebhooksItem), nil
		}).(pulumi.ArrayOutput))
		return nil
	})
}
