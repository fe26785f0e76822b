package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		slackUrl := cfg.Require("slackUrl")
		teamSlack, err := observability.NewWebhook(ctx, "teamSlack", &observability.WebhookArgs{
			Name:        pulumi.String("Team Slack"),
			Service:     observability.WebhookServiceSlack,
			Url:         pulumi.String(slackUrl),
			Description: pulumi.String("The checkout team's channel"),
		})
		if err != nil {
			return err
		}
		ctx.Export("webhookId", teamSlack.ID())
		return nil
	})
}
