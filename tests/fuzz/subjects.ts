import fc from "fast-check";
import { registry } from "../../provider";
import { dashboardSchema } from "../../provider/resources/dashboard/schema";
import type { ConfigurableProvider } from "../../provider/engine/dynamicProvider";
import { alertSchema } from "../../provider/resources/alert/schema";
import { dataPipeSchema } from "../../provider/resources/dataPipe/schema";
import { organizationSettingsSchema } from "../../provider/resources/organizationSettings/schema";
import { pipeReversePrivateEndpointSchema } from "../../provider/resources/pipeReversePrivateEndpoint/schema";
import { pipesCdcScalingSchema } from "../../provider/resources/pipesCdcScaling/schema";
import { queryEndpointSchema } from "../../provider/resources/queryEndpoint/schema";
import { connectionSchema } from "../../provider/resources/connection/schema";
import { sourceSchema } from "../../provider/resources/source/schema";
import type { InputSchema } from "../../provider/common/project";
import type { ProviderKey } from "../../sdk/providerText";
import { alert } from "./arbitraries/alert";
import { connection } from "./arbitraries/connection";
import { source } from "./arbitraries/source";
import { organizationSettings, queryEndpoint } from "./arbitraries/cloudSettings";
import { hex24, Input, obj, plain } from "./arbitraries/common";
import { dashboard } from "./arbitraries/dashboard";
import { dataPipe } from "./arbitraries/dataPipe";
import { savedSearch, webhook } from "./arbitraries/environment";
import { savedSearchSchema } from "../../provider/resources/savedSearch/schema";
import { webhookSchema } from "../../provider/resources/webhook/schema";
import { pipeReversePrivateEndpoint, pipesCdcScaling } from "./arbitraries/pipeNetworking";
import { role } from "./arbitraries/role";
import { roleSchema } from "../../provider/resources/role/schema";
import { teamMember } from "./arbitraries/teamMember";
import { teamMemberSchema } from "../../provider/resources/teamMember/schema";

/** One resource type under fuzzing: its provider, its schema, well-formed inputs and what its docs promise. */
export interface FuzzSubject {
    key: ProviderKey;
    /** The name `check` uses for failures of the whole input. */
    typeName: string;
    provider: Fuzzable;
    schema: InputSchema;
    /** Inputs the schema must accept (as plain JSON, as the engine hands them over). */
    valid: fc.Arbitrary<Input>;
    /** Outputs that are not inputs (where it lives, server-assigned ids, state), with no bearing on `diff`. */
    computed: fc.Arbitrary<Input>;
    /** Inputs the program may omit to leave the remote value alone: then any old value plans no change. */
    unmanagedWhenOmitted: readonly string[];
    /** The fields documented as "changing it replaces the object": an unknown at or below one replaces. */
    fixedFields: readonly string[];
    /** Every property path `diff` may report in `replaces`: the fixed fields and the objects holding them. */
    replaceKeys: ReadonlySet<string>;
    /** Maps whose keys are the user's (webhook headers): any key is well-formed there. */
    openMaps?: readonly string[];
    /** Ids of other objects that the server stores as free strings, never in a path (a source's links): any text is. */
    freeIds?: readonly string[];
}

/** A provider with the two methods under test (every resource provider has them). */
export type Fuzzable = ConfigurableProvider & Required<Pick<ConfigurableProvider, "check" | "diff">>;

function fuzzable(provider: ConfigurableProvider): Fuzzable {
    if (!provider.check || !provider.diff) throw new Error("the provider has no check or diff");
    return provider as Fuzzable;
}

const TARGET_KEYS = ["variant", "organizationId", "serviceId"];

/** DataPipe: every field the schema documents as fixed at creation ("Changing it replaces the pipe"). */
const PIPE_FIXED_FIELDS = [
    "organizationId",
    "serviceId",
    "secrets.schemaRegistryCredentials",
    ...["type", "format", "brokers", "topics", "consumerGroup", "offset", "schemaRegistry", "exactlyOnce"].map((f) => `source.kafka.${f}`),
    ...["type", "format", "url", "delimiter", "compression", "isContinuous", "queueUrl"].map((f) => `source.objectStorage.${f}`),
    ...["format", "streamName", "region", "iteratorType", "timestamp", "useEnhancedFanOut"].map((f) => `source.kinesis.${f}`),
    "source.postgres.type",
    ...["format", "projectId", "topic", "seekType", "seekTimestamp", "filter", "enableOrdering"].map((f) => `source.pubsub.${f}`),
    "source.mysql.type",
    ...[
        "replicationMode",
        "replicationMechanism",
        "allowNullableColumns",
        "initialLoadParallelism",
        "snapshotNumRowsPerPartition",
        "snapshotNumberOfParallelTables",
        "deleteOnMerge",
    ].map((f) => `source.mysql.settings.${f}`),
    ...["replicationMode", "snapshotNumRowsPerPartition", "snapshotNumberOfParallelTables", "useJsonNativeFormat", "deleteOnMerge"].map(
        (f) => `source.mongodb.settings.${f}`,
    ),
    "source.bigquery.snapshotStagingPath",
    "source.bigquery.tableMappings",
    ...["replicationMode", "allowNullableColumns", "initialLoadParallelism", "snapshotNumRowsPerPartition", "snapshotNumberOfParallelTables"].map(
        (f) => `source.bigquery.settings.${f}`,
    ),
    ...[
        "replicationMode",
        "publicationName",
        "replicationSlotName",
        "allowNullableColumns",
        "initialLoadParallelism",
        "snapshotNumRowsPerPartition",
        "snapshotNumberOfParallelTables",
        "enableFailoverSlots",
        "deleteOnMerge",
    ].map((f) => `source.postgres.settings.${f}`),
    ...["database", "table", "managedTable", "tableDefinition", "roles"].map((f) => `destination.${f}`),
];
/** A new source kind, or a source, destination or database settings not known yet (preview), replace as a whole. */
const PIPE_REPLACE_KEYS = [
    ...PIPE_FIXED_FIELDS,
    "source",
    "destination",
    ...["postgres", "mysql", "mongodb", "bigquery"].map((kind) => `source.${kind}.settings`),
];

/** PipeReversePrivateEndpoint: everything but the custom DNS names is fixed at creation. */
const ENDPOINT_FIXED_FIELDS = [
    "organizationId",
    "serviceId",
    "description",
    "type",
    "vpcEndpointServiceName",
    "vpcResourceConfigurationId",
    "vpcResourceShareArn",
    "mskClusterArn",
    "mskAuthentication",
    "gcpServiceAttachment",
];

const instant = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
const resolvedTarget = fc.oneof(
    obj({ variant: fc.constant("self-hosted") }),
    obj({ variant: fc.constant("managed"), organizationId: fc.uuid(), serviceId: fc.uuid() }),
);
const idsByName = fc.dictionary(fc.string({ maxLength: 10 }), hex24, { maxKeys: 3, noNullPrototype: true });

const asJson = (arbitrary: fc.Arbitrary<Input>) => arbitrary.map(plain);

export const SUBJECTS: readonly FuzzSubject[] = [
    {
        key: "dashboard",
        typeName: "Dashboard",
        provider: fuzzable(registry.dashboard.provider),
        schema: dashboardSchema,
        valid: asJson(dashboard),
        computed: obj({ target: resolvedTarget, tileIds: idsByName, filterIds: idsByName }),
        unmanagedWhenOmitted: [],
        fixedFields: TARGET_KEYS,
        replaceKeys: new Set(TARGET_KEYS),
    },
    {
        key: "alert",
        typeName: "Alert",
        provider: fuzzable(registry.alert.provider),
        schema: alertSchema,
        valid: asJson(alert),
        computed: obj({
            target: resolvedTarget,
            state: fc.constantFrom("OK", "ALERT", "PENDING", "INSUFFICIENT_DATA", "DISABLED", null),
            silenced: fc.boolean(),
            silencedUntil: fc.option(instant, { nil: null }),
            team: fc.option(hex24, { nil: null }),
            createdAt: fc.option(instant, { nil: null }),
            updatedAt: fc.option(instant, { nil: null }),
        }),
        unmanagedWhenOmitted: [],
        fixedFields: TARGET_KEYS,
        // A tile alert that leaves its tile is replaced (the server may have deleted it with the tile), and so is one
        // that drops the upper bound it holds (no update can clear it).
        replaceKeys: new Set([...TARGET_KEYS, "source", "dashboardId", "tileId", "thresholdMax"]),
    },
    {
        key: "dataPipe",
        typeName: "DataPipe",
        provider: fuzzable(registry.dataPipe.provider),
        schema: dataPipeSchema,
        valid: asJson(dataPipe),
        computed: obj({ state: fc.constantFrom("Running", "Stopped", "Paused", "Completed", "Failed"), createdAt: instant, updatedAt: instant }),
        unmanagedWhenOmitted: ["scaling", "settings"],
        fixedFields: PIPE_FIXED_FIELDS,
        replaceKeys: new Set(PIPE_REPLACE_KEYS),
    },
    {
        key: "organizationSettings",
        typeName: "OrganizationSettings",
        provider: fuzzable(registry.organizationSettings.provider),
        schema: organizationSettingsSchema,
        valid: asJson(organizationSettings),
        computed: obj({
            id: fc.uuid(),
            createdAt: instant,
            byocConfig: fc.array(obj({ id: fc.uuid(), accountName: fc.string() }), { maxLength: 2 }),
            managedFields: fc.subarray(["name", "privateEndpoints"]),
        }),
        unmanagedWhenOmitted: ["name", "privateEndpoints"],
        fixedFields: ["organizationId"],
        replaceKeys: new Set(["organizationId"]),
    },
    {
        key: "queryEndpoint",
        typeName: "QueryEndpoint",
        provider: fuzzable(registry.queryEndpoint.provider),
        schema: queryEndpointSchema,
        valid: asJson(queryEndpoint),
        computed: obj({ id: fc.uuid() }),
        unmanagedWhenOmitted: [],
        fixedFields: ["organizationId", "serviceId"],
        replaceKeys: new Set(["organizationId", "serviceId"]),
    },
    {
        key: "connection",
        typeName: "Connection",
        provider: fuzzable(registry.connection.provider),
        schema: connectionSchema,
        valid: asJson(connection),
        computed: obj({}),
        unmanagedWhenOmitted: [],
        // Nothing is fixed; removing the password replaces (the API cannot clear one).
        fixedFields: [],
        replaceKeys: new Set(["password"]),
    },
    {
        key: "source",
        typeName: "Source",
        provider: fuzzable(registry.source.provider),
        schema: sourceSchema,
        valid: asJson(source),
        computed: obj({ target: resolvedTarget }),
        unmanagedWhenOmitted: [],
        fixedFields: TARGET_KEYS,
        replaceKeys: new Set(TARGET_KEYS),
        freeIds: ["metricSourceId", "traceSourceId", "logSourceId", "sessionSourceId"],
    },
    ...(["savedSearch", "webhook"] as const).map((key) => ({
        key,
        typeName: key === "webhook" ? "Webhook" : "SavedSearch",
        provider: fuzzable(registry[key].provider),
        schema: key === "webhook" ? webhookSchema : savedSearchSchema,
        valid: asJson(key === "webhook" ? webhook : savedSearch),
        computed: obj({ target: resolvedTarget }),
        unmanagedWhenOmitted: [],
        fixedFields: TARGET_KEYS,
        replaceKeys: new Set(TARGET_KEYS),
        openMaps: key === "webhook" ? ["headers", "queryParams"] : [],
    })),
    {
        key: "role",
        typeName: "Role",
        provider: fuzzable(registry.role.provider),
        schema: roleSchema,
        valid: asJson(role),
        computed: obj({ target: obj({ variant: fc.constant("managed"), organizationId: fc.uuid(), serviceId: fc.uuid() }) }),
        unmanagedWhenOmitted: [],
        fixedFields: TARGET_KEYS,
        replaceKeys: new Set(TARGET_KEYS),
    },
    {
        key: "teamMember",
        typeName: "TeamMember",
        provider: fuzzable(registry.teamMember.provider),
        schema: teamMemberSchema,
        valid: asJson(teamMember),
        computed: obj({ status: fc.constantFrom("pending", "member") }, { memberId: hex24, invitationId: hex24, invitationUrl: fc.webUrl() }),
        unmanagedWhenOmitted: [],
        // Another address is another person; the name changes in state only.
        fixedFields: ["email"],
        replaceKeys: new Set(["email"]),
    },
    {
        key: "pipeReversePrivateEndpoint",
        typeName: "PipeReversePrivateEndpoint",
        provider: fuzzable(registry.pipeReversePrivateEndpoint.provider),
        schema: pipeReversePrivateEndpointSchema,
        valid: asJson(pipeReversePrivateEndpoint),
        computed: obj({
            id: fc.uuid(),
            endpointId: fc.constant("vpce-0123456789abcdef0"),
            dnsNames: fc.array(fc.domain(), { maxLength: 2 }),
            privateDnsNames: fc.array(fc.domain(), { maxLength: 3 }),
            mskBrokers: fc.string(),
            status: fc.constantFrom("Ready", "PendingAcceptance", "Provisioning", "Failed", "Deleting"),
            actionRequired: fc.string(),
        }),
        unmanagedWhenOmitted: [],
        fixedFields: ENDPOINT_FIXED_FIELDS,
        replaceKeys: new Set(ENDPOINT_FIXED_FIELDS),
    },
    {
        key: "pipesCdcScaling",
        typeName: "PipesCdcScaling",
        provider: fuzzable(registry.pipesCdcScaling.provider),
        schema: pipesCdcScalingSchema,
        valid: asJson(pipesCdcScaling),
        computed: obj({ managed: fc.boolean() }),
        unmanagedWhenOmitted: ["replicaCpuMillicores", "replicaMemoryGb"],
        fixedFields: ["organizationId", "serviceId"],
        replaceKeys: new Set(["organizationId", "serviceId"]),
    },
];
