import type { DataPipeDestination, FieldMapping } from "./destination";
import type { DataPipeSecrets } from "./sourceSecrets";
import type { DataPipeScaling } from "./tuning";
import { DATABASE_KINDS, isKindOf, SOURCE_KINDS, SourceKind, STREAMING_KINDS } from "./kinds";
import type {
    AnyTableMapping,
    BigquerySource,
    DataPipeSource,
    KafkaSource,
    KinesisSource,
    MongodbSource,
    MysqlSource,
    ObjectStorageSource,
    PostgresSource,
    PubsubSource,
} from "./sources";

/** The pipe as the per-field schemas checked it: what the cross-field rules look at. */
export interface CheckedPipe {
    source: DataPipeSource;
    secrets?: DataPipeSecrets;
    destination: DataPipeDestination;
    fieldMappings: FieldMapping[];
    scaling?: DataPipeScaling;
}

interface Issue {
    path: (string | number)[];
    message: string;
}

/** Rules across fields (§5.3 – §5.6) that the per-field schemas cannot express. */
export function crossFieldIssues(pipe: CheckedPipe): Issue[] {
    const issues: Issue[] = [];
    const declared = SOURCE_KINDS.filter((kind) => pipe.source[kind] !== undefined);
    if (declared.length !== 1) {
        issues.push({
            path: ["source"],
            message: `must declare exactly one of ${SOURCE_KINDS.join(", ")} (found ${declared.length === 0 ? "none" : declared.join(", ")})`,
        });
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
    if (source.pubsub) issues.push(...pubsubIssues(source.pubsub, secrets, secretIssue, unusedSecrets));
    if (source.mysql) issues.push(...mysqlIssues(source.mysql, secrets, secretIssue, unusedSecrets));
    if (source.mongodb) issues.push(...mongodbIssues(source.mongodb, secrets, secretIssue, unusedSecrets));
    if (source.bigquery) issues.push(...bigqueryIssues(source.bigquery, secrets, secretIssue, unusedSecrets));
    issues.push(...destinationIssues(pipe, kind));
    issues.push(...scalingIssues(pipe.scaling, kind));
    return issues;
}

type SecretIssue = (field: keyof DataPipeSecrets, message: string) => void;
type UnusedSecrets = (allowed: (keyof DataPipeSecrets)[]) => void;

/** The form `secrets.credentials` takes. */
function credentialForm(
    credentials: DataPipeSecrets["credentials"],
): "userPassword" | "username" | "accessKey" | "connectionString" | "certificate" | undefined {
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

/** The authentications a kafka source of type `kafka` (plain Kafka) accepts; the other types accept them all. */
export const PLAIN_KAFKA_AUTHENTICATIONS: readonly string[] = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"];

/**
 * The form of `credentials` a kafka source needs; undefined with IAM_ROLE, whose role is assumed instead.
 * @param type the source's `type` (default `kafka`)
 * @param authentication the source's `authentication` (default `PLAIN`)
 */
export function kafkaCredentialForm(type: string | undefined, authentication: string | undefined): keyof typeof FORM_TEXT | undefined {
    if (authentication === "IAM_ROLE") return undefined;
    if (authentication === "IAM_USER") return "accessKey";
    if (authentication === "MUTUAL_TLS") return "certificate";
    return type === "azureeventhub" ? "connectionString" : "userPassword";
}

function kafkaIssues(kafka: KafkaSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = (field: string, message: string) => issues.push({ path: ["source", "kafka", field], message });
    const type = kafka.type ?? "kafka";
    const authentication = kafka.authentication ?? "PLAIN";
    if (type === "kafka" && !PLAIN_KAFKA_AUTHENTICATIONS.includes(authentication)) {
        at(
            "authentication",
            `${authentication} is not available for type kafka (use ${PLAIN_KAFKA_AUTHENTICATIONS.slice(0, -1).join(", ")} or ${PLAIN_KAFKA_AUTHENTICATIONS.at(-1)})`,
        );
    }
    const needed = kafkaCredentialForm(type, authentication);
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
            issues.push({
                path: ["source", "kafka", "offset", "timestamp"],
                message: `is only used with strategy from_timestamp, not ${kafka.offset.strategy}`,
            });
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
    const required: Partial<Record<string, keyof DataPipeSecrets>> = {
        IAM_USER: "accessKey",
        SERVICE_ACCOUNT: "serviceAccountKey",
        CONNECTION_STRING: "connectionString",
    };
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

type At = (path: (string | number)[], message: string) => void;

/** A relational source's authentication: `basic` needs `{username, password}`, `IAM_ROLE` a username and `iamRole`. */
function databaseLoginIssues(db: PostgresSource | MysqlSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, at: At): void {
    const authentication = db.authentication ?? "basic";
    const form = credentialForm(secrets.credentials);
    if (authentication === "basic" && form !== "userPassword") secretIssue("credentials", "must be {username, password} with authentication basic");
    if (authentication === "IAM_ROLE") {
        if (form !== "username" && form !== "userPassword") secretIssue("credentials", "must hold the username with authentication IAM_ROLE");
        if (db.iamRole === undefined) at(["iamRole"], "is required with authentication IAM_ROLE");
    }
    if (authentication !== "IAM_ROLE" && db.iamRole !== undefined) at(["iamRole"], "is only used with authentication IAM_ROLE");
}

/** Table mappings of any database kind: `targetTable` unique, `sortingKeys` only with `useCustomSortingKey`. */
function tableMappingIssues(mappings: readonly AnyTableMapping[], at: At): void {
    const targets = new Map<string, number>();
    mappings.forEach((mapping, i) => {
        const first = targets.get(mapping.targetTable);
        if (first !== undefined)
            at(["tableMappings", i, "targetTable"], `duplicates tableMappings[${first}].targetTable ${JSON.stringify(mapping.targetTable)}`);
        else targets.set(mapping.targetTable, i);
        if ("sortingKeys" in mapping && mapping.sortingKeys !== undefined && mapping.useCustomSortingKey !== true)
            at(["tableMappings", i, "sortingKeys"], "needs useCustomSortingKey true");
    });
}

const atSource =
    (issues: Issue[], kind: SourceKind): At =>
    (path, message) =>
        issues.push({ path: ["source", kind, ...path], message });

function postgresIssues(db: PostgresSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = atSource(issues, "postgres");
    databaseLoginIssues(db, secrets, secretIssue, at);
    if (db.settings.replicationSlotName !== undefined && db.settings.replicationMode !== "cdc_only") {
        at(["settings", "replicationSlotName"], "is only used with replicationMode cdc_only");
    }
    tableMappingIssues(db.tableMappings, at);
    unusedSecrets(["credentials"]);
    return issues;
}

function mysqlIssues(db: MysqlSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = atSource(issues, "mysql");
    databaseLoginIssues(db, secrets, secretIssue, at);
    if (db.settings.replicationMechanism === "FILE_POS" && (db.type === "mariadb" || db.type === "rdsmariadb"))
        at(["settings", "replicationMechanism"], `FILE_POS is not available for type ${db.type} (MariaDB replicates by GTID only)`);
    tableMappingIssues(db.tableMappings, at);
    unusedSecrets(["credentials"]);
    return issues;
}

function mongodbIssues(db: MongodbSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = atSource(issues, "mongodb");
    const form = credentialForm(secrets.credentials);
    if (form !== "userPassword") secretIssue("credentials", "must be {username, password} for a mongodb source");
    if (/^mongodb(\+srv)?:\/\/[^/]*@/.test(db.uri)) at(["uri"], "must not hold credentials: put them in secrets.credentials");
    if (!/^mongodb(\+srv)?:\/\/\S+$/.test(db.uri)) at(["uri"], "must be a `mongodb://` or `mongodb+srv://` URI");
    tableMappingIssues(db.tableMappings, at);
    unusedSecrets(["credentials"]);
    return issues;
}

function pubsubIssues(topic: PubsubSource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    const at = atSource(issues, "pubsub");
    if (topic.seekType === "timestamp" && topic.seekTimestamp === undefined) at(["seekTimestamp"], "is required with seekType timestamp");
    if (topic.seekType !== "timestamp" && topic.seekTimestamp !== undefined) at(["seekTimestamp"], "is only used with seekType timestamp");
    if (secrets.serviceAccountKey === undefined) secretIssue("serviceAccountKey", "is required with authentication SERVICE_ACCOUNT");
    unusedSecrets(["serviceAccountKey"]);
    return issues;
}

function bigqueryIssues(warehouse: BigquerySource, secrets: DataPipeSecrets, secretIssue: SecretIssue, unusedSecrets: UnusedSecrets): Issue[] {
    const issues: Issue[] = [];
    tableMappingIssues(warehouse.tableMappings, atSource(issues, "bigquery"));
    if (secrets.serviceAccountKey === undefined)
        secretIssue("serviceAccountKey", "is required for a bigquery source (the service account reading the dataset)");
    unusedSecrets(["serviceAccountKey"]);
    return issues;
}

function destinationIssues(pipe: CheckedPipe, kind: SourceKind): Issue[] {
    const issues: Issue[] = [];
    const at = (field: string, message: string) => issues.push({ path: ["destination", field], message });
    const { destination } = pipe;
    if (isKindOf(DATABASE_KINDS, kind)) {
        // Database pipes replicate whole tables: the mapping lives in source.<kind>.tableMappings.
        for (const field of ["table", "managedTable", "tableDefinition", "columns"] as const) {
            if (destination[field] !== undefined) at(field, `is not used by ${kind} pipes (see source.${kind}.tableMappings)`);
        }
        if (pipe.fieldMappings.length > 0) issues.push({ path: ["fieldMappings"], message: `is not used by ${kind} pipes` });
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
        if (!mapped.has(column.name))
            issues.push({ path: ["destination", "columns", i, "name"], message: `column ${JSON.stringify(column.name)} is not mapped in fieldMappings` });
    });
    pipe.fieldMappings.forEach((mapping, i) => {
        if (!seen.has(mapping.destinationField))
            issues.push({ path: ["fieldMappings", i, "destinationField"], message: `${JSON.stringify(mapping.destinationField)} is not a destination column` });
    });
    return issues;
}

function scalingIssues(scaling: DataPipeScaling | undefined, kind: SourceKind): Issue[] {
    if (!scaling) return [];
    if (isKindOf(DATABASE_KINDS, kind))
        return [{ path: ["scaling"], message: `is not available for ${kind} pipes (database pipes are scaled per service, see PipesCdcScaling)` }];
    const issues: Issue[] = [];
    const streaming = isKindOf(STREAMING_KINDS, kind);
    for (const field of ["replicas", "replicaCpuMillicores", "replicaMemoryGb"] as const) {
        if (scaling[field] !== undefined && !streaming)
            issues.push({ path: ["scaling", field], message: `applies to ${STREAMING_KINDS.join(", ")} pipes only` });
    }
    if (scaling.concurrency !== undefined && kind !== "objectStorage")
        issues.push({ path: ["scaling", "concurrency"], message: "applies to objectStorage pipes only" });
    return issues;
}
