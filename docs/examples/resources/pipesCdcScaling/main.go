package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := observability.NewPipesCdcScaling(ctx, "cdcScaling", &observability.PipesCdcScalingArgs{
			ReplicaCpuMillicores: pulumi.Int(2000),
			ReplicaMemoryGb:      pulumi.Float64(8),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
