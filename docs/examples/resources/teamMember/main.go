package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ana, err := observability.NewTeamMember(ctx, "ana", &observability.TeamMemberArgs{
			Email: pulumi.String("ana@example.com"),
			Name:  pulumi.String("Ana"),
		})
		if err != nil {
			return err
		}
		ctx.Export("anaStatus", ana.Status)
		return nil
	})
}
