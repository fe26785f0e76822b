package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		dashboardsVar := observability.GetDashboardsOutput(ctx, observability.GetDashboardsOutputArgs{}, nil)
		ctx.Export("dashboards", dashboardsVar.ApplyT(func(dashboardsVar observability.GetDashboardsResult) ([]observability.GetDashboardsItem, error) {
			return dashboardsVar.Items.([]observability.GetDashboardsItem), nil
		}).(pulumi.ArrayOutput))
		return nil
	})
}
