package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		team := observability.GetTeamOutput(ctx, observability.GetTeamOutputArgs{}, nil)
		ctx.Export("teamId", team.Id())
		ctx.Export("teamName", team.Name())
		return nil
	})
}
