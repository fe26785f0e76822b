import pulumi
import pulumi_observability as observability

config = pulumi.Config()
kafka_password = config.require("kafkaPassword")
orders = observability.DataPipe("orders",
    name="orders-from-kafka",
    source={
        "kafka": {
            "format": observability.SourceKafkaFormat.JSON_EACH_ROW,
            "brokers": "broker-1.example.com:9092",
            "topics": "orders",
            "authentication": observability.SourceKafkaAuthentication.SCRA_M_SH_A_512,
        },
    },
    secrets={
        "credentials": {
            "username": "ingest",
            "password": kafka_password,
        },
    },
    destination={
        "table": "orders",
        "managed_table": True,
        "table_definition": {
            "engine": {
                "type": observability.DestinationTableDefinitionEngineType.MERGE_TREE,
            },
            "sorting_key": ["ts"],
        },
        "columns": [
            {
                "name": "ts",
                "type": "DateTime64(3)",
            },
            {
                "name": "payload",
                "type": "String",
            },
        ],
    },
    field_mappings=[
        {
            "source_field": "ts",
            "destination_field": "ts",
        },
        {
            "source_field": "payload",
            "destination_field": "payload",
        },
    ],
    scaling={
        "replicas": 2,
    })
