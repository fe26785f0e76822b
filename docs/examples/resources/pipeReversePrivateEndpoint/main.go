package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		kafkaEndpoint, err := observability.NewPipeReversePrivateEndpoint(ctx, "kafkaEndpoint", &observability.PipeReversePrivateEndpointArgs{
			Description:            pulumi.String("Kafka brokers in the production VPC"),
			Type:                   observability.PipeReversePrivateEndpointType_VPC_ENDPOINT_SERVICE,
			VpcEndpointServiceName: pulumi.String("com.amazonaws.vpce.eu-west-1.vpce-svc-0123456789abcdef0"),
		})
		if err != nil {
			return err
		}
		ctx.Export("endpointId", kafkaEndpoint.ID())
		return nil
	})
}
