import { checkEndpointReferences } from "../domain/pipeNetworking/endpoints";
import { ApiError, badRequest, ContractViolation, notFound } from "../http/apiError";
import type { CloudState } from "../store";
import type { HandlerContext, RouteModule } from "./types";

/** The source kinds the emulator serves (the cloud document's `DataPipeSource`). */
const KINDS = ["kafka", "objectStorage", "kinesis", "pubsub", "postgres", "mysql", "mongodb", "bigquery"] as const;
type Kind = (typeof KINDS)[number];
/** Database kinds: table mappings, paused instead of stopped, scaled per service. */
const DATABASE_KINDS: readonly Kind[] = ["postgres", "mysql", "mongodb", "bigquery"];
/** Database kinds that capture changes: mapping deltas while paused, the service's CDC scaling. */
export const CDC_KINDS: readonly Kind[] = ["postgres", "mysql", "mongodb"];
/** Fields naming a table mapping, per database kind (a removal sends them). */
const MAPPING_IDENTITY: Partial<Record<Kind, readonly string[]>> = {
    postgres: ["sourceSchemaName", "sourceTable", "targetTable"],
    mysql: ["sourceSchemaName", "sourceTable", "targetTable"],
    mongodb: ["sourceDatabaseName", "sourceCollection", "targetTable"],
    bigquery: ["sourceDatasetName", "sourceTable", "targetTable"],
};
/** Connection fields of the relational PATCH arms. */
const RELATIONAL_PATCH = ["credentials", "host", "port", "authentication", "iamRole", "tlsHost", "caCertificate", "disableTls", "skipCertVerification"];
const MAPPING_PATCH = ["settings", "tableMappingsToAdd", "tableMappingsToRemove"];

type Json = Record<string, unknown>;

/** Secret fields per kind: stored, never echoed (contract §5.8). */
const SECRET_FIELDS: Record<Kind, readonly string[]> = {
    kafka: ["credentials"],
    objectStorage: ["accessKey", "serviceAccountKey", "connectionString"],
    kinesis: ["accessKey"],
    pubsub: ["serviceAccountKey"],
    postgres: ["credentials"],
    mysql: ["credentials"],
    mongodb: ["credentials"],
    bigquery: ["credentials"],
};

/** Accepted but not returned in practice (§5.8, §5.3). */
const UNRETURNED_FIELDS: Partial<Record<Kind, readonly string[]>> = {
    objectStorage: ["path", "azureContainerName"],
};

/** Fields of each PATCH arm that may change in place (§5.7, the API's arms). */
const PATCHABLE: Record<Kind, readonly string[]> = {
    kafka: ["authentication", "iamRole", "caCertificate", "reversePrivateEndpointIds", "credentials"],
    objectStorage: [
        "skipInitialLoad",
        "startAfter",
        "authentication",
        "iamRole",
        "connectionString",
        "path",
        "azureContainerName",
        "accessKey",
        "serviceAccountKey",
    ],
    kinesis: ["authentication", "iamRole", "accessKey"],
    pubsub: ["authentication", "ackDeadline", "serviceAccountKey"],
    postgres: [...RELATIONAL_PATCH, "database", ...MAPPING_PATCH],
    mysql: [...RELATIONAL_PATCH, "serverId", ...MAPPING_PATCH],
    mongodb: ["credentials", "uri", "readPreference", "tlsHost", "caCertificate", "disableTls", "skipCertVerification", ...MAPPING_PATCH],
    // The document has no bigquery arm in `DataPipePatchSource`.
    bigquery: [],
};

const SETTING_NAMES = [
    "streaming_max_insert_wait_ms",
    "object_storage_concurrency",
    "object_storage_polling_interval_ms",
    "object_storage_max_insert_bytes",
    "object_storage_max_file_count",
    "engine_max_threads",
    "engine_max_insert_threads",
    "engine_min_insert_block_size_bytes",
    "engine_max_download_threads",
    "engine_parallel_distributed_insert_select",
    "object_storage_use_cluster_function",
    "engine_parallel_view_processing",
];

/** A pipe as the emulated service keeps it. */
export interface PipeRecord {
    id: string;
    serviceId: string;
    name: string;
    state: string;
    kind: Kind;
    /** The non-secret source fields of the kind, in the read shape. */
    source: Json;
    /** Write-only values: the kind's secret fields and the schema registry's credentials. Never returned. */
    secrets: Json;
    /** Source fields the service accepts but does not return. */
    unreturned: Json;
    destination: Json;
    /** Roles granted at creation; never returned. */
    roles: unknown;
    fieldMappings: Json[];
    scaling: Json;
    settings: Json;
    createdAt: string;
    updatedAt: string;
    /** States the pipe moves through, one per GET of it. */
    pending: string[];
    /** The reason a failed pipe reports. */
    errorMessage?: string;
    /** How often the pipe's credentials were written (the service re-encrypts them every time). */
    credentialWrites: number;
    /** Set by a scaling change when `transientZeroAfterScaling` is on: the next GET reports 0 CPU and memory. */
    scaledJustNow?: boolean;
}

/** Switches that make the emulated service misbehave the way the real one can. */
export interface PipesBehaviour {
    /** Pipes with these names fail after creation (or after a start), with the given reason. */
    failByName: Map<string, string>;
    /** When set, every new or restarted pipe fails with this reason. */
    failAll?: string;
    /**
     * Pipes with these names stop moving on once they are in the given state (`Provisioning` keeps a new pipe there
     * for good), until the test removes them: a test decides where the state machine rests instead of counting reads.
     */
    holdByName: Map<string, string>;
    /** Report CPU and memory as quantity strings (`500m`, `2Gi`). */
    quantityStrings: boolean;
    /** The next GET of a pipe after a scaling change reports 0 for CPU and memory. */
    transientZeroAfterScaling: boolean;
}

export interface PipesState {
    pipes: Map<string, PipeRecord>;
    behaviour: PipesBehaviour;
}

/** The pipes state inside the cloud state; tests use it for out-of-band changes and failure switches. */
export function pipesState(cloud: CloudState): PipesState {
    return cloud.moduleState<PipesState>("pipes", () => ({
        pipes: new Map(),
        behaviour: { failByName: new Map(), holdByName: new Map(), quantityStrings: false, transientZeroAfterScaling: false },
    }));
}

const COLLECTION = "/v1/organizations/:organizationId/services/:serviceId/pipes";
const ITEM = `${COLLECTION}/:pipeId`;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => structuredClone(value);
const withoutNulls = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined));

/** States the pipe goes through after creation or a start. */
function startSequence(record: PipeRecord, behaviour: PipesBehaviour): string[] {
    const reason = behaviour.failByName.get(record.name) ?? behaviour.failAll;
    if (reason !== undefined) {
        record.errorMessage = reason;
        return ["Failed"];
    }
    if (!DATABASE_KINDS.includes(record.kind)) return ["Running"];
    const mode = (record.source.settings as Json | undefined)?.replicationMode;
    return mode === "snapshot" ? ["Setup", "Snapshot", "Completed"] : ["Setup", "Snapshot", "Running"];
}

/** Moves the pipe one step, as a read (GET or list) observes it. */
function advance(record: PipeRecord, behaviour: PipesBehaviour): void {
    if (behaviour.holdByName.get(record.name) === record.state) return;
    const next = record.pending.shift();
    if (next !== undefined) record.state = next;
}

function readShape(record: PipeRecord, behaviour: PipesBehaviour, transientZero: boolean): Json {
    const scaling = clone(record.scaling);
    if (transientZero) {
        if ("replicaCpuMillicores" in scaling) scaling.replicaCpuMillicores = 0;
        if ("replicaMemoryGb" in scaling) scaling.replicaMemoryGb = 0;
    } else if (behaviour.quantityStrings) {
        if (typeof scaling.replicaCpuMillicores === "number") scaling.replicaCpuMillicores = `${scaling.replicaCpuMillicores}m`;
        if (typeof scaling.replicaMemoryGb === "number") scaling.replicaMemoryGb = `${scaling.replicaMemoryGb * 1024}Mi`;
    }
    const settings: Json = {};
    for (const name of SETTING_NAMES) {
        settings[name] = record.settings[name] ?? null;
    }
    const shape: Json = {
        id: record.id,
        serviceId: record.serviceId,
        name: record.name,
        state: record.state,
        scaling,
        source: { [record.kind]: clone(record.source) },
        destination: clone(record.destination),
        fieldMappings: clone(record.fieldMappings),
        settings,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
    };
    if (record.state === "Failed" && record.errorMessage) shape.errorMessage = record.errorMessage;
    return shape;
}

/** Splits a source arm into what is returned, what is secret and what is accepted but not returned. */
function splitArm(kind: Kind, arm: Json): { source: Json; secrets: Json; unreturned: Json } {
    const source: Json = {};
    const secrets: Json = {};
    const unreturned: Json = {};
    for (const [field, value] of Object.entries(arm)) {
        if (value === null || value === undefined) continue;
        if (SECRET_FIELDS[kind].includes(field)) secrets[field] = value;
        else if (UNRETURNED_FIELDS[kind]?.includes(field)) unreturned[field] = value;
        else source[field] = clone(value);
    }
    if (kind === "kafka" && isObject(source.schemaRegistry)) {
        const { credentials, ...registry } = source.schemaRegistry;
        if (credentials !== undefined) secrets.schemaRegistryCredentials = credentials;
        source.schemaRegistry = registry;
    }
    return { source, secrets, unreturned };
}

const mappingKey = (kind: Kind, mapping: Json) => JSON.stringify((MAPPING_IDENTITY[kind] ?? []).map((field) => mapping[field]));

/** Request rules of the contract that the OpenAPI document cannot express (§5.2 – §5.4). */
function validateCreate(body: Json): { kind: Kind; arm: Json } {
    if (typeof body.name !== "string" || body.name === "") throw new ContractViolation("name", "Required");
    const source = isObject(body.source) ? body.source : {};
    const kinds = KINDS.filter((kind) => isObject(source[kind]));
    if (kinds.length !== 1) throw new ContractViolation("source", "exactly one source kind is required");
    const kind = kinds[0];
    const arm = source[kind] as Json;
    if (!isObject(body.destination)) throw new ContractViolation("destination", "Required");
    const destination = body.destination;
    if (DATABASE_KINDS.includes(kind)) {
        const settings = isObject(arm.settings) ? arm.settings : {};
        if (CDC_KINDS.includes(kind) && settings.replicationMode === undefined)
            throw new ContractViolation(`source.${kind}.settings.replicationMode`, "Required");
        const mappings = Array.isArray(arm.tableMappings) ? (arm.tableMappings as Json[]) : [];
        if (mappings.length === 0) throw new ContractViolation(`source.${kind}.tableMappings`, "at least one table mapping is required");
        const targets = mappings.map((m) => m.targetTable);
        if (new Set(targets).size !== targets.length) throw new ContractViolation(`source.${kind}.tableMappings`, "duplicate targetTable");
        if (!isObject(arm.credentials)) throw new ContractViolation(`source.${kind}.credentials`, "Required");
        if (kind === "mysql" && settings.replicationMechanism === "FILE_POS" && String(arm.type).includes("mariadb"))
            throw badRequest("MariaDB supports GTID replication only");
        return { kind, arm };
    }
    for (const field of ["table", "managedTable", "columns"]) {
        if (destination[field] === undefined) throw new ContractViolation(`destination.${field}`, "Required");
    }
    if (destination.managedTable === true && !isObject(destination.tableDefinition))
        throw new ContractViolation("destination.tableDefinition", "Required when managedTable is true");
    const mapped = new Set(((body.fieldMappings as Json[] | undefined) ?? []).map((m) => m.destinationField));
    for (const column of destination.columns as Json[]) {
        if (!mapped.has(column.name)) throw new ContractViolation("fieldMappings", `destination column ${String(column.name)} is not mapped`);
    }
    if (kind === "kafka") {
        const offset = isObject(arm.offset) ? arm.offset : undefined;
        if (offset?.strategy === "from_timestamp" && typeof offset.timestamp !== "string")
            throw new ContractViolation("source.kafka.offset.timestamp", "Required for from_timestamp");
        if (typeof offset?.timestamp === "string" && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(offset.timestamp)) {
            throw new ContractViolation("source.kafka.offset.timestamp", "must be YYYY-MM-DDTHH:MM");
        }
    }
    if (kind === "kinesis" && arm.iteratorType === "AT_TIMESTAMP" && typeof arm.timestamp !== "number")
        throw new ContractViolation("source.kinesis.timestamp", "Required for AT_TIMESTAMP");
    if (kind === "pubsub" && arm.seekType === "timestamp" && typeof arm.seekTimestamp !== "string")
        throw new ContractViolation("source.pubsub.seekTimestamp", "Required for seekType timestamp");
    return { kind, arm };
}

/** Server-side defaults and generated values, echoed in reads (§5.3, §5.4). */
function applyDefaults(record: PipeRecord): void {
    const { source } = record;
    const short = record.id.slice(0, 8);
    if (record.kind === "kafka") {
        source.type ??= "kafka";
        source.authentication ??= "PLAIN";
        source.consumerGroup ??= `pipes-consumer-${short}`;
    }
    if (record.kind === "objectStorage") source.type ??= "s3";
    if (record.kind === "mysql") {
        source.type ??= "mysql";
        source.authentication ??= "basic";
        source.serverId ??= 4000 + record.id.charCodeAt(0);
        (source.settings as Json).replicationMechanism ??= "GTID";
    }
    if (record.kind === "bigquery") {
        const settings = isObject(source.settings) ? source.settings : {};
        settings.replicationMode ??= "snapshot";
        source.settings = settings;
    }
    if (record.kind === "postgres") {
        source.type ??= "postgres";
        source.port ??= 5432;
        source.authentication ??= "basic";
        const settings = source.settings as Json;
        settings.publicationName ??= `pipes_publication_${short}`;
        // Reported by some service versions only: this one leaves them out of reads.
        delete settings.enableFailoverSlots;
        delete settings.deleteOnMerge;
    }
    const destination = record.destination;
    destination.database ??= "default";
    if (isObject(destination.tableDefinition) && isObject(destination.tableDefinition.engine)) {
        // Not persisted by the service.
        delete destination.tableDefinition.engine.versionColumnId;
        delete destination.tableDefinition.engine.columnIds;
    }
    if (Object.keys(record.scaling).length === 0 && !DATABASE_KINDS.includes(record.kind)) {
        record.scaling = record.kind === "objectStorage" ? { concurrency: 0 } : { replicas: 1, replicaCpuMillicores: 500, replicaMemoryGb: 2 };
    }
}

function findPipe(ctx: HandlerContext, pipeId: string): PipeRecord {
    const record = pipesState(ctx.cloud).pipes.get(pipeId);
    if (!record) throw notFound(`Pipe ${pipeId} not found`);
    return record;
}

function touch(record: PipeRecord, ctx: HandlerContext): void {
    record.updatedAt = ctx.nowIso();
}

/** Applies a PATCH arm of the pipe's kind. */
function patchSource(record: PipeRecord, arm: Json, ctx: HandlerContext): void {
    const unknown = Object.keys(arm).filter((field) => !PATCHABLE[record.kind].includes(field));
    if (unknown.length > 0) throw badRequest(`cannot change ${unknown.join(", ")} of a ${record.kind} pipe`);
    if ("reversePrivateEndpointIds" in arm || "host" in arm)
        checkEndpointReferences(ctx.cloud, record.kind, { ...record.source, ...arm }, `source.${record.kind}`);
    if (CDC_KINDS.includes(record.kind)) {
        const connection = Object.keys(arm).filter((field) => !["credentials", "tableMappingsToAdd", "tableMappingsToRemove"].includes(field));
        // The service re-validates the connection with the credentials sent along; none sent → authentication fails.
        if (connection.length > 0 && !isObject(arm.credentials))
            throw badRequest("password authentication failed: credentials are required to validate the changed connection");
        if (arm.tableMappingsToAdd !== undefined || arm.tableMappingsToRemove !== undefined) applyMappingDelta(record, arm);
    }
    for (const [field, value] of Object.entries(arm)) {
        if (field === "tableMappingsToAdd" || field === "tableMappingsToRemove") continue;
        if (SECRET_FIELDS[record.kind].includes(field)) {
            record.secrets[field] = value;
            record.credentialWrites++;
        } else if (UNRETURNED_FIELDS[record.kind]?.includes(field)) {
            record.unreturned[field] = value;
        } else if (field === "settings" && isObject(value)) {
            record.source.settings = withoutNulls({ ...(record.source.settings as Json), ...value });
        } else if (value === null) {
            delete record.source[field];
        } else {
            record.source[field] = clone(value);
        }
    }
    touch(record, ctx);
}

function applyMappingDelta(record: PipeRecord, arm: Json): void {
    if (record.state !== "Paused" && record.state !== "Stopped") throw badRequest(`pipe is ${record.state}: the pipe must be paused to edit table mappings`);
    const key = (mapping: Json) => mappingKey(record.kind, mapping);
    const remove = new Set(((arm.tableMappingsToRemove as Json[] | undefined) ?? []).map(key));
    let mappings = (record.source.tableMappings as Json[]).filter((mapping) => !remove.has(key(mapping)));
    for (const mapping of (arm.tableMappingsToAdd as Json[] | undefined) ?? []) {
        if (mappings.some((existing) => existing.targetTable === mapping.targetTable)) throw badRequest(`duplicate targetTable ${String(mapping.targetTable)}`);
        mappings = [...mappings, clone(mapping)];
    }
    if (mappings.length === 0) throw badRequest("a pipe needs at least one table mapping");
    record.source.tableMappings = mappings;
    // The service resumes the pipe by itself; new tables go through a snapshot.
    record.state = "Modifying";
    record.pending = ["Snapshot", "Running"];
}

function command(record: PipeRecord, name: unknown, behaviour: PipesBehaviour): void {
    const db = DATABASE_KINDS.includes(record.kind);
    if (name === "stop") {
        record.state = db ? "Pausing" : "Stopping";
        record.pending = [db ? "Paused" : "Stopped"];
        return;
    }
    if (name === "start") {
        if (["Running", "Provisioning", "Setup", "Snapshot", "Modifying", "Resync"].includes(record.state))
            throw badRequest(`Pipe ${record.id} is already running`);
        if (record.state === "Completed") throw badRequest("a completed pipe can only be resynced");
        record.state = "Provisioning";
        delete record.errorMessage;
        record.pending = startSequence(record, behaviour);
        return;
    }
    if (!db) throw badRequest("resync is only available for database pipes");
    record.state = "Resync";
    record.pending = ["Snapshot", "Running"];
}

/**
 * Data pipes (contract §5): list, create, get, patch, delete, state commands, scaling and settings, with the
 * state machine (one step per read, GET or list), write-only secrets, server defaults, the idle-service 424 on every call and
 * the must-be-paused 400 for table-mapping edits of a running database pipe.
 */
export const pipeRoutes: RouteModule = {
    name: "pipes",
    register(routes) {
        routes.cloud("GET", COLLECTION, (_req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const { pipes, behaviour } = pipesState(ctx.cloud);
            // A list observes every pipe, as a GET observes one: each moves one step.
            for (const record of pipes.values()) advance(record, behaviour);
            return { data: [...pipes.values()].map((record) => readShape(record, behaviour, false)) };
        });

        routes.cloud("POST", COLLECTION, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const body = (req.body ?? {}) as Json;
            const { kind, arm } = validateCreate(body);
            checkEndpointReferences(ctx.cloud, kind, arm, `source.${kind}`);
            const state = pipesState(ctx.cloud);
            const { source, secrets, unreturned } = splitArm(kind, arm);
            const { roles, ...destination } = body.destination as Json;
            const now = ctx.nowIso();
            const record: PipeRecord = {
                id: ctx.ids.uuid(),
                serviceId: ctx.cloud.serviceId,
                name: body.name as string,
                state: "Provisioning",
                kind,
                source,
                secrets,
                unreturned,
                destination: clone(destination),
                roles,
                fieldMappings: clone((body.fieldMappings as Json[] | undefined) ?? []),
                scaling: withoutNulls(clone((body.scaling as Json | undefined) ?? {})),
                settings: withoutNulls(clone((body.settings as Json | undefined) ?? {})),
                createdAt: now,
                updatedAt: now,
                pending: [],
                credentialWrites: Object.keys(secrets).length > 0 ? 1 : 0,
            };
            applyDefaults(record);
            record.pending = startSequence(record, state.behaviour);
            state.pipes.set(record.id, record);
            return { data: readShape(record, state.behaviour, false) };
        });

        routes.cloud("GET", ITEM, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            const { behaviour } = pipesState(ctx.cloud);
            advance(record, behaviour);
            const transientZero = record.scaledJustNow === true;
            delete record.scaledJustNow;
            return { data: readShape(record, behaviour, transientZero) };
        });

        routes.cloud("PATCH", ITEM, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            const body = (req.body ?? {}) as Json;
            if (typeof body.name === "string") record.name = body.name;
            if (body.fieldMappings !== undefined) record.fieldMappings = clone(body.fieldMappings as Json[]);
            if (isObject(body.destination) && body.destination.columns !== undefined) record.destination.columns = clone(body.destination.columns);
            if (isObject(body.source)) {
                const kinds = Object.keys(body.source).filter((key) => body.source !== null && (body.source as Json)[key] !== null);
                if (kinds.length !== 1 || kinds[0] !== record.kind) throw badRequest(`the source patch must hold exactly the pipe's kind (${record.kind})`);
                patchSource(record, (body.source as Json)[record.kind] as Json, ctx);
            }
            if (isObject(body.settings)) record.settings = withoutNulls({ ...record.settings, ...body.settings });
            touch(record, ctx);
            return { data: readShape(record, pipesState(ctx.cloud).behaviour, false) };
        });

        routes.cloud("DELETE", ITEM, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            pipesState(ctx.cloud).pipes.delete(record.id);
            return { empty: true };
        });

        routes.cloud("PATCH", `${ITEM}/state`, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            const { behaviour } = pipesState(ctx.cloud);
            command(record, (req.body as Json | undefined)?.command, behaviour);
            touch(record, ctx);
            return { data: readShape(record, behaviour, false) };
        });

        routes.cloud("PATCH", `${ITEM}/scaling`, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            if (DATABASE_KINDS.includes(record.kind)) throw badRequest("database pipes are scaled per service, not per pipe");
            record.scaling = withoutNulls({ ...record.scaling, ...(req.body as Json) });
            const { behaviour } = pipesState(ctx.cloud);
            if (behaviour.transientZeroAfterScaling) record.scaledJustNow = true;
            touch(record, ctx);
            return { data: readShape(record, behaviour, false) };
        });

        routes.cloud("GET", `${ITEM}/settings`, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            return { data: readShape(record, pipesState(ctx.cloud).behaviour, false).settings };
        });

        routes.cloud("PUT", `${ITEM}/settings`, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findPipe(ctx, req.params.pipeId);
            const body = (req.body ?? {}) as Json;
            const unknown = Object.keys(body).filter((key) => !SETTING_NAMES.includes(key));
            if (unknown.length > 0) throw new ContractViolation("", `unknown settings ${unknown.join(", ")}`);
            record.settings = withoutNulls({ ...record.settings, ...body });
            touch(record, ctx);
            return { data: readShape(record, pipesState(ctx.cloud).behaviour, false).settings };
        });

        // Waking an idle service (what the reference client does on a 424).
        routes.cloud("PATCH", "/v1/organizations/:organizationId/services/:serviceId/state", (req, ctx) => {
            const commandName = (req.body as Json | undefined)?.command;
            if (commandName !== "awake") throw new ApiError(400, `unknown service command ${String(commandName)}`);
            if (ctx.cloud.serviceState === "idle") ctx.cloud.setServiceState("running");
            return { data: { id: ctx.cloud.serviceId, state: ctx.cloud.serviceState } };
        });
    },
};
