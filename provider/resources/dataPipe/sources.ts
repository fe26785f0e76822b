import { z } from "zod";
import { text } from "../../engine/fields";
import {
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
    names,
    OBJECT_STORAGE_AUTHENTICATIONS,
    OBJECT_STORAGE_FORMATS,
    OBJECT_STORAGE_TYPES,
    POSTGRES_AUTHENTICATIONS,
    POSTGRES_TYPES,
    REPLICATION_MODES,
    SOURCE_KINDS,
    SourceKind,
} from "./fields";

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

/** One replicated table of a database pipe. */
export const tableMappingSchema = z.strictObject({
    /** Schema of the source table. */
    sourceSchemaName: text(255),
    /** The source table. */
    sourceTable: text(255),
    /** The destination table; unique within the pipe. */
    targetTable: text(255),
    /** Source columns not replicated. */
    excludedColumns: names.optional(),
    /** Use `sortingKeys` instead of the primary key. */
    useCustomSortingKey: z.boolean().optional(),
    /** Sorting key columns (with `useCustomSortingKey`). */
    sortingKeys: names.optional(),
    /** Engine of the destination table. */
    tableEngine: z.enum(MAPPING_TABLE_ENGINES).optional(),
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
     * `basic` (the default; `secrets.credentials` `{username, password}`) or `IAM_ROLE` (needs `iamRole`). Changing it
     * replaces the pipe (the database patch takes no authentication).
     */
    authentication: z.enum(POSTGRES_AUTHENTICATIONS).optional(),
    /** Role identifier assumed with `IAM_ROLE`. Changing it replaces the pipe. */
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

/** The source of a pipe: exactly one kind. */
export const sourceSchema = z.strictObject({
    /** A kafka-protocol source. */
    kafka: kafkaSourceSchema.optional(),
    /** An object-storage source. */
    objectStorage: objectStorageSourceSchema.optional(),
    /** A stream source. */
    kinesis: kinesisSourceSchema.optional(),
    /** A database source. */
    postgres: postgresSourceSchema.optional(),
});

export type DataPipeSource = z.output<typeof sourceSchema>;
export type TableMapping = z.output<typeof tableMappingSchema>;
export type KafkaSource = z.output<typeof kafkaSourceSchema>;
export type ObjectStorageSource = z.output<typeof objectStorageSourceSchema>;
export type KinesisSource = z.output<typeof kinesisSourceSchema>;
export type PostgresSource = z.output<typeof postgresSourceSchema>;

/** The one source kind declared (undefined when none or several are). */
export function sourceKind(source: DataPipeSource | undefined): SourceKind | undefined {
    const kinds = SOURCE_KINDS.filter((kind) => source?.[kind] !== undefined && source[kind] !== null);
    return kinds.length === 1 ? kinds[0] : undefined;
}
