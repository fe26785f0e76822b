import { z } from "zod";
import { text } from "../../common/fields";
import {
    atLeast,
    BIGQUERY_REPLICATION_MODES,
    COMPRESSIONS,
    int,
    KAFKA_AUTHENTICATIONS,
    KAFKA_FORMATS,
    KAFKA_OFFSET_STRATEGIES,
    KAFKA_TYPES,
    KINESIS_AUTHENTICATIONS,
    KINESIS_FORMATS,
    KINESIS_ITERATOR_TYPES,
    MAPPING_TABLE_ENGINES,
    minuteTimestamp,
    MONGODB_READ_PREFERENCES,
    MYSQL_AUTHENTICATIONS,
    MYSQL_REPLICATION_MECHANISMS,
    MYSQL_TYPES,
    names,
    OBJECT_STORAGE_AUTHENTICATIONS,
    OBJECT_STORAGE_FORMATS,
    OBJECT_STORAGE_TYPES,
    POSTGRES_AUTHENTICATIONS,
    POSTGRES_TYPES,
    PUBSUB_AUTHENTICATIONS,
    PUBSUB_FORMATS,
    PUBSUB_SEEK_TYPES,
    REPLICATION_MODES,
    SOURCE_KINDS,
    SourceKind,
} from "./kinds";

// ---------------------------------------------------------------------------------------------------------------
// Sources. Secret fields are not here: they live in the top-level `secrets` input (see `secretsSchema`).

/** Where a kafka-protocol consumer starts reading. */
export const kafkaOffsetSchema = z
    .strictObject({
        /** `from_beginning`, `from_latest` or `from_timestamp`; implied `from_timestamp` when only `timestamp` is given. */
        strategy: z.enum(KAFKA_OFFSET_STRATEGIES).optional(),
        /** Minute-precision UTC timestamp `YYYY-MM-DDTHH:MM`; required with `from_timestamp`. */
        timestamp: minuteTimestamp.optional(),
    })
    .transform((offset) => ({ ...offset, strategy: offset.strategy ?? (offset.timestamp !== undefined ? "from_timestamp" : undefined) }));

/** The schema registry of a kafka source (its credentials go to `secrets.schemaRegistryCredentials`). */
export const schemaRegistrySchema = z.strictObject({
    /** The registry's https URL. */
    url: z.string().regex(/^https:\/\/\S+$/, "must be an https URL"),
    /** Authentication with the registry; only `PLAIN` exists (needs `secrets.schemaRegistryCredentials`). */
    authentication: z.literal("PLAIN").optional(),
    /** PEM CA certificate of the registry. */
    caCertificate: z.string().min(1).optional(),
});

/** A kafka-protocol source (the whole family: kafka, redpanda, msk, …). */
export const kafkaSourceSchema = z.strictObject({
    /** The flavour of broker; the service assumes `kafka` when omitted. Changing it replaces the pipe. */
    type: z.enum(KAFKA_TYPES).optional(),
    /** Message format. Changing it replaces the pipe. */
    format: z.enum(KAFKA_FORMATS),
    /** Comma-separated `host:port` list of brokers. Changing it replaces the pipe. */
    brokers: text(4096),
    /** Comma-separated topics. Changing it replaces the pipe. */
    topics: text(4096),
    /** Consumer group; the service generates one when omitted. Changing it replaces the pipe. */
    consumerGroup: text(255).optional(),
    /**
     * How the pipe authenticates; the service assumes `PLAIN` when omitted. `PLAIN`/`SCRAM-*` need
     * `secrets.credentials` `{username, password}` (`{connectionString}` for azureeventhub), `IAM_USER`
     * `{accessKeyId, secretKey}`, `MUTUAL_TLS` `{certificate, privateKey}`, `IAM_ROLE` needs `iamRole`.
     * Plain `kafka` allows `PLAIN`, both `SCRAM-*` and `MUTUAL_TLS`. Changed in place.
     */
    authentication: z.enum(KAFKA_AUTHENTICATIONS).optional(),
    /** Role identifier assumed with `IAM_ROLE`. Changed in place. */
    iamRole: text(2048).optional(),
    /** Where consumption starts. Changing it replaces the pipe. */
    offset: kafkaOffsetSchema.optional(),
    /** Schema registry (for `AvroConfluent`, `Protobuf`). Changing it replaces the pipe. */
    schemaRegistry: schemaRegistrySchema.optional(),
    /** PEM CA certificate of the brokers (public: shown in plans and compared with the service). Changed in place. */
    caCertificate: z.string().min(1).optional(),
    /** Ids of reverse private endpoints used to reach the brokers. Changed in place. */
    reversePrivateEndpointIds: z.array(text(255)).optional(),
    /** Exactly-once delivery; set at creation only (changing it replaces the pipe). */
    exactlyOnce: z.boolean().optional(),
});

/** An object-storage source (buckets and containers). */
export const objectStorageSourceSchema = z.strictObject({
    /** The store; the service assumes `s3` when omitted. Changing it replaces the pipe. */
    type: z.enum(OBJECT_STORAGE_TYPES).optional(),
    /** File format. Changing it replaces the pipe. */
    format: z.enum(OBJECT_STORAGE_FORMATS),
    /** Object URL, bash-style wildcards allowed; required except for `azureblobstorage`. Changing it replaces the pipe. */
    url: text(4096).optional(),
    /** Field delimiter (CSV-like formats). Changing it replaces the pipe. */
    delimiter: z.string().min(1).max(16).optional(),
    /** Compression of the files. Changing it replaces the pipe. */
    compression: z.enum(COMPRESSIONS).optional(),
    /** Keep ingesting new files (without a queue they must arrive in lexical order). Changing it replaces the pipe. */
    isContinuous: z.boolean().optional(),
    /** Notification-queue URL or subscription path; only with `isContinuous`. Changing it replaces the pipe. */
    queueUrl: text(4096).optional(),
    /** Skip the files already present; needs `queueUrl`. Changed in place. */
    skipInitialLoad: z.boolean().optional(),
    /** Start after this object key; not together with `skipInitialLoad`. Changed in place. */
    startAfter: text(4096).optional(),
    /**
     * How the pipe authenticates; omit for public data. `IAM_ROLE` needs `iamRole`, `IAM_USER` needs
     * `secrets.accessKey`, `SERVICE_ACCOUNT` needs `secrets.serviceAccountKey`, `CONNECTION_STRING` needs
     * `secrets.connectionString`. Changed in place.
     */
    authentication: z.enum(OBJECT_STORAGE_AUTHENTICATIONS).optional(),
    /** Role identifier assumed with `IAM_ROLE`. Changed in place. */
    iamRole: text(2048).optional(),
    /** Path inside the container, wildcards allowed (`azureblobstorage`, with `azureContainerName`). Changed in place. */
    path: text(4096).optional(),
    /** Container name (`azureblobstorage`, with `path`). Changed in place. */
    azureContainerName: text(1024).optional(),
});

/** A stream source. */
export const kinesisSourceSchema = z.strictObject({
    /** Record format. Changing it replaces the pipe. */
    format: z.enum(KINESIS_FORMATS),
    /** Stream name. Changing it replaces the pipe. */
    streamName: text(255),
    /** Region of the stream. Changing it replaces the pipe. */
    region: text(64),
    /** Where reading starts. Changing it replaces the pipe. */
    iteratorType: z.enum(KINESIS_ITERATOR_TYPES),
    /** Start time in epoch seconds; required with `AT_TIMESTAMP`. Changing it replaces the pipe. */
    timestamp: z.number().int("must be whole epoch seconds").min(0).optional(),
    /** Use enhanced fan-out consumers. Changing it replaces the pipe. */
    useEnhancedFanOut: z.boolean().optional(),
    /** `IAM_ROLE` (needs `iamRole`) or `IAM_USER` (needs `secrets.accessKey`). Changed in place. */
    authentication: z.enum(KINESIS_AUTHENTICATIONS),
    /** Role identifier assumed with `IAM_ROLE`. Changed in place. */
    iamRole: text(2048).optional(),
});

/** Settings of a database pipe. */
export const postgresSettingsSchema = z.strictObject({
    /** `cdc` (snapshot then changes), `snapshot` (one-shot copy) or `cdc_only`. Changing it replaces the pipe. */
    replicationMode: z.enum(REPLICATION_MODES),
    /** Seconds between change pulls. Changed in place. */
    syncIntervalSeconds: int(1, 86_400).optional(),
    /** Rows per pull. Changed in place. */
    pullBatchSize: int(1, 10_000_000).optional(),
    /** Publication to use; the service creates one when omitted. Changing it replaces the pipe. */
    publicationName: text(255).optional(),
    /** Replication slot to use; only with `cdc_only`. Changing it replaces the pipe. */
    replicationSlotName: text(255).optional(),
    /** Allow nullable destination columns. Changing it replaces the pipe. */
    allowNullableColumns: z.boolean().optional(),
    /** Parallelism of the initial load. Changing it replaces the pipe. */
    initialLoadParallelism: int(1, 1024).optional(),
    /** Rows per snapshot partition (at least 1000). Changing it replaces the pipe. */
    snapshotNumRowsPerPartition: int(1000, 1_000_000_000).optional(),
    /** Tables snapshotted in parallel. Changing it replaces the pipe. */
    snapshotNumberOfParallelTables: int(1, 1024).optional(),
    /** Failover replication slots (source version 17+). Changing it replaces the pipe. */
    enableFailoverSlots: z.boolean().optional(),
    /** Delete rows on merge. Changing it replaces the pipe. */
    deleteOnMerge: z.boolean().optional(),
});

/** What every table a pipe copies declares, whatever the source. */
const copiedTableFields = {
    /** The source table. */
    sourceTable: text(255),
    /** The destination table; unique within the pipe. */
    targetTable: text(255),
    /** Source columns left out. */
    excludedColumns: names.optional(),
    /** Use `sortingKeys` instead of the source table's own key. */
    useCustomSortingKey: z.boolean().optional(),
    /** Sorting key columns (with `useCustomSortingKey`). */
    sortingKeys: names.optional(),
    /** Engine of the destination table. */
    tableEngine: z.enum(MAPPING_TABLE_ENGINES).optional(),
};

/** What every replicated table of a database pipe declares, whatever the database. */
const tableMappingFields = {
    /** Schema (postgres) or database (MySQL) of the source table. */
    sourceSchemaName: text(255),
    ...copiedTableFields,
};

/** One replicated table of a database pipe. */
export const tableMappingSchema = z.strictObject({
    ...tableMappingFields,
    /** Partition key of the destination table. */
    partitionKey: text(1024).optional(),
    /** Partition expression of the destination table. */
    partitionByExpr: text(1024).optional(),
});

/** A database (change-data-capture) source. */
export const postgresSourceSchema = z.strictObject({
    /** The hosting flavour; the service assumes `postgres` when omitted. Changing it replaces the pipe. */
    type: z.enum(POSTGRES_TYPES).optional(),
    /** Host name (the reverse private endpoint's host name when one is used). Changed in place. */
    host: text(255),
    /** Port; the service assumes 5432 when omitted. Changed in place. */
    port: int(1, 65_535).optional(),
    /** Database to replicate. Changed in place. */
    database: text(255),
    /**
     * `basic` (the default; `secrets.credentials` `{username, password}`) or `IAM_ROLE` (needs `iamRole`). Changed in
     * place, without a new snapshot.
     */
    authentication: z.enum(POSTGRES_AUTHENTICATIONS).optional(),
    /** Role identifier assumed with `IAM_ROLE`. Changed in place. */
    iamRole: text(2048).optional(),
    /** Host name checked against the server certificate. Changed in place. */
    tlsHost: text(255).optional(),
    /** PEM CA certificate of the server (public). Changed in place. */
    caCertificate: z.string().min(1).optional(),
    /** Connect without TLS. Changed in place. */
    disableTls: z.boolean().optional(),
    /** Do not verify the server certificate. Changed in place. */
    skipCertVerification: z.boolean().optional(),
    /** Replication settings. */
    settings: postgresSettingsSchema,
    /**
     * Replicated tables (at least one, `targetTable` unique). Changes are applied as add/remove deltas; the
     * provider pauses the pipe when the service requires it and restores the desired state afterwards.
     */
    tableMappings: z.array(tableMappingSchema).min(1, "must hold at least one table mapping"),
});

/** A publish/subscribe topic source (its service-account key goes to `secrets.serviceAccountKey`). */
export const pubsubSourceSchema = z.strictObject({
    /** Message format. Changing it replaces the pipe. */
    format: z.enum(PUBSUB_FORMATS),
    /** The cloud project of the topic. Changing it replaces the pipe. */
    projectId: text(255),
    /** The topic. Changing it replaces the pipe. */
    topic: text(255),
    /** How the pipe authenticates; only `SERVICE_ACCOUNT` exists (needs `secrets.serviceAccountKey`). Changed in place. */
    authentication: z.enum(PUBSUB_AUTHENTICATIONS).default("SERVICE_ACCOUNT"),
    /** Where reading starts: `latest`, `earliest` or `timestamp` (needs `seekTimestamp`). Changing it replaces the pipe. */
    seekType: z.enum(PUBSUB_SEEK_TYPES),
    /** ISO 8601 date-time to start from; only with seekType `timestamp`. Changing it replaces the pipe. */
    seekTimestamp: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time, e.g. `2025-01-01T00:00:00Z`" }).optional(),
    /** Subscription filter expression (at most 256 characters). Changing it replaces the pipe. */
    filter: z.string().min(1).max(256, "must be at most 256 characters").optional(),
    /** Deliver messages in order of their ordering key. Changing it replaces the pipe. */
    enableOrdering: z.boolean().optional(),
    /** Acknowledgement deadline in seconds, 10 to 600. Changed in place. */
    ackDeadline: int(10, 600).optional(),
});

/** Settings every snapshotting database kind shares (fixed at creation). */
const snapshotSettings = {
    /** Allow nullable destination columns. Changing it replaces the pipe. */
    allowNullableColumns: z.boolean().optional(),
    /** Parallel workers per table in the initial load (at least 1). Changing it replaces the pipe. */
    initialLoadParallelism: atLeast(1).optional(),
    /** Rows per snapshot partition (at least 1000). Changing it replaces the pipe. */
    snapshotNumRowsPerPartition: atLeast(1000).optional(),
    /** Tables snapshotted in parallel (at least 1). Changing it replaces the pipe. */
    snapshotNumberOfParallelTables: atLeast(1).optional(),
};

/** Settings every change-capturing kind shares. */
const cdcSettings = {
    /** `cdc` (snapshot then changes), `snapshot` (one-shot copy) or `cdc_only`. Changing it replaces the pipe. */
    replicationMode: z.enum(REPLICATION_MODES),
    /** Seconds between change pulls (at least 1). Changed in place. */
    syncIntervalSeconds: atLeast(1).optional(),
    /** Rows per pull (at least 1). Changed in place. */
    pullBatchSize: atLeast(1).optional(),
    /** Delete rows on merge (hard deletes in a replacing table). Changing it replaces the pipe. */
    deleteOnMerge: z.boolean().optional(),
};

/** Settings of a MySQL-family pipe. */
export const mysqlSettingsSchema = z.strictObject({
    ...cdcSettings,
    ...snapshotSettings,
    /** `GTID` (the service's default; the only one MariaDB supports) or `FILE_POS`. Changing it replaces the pipe. */
    replicationMechanism: z.enum(MYSQL_REPLICATION_MECHANISMS).optional(),
    /** Compress the connection. Changed in place. */
    useCompression: z.boolean().optional(),
});

/** One replicated table of a MySQL-family pipe. */
export const mysqlTableMappingSchema = z.strictObject({
    ...tableMappingFields,
    /** Indexed integer or time column used to split the snapshot. */
    partitionKey: text(1024).optional(),
});

/** A MySQL-family (change-data-capture) source. */
export const mysqlSourceSchema = z.strictObject({
    /** The hosting flavour; the service assumes `mysql` when omitted. Changing it replaces the pipe. */
    type: z.enum(MYSQL_TYPES).optional(),
    /** Host name (a reverse private endpoint's DNS name when one is used). Changed in place. */
    host: text(255),
    /** Port (1 to 65535). Changed in place. */
    port: int(1, 65_535).default(3306),
    /** `basic` (the default; `secrets.credentials` `{username, password}`) or `IAM_ROLE` (needs `iamRole`). Changed in place. */
    authentication: z.enum(MYSQL_AUTHENTICATIONS).optional(),
    /** Role identifier assumed with `IAM_ROLE`. Changed in place. */
    iamRole: text(2048).optional(),
    /** Host name checked against the server certificate. Changed in place. */
    tlsHost: text(255).optional(),
    /** PEM CA certificate of the server (public). Changed in place. */
    caCertificate: z.string().min(1).optional(),
    /** Connect without TLS. Changed in place. */
    disableTls: z.boolean().optional(),
    /** Do not verify the server certificate. Changed in place. */
    skipCertVerification: z.boolean().optional(),
    /** The replication `server_id` the pipe uses (1 to 4294967295); the service assigns one when omitted. Changed in place. */
    serverId: int(1, 4_294_967_295).optional(),
    /** Replication settings. */
    settings: mysqlSettingsSchema,
    /** Replicated tables (at least one, `targetTable` unique); applied as add/remove deltas, the pipe paused for the edit. */
    tableMappings: z.array(mysqlTableMappingSchema).min(1, "must hold at least one table mapping"),
});

/** Settings of a document-database pipe. */
export const mongodbSettingsSchema = z.strictObject({
    ...cdcSettings,
    /** Rows per snapshot partition (at least 1000). Changing it replaces the pipe. */
    snapshotNumRowsPerPartition: atLeast(1000).optional(),
    /** Collections snapshotted in parallel (at least 1). Changing it replaces the pipe. */
    snapshotNumberOfParallelTables: atLeast(1).optional(),
    /** Store documents in the native JSON type instead of strings. Changing it replaces the pipe. */
    useJsonNativeFormat: z.boolean().optional(),
});

/** One replicated collection of a document-database pipe. */
export const mongodbTableMappingSchema = z.strictObject({
    /** The source database. */
    sourceDatabaseName: text(255),
    /** The source collection. */
    sourceCollection: text(255),
    /** The destination table; unique within the pipe. */
    targetTable: text(255),
    /** Engine of the destination table. */
    tableEngine: z.enum(MAPPING_TABLE_ENGINES).optional(),
});

/** A document-database (change-data-capture) source; its user and password go to `secrets.credentials`. */
export const mongodbSourceSchema = z.strictObject({
    /** Connection URI without credentials (`mongodb+srv://cluster.example.net`). Changed in place. */
    uri: text(4096),
    /** Which members to read from. Changed in place. */
    readPreference: z.enum(MONGODB_READ_PREFERENCES),
    /** Host name checked against the server certificate. Changed in place. */
    tlsHost: text(255).optional(),
    /** PEM CA certificate of the server (public). Changed in place. */
    caCertificate: z.string().min(1).optional(),
    /** Connect without TLS. Changed in place. */
    disableTls: z.boolean().optional(),
    /** Do not verify the server certificate. Changed in place. */
    skipCertVerification: z.boolean().optional(),
    /** Replication settings. */
    settings: mongodbSettingsSchema,
    /** Replicated collections (at least one, `targetTable` unique); applied as add/remove deltas, the pipe paused for the edit. */
    tableMappings: z.array(mongodbTableMappingSchema).min(1, "must hold at least one table mapping"),
});

/** Settings of a warehouse snapshot pipe. */
export const bigquerySettingsSchema = z.strictObject({
    /** Only `snapshot` exists (the default). */
    replicationMode: z.enum(BIGQUERY_REPLICATION_MODES).default("snapshot"),
    ...snapshotSettings,
});

/** One copied table of a warehouse snapshot pipe. */
export const bigqueryTableMappingSchema = z.strictObject({
    /** The source dataset. */
    sourceDatasetName: text(255),
    ...copiedTableFields,
});

/**
 * A warehouse source copied once (snapshot only; its service-account key goes to `secrets.serviceAccountKey`). The
 * service has no patch for it: every change of the source replaces the pipe.
 */
export const bigquerySourceSchema = z.strictObject({
    /** Bucket path where the snapshot is staged (`gs://bucket/staging/`), cleaned up after the load. */
    snapshotStagingPath: z.string().regex(/^gs:\/\/\S+$/, "must be a `gs://` path"),
    /** Snapshot settings. */
    settings: bigquerySettingsSchema.prefault({}),
    /** Copied tables (at least one, `targetTable` unique). */
    tableMappings: z.array(bigqueryTableMappingSchema).min(1, "must hold at least one table mapping"),
});

/** The source of a pipe: exactly one kind. */
export const sourceSchema = z.strictObject({
    /** A kafka-protocol source. */
    kafka: kafkaSourceSchema.optional(),
    /** An object-storage source. */
    objectStorage: objectStorageSourceSchema.optional(),
    /** A stream source. */
    kinesis: kinesisSourceSchema.optional(),
    /** A publish/subscribe topic source. */
    pubsub: pubsubSourceSchema.optional(),
    /** A postgres database source (change data capture). */
    postgres: postgresSourceSchema.optional(),
    /** A MySQL-family database source (change data capture). */
    mysql: mysqlSourceSchema.optional(),
    /** A document-database source (change data capture). */
    mongodb: mongodbSourceSchema.optional(),
    /** A warehouse source (one snapshot). */
    bigquery: bigquerySourceSchema.optional(),
});

export type DataPipeSource = z.output<typeof sourceSchema>;
export type TableMapping = z.output<typeof tableMappingSchema>;
export type KafkaSource = z.output<typeof kafkaSourceSchema>;
export type ObjectStorageSource = z.output<typeof objectStorageSourceSchema>;
export type KinesisSource = z.output<typeof kinesisSourceSchema>;
export type PostgresSource = z.output<typeof postgresSourceSchema>;
export type PubsubSource = z.output<typeof pubsubSourceSchema>;
export type MysqlSource = z.output<typeof mysqlSourceSchema>;
export type MongodbSource = z.output<typeof mongodbSourceSchema>;
export type BigquerySource = z.output<typeof bigquerySourceSchema>;
/** A table (or collection) mapping of any database kind. */
export type AnyTableMapping = NonNullable<DataPipeSource["postgres" | "mysql" | "mongodb" | "bigquery"]>["tableMappings"][number];

/** The one source kind declared (undefined when none or several are). */
export function sourceKind(source: DataPipeSource | undefined): SourceKind | undefined {
    const kinds = SOURCE_KINDS.filter((kind) => source?.[kind] !== undefined && source[kind] !== null);
    return kinds.length === 1 ? kinds[0] : undefined;
}
