package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := observability.NewOrganizationSettings(ctx, "organization", &observability.OrganizationSettingsArgs{
			Name: pulumi.String("Example Inc."),
			PrivateEndpoints: observability.OrganizationSettingsPrivateEndpointsArray{
				&observability.OrganizationSettingsPrivateEndpointsArgs{
					Id:            pulumi.String("vpce-0123456789abcdef0"),
					Description:   pulumi.String("production VPC"),
					CloudProvider: observability.OrganizationSettingsPrivateEndpointsCloudProviderAws,
					Region:        observability.OrganizationSettingsPrivateEndpointsRegion_Eu_west_1,
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
