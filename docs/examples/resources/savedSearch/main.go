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
		_, err := observability.NewSavedSearch(ctx, "checkoutErrors", &observability.SavedSearchArgs{
			Name:          pulumi.String("checkout errors"),
			SourceId:      pulumi.String(logsSourceId),
			Where:         pulumi.String("ServiceName:checkout SeverityText:error"),
			WhereLanguage: observability.WhereLanguageLucene,
			Tags: pulumi.StringArray{
				pulumi.String("checkout"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
