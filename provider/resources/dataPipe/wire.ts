import { z } from "zod";
import {
    DataPipeInputs,
    DataPipeScaling,
    DataPipeSecrets,
    DataPipeSettings,
    DATABASE_KINDS,
    destinationSchema,
    fieldMappingSchema,
    isKindOf,
    PIPE_SETTING_NAMES,
    SOURCE_KINDS,
    SourceKind,
    sourceKind,
    sourceSchema,
    AnyTableMapping,
    DatabaseKind,
    mappingKey,
} from "./schema";
import { projectOnto } from "../../common/project";
import { sameValue, toJson } from "../../common/values";

// ---------------------------------------------------------------------------------------------------------------
// What the service returns (contract §5.8). Reading is lenient: both spellings, unknown keys ignored.

/** A CPU or memory amount: a number, or a quantity string such as `500m` or `1Gi`. */
const quantity = z.union([z.number(), z.string()]);

const wireScaling = z.looseObject({
    replicas: z.number().nullish(),
    concurrency: z.number().nullish(),
    replicaCpuMillicores: quantity.nullish(),
    replicaMemoryGb: quantity.nullish(),
});

/** A data pipe as the cloud API returns it (list, get, create, patch, state and scaling calls). */
export const wirePipe = z.looseObject({
    id: z.string(),
    serviceId: z.string().nullish(),
    name: z.string(),
    state: z.string().nullish(),
    scaling: wireScaling.nullish(),
    source: z.record(z.string(), z.unknown()).nullish(),
    destination: z.record(z.string(), z.unknown()).nullish(),
    fieldMappings: z.array(z.unknown()).nullish(),
    settings: z.record(z.string(), z.unknown()).nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
    /** Not in the published schema: read when a service explains a failed state with it. */
    errorMessage: z.string().nullish(),
});

export type WirePipe = z.output<typeof wirePipe>;

/** States in which a pipe is (or is about to be) stopped; database pipes report `Paused`. */
export const STOPPED_STATES: ReadonlySet<string> = new Set(["Stopped", "Paused"]);
export const STOPPING_STATES: ReadonlySet<string> = new Set(["Stopping", "Pausing"]);
/** States that end a wait with an error. */
export const FAILED_STATES: ReadonlySet<string> = new Set(["Failed", "InternalError"]);

// ---------------------------------------------------------------------------------------------------------------
// Sending (spec form, §5.2).

/** Where one secret goes in a source arm: the arm's key, and the value's wire form. */
interface SecretPlacement {
    secret: keyof DataPipeSecrets;
    wire: string;
    /** The service-account file wrapped as the document's `ServiceAccount` object (pubsub, bigquery). */
    serviceAccountFile?: true;
}

/** Where each secret goes in a source arm of a create or patch body. */
export const SOURCE_SECRET_FIELDS: Record<SourceKind, readonly SecretPlacement[]> = {
    kafka: [{ secret: "credentials", wire: "credentials" }],
    objectStorage: [
        { secret: "accessKey", wire: "accessKey" },
        { secret: "serviceAccountKey", wire: "serviceAccountKey" },
        { secret: "connectionString", wire: "connectionString" },
    ],
    kinesis: [{ secret: "accessKey", wire: "accessKey" }],
    pubsub: [{ secret: "serviceAccountKey", wire: "serviceAccountKey", serviceAccountFile: true }],
    postgres: [{ secret: "credentials", wire: "credentials" }],
    mysql: [{ secret: "credentials", wire: "credentials" }],
    mongodb: [{ secret: "credentials", wire: "credentials" }],
    bigquery: [{ secret: "serviceAccountKey", wire: "credentials", serviceAccountFile: true }],
};

/** The wire fields of the kind's secrets: every declared one, or only those `sent` says to send. */
export function wireSecrets(kind: SourceKind, secrets: DataPipeSecrets, sent: (field: keyof DataPipeSecrets) => boolean = () => true): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const placement of SOURCE_SECRET_FIELDS[kind]) {
        const value = secrets[placement.secret];
        if (value === undefined || !sent(placement.secret)) continue;
        out[placement.wire] = placement.serviceAccountFile ? { serviceAccountFile: value } : value;
    }
    return out;
}

/** The create body: the declared fields, with the secrets put back where the API wants them. */
export function createBody(inputs: DataPipeInputs): Record<string, unknown> {
    const kind = requireKind(inputs);
    const secrets = inputs.secrets ?? {};
    const arm: Record<string, unknown> = { ...inputs.source[kind], ...wireSecrets(kind, secrets) };
    if (inputs.source.kafka?.schemaRegistry && secrets.schemaRegistryCredentials) {
        arm.schemaRegistry = { ...inputs.source.kafka.schemaRegistry, credentials: secrets.schemaRegistryCredentials };
    }
    const body: Record<string, unknown> = { name: inputs.name, source: { [kind]: arm }, destination: inputs.destination };
    if (!isKindOf(DATABASE_KINDS, kind)) body.fieldMappings = inputs.fieldMappings;
    if (inputs.scaling) body.scaling = inputs.scaling;
    if (inputs.settings) body.settings = inputs.settings;
    return toJson(body);
}

export function requireKind(inputs: Pick<DataPipeInputs, "source">): SourceKind {
    const kind = sourceKind(inputs.source);
    if (kind === undefined) throw new Error("the pipe's source declares no single kind (check should have refused it)");
    return kind;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading back into the inputs' form (so that a fresh apply and a refresh plan no change).

/** Defaults the service fills in and echoes: dropped when the program did not declare the field. */
const SERVER_DEFAULTS: Readonly<Record<string, unknown>> = {
    "source.kafka.type": "kafka",
    "source.kafka.authentication": "PLAIN",
    "source.objectStorage.type": "s3",
    "source.postgres.type": "postgres",
    "source.postgres.port": 5432,
    "source.postgres.authentication": "basic",
    "source.mysql.type": "mysql",
    "source.mysql.authentication": "basic",
    "source.mysql.settings.replicationMechanism": "GTID",
    "destination.database": "default",
};

/** Values the service generates when the program leaves them out (a consumer group, a publication). */
const SERVER_GENERATED: ReadonlySet<string> = new Set([
    "source.kafka.consumerGroup",
    "source.postgres.settings.publicationName",
    "source.postgres.settings.replicationSlotName",
    "source.mysql.serverId",
]);

/** Fields the service accepts but does not return (or not reliably): kept from the last inputs. */
const NOT_RETURNED: ReadonlySet<string> = new Set([
    "source.objectStorage.path",
    "source.objectStorage.azureContainerName",
    "source.postgres.settings.enableFailoverSlots",
    "source.postgres.settings.deleteOnMerge",
    "destination.roles",
    "destination.tableDefinition.engine.versionColumnId",
    "destination.tableDefinition.engine.columnIds",
]);

/** Destination fields a database pipe does not use; whatever the service reports for them is ignored. */
const DB_UNUSED_DESTINATION = ["table", "managedTable", "tableDefinition", "columns"] as const;

/**
 * The inputs that would reproduce the reported pipe, in the form `check` produces. `previous` (the last
 * inputs) supplies the write-only values, the declared-only subsets (scaling) and the resolved target. The
 * reported parts are typed, not validated (see `projectOnto`): a shape the schema refuses shows up as drift.
 */
export function reportedInputs(pipe: WirePipe, previous: DataPipeInputs): DataPipeInputs {
    const kind = reportedKind(pipe) ?? sourceKind(previous.source);
    const source: Record<string, unknown> = {};
    if (kind !== undefined) {
        const reported = projectOnto(sourceSchema.shape[kind], pipe.source?.[kind]);
        const arm = reconcile(reported, previous.source[kind], `source.${kind}`) as Record<string, unknown> | undefined;
        const declared = isKindOf(DATABASE_KINDS, kind) ? previous.source[kind]?.tableMappings : undefined;
        if (arm && isKindOf(DATABASE_KINDS, kind) && Array.isArray(arm.tableMappings) && declared) {
            arm.tableMappings = inDeclaredOrder(kind, arm.tableMappings as AnyTableMapping[], declared);
        }
        source[kind] = arm ?? {};
    }
    const destination = (reconcile(projectOnto(destinationSchema, pipe.destination), previous.destination, "destination") ?? {}) as Record<string, unknown>;
    if (isKindOf(DATABASE_KINDS, kind)) for (const field of DB_UNUSED_DESTINATION) delete destination[field];
    return toJson({
        organizationId: previous.organizationId,
        serviceId: previous.serviceId,
        name: pipe.name,
        source,
        destination,
        fieldMappings: (projectOnto(z.array(fieldMappingSchema), pipe.fieldMappings) ?? []) as DataPipeInputs["fieldMappings"],
        scaling: declaredScaling(pipe.scaling, previous.scaling),
        settings: reconcile(reportedSettings(pipe.settings), previous.settings, "settings") as DataPipeSettings | undefined,
        secrets: previous.secrets,
        stopped: isStopped(pipe.state),
        timeouts: previous.timeouts,
    }) as DataPipeInputs;
}

/** Whether a state counts as stopped for the `stopped` input. */
export function isStopped(state: string | null | undefined): boolean {
    return state !== null && state !== undefined && (STOPPED_STATES.has(state) || STOPPING_STATES.has(state));
}

function reportedKind(pipe: WirePipe): SourceKind | undefined {
    return SOURCE_KINDS.find((kind) => pipe.source?.[kind] !== undefined && pipe.source[kind] !== null);
}

/** Merges a projected report with the last inputs, path by path (see the three tables above). */
function reconcile(reported: unknown, previous: unknown, path: string): unknown {
    if (reported === undefined) return NOT_RETURNED.has(path) ? previous : undefined;
    if (previous === undefined) {
        if (SERVER_GENERATED.has(path)) return undefined;
        if (path in SERVER_DEFAULTS && sameValue(SERVER_DEFAULTS[path], reported)) return undefined;
        if (isEmpty(reported)) return undefined;
    }
    if (Array.isArray(reported)) {
        const before = Array.isArray(previous) ? previous : [];
        return reported.map((item, i) => reconcile(item, before[i], `${path}[]`) ?? null);
    }
    if (typeof reported === "object" && reported !== null) {
        const before = (typeof previous === "object" && previous !== null ? previous : {}) as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const key of new Set([...Object.keys(reported), ...Object.keys(before)])) {
            const value = reconcile((reported as Record<string, unknown>)[key], before[key], `${path}.${key}`);
            if (value !== undefined) out[key] = value;
        }
        return out;
    }
    return reported;
}

function isEmpty(value: unknown): boolean {
    if (Array.isArray(value)) return value.length === 0;
    return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/** Reported mappings in the order the program declares them (the service may list them in another order). */
function inDeclaredOrder(kind: DatabaseKind, reported: AnyTableMapping[], declared: readonly AnyTableMapping[]): AnyTableMapping[] {
    const rank = new Map(declared.map((mapping, i) => [mappingKey(kind, mapping), i]));
    const position = (mapping: AnyTableMapping) => rank.get(mappingKey(kind, mapping)) ?? declared.length;
    return reported
        .map((mapping, i) => ({ mapping, i }))
        .sort((a, b) => position(a.mapping) - position(b.mapping) || a.i - b.i)
        .map(({ mapping }) => mapping);
}

/**
 * Settings as reported: the known `engine_` settings that are set (the client has already put the server's prefix
 * back to `engine_`, see `api/wireNames.ts`).
 */
export function reportedSettings(reported: Record<string, unknown> | null | undefined): DataPipeSettings {
    const known = new Set<string>(PIPE_SETTING_NAMES);
    return Object.fromEntries(
        Object.entries(reported ?? {}).filter(([key, value]) => known.has(key) && value !== null && value !== undefined),
    ) as DataPipeSettings;
}

/** Millicores of a CPU amount (`500m`, `0.5`, 500); undefined for what cannot be read. */
export function millicores(value: number | string | null | undefined): number | undefined {
    if (typeof value === "number") return value;
    const match = /^\s*(\d+(?:\.\d+)?)\s*(m?)\s*$/.exec(value ?? "");
    if (!match) return undefined;
    return match[2] === "m" ? Number(match[1]) : Math.round(Number(match[1]) * 1000);
}

const MEMORY_UNITS: Readonly<Record<string, number>> = {
    "": 1,
    Gi: 1,
    G: 1,
    Mi: 1 / 1024,
    M: 1 / 1000,
    Ki: 1 / 1024 ** 2,
    K: 1 / 1000 ** 2,
    Ti: 1024,
    T: 1000,
};

/** GB of a memory amount (`1Gi`, `512Mi`, 0.5); undefined for what cannot be read. */
export function gigabytes(value: number | string | null | undefined): number | undefined {
    if (typeof value === "number") return value;
    const match = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]i?)?\s*$/.exec(value ?? "");
    if (!match) return undefined;
    return Number(match[1]) * (MEMORY_UNITS[match[2] ?? ""] ?? 1);
}

/** Scaling as reported, numbers only; a transient 0 (just after a change) reads as unknown. */
export function reportedScaling(reported: WirePipe["scaling"]): DataPipeScaling {
    const positive = (value: number | undefined) => (value === undefined || value === 0 ? undefined : value);
    return toJson({
        replicas: positive(reported?.replicas ?? undefined),
        concurrency: reported?.concurrency ?? undefined,
        replicaCpuMillicores: positive(millicores(reported?.replicaCpuMillicores)),
        replicaMemoryGb: positive(gigabytes(reported?.replicaMemoryGb)),
    });
}

/** The declared scaling fields with the reported values (a transient 0 keeps the declared value). */
function declaredScaling(reported: WirePipe["scaling"], declared: DataPipeScaling | undefined): DataPipeScaling | undefined {
    if (declared === undefined) return undefined;
    const current = reportedScaling(reported);
    const out: Record<string, number> = {};
    for (const [field, value] of Object.entries(declared) as [keyof DataPipeScaling, number | undefined][]) {
        if (value === undefined) continue;
        out[field] = current[field] ?? value;
    }
    return out;
}

// `projectOnto` keeps a reported value of the wrong type as it is (it shows up as drift), so it returns `unknown`:
// the casts below type a reported value as the declared shape, which it is unless the server changed it.
/** A pipe as lookups show it: the non-secret fields the service reports, in the inputs' form. */
export function describePipe(pipe: WirePipe): DataPipeInfo {
    const kind = reportedKind(pipe);
    return toJson({
        id: pipe.id,
        serviceId: pipe.serviceId ?? undefined,
        name: pipe.name,
        state: pipe.state ?? "Unknown",
        source: (kind === undefined ? {} : { [kind]: projectOnto(sourceSchema.shape[kind], pipe.source?.[kind]) }) as DataPipeInputs["source"],
        destination: (projectOnto(destinationSchema, pipe.destination) ?? {}) as DataPipeInputs["destination"],
        fieldMappings: (projectOnto(z.array(fieldMappingSchema), pipe.fieldMappings) ?? []) as DataPipeInputs["fieldMappings"],
        scaling: reportedScaling(pipe.scaling),
        settings: reportedSettings(pipe.settings),
        createdAt: pipe.createdAt ?? undefined,
        updatedAt: pipe.updatedAt ?? undefined,
    });
}

/** A data pipe as the lookup reports it: what the service returns, never a secret. */
export interface DataPipeInfo {
    /** The pipe's id (UUID). */
    id: string;
    /** The service the pipe writes to. */
    serviceId?: string;
    /** The pipe's name. */
    name: string;
    /** The pipe's state (`Running`, `Stopped`, `Paused`, `Failed`, …). */
    state: string;
    /** The source, in the resource's input form, without secrets. */
    source: DataPipeInputs["source"];
    /** The destination. */
    destination: DataPipeInputs["destination"];
    /** Source field → destination column. */
    fieldMappings: DataPipeInputs["fieldMappings"];
    /** Compute as reported (quantity strings read as numbers). */
    scaling: DataPipeScaling;
    /** Tuning settings under the spec's names. */
    settings: DataPipeSettings;
    /** When the pipe was created. */
    createdAt?: string;
    /** When the pipe last changed. */
    updatedAt?: string;
}
