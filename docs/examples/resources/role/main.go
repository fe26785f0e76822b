package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := observability.NewRole(ctx, "editors", &observability.RoleArgs{
			Variant:     observability.VariantManaged,
			Name:        pulumi.String("Dashboard editors"),
			Description: pulumi.String("Edit dashboards and saved searches"),
			Permissions: observability.RolePermissionsArray{
				&observability.RolePermissionsArgs{
					Action:  observability.RolePermissionsActionManage,
					Subject: pulumi.String("Dashboard"),
				},
				&observability.RolePermissionsArgs{
					Action:  observability.RolePermissionsActionManage,
					Subject: pulumi.String("SavedSearch"),
				},
				&observability.RolePermissionsArgs{
					Action:  observability.RolePermissionsActionRead,
					Subject: pulumi.String("all"),
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
