import { z } from "zod";
import { uuid } from "../../api/ids";
import { containsUnknown } from "../../engine/unknown";
import { text, timeoutsSchema } from "../../engine/fields";

// ---------------------------------------------------------------------------------------------------------------
// Enums of the contract (§5.3 – §5.6). Values naming third-party systems are kept as the API spells them.

export const KAFKA_TYPES = ["kafka", "redpanda", "msk", "gcmk", "confluent", "warpstream", "azureeventhub", "dokafka"] as const;
export const KAFKA_FORMATS = ["JSONEachRow", "Avro", "AvroConfluent", "Protobuf"] as const;
export const KAFKA_AUTHENTICATIONS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"] as const;
export const KAFKA_OFFSET_STRATEGIES = ["from_beginning", "from_latest", "from_timestamp"] as const;
export const OBJECT_STORAGE_TYPES = ["s3", "gcs", "dospaces", "azureblobstorage", "cloudflarer2", "ovhobjectstorage"] as const;
export const OBJECT_STORAGE_FORMATS = ["JSONEachRow", "JSONAsObject", "CSV", "CSVWithNames", "TabSeparated", "TabSeparatedWithNames", "Parquet", "Avro"] as const;
export const COMPRESSIONS = ["none", "gzip", "gz", "brotli", "br", "xz", "LZMA", "zstd", "auto"] as const;
export const OBJECT_STORAGE_AUTHENTICATIONS = ["IAM_ROLE", "IAM_USER", "CONNECTION_STRING", "SERVICE_ACCOUNT"] as const;
export const KINESIS_FORMATS = ["JSONEachRow", "Avro", "AvroConfluent"] as const;
export const KINESIS_ITERATOR_TYPES = ["TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"] as const;
export const KINESIS_AUTHENTICATIONS = ["IAM_ROLE", "IAM_USER"] as const;
export const POSTGRES_TYPES = [
    "postgres", "supabase", "neon", "alloydb", "planetscale", "rdspostgres", "aurorapostgres", "cloudsqlpostgres", "azurepostgres", "crunchybridge", "tigerdata",
] as const;
export const POSTGRES_AUTHENTICATIONS = ["basic", "IAM_ROLE"] as const;
export const REPLICATION_MODES = ["cdc", "snapshot", "cdc_only"] as const;
export const TABLE_ENGINES = ["MergeTree", "ReplacingMergeTree", "SummingMergeTree", "Null"] as const;
export const MAPPING_TABLE_ENGINES = ["MergeTree", "ReplacingMergeTree", "Null"] as const;

/** The four source kinds; a pipe has exactly one. */
export const SOURCE_KINDS = ["kafka", "objectStorage", "kinesis", "postgres"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

const int = (min: number, max: number) => z.number().int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
const names = z.array(text(255));

/** `YYYY-MM-DDTHH:MM`, UTC, minute precision: the only form the kafka offset accepts. */
const minuteTimestamp = z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, "must be a UTC timestamp with minute precision, `YYYY-MM-DDTHH:MM`");

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

// ---------------------------------------------------------------------------------------------------------------
// Write-only secrets: sent only when they change, never read back, kept from the last inputs.

const userPassword = z.strictObject({
    /** User name. */
    username: text(255),
    /** Password. */
    password: z.string().min(1, "must not be empty"),
});
const accessKeyPair = z.strictObject({
    /** Access key id. */
    accessKeyId: text(255),
    /** Secret access key. */
    secretKey: z.string().min(1, "must not be empty"),
});

/** Credentials of the source, in the form its authentication method needs. */
export const sourceCredentialsSchema = z.union([
    z.strictObject({
        /** User name (kafka `PLAIN`/`SCRAM-*`, postgres). */
        username: text(255),
        /** Password; required except for postgres `IAM_ROLE`. */
        password: z.string().min(1, "must not be empty").optional(),
    }),
    accessKeyPair,
    z.strictObject({
        /** Connection string (kafka `azureeventhub`). */
        connectionString: z.string().min(1, "must not be empty"),
    }),
    z.strictObject({
        /** PEM client certificate (kafka `MUTUAL_TLS`). */
        certificate: z.string().min(1, "must not be empty"),
        /** PEM client private key (kafka `MUTUAL_TLS`). */
        privateKey: z.string().min(1, "must not be empty"),
    }),
]);

/**
 * Every secret of the pipe, kept apart from `source` so that the source stays readable in plans while these
 * values are encrypted in state. The service never returns them: a change made outside Pulumi cannot be seen.
 */
export const secretsSchema = z.strictObject({
    /**
     * Source credentials: kafka `{username, password}` (`PLAIN`, `SCRAM-*`), `{accessKeyId, secretKey}`
     * (`IAM_USER`), `{connectionString}` (azureeventhub), `{certificate, privateKey}` (`MUTUAL_TLS`);
     * postgres `{username, password}`.
     */
    credentials: sourceCredentialsSchema.optional(),
    /** Kafka schema-registry credentials. Changing them replaces the pipe (the registry is set at creation). */
    schemaRegistryCredentials: userPassword.optional(),
    /** `{accessKeyId, secretKey}` for object-storage and stream `IAM_USER` authentication. */
    accessKey: accessKeyPair.optional(),
    /** Base64 service-account JSON for object-storage `SERVICE_ACCOUNT` authentication. */
    serviceAccountKey: z.string().min(1, "must not be empty").optional(),
    /** Connection string for object-storage `CONNECTION_STRING` authentication (container-style store). */
    connectionString: z.string().min(1, "must not be empty").optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Destination, mappings, scaling, settings.

/** One destination column. */
export const columnSchema = z.strictObject({
    /** Column name. */
    name: text(255),
    /** Column type in the engine's syntax, e.g. `String`, `DateTime64(3)`. */
    type: text(1024),
});

/** The definition of a table the pipe manages. */
export const tableDefinitionSchema = z.strictObject({
    /** Table engine. */
    engine: z.strictObject({
        /** `MergeTree`, `ReplacingMergeTree`, `SummingMergeTree` or `Null`. */
        type: z.enum(TABLE_ENGINES),
        /** Version column (`ReplacingMergeTree`); not returned by the service. */
        versionColumnId: text(255).optional(),
        /** Summed columns (`SummingMergeTree`); not returned by the service. */
        columnIds: names.optional(),
    }),
    /** Sorting key columns. */
    sortingKey: names.optional(),
    /** Partition expression. */
    partitionBy: text(1024).optional(),
    /** Primary key expression. */
    primaryKey: text(1024).optional(),
});

/** Where the pipe writes. Everything but `columns` is fixed at creation (a change replaces the pipe). */
export const destinationSchema = z.strictObject({
    /** Destination database; the service assumes `default` when omitted. */
    database: text(255).optional(),
    /** Destination table; required for non-database pipes. */
    table: text(255).optional(),
    /** Whether the pipe creates and manages the table; required for non-database pipes. */
    managedTable: z.boolean().optional(),
    /** Table definition; required when `managedTable` is true. Not used by database pipes. */
    tableDefinition: tableDefinitionSchema.optional(),
    /** Destination columns (non-database pipes); each must be mapped in `fieldMappings`. Changed in place. */
    columns: z.array(columnSchema).optional(),
    /** Roles granted to the user the pipe creates (`default_role` when omitted); used only at creation. */
    roles: names.optional(),
});

/** Maps one source field to one destination column. */
export const fieldMappingSchema = z.strictObject({
    /** Field of the source records. */
    sourceField: text(1024),
    /** Destination column name. */
    destinationField: text(255),
});

/** Compute of the pipe (kafka, stream and object-storage pipes). Changed in place. */
export const scalingSchema = z.strictObject({
    /** Replicas of a streaming pipe, 1 to 10. */
    replicas: int(1, 10).optional(),
    /** Concurrency of an object-storage pipe; 0 = automatic. */
    concurrency: int(0, 34).optional(),
    /** CPU per replica in millicores, 125 to 2000 (streaming pipes). */
    replicaCpuMillicores: int(125, 2000).optional(),
    /** Memory per replica in GB, 0.5 to 8 (streaming pipes; fractions allowed). */
    replicaMemoryGb: z.number().min(0.5, "must be at least 0.5").max(8, "must be at most 8").optional(),
});

/** Tuning of the pipe, with the spec's setting names. Changed in place. */
export const pipeSettingsSchema = z.strictObject({
    /** Longest wait before a streaming insert, ms (500 to 60000). */
    streaming_max_insert_wait_ms: int(500, 60_000).optional(),
    /** Parallel object-storage readers (1 to 35). */
    object_storage_concurrency: int(1, 35).optional(),
    /** Polling interval of a continuous object-storage pipe, ms (100 to 3600000). */
    object_storage_polling_interval_ms: int(100, 3_600_000).optional(),
    /** Bytes per object-storage insert (10 MiB to 50 GiB). */
    object_storage_max_insert_bytes: int(10_485_760, 53_687_091_200).optional(),
    /** Files per object-storage insert (1 to 10000). */
    object_storage_max_file_count: int(1, 10_000).optional(),
    /** Use the cluster function for object-storage reads. */
    object_storage_use_cluster_function: z.boolean().optional(),
    /** Engine `max_threads` (0 to 64). */
    engine_max_threads: int(0, 64).optional(),
    /** Engine `max_insert_threads` (0 to 16). */
    engine_max_insert_threads: int(0, 16).optional(),
    /** Engine `min_insert_block_size_bytes` (0 to 10 GiB). */
    engine_min_insert_block_size_bytes: int(0, 10_737_418_240).optional(),
    /** Engine `max_download_threads` (0 to 32). */
    engine_max_download_threads: int(0, 32).optional(),
    /** Engine `parallel_distributed_insert_select` (0 to 2). */
    engine_parallel_distributed_insert_select: int(0, 2).optional(),
    /** Engine `parallel_view_processing`. */
    engine_parallel_view_processing: z.boolean().optional(),
});

export const PIPE_SETTING_NAMES = Object.keys(pipeSettingsSchema.shape) as (keyof z.output<typeof pipeSettingsSchema>)[];

// ---------------------------------------------------------------------------------------------------------------
// The resource.

/**
 * A data pipe of a service: a managed ingestion from one source into a destination table. The schema is the
 * single description of the inputs: types, `check` failures with property paths and normalization.
 */
export const dataPipeSchema = z
    .object({
        /** Organization (UUID). Defaults to the `observability:organizationId` setting; the resolved value is stored and a change replaces the pipe. */
        organizationId: uuid.optional(),
        /** Service the pipe writes to (UUID). Defaults to the `observability:serviceId` setting; a change replaces the pipe. */
        serviceId: uuid.optional(),
        /** Name of the pipe (1 to 255 characters). Changed in place. */
        name: text(255),
        /** The source: exactly one of `kafka`, `objectStorage`, `kinesis`, `postgres`. Changing the kind replaces the pipe. */
        source: sourceSchema,
        /** The destination. */
        destination: destinationSchema,
        /** Source field → destination column; every destination column must be mapped. Changed in place. */
        fieldMappings: z.array(fieldMappingSchema).default([]),
        /** Compute of the pipe; only the declared fields are managed. Changed in place. */
        scaling: scalingSchema.optional(),
        /** Tuning settings; only the declared ones are managed. Changed in place. */
        settings: pipeSettingsSchema.optional(),
        /** Write-only secrets of the source; encrypted in state, never read back. */
        secrets: secretsSchema.optional(),
        /** Whether the pipe should be stopped (paused for database pipes). Default false. Changed in place. */
        stopped: z.boolean().default(false),
        /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers); create waits for the pipe to run. */
        timeouts: timeoutsSchema,
    })
    .superRefine((pipe, ctx) => {
        // Cross-field rules need known values; `check` runs again once they are known.
        if (containsUnknown(pipe)) return;
        for (const issue of crossFieldIssues(pipe)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    });

/** What the program declares (the public argument type derives from it). */
export type DataPipeArgs = z.input<typeof dataPipeSchema>;
/** The checked, normalized inputs. */
export type DataPipeInputs = z.output<typeof dataPipeSchema>;
/** What the resource reports: the inputs as the service reflects them, plus the pipe's status. */
export interface DataPipeOutputs extends DataPipeInputs {
    /** The resolved organization. */
    organizationId: string;
    /** The resolved service. */
    serviceId: string;
    /** The pipe's state as last seen (`Running`, `Stopped`, `Paused`, `Completed`, …). */
    state: string;
    /** When the pipe was created. */
    createdAt: string;
    /** When the pipe last changed. */
    updatedAt: string;
}

export type DataPipeSource = z.output<typeof sourceSchema>;
export type DataPipeSecrets = z.output<typeof secretsSchema>;
export type DataPipeDestination = z.output<typeof destinationSchema>;
export type DataPipeScaling = z.output<typeof scalingSchema>;
export type DataPipeSettings = z.output<typeof pipeSettingsSchema>;
export type TableMapping = z.output<typeof tableMappingSchema>;
export type FieldMapping = z.output<typeof fieldMappingSchema>;
export type KafkaSource = z.output<typeof kafkaSourceSchema>;
export type ObjectStorageSource = z.output<typeof objectStorageSourceSchema>;
export type KinesisSource = z.output<typeof kinesisSourceSchema>;
export type PostgresSource = z.output<typeof postgresSourceSchema>;

/** The one source kind declared (undefined when none or several are). */
export function sourceKind(source: DataPipeSource | undefined): SourceKind | undefined {
    const kinds = SOURCE_KINDS.filter((kind) => source?.[kind] !== undefined && source[kind] !== null);
    return kinds.length === 1 ? kinds[0] : undefined;
}

interface Issue {
    path: (string | number)[];
    message: string;
}

/** Rules across fields (§5.3 – §5.6) that the per-field schemas cannot express. */
function crossFieldIssues(pipe: DataPipeInputs): Issue[] {
    const issues: Issue[] = [];
    const declared = SOURCE_KINDS.filter((kind) => pipe.source[kind] !== undefined);
    if (declared.length !== 1) {
        issues.push({ path: ["source"], message: `must declare exactly one of ${SOURCE_KINDS.join(", ")} (found ${declared.length === 0 ? "none" : declared.join(", ")})` });
        return issues;
    }
    const kind = declared[0];
    const secrets = pipe.secrets ?? {};
    const secretIssue = (field: keyof DataPipeSecrets, message: string) => issues.push({ path: ["secrets", field], message });
    const unusedSecrets = (allowed: (keyof DataPipeSecrets)[]) => {
        for (const field of Object.keys(secrets) as (keyof DataPipeSecrets)[]) {
            if (secrets[field] !== undefined && !allowed.includes(field)) secretIssue(field, `is not used by a ${kind} source with this authentication`);
        }
    };
    const { source } = pipe;
    if (source.kafka) issues.push(...kafkaIssues(source.kafka, secrets, secretIssue, unusedSecrets));
    if (source.objectStorage) issues.push(...objectStorageIssues(source.objectStorage, secrets, secretIssue, unusedSecrets));
    if (source.kinesis) issues.push(...kinesisIssues(source.kinesis, secrets, secretIssue, unusedSecrets));
    if (source.postgres) issues.push(...postgresIssues(source.postgres, secrets, secretIssue, unusedSecrets));
    issues.push(...destinationIssues(pipe, kind));
    issues.push(...scalingIssues(pipe.scaling, kind));
    return issues;
}

type SecretIssue = (field: keyof DataPipeSecrets, message: string) => void;
type UnusedSecrets = (allowed: (keyof DataPipeSecrets)[]) => void;

/** The form `secrets.credentials` takes. */
function credentialForm(credentials: DataPipeSecrets["credentials"]): "userPassword" | "username" | "accessKey" | "connectionString" | "certificate" | undefined {
    if (!credentials) return undefined;
    if ("username" in credentials) return credentials.password === undefined ? "username" : "userPassword";
    if ("accessKeyId" in credentials) return "accessKey";
    if ("connectionString" in credentials) return "connectionString";
    return "certificate";
}

const FORM_TEXT = {
    userPassword: "{username, password}",
    username: "{username, password}",
    accessKey: "{accessKeyId, secretKey}",
    connectionString: "{connectionString}",
    certificate: "{certificate, privateKey}",
} as const;

function kafkaIssues(kafka: KafkaSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = (field: string, message: string) => issues.push({ path: ["source", "kafka", field], message });
    const type = kafka.type ?? "kafka";
    const authentication = kafka.authentication ?? "PLAIN";
    if (type === "kafka" && !["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"].includes(authentication)) {
        at("authentication", `${authentication} is not available for type kafka (use PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or MUTUAL_TLS)`);
    }
    const needed: keyof typeof FORM_TEXT | undefined =
        authentication === "IAM_ROLE" ? undefined
        : authentication === "IAM_USER" ? "accessKey"
        : authentication === "MUTUAL_TLS" ? "certificate"
        : type === "azureeventhub" ? "connectionString"
        : "userPassword";
    const form = credentialForm(secrets.credentials);
    if (authentication === "IAM_ROLE") {
        if (kafka.iamRole === undefined) at("iamRole", "is required with authentication IAM_ROLE");
        if (form !== undefined) secretIssue("credentials", "is not used with authentication IAM_ROLE (the role is assumed)");
    } else if (needed !== undefined && form !== needed) {
        secretIssue("credentials", `must be ${FORM_TEXT[needed]} with authentication ${authentication}${type === "azureeventhub" ? " on azureeventhub" : ""}`);
    }
    if (kafka.iamRole !== undefined && authentication !== "IAM_ROLE") at("iamRole", "is only used with authentication IAM_ROLE");
    if (kafka.offset) {
        if (kafka.offset.strategy === "from_timestamp" && kafka.offset.timestamp === undefined) {
            issues.push({ path: ["source", "kafka", "offset", "timestamp"], message: "is required with strategy from_timestamp (`YYYY-MM-DDTHH:MM`, UTC)" });
        }
        if (kafka.offset.strategy !== "from_timestamp" && kafka.offset.timestamp !== undefined) {
            issues.push({ path: ["source", "kafka", "offset", "timestamp"], message: `is only used with strategy from_timestamp, not ${kafka.offset.strategy}` });
        }
    }
    const registry = kafka.schemaRegistry;
    if (registry?.authentication === "PLAIN" && secrets.schemaRegistryCredentials === undefined) {
        secretIssue("schemaRegistryCredentials", "is required with schemaRegistry.authentication PLAIN");
    }
    if (secrets.schemaRegistryCredentials !== undefined && registry?.authentication !== "PLAIN") {
        secretIssue("schemaRegistryCredentials", "needs source.kafka.schemaRegistry with authentication PLAIN");
    }
    unusedSecrets(["credentials", "schemaRegistryCredentials"]);
    return issues;
}

function objectStorageIssues(store: ObjectStorageSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = (field: string, message: string) => issues.push({ path: ["source", "objectStorage", field], message });
    const containerStyle = store.type === "azureblobstorage";
    if (!containerStyle && store.url === undefined) at("url", `is required for type ${store.type ?? "s3"}`);
    if (containerStyle && (store.path === undefined) !== (store.azureContainerName === undefined)) {
        at(store.path === undefined ? "path" : "azureContainerName", "path and azureContainerName go together");
    }
    if (!containerStyle) {
        if (store.path !== undefined) at("path", "is only used by type azureblobstorage");
        if (store.azureContainerName !== undefined) at("azureContainerName", "is only used by type azureblobstorage");
    }
    if (store.queueUrl !== undefined && store.isContinuous !== true) at("queueUrl", "is only valid with isContinuous true");
    if (store.skipInitialLoad === true && store.queueUrl === undefined) at("skipInitialLoad", "needs queueUrl");
    if (store.skipInitialLoad === true && store.startAfter !== undefined) at("startAfter", "cannot be combined with skipInitialLoad");
    const authentication = store.authentication;
    if (authentication === "IAM_ROLE" && store.iamRole === undefined) at("iamRole", "is required with authentication IAM_ROLE");
    if (store.iamRole !== undefined && authentication !== "IAM_ROLE") at("iamRole", "is only used with authentication IAM_ROLE");
    const required: Partial<Record<string, keyof DataPipeSecrets>> = { IAM_USER: "accessKey", SERVICE_ACCOUNT: "serviceAccountKey", CONNECTION_STRING: "connectionString" };
    const needed = authentication === undefined ? undefined : required[authentication];
    if (needed !== undefined && secrets[needed] === undefined) secretIssue(needed, `is required with authentication ${authentication}`);
    unusedSecrets(needed === undefined ? [] : [needed]);
    return issues;
}

function kinesisIssues(stream: KinesisSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = (field: string, message: string) => issues.push({ path: ["source", "kinesis", field], message });
    if (stream.iteratorType === "AT_TIMESTAMP" && stream.timestamp === undefined) at("timestamp", "is required with iteratorType AT_TIMESTAMP (epoch seconds)");
    if (stream.iteratorType !== "AT_TIMESTAMP" && stream.timestamp !== undefined) at("timestamp", "is only used with iteratorType AT_TIMESTAMP");
    if (stream.authentication === "IAM_ROLE" && stream.iamRole === undefined) at("iamRole", "is required with authentication IAM_ROLE");
    if (stream.authentication !== "IAM_ROLE" && stream.iamRole !== undefined) at("iamRole", "is only used with authentication IAM_ROLE");
    if (stream.authentication === "IAM_USER" && secrets.accessKey === undefined) secretIssue("accessKey", "is required with authentication IAM_USER");
    unusedSecrets(stream.authentication === "IAM_USER" ? ["accessKey"] : []);
    return issues;
}

function postgresIssues(db: PostgresSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = (path: (string | number)[], message: string) => issues.push({ path: ["source", "postgres", ...path], message });
    const authentication = db.authentication ?? "basic";
    const form = credentialForm(secrets.credentials);
    if (authentication === "basic" && form !== "userPassword") secretIssue("credentials", "must be {username, password} with authentication basic");
    if (authentication === "IAM_ROLE") {
        if (form !== "username" && form !== "userPassword") secretIssue("credentials", "must hold the username with authentication IAM_ROLE");
        if (db.iamRole === undefined) at(["iamRole"], "is required with authentication IAM_ROLE");
    }
    if (authentication !== "IAM_ROLE" && db.iamRole !== undefined) at(["iamRole"], "is only used with authentication IAM_ROLE");
    if (db.settings.replicationSlotName !== undefined && db.settings.replicationMode !== "cdc_only") {
        at(["settings", "replicationSlotName"], "is only used with replicationMode cdc_only");
    }
    const targets = new Map<string, number>();
    db.tableMappings.forEach((mapping, i) => {
        const first = targets.get(mapping.targetTable);
        if (first !== undefined) at(["tableMappings", i, "targetTable"], `duplicates tableMappings[${first}].targetTable ${JSON.stringify(mapping.targetTable)}`);
        else targets.set(mapping.targetTable, i);
        if (mapping.sortingKeys !== undefined && mapping.useCustomSortingKey !== true) at(["tableMappings", i, "sortingKeys"], "needs useCustomSortingKey true");
    });
    unusedSecrets(["credentials"]);
    return issues;
}

function destinationIssues(pipe: DataPipeInputs, kind: SourceKind): Issue[] {
    const issues: Issue[] = [];
    const at = (field: string, message: string) => issues.push({ path: ["destination", field], message });
    const { destination } = pipe;
    if (kind === "postgres") {
        // Database pipes replicate whole tables: the mapping lives in source.postgres.tableMappings.
        for (const field of ["table", "managedTable", "tableDefinition", "columns"] as const) {
            if (destination[field] !== undefined) at(field, "is not used by postgres pipes (see source.postgres.tableMappings)");
        }
        if (pipe.fieldMappings.length > 0) issues.push({ path: ["fieldMappings"], message: "is not used by postgres pipes" });
        return issues;
    }
    if (destination.table === undefined) at("table", `is required for ${kind} pipes`);
    if (destination.managedTable === undefined) at("managedTable", `is required for ${kind} pipes`);
    if (destination.managedTable === true && destination.tableDefinition === undefined) at("tableDefinition", "is required when managedTable is true");
    const columns = destination.columns ?? [];
    if (columns.length === 0) at("columns", `must list at least one column for ${kind} pipes`);
    const mapped = new Set(pipe.fieldMappings.map((m) => m.destinationField));
    const seen = new Set<string>();
    columns.forEach((column, i) => {
        if (seen.has(column.name)) issues.push({ path: ["destination", "columns", i, "name"], message: `duplicate column ${JSON.stringify(column.name)}` });
        seen.add(column.name);
        if (!mapped.has(column.name)) issues.push({ path: ["destination", "columns", i, "name"], message: `column ${JSON.stringify(column.name)} is not mapped in fieldMappings` });
    });
    pipe.fieldMappings.forEach((mapping, i) => {
        if (!seen.has(mapping.destinationField)) issues.push({ path: ["fieldMappings", i, "destinationField"], message: `${JSON.stringify(mapping.destinationField)} is not a destination column` });
    });
    return issues;
}

function scalingIssues(scaling: DataPipeScaling | undefined, kind: SourceKind): Issue[] {
    if (!scaling) return [];
    if (kind === "postgres") return [{ path: ["scaling"], message: "is not available for postgres pipes (database pipes are scaled per service)" }];
    const issues: Issue[] = [];
    const streaming = kind === "kafka" || kind === "kinesis";
    for (const field of ["replicas", "replicaCpuMillicores", "replicaMemoryGb"] as const) {
        if (scaling[field] !== undefined && !streaming) issues.push({ path: ["scaling", field], message: "applies to kafka and kinesis pipes only" });
    }
    if (scaling.concurrency !== undefined && kind !== "objectStorage") issues.push({ path: ["scaling", "concurrency"], message: "applies to objectStorage pipes only" });
    return issues;
}
