import { badRequest, ContractViolation, notFound } from "../../http/apiError";
import type { PipeRecord } from "../../routes/pipes";
import type { CloudState } from "../../store";

type Json = Record<string, unknown>;

/** Endpoint types and the fields each one needs (contract-extended §5.2). */
export const ENDPOINT_TYPES = {
    VPC_ENDPOINT_SERVICE: ["vpcEndpointServiceName"],
    VPC_RESOURCE: ["vpcResourceConfigurationId", "vpcResourceShareArn"],
    MSK_MULTI_VPC: ["mskClusterArn", "mskAuthentication"],
    GCP_PSC_SERVICE_ATTACHMENT: ["gcpServiceAttachment"],
} as const;
export type EndpointType = keyof typeof ENDPOINT_TYPES;
const TYPE_FIELDS = [...new Set(Object.values(ENDPOINT_TYPES).flat())];

export type EndpointStatus = "Unknown" | "Provisioning" | "Deleting" | "Ready" | "Failed" | "PendingAcceptance" | "Rejected" | "Expired";

/** A reverse private endpoint as the emulated service keeps it. */
export interface EndpointRecord {
    id: string;
    serviceId: string;
    description: string;
    type: EndpointType;
    /** The type's own fields (`vpcEndpointServiceName`, …); the other types' fields read back `null`. */
    target: Record<string, string>;
    customPrivateDnsMappings: { privateDnsName: string }[];
    endpointId: string;
    dnsNames: string[];
    privateDnsNames: string[];
    status: EndpointStatus;
    /** Statuses the endpoint moves through, one per GET of it; `gone` removes it (the GET answers 404). */
    pending: (EndpointStatus | "gone")[];
}

/** Switches that shape how endpoints move through their statuses; every step is one GET of the endpoint. */
export interface EndpointsBehaviour {
    /** GETs that still report `Provisioning` after the create (default 1). */
    provisioningReads: number;
    /** GETs that still report `Deleting` after the DELETE, before the endpoint is gone (default 1). */
    deletingReads: number;
    /** Endpoints with these descriptions end in the given status instead of `Ready` (`PendingAcceptance`, `Failed`, …). */
    outcomeByDescription: Map<string, EndpointStatus>;
    /** Endpoints with these descriptions never leave `Provisioning` or `Deleting`. */
    stuckByDescription: Set<string>;
}

export interface EndpointsState {
    endpoints: Map<string, EndpointRecord>;
    behaviour: EndpointsBehaviour;
}

/** The reverse private endpoints of the emulator's service; tests use it for out-of-band changes and switches. */
export function reversePrivateEndpointsState(cloud: CloudState): EndpointsState {
    return cloud.moduleState<EndpointsState>("pipesReversePrivateEndpoints", () => ({
        endpoints: new Map(),
        behaviour: { provisioningReads: 1, deletingReads: 1, outcomeByDescription: new Map(), stuckByDescription: new Set() },
    }));
}

const REGION = "us-east-1";
/** Every name the emulator mints ends in one of these, so a pipe host under them must name a live endpoint. */
const MINTED_SUFFIXES = [`.${REGION}.vpce.amazonaws.com`, ".psc.internal"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DNS_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const GCP_ATTACHMENT = /^projects\/[^/]+\/regions\/[^/]+\/serviceAttachments\/[^/]+$/;
/** Brokers reached through an MSK endpoint listen on 14001, 14002, … in the order of its private DNS names (§5.6). */
const MSK_FIRST_PORT = 14001;
const MSK_BROKERS = 3;

export function findEndpoint(cloud: CloudState, id: string): EndpointRecord {
    const record = reversePrivateEndpointsState(cloud).endpoints.get(id);
    if (!record) throw notFound(`Reverse private endpoint ${id} not found`);
    return record;
}

/** Request rules of §5.2 the OpenAPI document cannot express: the type's fields, lengths, custom DNS names. */
export function createEndpoint(cloud: CloudState, body: Json, id: string): EndpointRecord {
    if (typeof body.type !== "string" || !(body.type in ENDPOINT_TYPES))
        throw new ContractViolation("type", `Required, one of ${Object.keys(ENDPOINT_TYPES).join(" | ")}`);
    const type = body.type as EndpointType;
    const description = typeof body.description === "string" ? body.description : "";
    if (description.length > 255) throw new ContractViolation("description", "String must contain at most 255 character(s)");
    const own: readonly string[] = ENDPOINT_TYPES[type];
    const target: Record<string, string> = {};
    for (const field of TYPE_FIELDS) {
        const value = body[field];
        if (own.includes(field)) {
            if (typeof value !== "string" || value === "") throw new ContractViolation(field, `Required for type ${type}`);
            target[field] = value;
        } else if (value !== undefined && value !== null) {
            throw new ContractViolation(field, `not allowed for type ${type}`);
        }
    }
    if (type === "GCP_PSC_SERVICE_ATTACHMENT" && !GCP_ATTACHMENT.test(target.gcpServiceAttachment)) {
        throw new ContractViolation("gcpServiceAttachment", "must be projects/{project}/regions/{region}/serviceAttachments/{name}");
    }
    const state = reversePrivateEndpointsState(cloud);
    const mappings = checkDnsMappings(state, type, body.customPrivateDnsMappings, id);
    const names = mintNames(type, id);
    const record: EndpointRecord = {
        id,
        serviceId: cloud.serviceId,
        description,
        type,
        target,
        customPrivateDnsMappings: mappings,
        ...names,
        status: "Provisioning",
        pending: [],
    };
    const reads: EndpointStatus[] = Array(state.behaviour.provisioningReads).fill("Provisioning");
    record.pending = [...reads, state.behaviour.outcomeByDescription.get(description) ?? "Ready"];
    return record;
}

/** `customPrivateDnsMappings` of a create or a PATCH: names exact or `*.`-wildcard, unique in the service, not for MSK. */
export function checkDnsMappings(state: EndpointsState, type: EndpointType, value: unknown, selfId: string): { privateDnsName: string }[] {
    if (value === undefined || value === null) return [];
    const items = value as Json[];
    if (items.length > 0 && type === "MSK_MULTI_VPC") throw badRequest("customPrivateDnsMappings are not supported for MSK_MULTI_VPC endpoints");
    const taken = new Set<string>();
    for (const other of state.endpoints.values()) {
        if (other.id !== selfId) for (const mapping of other.customPrivateDnsMappings) taken.add(mapping.privateDnsName.toLowerCase());
    }
    const seen = new Set<string>();
    return items.map((item, i) => {
        const name = item.privateDnsName;
        if (typeof name !== "string") throw new ContractViolation(`customPrivateDnsMappings.${i}.privateDnsName`, "Required");
        if (!DNS_NAME.test(name))
            throw new ContractViolation(`customPrivateDnsMappings.${i}.privateDnsName`, "must be a DNS name or a leading wildcard (*.example.com)");
        const key = name.toLowerCase();
        if (seen.has(key)) throw badRequest(`private DNS name ${name} is listed twice`);
        if (taken.has(key)) throw badRequest(`private DNS name ${name} is already used by another reverse private endpoint of this service`);
        seen.add(key);
        return { privateDnsName: name };
    });
}

/** Cloud-side names, derived from the id so a seed replays them: one name per broker for MSK. */
function mintNames(type: EndpointType, id: string): Pick<EndpointRecord, "endpointId" | "dnsNames" | "privateDnsNames"> {
    const hex = id.replace(/-/g, "");
    if (type === "GCP_PSC_SERVICE_ATTACHMENT") {
        const endpointId = `psc-${hex.slice(0, 16)}`;
        return { endpointId, dnsNames: [`${endpointId}.${REGION}.psc.internal`], privateDnsNames: [`rpe-${hex.slice(0, 8)}.psc.internal`] };
    }
    const endpointId = `vpce-${hex.slice(0, 17)}`;
    const zone = `${REGION}.vpce.amazonaws.com`;
    const privateDnsNames =
        type === "MSK_MULTI_VPC"
            ? Array.from({ length: MSK_BROKERS }, (_, i) => `b-${i + 1}.rpe-${hex.slice(0, 8)}.${zone}`)
            : [`rpe-${hex.slice(0, 8)}.${zone}`];
    return { endpointId, dnsNames: [`${endpointId}-${hex.slice(17, 25)}.${zone}`], privateDnsNames };
}

/** The read shape (§5.3): the create fields (other types' fields `null`), ids, names and status. */
export function renderEndpoint(record: EndpointRecord): Json {
    const typeFields = Object.fromEntries(TYPE_FIELDS.map((field) => [field, record.target[field] ?? null]));
    return {
        id: record.id,
        serviceId: record.serviceId,
        description: record.description,
        type: record.type,
        ...typeFields,
        customPrivateDnsMappings: structuredClone(record.customPrivateDnsMappings),
        endpointId: record.endpointId,
        dnsNames: [...record.dnsNames],
        privateDnsNames: [...record.privateDnsNames],
        status: record.status,
    };
}

/** Moves the endpoint one step, as a GET observes it; false once it is gone. */
export function advanceEndpoint(state: EndpointsState, record: EndpointRecord): boolean {
    if (state.behaviour.stuckByDescription.has(record.description)) return true;
    const next = record.pending.shift();
    if (next === "gone") {
        state.endpoints.delete(record.id);
        return false;
    }
    if (next !== undefined) record.status = next;
    return true;
}

/** Starts the asynchronous delete: `Deleting` for `deletingReads` GETs, then gone. */
export function startDelete(state: EndpointsState, record: EndpointRecord): void {
    if (record.status === "Deleting") return;
    record.status = "Deleting";
    record.pending = [...Array<EndpointStatus>(state.behaviour.deletingReads).fill("Deleting"), "gone"];
}

/** The kinds that name their source by `host`, which may be an endpoint's DNS name. */
const HOSTED_KINDS: readonly string[] = ["postgres", "mysql"];

/** Every host name a pipe can use to reach the endpoint. */
function hostNames(record: EndpointRecord): string[] {
    return [...record.dnsNames, ...record.privateDnsNames, ...record.customPrivateDnsMappings.map((m) => m.privateDnsName)].map((n) => n.toLowerCase());
}

function hostMatches(record: EndpointRecord, host: string): boolean {
    const wanted = host.toLowerCase();
    return hostNames(record).some((name) => (name.startsWith("*.") ? wanted.endsWith(name.slice(1)) && wanted.length > name.length - 1 : name === wanted));
}

/** The pipes that reach the source through the endpoint: kafka by id, postgres and mysql by host name (§5.6). */
export function pipesUsing(record: EndpointRecord, pipes: Iterable<PipeRecord>): PipeRecord[] {
    return [...pipes].filter((pipe) => {
        if (pipe.kind === "kafka") return ((pipe.source.reversePrivateEndpointIds as string[] | undefined) ?? []).includes(record.id);
        return HOSTED_KINDS.includes(pipe.kind) && typeof pipe.source.host === "string" && hostMatches(record, pipe.source.host);
    });
}

function requireReady(record: EndpointRecord, how: string): void {
    if (record.status !== "Ready") throw badRequest(`${how} reverse private endpoint ${record.id}, which is ${record.status}: a pipe needs a Ready endpoint`);
}

/**
 * The endpoint references of a pipe source arm (create, or a PATCH merged over the stored source): kafka
 * `reversePrivateEndpointIds` name Ready endpoints, and brokers behind an MSK endpoint are its private DNS names
 * on 14001 + index; a postgres `host` under an endpoint's names needs that endpoint Ready, and a host under the
 * names the service mints must belong to a live endpoint.
 */
export function checkEndpointReferences(cloud: CloudState, kind: string, arm: Json, path: string): void {
    const { endpoints } = reversePrivateEndpointsState(cloud);
    if (kind === "kafka" && Array.isArray(arm.reversePrivateEndpointIds)) {
        arm.reversePrivateEndpointIds.forEach((id: unknown, i) => {
            if (typeof id !== "string" || !UUID.test(id)) throw new ContractViolation(`${path}.reversePrivateEndpointIds.${i}`, "Invalid uuid");
            const record = endpoints.get(id);
            if (!record) throw badRequest(`Reverse private endpoint ${id} not found`);
            requireReady(record, "the pipe uses");
            if (record.type === "MSK_MULTI_VPC" && typeof arm.brokers === "string") checkMskBrokers(record, arm.brokers);
        });
    }
    if (HOSTED_KINDS.includes(kind) && typeof arm.host === "string") {
        const record = [...endpoints.values()].find((endpoint) => hostMatches(endpoint, arm.host as string));
        if (record) return requireReady(record, `host ${arm.host} belongs to`);
        if (MINTED_SUFFIXES.some((suffix) => (arm.host as string).toLowerCase().endsWith(suffix))) {
            throw badRequest(`host ${arm.host} does not resolve: no reverse private endpoint of this service has this name`);
        }
    }
}

function checkMskBrokers(record: EndpointRecord, brokers: string): void {
    const expected = record.privateDnsNames.map((name, i) => `${name}:${MSK_FIRST_PORT + i}`);
    for (const broker of brokers.split(",").map((b) => b.trim())) {
        if (!expected.includes(broker)) throw badRequest(`broker ${broker} is not reachable through MSK endpoint ${record.id}; use ${expected.join(",")}`);
    }
}
