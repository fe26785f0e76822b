import { z } from "zod";
import { text } from "../../common/fields";

// ---------------------------------------------------------------------------------------------------------------
// Enums of the contract (§5.3 – §5.6). Values naming third-party systems are kept as the API spells them.

export const KAFKA_TYPES = ["kafka", "redpanda", "msk", "gcmk", "confluent", "warpstream", "azureeventhub", "dokafka"] as const;
export const KAFKA_FORMATS = ["JSONEachRow", "Avro", "AvroConfluent", "Protobuf"] as const;
export const KAFKA_AUTHENTICATIONS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"] as const;
export const KAFKA_OFFSET_STRATEGIES = ["from_beginning", "from_latest", "from_timestamp"] as const;
export const OBJECT_STORAGE_TYPES = ["s3", "gcs", "dospaces", "azureblobstorage", "cloudflarer2", "ovhobjectstorage"] as const;
export const OBJECT_STORAGE_FORMATS = [
    "JSONEachRow",
    "JSONAsObject",
    "CSV",
    "CSVWithNames",
    "TabSeparated",
    "TabSeparatedWithNames",
    "Parquet",
    "Avro",
] as const;
export const COMPRESSIONS = ["none", "gzip", "gz", "brotli", "br", "xz", "LZMA", "zstd", "auto"] as const;
export const OBJECT_STORAGE_AUTHENTICATIONS = ["IAM_ROLE", "IAM_USER", "CONNECTION_STRING", "SERVICE_ACCOUNT"] as const;
export const KINESIS_FORMATS = ["JSONEachRow", "Avro", "AvroConfluent"] as const;
export const KINESIS_ITERATOR_TYPES = ["TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"] as const;
export const KINESIS_AUTHENTICATIONS = ["IAM_ROLE", "IAM_USER"] as const;
export const POSTGRES_TYPES = [
    "postgres",
    "supabase",
    "neon",
    "alloydb",
    "planetscale",
    "rdspostgres",
    "aurorapostgres",
    "cloudsqlpostgres",
    "azurepostgres",
    "crunchybridge",
    "tigerdata",
] as const;
export const POSTGRES_AUTHENTICATIONS = ["basic", "IAM_ROLE"] as const;
export const REPLICATION_MODES = ["cdc", "snapshot", "cdc_only"] as const;
export const PUBSUB_FORMATS = ["JSONEachRow", "Avro", "Protobuf"] as const;
export const PUBSUB_AUTHENTICATIONS = ["SERVICE_ACCOUNT"] as const;
export const PUBSUB_SEEK_TYPES = ["latest", "earliest", "timestamp"] as const;
export const MYSQL_TYPES = ["mysql", "rdsmysql", "auroramysql", "mariadb", "rdsmariadb"] as const;
export const MYSQL_AUTHENTICATIONS = ["basic", "IAM_ROLE"] as const;
export const MYSQL_REPLICATION_MECHANISMS = ["GTID", "FILE_POS"] as const;
export const MONGODB_READ_PREFERENCES = ["primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"] as const;
export const BIGQUERY_REPLICATION_MODES = ["snapshot"] as const;
export const TABLE_ENGINES = ["MergeTree", "ReplacingMergeTree", "SummingMergeTree", "Null"] as const;
export const MAPPING_TABLE_ENGINES = ["MergeTree", "ReplacingMergeTree", "Null"] as const;

/** The eight source kinds (the cloud document's `DataPipeSource`); a pipe has exactly one. */
export const SOURCE_KINDS = ["kafka", "objectStorage", "kinesis", "pubsub", "postgres", "mysql", "mongodb", "bigquery"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Database kinds: whole tables replicated through `tableMappings`, no destination table, field mappings or scaling. */
export const DATABASE_KINDS = ["postgres", "mysql", "mongodb", "bigquery"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];
/** Database kinds that capture changes: they pause instead of stopping and share the service's CDC scaling. */
export const CDC_KINDS = ["postgres", "mysql", "mongodb"] as const;
export type CdcKind = (typeof CDC_KINDS)[number];
/** Streaming kinds: scaled by replicas, CPU and memory. */
export const STREAMING_KINDS = ["kafka", "kinesis", "pubsub"] as const;

/** The fields that name a table mapping of each database kind: what a removal sends, what tells two mappings apart. */
export const MAPPING_IDENTITY: Record<DatabaseKind, readonly string[]> = {
    postgres: ["sourceSchemaName", "sourceTable", "targetTable"],
    mysql: ["sourceSchemaName", "sourceTable", "targetTable"],
    mongodb: ["sourceDatabaseName", "sourceCollection", "targetTable"],
    bigquery: ["sourceDatasetName", "sourceTable", "targetTable"],
};

/** The identity fields of a mapping (see {@link MAPPING_IDENTITY}). */
export function mappingIdentity(kind: DatabaseKind, mapping: object): Record<string, unknown> {
    const fields = mapping as Record<string, unknown>;
    return Object.fromEntries(MAPPING_IDENTITY[kind].map((field) => [field, fields[field]]));
}

/** A mapping's identity as one string. */
export const mappingKey = (kind: DatabaseKind, mapping: object): string => JSON.stringify(Object.values(mappingIdentity(kind, mapping)));

/** Whether a kind is one of `kinds` (narrowing it). */
export function isKindOf<K extends SourceKind>(kinds: readonly K[], kind: SourceKind | undefined): kind is K {
    return kind !== undefined && (kinds as readonly SourceKind[]).includes(kind);
}

/** A whole number from `min` to `max`. */
export const int = (min: number, max: number) =>
    z.number().int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
/** A whole number of at least `min` (the document gives no upper bound). */
export const atLeast = (min: number) => z.number().int("must be a whole number").min(min, `must be at least ${min}`);
/** A list of names (columns, sorting keys, roles). */
export const names = z.array(text(255));

/** `YYYY-MM-DDTHH:MM`, UTC, minute precision: the only form the kafka offset accepts. */
export const minuteTimestamp = z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, "must be a UTC timestamp with minute precision, `YYYY-MM-DDTHH:MM`");
