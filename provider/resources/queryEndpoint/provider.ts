import { z } from "zod";
import { deleteIfPresent, getOrGone } from "../../api/gone";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import { movedKeys, withSettingDefaults, type ResolvedService } from "../../settings/location";
import type { Settings } from "../../settings/config";
import { QueryEndpointInputs, QueryEndpointOutputs, queryEndpointSchema } from "./schema";
import { queryEndpointBody, queryEndpointResponse, QueryEndpointResponse } from "./wire";

const TYPE_NAME = "QueryEndpoint";
const TARGET_KEYS = ["organizationId", "serviceId"] as const;

type Located = QueryEndpointInputs & ResolvedService;

const label = (target: { serviceId: string }) => `${TYPE_NAME} of service ${target.serviceId}`;
const endpointPath = (ctx: OperationContext, target: ResolvedService) => `${ctx.apis.servicePath(target)}/serviceQueryEndpoint`;

/**
 * Sends the complete declared configuration. The service replaces the endpoint wholesale, so sending the same
 * body twice has the effect of sending it once: a POST without an answer is simply sent again.
 */
async function upsert(ctx: OperationContext, inputs: Located, verb: "create" | "update"): Promise<QueryEndpointOutputs> {
    const endpoint = await ctx.apis.cloud().request({
        operation: `${verb} ${label(inputs)}`,
        method: "POST",
        path: endpointPath(ctx, inputs),
        body: queryEndpointBody(inputs),
        response: queryEndpointResponse,
        idempotent: true,
        signal: ctx.signal,
    });
    return { ...endpoint, organizationId: inputs.organizationId, serviceId: inputs.serviceId, timeouts: inputs.timeouts };
}

/** The service's endpoint, or undefined when it has none (a route that is not served stays an error). */
export async function findQueryEndpoint(ctx: OperationContext, target: ResolvedService, operation: string): Promise<QueryEndpointResponse | undefined> {
    return getOrGone(
        ctx.apis.cloud().request({ operation, method: "GET", path: endpointPath(ctx, target), response: queryEndpointResponse, signal: ctx.signal }),
    );
}

/** The read mapping (refresh, export): the outputs and the normalized inputs that reproduce the service's endpoint. */
export function readQueryEndpoint(
    settings: Settings,
    endpoint: QueryEndpointResponse,
    olds: Pick<QueryEndpointOutputs, "organizationId" | "serviceId" | "timeouts">,
): { outs: QueryEndpointOutputs; inputs: QueryEndpointInputs } {
    const { id: _id, ...reported } = endpoint;
    const located = { organizationId: olds.organizationId, serviceId: olds.serviceId, timeouts: olds.timeouts };
    return { outs: { ...endpoint, ...located }, inputs: normalizeReported(definition, settings, { ...reported, ...located }) };
}

function located(ctx: OperationContext, inputs: QueryEndpointInputs): Located {
    return withSettingDefaults(inputs, ctx.apis.settings, TARGET_KEYS);
}

/** What an adoption reads the service's endpoint with: the inputs, located. */
type QueryEndpointSeed = Located;

const definition: ResourceDefinition<typeof queryEndpointSchema, QueryEndpointOutputs, QueryEndpointSeed> = {
    typeName: TYPE_NAME,
    schema: queryEndpointSchema,
    complete: (inputs, settings) => withSettingDefaults(inputs, settings, TARGET_KEYS),
    // Another service's endpoint is another object, so the new one can exist before the old one goes.
    clients: (apis) => void apis.cloud(),
    replaceKeys: (_olds, news, changed) => movedKeys(news, changed, TARGET_KEYS),
    // One endpoint per service: adopting checks that the service's endpoint has this id.
    adoption: { id: z.string().min(1).max(256), seed: (inputs, settings) => withSettingDefaults(inputs, settings, TARGET_KEYS) },

    async create(ctx, inputs) {
        const outs = await upsert(ctx, located(ctx, inputs), "create");
        return { id: outs.id, outs };
    },

    async read(ctx, _id, olds) {
        const endpoint = await findQueryEndpoint(ctx, olds, `read ${label(olds)}`);
        return endpoint && readQueryEndpoint(ctx.apis.settings, endpoint, olds);
    },

    async update(ctx, _id, olds, news) {
        return upsert(ctx, { ...news, organizationId: news.organizationId ?? olds.organizationId, serviceId: news.serviceId ?? olds.serviceId }, "update");
    },

    async delete(ctx, _id, olds) {
        await deleteIfPresent(
            ctx.apis
                .cloud()
                .request({ operation: `delete ${label(olds)}`, method: "DELETE", path: endpointPath(ctx, olds), response: z.unknown(), signal: ctx.signal }),
        );
    },
};

/** The query-endpoint provider the SDK's provider text loads. */
export const queryEndpoint = dynamicProvider(definition);
