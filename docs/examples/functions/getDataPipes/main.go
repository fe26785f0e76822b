package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		pipes := observability.GetDataPipesOutput(ctx, observability.GetDataPipesOutputArgs{}, nil)
		ctx.Export("dataPipes", pipes.ApplyT(func(pipes observability.GetDataPipesResult) ([]observability.DataPipeInfo, error) {
			return pipes.Items.([]observability.DataPipeInfo), nil
		}).(pulumi.ArrayOutput))
		return nil
	})
}
