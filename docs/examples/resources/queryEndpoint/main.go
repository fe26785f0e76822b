package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := observability.NewQueryEndpoint(ctx, "queries", &observability.QueryEndpointArgs{
			Roles: observability.QueryEndpointRolesArray{
				observability.QueryEndpointRoles_Sql_console_read_only,
			},
			OpenApiKeys: pulumi.StringArray{
				pulumi.String("0123456789abcdef"),
			},
			AllowedOrigins: pulumi.String("app.example.com,admin.example.com"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
