// One data pipe per source kind, writing into tables of one cloud service. Every secret comes from secret
// stack configuration and goes in the pipe's `secrets` argument, which is encrypted in state.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("demo");

const eventColumns = [
    { name: "id", type: "String" },
    { name: "ts", type: "DateTime64(3)" },
    { name: "payload", type: "String" },
];
const eventMappings = eventColumns.map((column) => ({ sourceField: column.name, destinationField: column.name }));
const eventsTable = (table: string) => ({
    table,
    managedTable: true,
    tableDefinition: { engine: { type: "MergeTree" as const }, sortingKey: ["ts", "id"] },
    columns: eventColumns,
});

export const orders = new obs.DataPipe("orders", {
    name: "orders-from-kafka",
    source: {
        kafka: {
            format: "JSONEachRow",
            brokers: config.require("kafkaBrokers"),
            topics: "orders",
            authentication: "SCRAM-SHA-512",
            offset: { strategy: "from_beginning" },
        },
    },
    secrets: { credentials: { username: config.require("kafkaUser"), password: config.requireSecret("kafkaPassword") } },
    destination: eventsTable("orders"),
    fieldMappings: eventMappings,
    scaling: { replicas: 2, replicaCpuMillicores: 500, replicaMemoryGb: 2 },
    settings: { streaming_max_insert_wait_ms: 5000 },
});

export const files = new obs.DataPipe("files", {
    name: "logs-from-bucket",
    source: {
        objectStorage: {
            format: "JSONEachRow",
            url: config.require("bucketUrl"),
            isContinuous: true,
            authentication: "IAM_USER",
        },
    },
    secrets: { accessKey: { accessKeyId: config.require("bucketKeyId"), secretKey: config.requireSecret("bucketSecretKey") } },
    destination: eventsTable("logs"),
    fieldMappings: eventMappings,
    scaling: { concurrency: 0 },
});

export const clicks = new obs.DataPipe("clicks", {
    name: "clicks-from-stream",
    source: {
        kinesis: {
            format: "JSONEachRow",
            streamName: "clicks",
            region: config.get("streamRegion") ?? "eu-west-1",
            iteratorType: "LATEST",
            authentication: "IAM_ROLE",
            iamRole: config.require("streamRoleArn"),
        },
    },
    destination: eventsTable("clicks"),
    fieldMappings: eventMappings,
    // Declared stopped: created, then stopped until this flag is flipped.
    stopped: config.getBoolean("clicksStopped") ?? false,
});

export const replica = new obs.DataPipe("replica", {
    name: "shop-replica",
    source: {
        postgres: {
            host: config.require("databaseHost"),
            database: "shop",
            settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
            tableMappings: [
                { sourceSchemaName: "public", sourceTable: "orders", targetTable: "shop_orders" },
                { sourceSchemaName: "public", sourceTable: "customers", targetTable: "shop_customers", excludedColumns: ["password_hash"] },
            ],
        },
    },
    secrets: { credentials: { username: "replicator", password: config.requireSecret("databasePassword") } },
    destination: { database: "replica" },
    // A postgres create may take a while: snapshots start before the pipe reports it.
    timeouts: { create: "20m" },
});

export const pipeStates = pulumi.all([orders.state, files.state, clicks.state, replica.state]);
export const servicePipes = obs.getDataPipesOutput({ serviceId: orders.serviceId }).apply((pipes) => pipes.map((pipe) => `${pipe.name}: ${pipe.state}`));
