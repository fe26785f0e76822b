package main

import (
	"github.com/pulumi-observability/pulumi-observability/sdk/go/observability"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		kafkaPassword := cfg.Require("kafkaPassword")
		_, err := observability.NewDataPipe(ctx, "orders", &observability.DataPipeArgs{
			Name: pulumi.String("orders-from-kafka"),
			Source: &observability.DataPipeSourceArgs{
				Kafka: &observability.DataPipeSourceKafkaArgs{
					Format:         observability.SourceKafkaFormatJSONEachRow,
					Brokers:        pulumi.String("broker-1.example.com:9092"),
					Topics:         pulumi.String("orders"),
					Authentication: observability.SourceKafkaAuthentication_SCRAM_SHA_512,
				},
			},
			Secrets: &observability.DataPipeSecretsArgs{
				Credentials: &observability.DataPipeSecretsCredentialsArgs{
					Username: pulumi.String("ingest"),
					Password: pulumi.String(kafkaPassword),
				},
			},
			Destination: &observability.DataPipeDestinationArgs{
				Table:        pulumi.String("orders"),
				ManagedTable: pulumi.Bool(true),
				TableDefinition: &observability.DestinationTableDefinitionArgs{
					Engine: &observability.DestinationTableDefinitionEngineArgs{
						Type: observability.DestinationTableDefinitionEngineTypeMergeTree,
					},
					SortingKey: pulumi.StringArray{
						pulumi.String("ts"),
					},
				},
				Columns: observability.DestinationColumnsArray{
					&observability.DestinationColumnsArgs{
						Name: pulumi.String("ts"),
						Type: pulumi.String("DateTime64(3)"),
					},
					&observability.DestinationColumnsArgs{
						Name: pulumi.String("payload"),
						Type: pulumi.String("String"),
					},
				},
			},
			FieldMappings: observability.FieldMappingsArray{
				&observability.FieldMappingsArgs{
					SourceField:      pulumi.String("ts"),
					DestinationField: pulumi.String("ts"),
				},
				&observability.FieldMappingsArgs{
					SourceField:      pulumi.String("payload"),
					DestinationField: pulumi.String("payload"),
				},
			},
			Scaling: &observability.DataPipeScalingArgs{
				Replicas: pulumi.Int(2),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
