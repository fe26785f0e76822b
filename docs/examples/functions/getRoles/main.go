package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		rolesVar := observability.GetRolesOutput(ctx, observability.GetRolesOutputArgs{
			Variant: observability.VariantManaged,
		}, nil)
		ctx.Export("roles", rolesVar.ApplyT(func(rolesVar observability.GetRolesResult) ([]observability.GetRolesItem, error) {
			return rolesVar.Items.([]observability.GetRolesItem), nil
		}).(pulumi.ArrayOutput))
		return nil
	})
}
