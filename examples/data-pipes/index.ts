// Data pipes of several source kinds, writing into tables of one cloud service. Every secret comes from secret
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

// A kafka cluster reached privately. The reverse private endpoint comes first: its create waits until it is Ready
// (or PendingAcceptance, with `actionRequired` saying who must accept it). The pipe lists it by id and reaches the
// brokers behind an MSK endpoint by its private DNS names on ports 14001, 14002, … (`mskBrokers`). A postgres pipe
// would take one of the endpoint's names as its `host` instead (`privateBrokers.dnsNames[0]`).
export const privateBrokers = new obs.PipeReversePrivateEndpoint("private-brokers", {
    description: "orders cluster (private)",
    type: "MSK_MULTI_VPC",
    mskClusterArn: config.require("mskClusterArn"),
    mskAuthentication: "SASL_SCRAM",
});

export const privateOrders = new obs.DataPipe("private-orders", {
    name: "orders-from-private-kafka",
    source: {
        kafka: {
            format: "JSONEachRow",
            brokers: privateBrokers.mskBrokers,
            topics: "orders",
            authentication: "SCRAM-SHA-512",
            reversePrivateEndpointIds: [privateBrokers.id],
        },
    },
    secrets: { credentials: { username: config.require("kafkaUser"), password: config.requireSecret("kafkaPassword") } },
    destination: eventsTable("private_orders"),
    fieldMappings: eventMappings,
});

// A MySQL database reached privately (change data capture): the endpoint serves it, and the pipe's host is the
// endpoint's first DNS name, which also makes the pipe wait for the endpoint.
export const mysqlEndpoint = new obs.PipeReversePrivateEndpoint("mysql-endpoint", {
    description: "shop mysql (private)",
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: config.require("mysqlEndpointService"),
});

export const carts = new obs.DataPipe("carts", {
    name: "carts-from-mysql",
    source: {
        mysql: {
            host: mysqlEndpoint.dnsNames.apply((names) => names[0]),
            settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
            tableMappings: [{ sourceSchemaName: "shop", sourceTable: "carts", targetTable: "shop_carts" }],
        },
    },
    secrets: { credentials: { username: "binlog", password: config.requireSecret("mysqlPassword") } },
    destination: { database: "replica" },
    timeouts: { create: "20m" },
});

// The CDC capacity all database pipes of the service share: it exists once a CDC pipe does. 4 cores, so 16 GB.
export const cdc = new obs.PipesCdcScaling("cdc", { replicaCpuMillicores: 4000 }, { dependsOn: [replica, carts] });

export const pipeStates = pulumi.all([orders.state, files.state, clicks.state, replica.state, privateOrders.state, carts.state]);
export const privateEndpointStatus = privateBrokers.status;
export const servicePipes = obs.getDataPipesOutput({ serviceId: orders.serviceId }).apply((pipes) => pipes.map((pipe) => `${pipe.name}: ${pipe.state}`));
