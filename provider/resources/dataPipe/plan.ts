import {
    CDC_KINDS,
    CdcKind,
    DataPipeInputs,
    DataPipeScaling,
    DataPipeSecrets,
    AnyTableMapping,
    isKindOf,
    mappingIdentity,
    PIPE_SETTING_NAMES,
    SOURCE_KINDS,
    SourceKind,
    sourceKind,
} from "./schema";
import { movedKeys } from "../../settings/location";
import { containsUnknown } from "../../common/unknown";
import { sameValue } from "../../common/values";
import { wireSecrets } from "./wire";

/** Connection fields of the relational kinds' PATCH arms (the document's `DataPipePatch…Source`). */
const RELATIONAL_CONNECTION = ["host", "port", "authentication", "iamRole", "tlsHost", "caCertificate", "disableTls", "skipCertVerification"];

/**
 * Source fields the PATCH arm of each kind accepts (§5.7); every other source field is fixed at creation. A bigquery
 * pipe has no PATCH arm: every change of its source replaces it.
 */
const IN_PLACE_SOURCE_FIELDS: Record<SourceKind, readonly string[]> = {
    kafka: ["authentication", "iamRole", "caCertificate", "reversePrivateEndpointIds"],
    objectStorage: ["authentication", "iamRole", "skipInitialLoad", "startAfter", "path", "azureContainerName"],
    kinesis: ["authentication", "iamRole"],
    pubsub: ["authentication", "ackDeadline"],
    postgres: [...RELATIONAL_CONNECTION, "database"],
    mysql: [...RELATIONAL_CONNECTION, "serverId"],
    mongodb: ["uri", "readPreference", "tlsHost", "caCertificate", "disableTls", "skipCertVerification"],
    bigquery: [],
};

/** Fields the document requires in every PATCH arm of the kind that changes a source field: sent along unchanged. */
const REQUIRED_IN_PATCH: Partial<Record<SourceKind, readonly string[]>> = {
    pubsub: ["authentication"],
    mysql: ["host", "port"],
    mongodb: ["uri", "readPreference"],
};

/** Settings each change-capturing kind's PATCH arm accepts; the others are fixed at creation. */
const IN_PLACE_SETTINGS: Record<CdcKind, readonly string[]> = {
    postgres: ["syncIntervalSeconds", "pullBatchSize"],
    mysql: ["syncIntervalSeconds", "pullBatchSize", "useCompression"],
    mongodb: ["syncIntervalSeconds", "pullBatchSize"],
};

type Arm = Record<string, unknown>;

/** Keys of two objects, for a field-by-field comparison. */
function keysOf(...objects: (object | undefined)[]): string[] {
    return [...new Set(objects.flatMap((o) => (o ? Object.keys(o) : [])))];
}

const differs = (a: unknown, b: unknown) => containsUnknown(b) || !sameValue(a, b);

/** Property paths (`source.kafka.brokers`) whose change the service cannot apply to an existing pipe. */
export function replaceKeys(olds: DataPipeInputs, news: DataPipeInputs, changed: ReadonlySet<string>): string[] {
    const keys = movedKeys(news, changed, ["organizationId", "serviceId"]);
    if (changed.has("source")) keys.push(...sourceReplaceKeys(olds, news));
    if (changed.has("destination") && (typeof news.destination !== "object" || news.destination === null)) {
        // Not known yet (preview): whatever it becomes may be fixed at creation.
        keys.push("destination");
    } else if (changed.has("destination")) {
        for (const field of keysOf(olds.destination, news.destination)) {
            if (field !== "columns" && differs(olds.destination?.[field as "table"], news.destination?.[field as "table"])) keys.push(`destination.${field}`);
        }
    }
    if (changed.has("secrets") && differs(olds.secrets?.schemaRegistryCredentials, news.secrets?.schemaRegistryCredentials)) {
        keys.push("secrets.schemaRegistryCredentials");
    }
    return keys;
}

function sourceReplaceKeys(olds: DataPipeInputs, news: DataPipeInputs): string[] {
    const kind = sourceKind(olds.source);
    const after: unknown = kind === undefined ? undefined : news.source?.[kind];
    const otherKinds = SOURCE_KINDS.some((other) => other !== kind && news.source?.[other] !== undefined);
    // The kind is gone, another one is declared, or the source is not known yet (preview): the source is new.
    if (kind === undefined || typeof after !== "object" || after === null || otherKinds) return ["source"];
    return armReplaceKeys(kind, olds.source[kind] as Arm | undefined, after as Arm);
}

function armReplaceKeys(kind: SourceKind, before: Arm | undefined, after: Arm): string[] {
    const keys: string[] = [];
    for (const field of keysOf(before, after)) {
        if (!differs(before?.[field], after[field])) continue;
        if (isKindOf(CDC_KINDS, kind) && field === "tableMappings") continue;
        if (isKindOf(CDC_KINDS, kind) && field === "settings") {
            keys.push(...settingsReplaceKeys(kind, before?.settings, after.settings));
            continue;
        }
        if (!IN_PLACE_SOURCE_FIELDS[kind].includes(field)) keys.push(`source.${kind}.${field}`);
    }
    return keys;
}

function settingsReplaceKeys(kind: CdcKind, before: unknown, after: unknown): string[] {
    if (typeof after !== "object" || after === null) return [`source.${kind}.settings`];
    const oldSettings = (before ?? {}) as Arm;
    const newSettings = after as Arm;
    return keysOf(oldSettings, newSettings)
        .filter((setting) => !IN_PLACE_SETTINGS[kind].includes(setting) && differs(oldSettings[setting], newSettings[setting]))
        .map((setting) => `source.${kind}.settings.${setting}`);
}

/** A table-mapping delta: the only way the service changes a database pipe's tables (empty lists are left out). */
export interface MappingDelta {
    tableMappingsToAdd?: AnyTableMapping[];
    /** The removed mappings, by their identity fields. */
    tableMappingsToRemove?: Record<string, unknown>[];
}

/** The requests an in-place update needs, each only when something it carries changed. */
export interface UpdatePlan {
    /** `PATCH …/{id}`: name, field mappings with columns, changed source fields and changed secrets. */
    patch?: Record<string, unknown>;
    /** `PATCH …/{id}` with only the table-mapping delta of a change-capturing kind (the pipe must be paused). */
    mappings?: { kind: CdcKind; delta: MappingDelta };
    /** `PATCH …/scaling`: the declared scaling fields that changed. */
    scaling?: DataPipeScaling;
    /** `PUT …/settings`: the declared settings, with `null` for those no longer declared. */
    settings?: Record<string, number | boolean | null>;
}

/** Routes every changed input to its endpoint (§5.7); unchanged credentials are never sent again. */
export function planUpdate(olds: DataPipeInputs, news: DataPipeInputs): UpdatePlan {
    const plan: UpdatePlan = {};
    const patch: Record<string, unknown> = {};
    if (news.name !== olds.name) patch.name = news.name;
    if (!sameValue(olds.fieldMappings, news.fieldMappings) || !sameValue(olds.destination?.columns, news.destination.columns)) {
        patch.fieldMappings = news.fieldMappings;
        patch.destination = { columns: news.destination.columns ?? [] };
    }
    const kind = sourceKind(news.source);
    if (kind !== undefined) {
        const arm = sourcePatch(kind, olds, news);
        if (Object.keys(arm).length > 0) patch.source = { [kind]: arm };
        if (isKindOf(CDC_KINDS, kind)) {
            const delta = mappingDelta(kind, olds.source[kind]?.tableMappings ?? [], news.source[kind]?.tableMappings ?? []);
            if (Object.keys(delta).length > 0) plan.mappings = { kind, delta };
        }
    }
    if (Object.keys(patch).length > 0) plan.patch = patch;

    const scaling: Record<string, number> = {};
    for (const [field, value] of Object.entries(news.scaling ?? {}) as [keyof DataPipeScaling, number | undefined][]) {
        if (value !== undefined && !sameValue(olds.scaling?.[field], value)) scaling[field] = value;
    }
    if (Object.keys(scaling).length > 0) plan.scaling = scaling;

    if (news.settings !== undefined && !sameValue(olds.settings, news.settings)) {
        const settings: Record<string, number | boolean | null> = {};
        for (const name of PIPE_SETTING_NAMES) {
            const value = news.settings[name];
            if (value !== undefined) settings[name] = value;
            else if (olds.settings?.[name] !== undefined) settings[name] = null;
        }
        plan.settings = settings;
    }
    return plan;
}

/** The changed fields of the source's PATCH arm; removed fields are sent as null (lists as empty). */
function sourcePatch(kind: SourceKind, olds: DataPipeInputs, news: DataPipeInputs): Arm {
    const before = (olds.source[kind] ?? {}) as Arm;
    const after = (news.source[kind] ?? {}) as Arm;
    const arm: Arm = {};
    for (const field of IN_PLACE_SOURCE_FIELDS[kind]) {
        if (sameValue(before[field], after[field])) continue;
        arm[field] = after[field] ?? (Array.isArray(before[field]) ? [] : null);
    }
    if (isKindOf(CDC_KINDS, kind)) {
        const oldSettings = (before.settings ?? {}) as Arm;
        const newSettings = (after.settings ?? {}) as Arm;
        const settings: Arm = {};
        for (const setting of IN_PLACE_SETTINGS[kind]) {
            if (!sameValue(oldSettings[setting], newSettings[setting])) settings[setting] = newSettings[setting] ?? null;
        }
        if (Object.keys(settings).length > 0) arm.settings = settings;
    }
    const secrets: DataPipeSecrets = news.secrets ?? {};
    // A removed secret is not sent: the authentication change says it is no longer used.
    Object.assign(
        arm,
        wireSecrets(kind, secrets, (field) => !sameValue(olds.secrets?.[field], secrets[field])),
    );
    if (Object.keys(arm).length > 0) for (const field of REQUIRED_IN_PATCH[kind] ?? []) arm[field] ??= after[field];
    // Changed connection fields without credentials make the service re-validate the connection and fail.
    if (isKindOf(CDC_KINDS, kind) && Object.keys(arm).some((field) => field !== "credentials") && arm.credentials === undefined && secrets.credentials) {
        arm.credentials = secrets.credentials;
    }
    return arm;
}

/** Mappings to remove (changed or gone) and to add (changed or new); an edit is a removal plus an addition. */
export function mappingDelta(kind: CdcKind, before: readonly AnyTableMapping[], after: readonly AnyTableMapping[]): MappingDelta {
    const kept = (mapping: AnyTableMapping, list: readonly AnyTableMapping[]) => list.some((other) => sameValue(other, mapping));
    const add = after.filter((mapping) => !kept(mapping, before));
    const remove = before.filter((mapping) => !kept(mapping, after)).map((mapping) => mappingIdentity(kind, mapping));
    const delta: MappingDelta = {};
    if (add.length > 0) delta.tableMappingsToAdd = add;
    if (remove.length > 0) delta.tableMappingsToRemove = remove;
    return delta;
}
