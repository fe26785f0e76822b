import { z } from "zod";
import { text } from "../../engine/fields";

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
export const TABLE_ENGINES = ["MergeTree", "ReplacingMergeTree", "SummingMergeTree", "Null"] as const;
export const MAPPING_TABLE_ENGINES = ["MergeTree", "ReplacingMergeTree", "Null"] as const;

/** The four source kinds; a pipe has exactly one. */
export const SOURCE_KINDS = ["kafka", "objectStorage", "kinesis", "postgres"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** A whole number from `min` to `max`. */
export const int = (min: number, max: number) =>
    z.number().int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
/** A list of names (columns, sorting keys, roles). */
export const names = z.array(text(255));

/** `YYYY-MM-DDTHH:MM`, UTC, minute precision: the only form the kafka offset accepts. */
export const minuteTimestamp = z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, "must be a UTC timestamp with minute precision, `YYYY-MM-DDTHH:MM`");
