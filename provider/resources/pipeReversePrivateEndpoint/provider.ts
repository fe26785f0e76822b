import { ApiError } from "../../api/http/errors";
import { getOrGone } from "../../api/gone";
import { ServiceCollectionApi } from "../../api/serviceCollection";
import { uuid } from "../../common/ids";
import { pollPace, pollUntil } from "../../api/poll";
import { createWithoutAdoptingStrangers } from "../../api/recovery";
import { dynamicProvider, isLocalKey, normalizeReported, ResourceDefinition, unmanagedTwin } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import { partialFailure } from "../../engine/partialFailure";
import { sameValue } from "../../common/values";
import type { Settings } from "../../settings/config";
import { movedKeys, type ResolvedService, withSettingDefaults } from "../../settings/location";
import {
    FAILED_STATUSES,
    PENDING_ACCEPTANCE,
    PipeReversePrivateEndpointInputs,
    PipeReversePrivateEndpointOutputs,
    pipeReversePrivateEndpointSchema,
    TYPE_FIELDS,
    WAITING_STATUSES,
} from "./schema";
import { actionRequired, createBody, dnsMappingsPatch, mskBrokers, reportedFields, WireEndpoint, wireEndpoint } from "./wire";

const TYPE_NAME = "PipeReversePrivateEndpoint";
const TARGET_KEYS = ["organizationId", "serviceId"] as const;
/** The one input the API changes in place (PATCH); every other one replaces the endpoint (§5.5). */
const IN_PLACE = "customPrivateDnsMappings";

type Inputs = PipeReversePrivateEndpointInputs;
type Outputs = PipeReversePrivateEndpointOutputs;

/** The endpoint calls of one service (contract-extended §5.1), bound to an operation's deadline and label. */
export class EndpointApi extends ServiceCollectionApi<WireEndpoint> {
    /**
     * @param ctx the operation's APIs and deadline
     * @param target organization and service
     * @param operation what the provider is doing, for error messages
     */
    constructor(ctx: OperationContext, target: ResolvedService, operation: string) {
        super(ctx, target, "pipesReversePrivateEndpoints", wireEndpoint, operation);
    }

    /** The endpoint, or undefined once it is gone. */
    find(id: string): Promise<WireEndpoint | undefined> {
        return getOrGone(this.get(id));
    }

    /** Sets the complete list of custom DNS names: resending it has the effect of sending it once. */
    patchDnsNames(id: string, body: unknown): Promise<WireEndpoint> {
        return this.patch(id, body, true);
    }
}

const label = (verb: string, inputs: Pick<Inputs, "description">) => `${verb} ${TYPE_NAME} ${JSON.stringify(inputs.description)}`;

function located(settings: Settings, inputs: Inputs): Inputs & ResolvedService {
    return withSettingDefaults(inputs, settings, TARGET_KEYS);
}

/** The read mapping (refresh, export, and every answer of a write): the outputs and the inputs that reproduce the endpoint. */
export function readEndpoint(
    settings: Settings,
    endpoint: WireEndpoint,
    olds: Pick<Outputs, "organizationId" | "serviceId" | "timeouts">,
): { outs: Outputs; inputs: Inputs } {
    const inputs = normalizeReported(definition, settings, {
        ...reportedFields(endpoint),
        organizationId: olds.organizationId,
        serviceId: olds.serviceId,
        timeouts: olds.timeouts,
    });
    const privateDnsNames = endpoint.privateDnsNames ?? [];
    const outs: Outputs = {
        ...inputs,
        organizationId: olds.organizationId,
        serviceId: olds.serviceId,
        id: endpoint.id,
        endpointId: endpoint.endpointId ?? "",
        dnsNames: endpoint.dnsNames ?? [],
        privateDnsNames,
        mskBrokers: mskBrokers(endpoint.type, privateDnsNames),
        status: endpoint.status ?? "Unknown",
        actionRequired: actionRequired(endpoint),
    };
    return { outs, inputs };
}

/**
 * Polls the endpoint with backoff while it is `Provisioning` (within the operation's `timeouts`). `Ready` and
 * `PendingAcceptance` end the wait (the latter with a warning on the host's output, since someone must accept the
 * connection outside the API); a failed status or the deadline ends it with an error that keeps the endpoint in
 * the stack.
 */
async function waitUntilProvisioned(ctx: OperationContext, api: EndpointApi, seen: WireEndpoint, target: Outputs): Promise<Outputs> {
    let last = seen;
    const outputs = () => readEndpoint(ctx.apis.settings, last, target).outs;
    try {
        last = await pollUntil({
            read: async () => (last = await api.get(seen.id)),
            settled: (endpoint) => !WAITING_STATUSES.has(endpoint.status ?? "Unknown"),
            ...pollPace(ctx.apis),
            signal: ctx.signal,
            expired: (endpoint) =>
                new Error(
                    `${api.operation}: endpoint ${seen.id} was still ${endpoint?.status ?? "Provisioning"} when the operation's timeout expired; raise the resource's \`timeouts\` input if the cloud is slow`,
                ),
        });
    } catch (error) {
        throw partialFailure(error, seen.id, outputs(), "The endpoint stays in the stack: the next `pulumi up` waits for it again");
    }
    const status = last.status ?? "Unknown";
    if (FAILED_STATUSES.has(status)) {
        const error = new Error(
            `${api.operation}: endpoint ${seen.id} ended ${status} instead of Ready: check the target (its name or ARN, the region, and that its owner allows this service's cloud account)`,
        );
        throw partialFailure(error, seen.id, outputs(), "The endpoint cannot recover: replace it (`pulumi up --replace <urn>`) or remove it from the program");
    }
    if (status === PENDING_ACCEPTANCE) console.warn(`${api.operation}: the endpoint is ${PENDING_ACCEPTANCE}. ${actionRequired(last)}`);
    return outputs();
}

/** POST (once: a lost answer is looked for among endpoints that were not there before), then wait. */
async function createEndpoint(ctx: OperationContext, inputs: Inputs): Promise<{ id: string; outs: Outputs }> {
    const target = located(ctx.apis.settings, inputs);
    const api = new EndpointApi(ctx, target, label("create", inputs));
    const body = createBody(target);
    // A lost create is recognised by its description, its type and its target.
    const same = (endpoint: WireEndpoint) =>
        endpoint.description === inputs.description &&
        endpoint.type === inputs.type &&
        TYPE_FIELDS.every((field) => (endpoint[field] ?? undefined) === inputs[field]);
    const created = await createWithoutAdoptingStrangers({
        operation: api.operation,
        client: api.client,
        listKey: api.base,
        list: () => api.list(),
        post: () => api.create(body),
        matches: same,
        claimed: new Set(),
        id: uuid,
        twin: unmanagedTwin(TYPE_NAME, same, "description, type and target"),
    });
    const outs = await waitUntilProvisioned(ctx, api, created, { ...target, ...readEndpoint(ctx.apis.settings, created, target).outs });
    return { id: created.id, outs };
}

/** What an adoption reads an endpoint with: the inputs, located. */
type PipeReversePrivateEndpointSeed = Inputs & ResolvedService;

const definition: ResourceDefinition<typeof pipeReversePrivateEndpointSchema, Outputs, PipeReversePrivateEndpointSeed> = {
    typeName: TYPE_NAME,
    schema: pipeReversePrivateEndpointSchema,
    complete: (inputs, settings) => located(settings, inputs),
    clients: (apis) => void apis.cloud(),
    // Another endpoint is another object: the new one exists before the old one goes, so pipes can move over.
    replaceKeys: (_olds, news, changed) =>
        [...changed]
            .filter((key) => key !== IN_PLACE && !isLocalKey(key) && !(TARGET_KEYS as readonly string[]).includes(key))
            .concat(movedKeys(news, changed, TARGET_KEYS)),
    // A custom DNS name belongs to one endpoint of a service: a replacement that keeps one must delete the old first.
    deleteBeforeReplace: (olds, news) => {
        // Names are unique within a service: a replacement in another organization or service can take them at once.
        if (olds.organizationId !== news.organizationId || olds.serviceId !== news.serviceId) return false;
        const names = (mappings: unknown) =>
            (Array.isArray(mappings) ? (mappings as unknown[]) : []).flatMap((mapping) => {
                const name = (mapping as { privateDnsName?: unknown } | null)?.privateDnsName;
                return typeof name === "string" ? [name.toLowerCase()] : [];
            });
        // The old outputs may be another version's state: read defensively.
        const held = new Set(names(olds.customPrivateDnsMappings));
        return names(news.customPrivateDnsMappings).some((name) => held.has(name));
    },
    adoption: { id: uuid, seed: (inputs, settings) => located(settings, inputs) },

    create: createEndpoint,

    async read(ctx, id, olds) {
        const endpoint = await new EndpointApi(ctx, olds, label("read", olds)).find(id);
        return endpoint && readEndpoint(ctx.apis.settings, endpoint, olds);
    },

    async update(ctx, id, olds, news) {
        const target = { ...news, organizationId: news.organizationId ?? olds.organizationId, serviceId: news.serviceId ?? olds.serviceId };
        const api = new EndpointApi(ctx, target, label("update", news));
        // Only an adoption gets here with another fixed field: the declaration must match the adopted endpoint.
        const fixed = Object.keys(pipeReversePrivateEndpointSchema.shape).filter(
            (key) => key !== IN_PLACE && key !== "timeouts" && !sameValue(olds[key as keyof Inputs], target[key as keyof Inputs]),
        );
        if (fixed.length > 0)
            throw new Error(
                `${api.operation}: ${fixed.join(", ")} of endpoint ${id} differ from the declaration and cannot change in place; declare the endpoint's values (or let the stack create a new endpoint)`,
            );
        const endpoint = sameValue(olds.customPrivateDnsMappings, news.customPrivateDnsMappings)
            ? await api.get(id)
            : await api.patchDnsNames(id, dnsMappingsPatch(news));
        const outs = readEndpoint(ctx.apis.settings, endpoint, target).outs;
        // A create that ran out of time left the endpoint Provisioning: this update waits for it again.
        return WAITING_STATUSES.has(outs.status) ? waitUntilProvisioned(ctx, api, endpoint, outs) : outs;
    },

    async delete(ctx, id, olds) {
        const api = new EndpointApi(ctx, olds, label("delete", olds));
        try {
            if (!(await api.delete(id))) return;
        } catch (error) {
            if (!(error instanceof ApiError && error.status === 400)) throw error;
            throw new Error(
                `${error.message}. Delete the pipes that use the endpoint first, or point them elsewhere (a kafka pipe's reversePrivateEndpointIds, a postgres or mysql pipe's host)`,
            );
        }
        await pollUntil({
            read: () => api.find(id),
            settled: (endpoint) => endpoint === undefined,
            ...pollPace(ctx.apis),
            signal: ctx.signal,
            expired: (endpoint) =>
                new Error(
                    `${api.operation}: endpoint ${id} was still ${endpoint?.status ?? "Deleting"} when the operation's timeout expired; raise the resource's \`timeouts\` input, or run \`pulumi destroy\` again`,
                ),
        });
    },
};

/** The reverse-private-endpoint provider the SDK's provider text loads. */
export const pipeReversePrivateEndpoint = dynamicProvider(definition);
