using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var kafkaPassword = config.Require("kafkaPassword");
    var orders = new Observability.DataPipe("orders", new()
    {
        Name = "orders-from-kafka",
        Source = new Observability.Inputs.DataPipeSourceArgs
        {
            Kafka = new Observability.Inputs.DataPipeSourceKafkaArgs
            {
                Format = Observability.SourceKafkaFormat.JSONEachRow,
                Brokers = "broker-1.example.com:9092",
                Topics = "orders",
                Authentication = Observability.SourceKafkaAuthentication.SCRAM_SHA_512,
            },
        },
        Secrets = new Observability.Inputs.DataPipeSecretsArgs
        {
            Credentials = new Observability.Inputs.DataPipeSecretsCredentialsArgs
            {
                Username = "ingest",
                Password = kafkaPassword,
            },
        },
        Destination = new Observability.Inputs.DataPipeDestinationArgs
        {
            Table = "orders",
            ManagedTable = true,
            TableDefinition = new Observability.Inputs.DestinationTableDefinitionArgs
            {
                Engine = new Observability.Inputs.DestinationTableDefinitionEngineArgs
                {
                    Type = Observability.DestinationTableDefinitionEngineType.MergeTree,
                },
                SortingKey = new[]
                {
                    "ts",
                },
            },
            Columns = new[]
            {
                new Observability.Inputs.DestinationColumnsArgs
                {
                    Name = "ts",
                    Type = "DateTime64(3)",
                },
                new Observability.Inputs.DestinationColumnsArgs
                {
                    Name = "payload",
                    Type = "String",
                },
            },
        },
        FieldMappings = new[]
        {
            new Observability.Inputs.FieldMappingsArgs
            {
                SourceField = "ts",
                DestinationField = "ts",
            },
            new Observability.Inputs.FieldMappingsArgs
            {
                SourceField = "payload",
                DestinationField = "payload",
            },
        },
        Scaling = new Observability.Inputs.DataPipeScalingArgs
        {
            Replicas = 2,
        },
    });

});

