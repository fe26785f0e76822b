package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		team := observability.GetTeamMembersOutput(ctx, observability.GetTeamMembersOutputArgs{}, nil)
		ctx.Export("members", team.ApplyT(func(team observability.GetTeamMembersResult) ([]observability.GetTeamMembersResultMembers, error) {
			return team.Members.([]observability.GetTeamMembersResultMembers), nil
		}).(pulumi.ArrayOutput))
		ctx.Export("invitations", team.ApplyT(func(team observability.GetTeamMembersResult) ([]observability.GetTeamMembersResultInvitations, error) {
			return team.Invitations.([]observability.GetTeamMembersResultInvitations), nil
		}).(pulumi.ArrayOutput))
		return nil
	})
}
