package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		sourcesVar := observability.GetSourcesOutput(ctx, observability.GetSourcesOutputArgs{}, nil)
		ctx.Export("sources", sourcesVar.ApplyT(func(sourcesVar observability.GetSourcesResult) ([]observability.GetSourcesItem, error) {
			return sourcesVar.Items.([]observability.GetSourcesItem), nil
		}).(pulumi.ArrayOutput))
		return nil
	})
}
