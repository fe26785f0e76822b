import { badRequest, ContractViolation, notFound } from "../http/apiError";
import { cdcScalingState, patchScaling, readScaling } from "../domain/pipeNetworking/cdcScaling";
import {
    advanceEndpoint,
    checkDnsMappings,
    createEndpoint,
    findEndpoint,
    pipesUsing,
    renderEndpoint,
    reversePrivateEndpointsState,
    startDelete,
} from "../domain/pipeNetworking/endpoints";
import { pipesState } from "./pipes";
import type { RouteModule } from "./types";

export { cdcScalingState } from "../domain/pipeNetworking/cdcScaling";
export { reversePrivateEndpointsState } from "../domain/pipeNetworking/endpoints";

const SERVICE = "/v1/organizations/:organizationId/services/:serviceId";
const ENDPOINTS = `${SERVICE}/pipesReversePrivateEndpoints`;
const ENDPOINT = `${ENDPOINTS}/:reversePrivateEndpointId`;

type Json = Record<string, unknown>;

/**
 * Pipe networking (contract-extended §5, §6): reverse private endpoints (list, create, get, PATCH of the custom
 * DNS mappings only, asynchronous delete refused while pipes use the endpoint; one status step per GET) and the
 * service's CDC scaling (GET and PATCH only, available once a database pipe was provisioned, applied after
 * `propagationReads` GETs). Every call answers 424 while the service is idle, like the pipe calls.
 */
export const pipeNetworkingRoutes: RouteModule = {
    name: "pipeNetworking",
    register(routes) {
        routes.cloud("GET", ENDPOINTS, (_req, ctx) => {
            ctx.cloud.assertServiceRunning();
            return { data: [...reversePrivateEndpointsState(ctx.cloud).endpoints.values()].map(renderEndpoint) };
        });

        routes.cloud("POST", ENDPOINTS, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = createEndpoint(ctx.cloud, (req.body ?? {}) as Json, ctx.ids.uuid());
            reversePrivateEndpointsState(ctx.cloud).endpoints.set(record.id, record);
            return { data: renderEndpoint(record) };
        });

        routes.cloud("GET", ENDPOINT, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findEndpoint(ctx.cloud, req.params.reversePrivateEndpointId);
            if (!advanceEndpoint(reversePrivateEndpointsState(ctx.cloud), record)) throw notFound(`Reverse private endpoint ${record.id} not found`);
            return { data: renderEndpoint(record) };
        });

        routes.cloud("PATCH", ENDPOINT, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findEndpoint(ctx.cloud, req.params.reversePrivateEndpointId);
            const body = (req.body ?? {}) as Json;
            const immutable = Object.keys(body).filter((key) => key !== "customPrivateDnsMappings");
            if (immutable.length > 0)
                throw new ContractViolation(immutable[0], "cannot be changed: only customPrivateDnsMappings can (re-create the endpoint for the rest)");
            if (record.status === "Deleting") throw badRequest(`Reverse private endpoint ${record.id} is being deleted`);
            if (body.customPrivateDnsMappings !== undefined) {
                record.customPrivateDnsMappings = checkDnsMappings(
                    reversePrivateEndpointsState(ctx.cloud),
                    record.type,
                    body.customPrivateDnsMappings,
                    record.id,
                );
            }
            return { data: renderEndpoint(record) };
        });

        routes.cloud("DELETE", ENDPOINT, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            const record = findEndpoint(ctx.cloud, req.params.reversePrivateEndpointId);
            const users = pipesUsing(record, pipesState(ctx.cloud).pipes.values());
            if (users.length > 0) {
                const names = users.map((pipe) => `${pipe.name} (${pipe.id})`).join(", ");
                throw badRequest(`Reverse private endpoint ${record.id} is in use by pipes ${names}: delete them first`);
            }
            startDelete(reversePrivateEndpointsState(ctx.cloud), record);
            return { empty: true };
        });

        routes.cloud("GET", `${SERVICE}/pipesCdcScaling`, (_req, ctx) => {
            ctx.cloud.assertServiceRunning();
            return { data: readScaling(cdcScalingState(ctx.cloud), pipesState(ctx.cloud)) };
        });

        routes.cloud("PATCH", `${SERVICE}/pipesCdcScaling`, (req, ctx) => {
            ctx.cloud.assertServiceRunning();
            return { data: patchScaling(cdcScalingState(ctx.cloud), pipesState(ctx.cloud), (req.body ?? {}) as Json) };
        });
    },
};
