import fc from "fast-check";
import { kafkaCredentialForm, PLAIN_KAFKA_AUTHENTICATIONS } from "../../../provider/resources/dataPipe/rules";
import { Input, obj, text, timeouts, uuid, word } from "./common";

/**
 * A secret value: random text behind a marker no message could contain by chance, so that a message quoting
 * it is certainly an echo. Control characters are allowed where the schema allows them (passwords, keys).
 */
export const SECRET_MARKER = "sEcReT~";
const secret = fc.string({ unit: "grapheme", minLength: 4, maxLength: 16 }).map((s) => `${SECRET_MARKER}${s}`);
// eslint-disable-next-line no-control-regex
const secretName = secret.filter((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s));

const credentialForms = {
    userPassword: obj({ username: secretName, password: secret }),
    username: obj({ username: secretName }),
    accessKey: obj({ accessKeyId: secretName, secretKey: secret }),
    connectionString: obj({ connectionString: secret }),
    certificate: obj({ certificate: secret, privateKey: secret }),
};
type CredentialForm = keyof typeof credentialForms;

/** A source arm with the secrets its authentication needs, and which scaling fields apply. */
interface SourcePart {
    source: Input;
    secrets: Input;
    kind: "kafka" | "objectStorage" | "kinesis" | "pubsub" | "postgres" | "mysql" | "mongodb" | "bigquery";
}

const iamRole = fc.constantFrom("arn:aws:iam::123456789012:role/pipe", "projects/p/serviceAccounts/pipe");

const kafka: fc.Arbitrary<SourcePart> = fc
    .tuple(
        fc.constantFrom(undefined, "kafka", "redpanda", "msk", "gcmk", "confluent", "warpstream", "azureeventhub", "dokafka"),
        fc.constantFrom(undefined, "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"),
    )
    .filter(([type, authentication]) => (type ?? "kafka") !== "kafka" || authentication === undefined || PLAIN_KAFKA_AUTHENTICATIONS.includes(authentication))
    .chain(([type, authentication]) => {
        // The form the provider's rule asks for, so that every input made here is valid: the fuzz judges check and diff, not the rule.
        const form: CredentialForm | undefined = kafkaCredentialForm(type, authentication);
        const offset = fc.oneof(
            obj({ strategy: fc.constantFrom("from_beginning", "from_latest") }),
            obj({ timestamp: fc.constantFrom("2026-01-31T23:59", "2024-02-29T00:00") }, { strategy: fc.constant("from_timestamp") }),
        );
        const registry = obj(
            { url: fc.constantFrom("https://registry.example.com", "https://r.example.org:8081/x") },
            { authentication: fc.constant("PLAIN"), caCertificate: text(64) },
        );
        const arm = obj(
            {
                format: fc.constantFrom("JSONEachRow", "Avro", "AvroConfluent", "Protobuf"),
                brokers: fc.constantFrom("b1:9092", "b1:9092,b2:9092"),
                topics: text(64),
                ...(type !== undefined ? { type: fc.constant(type) } : {}),
                ...(authentication !== undefined ? { authentication: fc.constant(authentication) } : {}),
            },
            {
                consumerGroup: text(255),
                offset,
                schemaRegistry: registry,
                caCertificate: text(64),
                reversePrivateEndpointIds: fc.array(text(255), { maxLength: 2 }),
                exactlyOnce: fc.boolean(),
            },
        ).chain((source) => (authentication === "IAM_ROLE" ? iamRole.map((role) => ({ ...source, iamRole: role })) : fc.constant(source)));
        return arm.chain((source) => {
            const secrets: Record<string, fc.Arbitrary<unknown>> = {};
            if (form !== undefined) secrets.credentials = credentialForms[form];
            if ((source.schemaRegistry as Input | undefined)?.authentication === "PLAIN") secrets.schemaRegistryCredentials = credentialForms.userPassword;
            return obj(secrets).map((secrets) => ({ source: { kafka: source }, secrets, kind: "kafka" as const }));
        });
    });

const objectStorage: fc.Arbitrary<SourcePart> = fc
    .tuple(
        fc.constantFrom(undefined, "s3", "gcs", "dospaces", "azureblobstorage", "cloudflarer2", "ovhobjectstorage"),
        fc.constantFrom(undefined, "IAM_ROLE", "IAM_USER", "CONNECTION_STRING", "SERVICE_ACCOUNT"),
        fc.constantFrom("once", "continuous", "queue", "queueSkip"),
    )
    .chain(([type, authentication, ingestion]) => {
        const azure = type === "azureblobstorage";
        const required: Record<string, fc.Arbitrary<unknown>> = { format: fc.constantFrom("JSONEachRow", "JSONAsObject", "CSV", "Parquet", "Avro") };
        if (!azure) required.url = fc.webUrl();
        if (type !== undefined) required.type = fc.constant(type);
        if (authentication !== undefined) required.authentication = fc.constant(authentication);
        if (authentication === "IAM_ROLE") required.iamRole = iamRole;
        if (ingestion !== "once") required.isContinuous = fc.constant(true);
        if (ingestion === "queue" || ingestion === "queueSkip") required.queueUrl = fc.webUrl();
        if (ingestion === "queueSkip") required.skipInitialLoad = fc.constant(true);
        const optional: Record<string, fc.Arbitrary<unknown>> = {
            delimiter: fc.constantFrom(",", ";", "\t", "||"),
            compression: fc.constantFrom("none", "gzip", "zstd", "auto"),
        };
        if (ingestion !== "queueSkip") optional.startAfter = text(128);
        if (azure) optional.url = fc.webUrl();
        const place = azure
            ? fc.option(fc.tuple(text(128), text(64)), { nil: undefined }).map((p) => (p ? { path: p[0], azureContainerName: p[1] } : {}))
            : fc.constant({});
        const secretKey = ({ IAM_USER: "accessKey", SERVICE_ACCOUNT: "serviceAccountKey", CONNECTION_STRING: "connectionString" } as Record<string, string>)[
            authentication ?? ""
        ];
        const secrets = secretKey === undefined ? fc.constant({}) : obj({ [secretKey]: secretKey === "accessKey" ? credentialForms.accessKey : secret });
        return fc
            .tuple(obj(required, optional), place, secrets)
            .map(([source, where, s]) => ({ source: { objectStorage: { ...source, ...where } }, secrets: s, kind: "objectStorage" as const }));
    });

const kinesis: fc.Arbitrary<SourcePart> = fc
    .tuple(fc.constantFrom("TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"), fc.constantFrom("IAM_ROLE", "IAM_USER"))
    .chain(([iteratorType, authentication]) =>
        fc
            .tuple(
                obj(
                    {
                        format: fc.constantFrom("JSONEachRow", "Avro", "AvroConfluent"),
                        streamName: text(255),
                        region: fc.constantFrom("us-east-1", "eu-west-1"),
                        iteratorType: fc.constant(iteratorType),
                        authentication: fc.constant(authentication),
                        ...(iteratorType === "AT_TIMESTAMP" ? { timestamp: fc.nat(2_000_000_000) } : {}),
                        ...(authentication === "IAM_ROLE" ? { iamRole } : {}),
                    },
                    { useEnhancedFanOut: fc.boolean() },
                ),
                authentication === "IAM_USER" ? obj({ accessKey: credentialForms.accessKey }) : fc.constant({}),
            )
            .map(([source, secrets]) => ({ source: { kinesis: source }, secrets, kind: "kinesis" as const })),
    );

const tableMapping = obj(
    { sourceSchemaName: word, sourceTable: word, targetTable: word },
    {
        excludedColumns: fc.array(word, { maxLength: 2 }),
        tableEngine: fc.constantFrom("MergeTree", "ReplacingMergeTree", "Null"),
        partitionKey: word,
        partitionByExpr: word,
        sortOrder: fc.constantFrom("default", "custom"),
    },
).map(({ sortOrder, ...mapping }) => (sortOrder === "custom" ? { ...mapping, useCustomSortingKey: true, sortingKeys: ["id"] } : mapping));

const postgres: fc.Arbitrary<SourcePart> = fc
    .tuple(fc.constantFrom(undefined, "basic", "IAM_ROLE"), fc.constantFrom("cdc", "snapshot", "cdc_only"))
    .chain(([authentication, replicationMode]) => {
        const settings = obj(
            { replicationMode: fc.constant(replicationMode) },
            {
                syncIntervalSeconds: fc.integer({ min: 1, max: 86_400 }),
                pullBatchSize: fc.integer({ min: 1, max: 10_000_000 }),
                publicationName: word,
                ...(replicationMode === "cdc_only" ? { replicationSlotName: word } : {}),
                allowNullableColumns: fc.boolean(),
                initialLoadParallelism: fc.integer({ min: 1, max: 1024 }),
                snapshotNumRowsPerPartition: fc.integer({ min: 1000, max: 1_000_000_000 }),
                snapshotNumberOfParallelTables: fc.integer({ min: 1, max: 1024 }),
                enableFailoverSlots: fc.boolean(),
                deleteOnMerge: fc.boolean(),
            },
        );
        const source = obj(
            {
                host: fc.domain(),
                database: word,
                settings,
                tableMappings: fc.uniqueArray(tableMapping, { selector: (m) => m.targetTable, minLength: 1, maxLength: 3 }),
                ...(authentication !== undefined ? { authentication: fc.constant(authentication) } : {}),
                ...(authentication === "IAM_ROLE" ? { iamRole } : {}),
            },
            {
                type: fc.constantFrom("postgres", "supabase", "neon", "alloydb", "tigerdata"),
                port: fc.integer({ min: 1, max: 65_535 }),
                tlsHost: fc.domain(),
                caCertificate: text(64),
                disableTls: fc.boolean(),
                skipCertVerification: fc.boolean(),
            },
        );
        const credentials = authentication === "IAM_ROLE" ? fc.oneof(credentialForms.username, credentialForms.userPassword) : credentialForms.userPassword;
        return fc.tuple(source, credentials).map(([db, c]) => ({ source: { postgres: db }, secrets: { credentials: c }, kind: "postgres" as const }));
    });

const pubsub: fc.Arbitrary<SourcePart> = fc.constantFrom("latest", "earliest", "timestamp").chain((seekType) =>
    fc
        .tuple(
            obj(
                {
                    format: fc.constantFrom("JSONEachRow", "Avro", "Protobuf"),
                    projectId: word,
                    topic: text(255),
                    seekType: fc.constant(seekType),
                    ...(seekType === "timestamp" ? { seekTimestamp: fc.constantFrom("2026-01-31T23:59:00Z", "2024-02-29T00:00:00.000+02:00") } : {}),
                },
                {
                    authentication: fc.constant("SERVICE_ACCOUNT"),
                    filter: text(256),
                    enableOrdering: fc.boolean(),
                    ackDeadline: fc.integer({ min: 10, max: 600 }),
                },
            ),
            secret,
        )
        .map(([source, key]) => ({ source: { pubsub: source }, secrets: { serviceAccountKey: key }, kind: "pubsub" as const })),
);

const snapshotSettings = {
    allowNullableColumns: fc.boolean(),
    initialLoadParallelism: fc.integer({ min: 1, max: 1024 }),
    snapshotNumRowsPerPartition: fc.integer({ min: 1000, max: 1_000_000_000 }),
    snapshotNumberOfParallelTables: fc.integer({ min: 1, max: 1024 }),
};
const cdcSettings = {
    syncIntervalSeconds: fc.integer({ min: 1, max: 86_400 }),
    pullBatchSize: fc.integer({ min: 1, max: 10_000_000 }),
    deleteOnMerge: fc.boolean(),
};

const mysql: fc.Arbitrary<SourcePart> = fc
    .tuple(fc.constantFrom(undefined, "basic", "IAM_ROLE"), fc.constantFrom("cdc", "snapshot", "cdc_only"), fc.constantFrom("mysql", "mariadb"))
    .chain(([authentication, replicationMode, family]) => {
        const settings = obj(
            { replicationMode: fc.constant(replicationMode) },
            {
                ...cdcSettings,
                ...snapshotSettings,
                replicationMechanism: family === "mariadb" ? fc.constant("GTID") : fc.constantFrom("GTID", "FILE_POS"),
                useCompression: fc.boolean(),
            },
        );
        const mapping = tableMapping.map(({ partitionByExpr: _expr, ...rest }) => rest);
        const source = obj(
            {
                host: fc.domain(),
                settings,
                tableMappings: fc.uniqueArray(mapping, { selector: (m) => m.targetTable, minLength: 1, maxLength: 3 }),
                ...(authentication !== undefined ? { authentication: fc.constant(authentication) } : {}),
                ...(authentication === "IAM_ROLE" ? { iamRole } : {}),
            },
            {
                type: family === "mariadb" ? fc.constantFrom("mariadb", "rdsmariadb") : fc.constantFrom("mysql", "rdsmysql", "auroramysql"),
                port: fc.integer({ min: 1, max: 65_535 }),
                tlsHost: fc.domain(),
                caCertificate: text(64),
                disableTls: fc.boolean(),
                skipCertVerification: fc.boolean(),
                serverId: fc.integer({ min: 1, max: 4_294_967_295 }),
            },
        );
        const credentials = authentication === "IAM_ROLE" ? fc.oneof(credentialForms.username, credentialForms.userPassword) : credentialForms.userPassword;
        return fc.tuple(source, credentials).map(([db, c]) => ({ source: { mysql: db }, secrets: { credentials: c }, kind: "mysql" as const }));
    });

const mongodb: fc.Arbitrary<SourcePart> = fc.constantFrom("cdc", "snapshot", "cdc_only").chain((replicationMode) =>
    fc
        .tuple(
            obj(
                {
                    uri: fc.domain().map((host) => `mongodb+srv://${host}`),
                    readPreference: fc.constantFrom("primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"),
                    settings: obj(
                        { replicationMode: fc.constant(replicationMode) },
                        {
                            ...cdcSettings,
                            snapshotNumRowsPerPartition: fc.integer({ min: 1000, max: 1_000_000_000 }),
                            snapshotNumberOfParallelTables: fc.integer({ min: 1, max: 1024 }),
                            useJsonNativeFormat: fc.boolean(),
                        },
                    ),
                    tableMappings: fc.uniqueArray(
                        obj(
                            { sourceDatabaseName: word, sourceCollection: word, targetTable: word },
                            { tableEngine: fc.constantFrom("MergeTree", "ReplacingMergeTree", "Null") },
                        ),
                        { selector: (m) => m.targetTable, minLength: 1, maxLength: 3 },
                    ),
                },
                { tlsHost: fc.domain(), caCertificate: text(64), disableTls: fc.boolean(), skipCertVerification: fc.boolean() },
            ),
            credentialForms.userPassword,
        )
        .map(([source, c]) => ({ source: { mongodb: source }, secrets: { credentials: c }, kind: "mongodb" as const })),
);

const bigquery: fc.Arbitrary<SourcePart> = fc
    .tuple(
        obj(
            {
                snapshotStagingPath: word.map((bucket) => `gs://${bucket}/staging/`),
                tableMappings: fc.uniqueArray(
                    obj(
                        { sourceDatasetName: word, sourceTable: word, targetTable: word },
                        {
                            excludedColumns: fc.array(word, { maxLength: 2 }),
                            tableEngine: fc.constantFrom("MergeTree", "ReplacingMergeTree", "Null"),
                            sortOrder: fc.constantFrom("default", "custom"),
                        },
                    ).map(({ sortOrder, ...mapping }) => (sortOrder === "custom" ? { ...mapping, useCustomSortingKey: true, sortingKeys: ["id"] } : mapping)),
                    { selector: (m) => m.targetTable, minLength: 1, maxLength: 3 },
                ),
            },
            { settings: obj({}, { replicationMode: fc.constant("snapshot"), ...snapshotSettings }) },
        ),
        secret,
    )
    .map(([source, key]) => ({ source: { bigquery: source }, secrets: { serviceAccountKey: key }, kind: "bigquery" as const }));

/** Destination columns (distinct names), each mapped from a source field. */
const columns = fc.uniqueArray(word, { minLength: 1, maxLength: 4 }).chain((names) =>
    fc
        .tuple(
            fc.array(fc.constantFrom("String", "UInt64", "DateTime64(3)"), { minLength: names.length, maxLength: names.length }),
            fc.array(word, { minLength: names.length, maxLength: names.length }),
        )
        .map(([types, fields]) => ({
            columns: names.map((name, i) => ({ name, type: types[i] })),
            fieldMappings: names.map((name, i) => ({ sourceField: fields[i], destinationField: name })),
        })),
);

const tableDefinition = obj(
    {
        engine: obj(
            { type: fc.constantFrom("MergeTree", "ReplacingMergeTree", "SummingMergeTree", "Null") },
            { versionColumnId: word, columnIds: fc.array(word, { maxLength: 2 }) },
        ),
    },
    { sortingKey: fc.array(word, { maxLength: 2 }), partitionBy: word, primaryKey: word },
);

const pipeSettings = obj(
    {},
    {
        streaming_max_insert_wait_ms: fc.integer({ min: 500, max: 60_000 }),
        object_storage_concurrency: fc.integer({ min: 1, max: 35 }),
        object_storage_max_insert_bytes: fc.integer({ min: 10_485_760, max: 53_687_091_200 }),
        engine_max_threads: fc.integer({ min: 0, max: 64 }),
        engine_parallel_view_processing: fc.boolean(),
    },
);

/** The destination (and mappings, scaling) that fit the source kind. */
function fitting(kind: SourcePart["kind"]): fc.Arbitrary<Input> {
    if (kind === "postgres" || kind === "mysql" || kind === "mongodb" || kind === "bigquery")
        return obj({ destination: obj({}, { database: word, roles: fc.array(word, { maxLength: 2 }) }) }, { fieldMappings: fc.constant([]) });
    const scaling =
        kind === "objectStorage"
            ? obj({}, { concurrency: fc.integer({ min: 0, max: 34 }) })
            : obj(
                  {},
                  {
                      replicas: fc.integer({ min: 1, max: 40 }),
                      replicaCpuMillicores: fc.integer({ min: 125, max: 2000 }),
                      replicaMemoryGb: fc.double({ min: 0.5, max: 8, noNaN: true }),
                  },
              );
    return fc
        .tuple(
            columns,
            fc.boolean(),
            obj({ table: word }, { database: word, roles: fc.array(word, { maxLength: 2 }), tableDefinition }),
            fc.option(scaling, { nil: undefined }),
        )
        .map(([mapped, managedTable, destination, scale]) => ({
            destination: {
                ...destination,
                managedTable,
                columns: mapped.columns,
                ...(managedTable && destination.tableDefinition === undefined ? { tableDefinition: { engine: { type: "MergeTree" } } } : {}),
            },
            fieldMappings: mapped.fieldMappings,
            ...(scale ? { scaling: scale } : {}),
        }));
}

/** A well-formed data pipe of any source kind, with exactly the secrets its authentication needs. */
export const dataPipe: fc.Arbitrary<Input> = fc
    .oneof(kafka, objectStorage, kinesis, pubsub, postgres, mysql, mongodb, bigquery)
    .chain((part) =>
        fc
            .tuple(
                fitting(part.kind),
                obj({ name: text(255) }, { organizationId: uuid, serviceId: uuid, settings: pipeSettings, stopped: fc.boolean(), timeouts }),
            )
            .map(([fit, own]) => ({ ...own, source: part.source, ...fit, ...(Object.keys(part.secrets).length > 0 ? { secrets: part.secrets } : {}) })),
    );

/** Every string inside a pipe's `secrets` input. */
export function secretValues(input: Input): string[] {
    const walk = (value: unknown): string[] =>
        typeof value === "string" ? [value] : typeof value === "object" && value !== null ? Object.values(value).flatMap(walk) : [];
    return walk(input.secrets);
}
