import { notFound } from "../http/apiError";
import type { CloudState } from "../store";
import type { RouteModule } from "./types";

/** The enum order the service reports roles in (not alphabetical, so clients must not rely on order). */
const ROLE_ORDER = ["sql_console_read_only", "sql_console_admin"];

/** A service's query endpoint as the service stores it. */
export interface QueryEndpointRecord {
    id: string;
    roles: string[];
    openApiKeys: string[];
    allowedOrigins: string;
}

/** The query endpoint state of the emulator's one service; set `endpoint` directly to change it out of band. */
export interface QueryEndpointState {
    endpoint: QueryEndpointRecord | undefined;
}

/** The query endpoint state inside the cloud state. */
export function queryEndpointState(cloud: CloudState): QueryEndpointState {
    return cloud.moduleState<QueryEndpointState>("queryEndpoint", () => ({ endpoint: undefined }));
}

const PATH = "/v1/organizations/:organizationId/services/:serviceId/serviceQueryEndpoint";

/**
 * The service query endpoint (§7): GET answers a JSON 404 when none is configured; POST creates it or replaces
 * it wholesale (an omitted field is reset, never merged), keeping its id; DELETE removes it (404 when none).
 */
export const queryEndpointRoutes: RouteModule = {
    name: "queryEndpoint",
    register(routes) {
        const missing = () => notFound("No query endpoint is configured for this service");
        routes.cloud("GET", PATH, (_req, ctx) => {
            const { endpoint } = queryEndpointState(ctx.cloud);
            if (!endpoint) throw missing();
            return { data: structuredClone(endpoint) };
        });
        routes.cloud("POST", PATH, (req, ctx) => {
            const state = queryEndpointState(ctx.cloud);
            const body = (req.body ?? {}) as { roles?: string[]; openApiKeys?: string[]; allowedOrigins?: string };
            state.endpoint = {
                id: state.endpoint?.id ?? ctx.ids.uuid(),
                roles: ROLE_ORDER.filter((role) => (body.roles ?? []).includes(role)),
                openApiKeys: [...new Set(body.openApiKeys ?? [])],
                allowedOrigins: body.allowedOrigins ?? "",
            };
            return { data: structuredClone(state.endpoint) };
        });
        routes.cloud("DELETE", PATH, (_req, ctx) => {
            const state = queryEndpointState(ctx.cloud);
            if (!state.endpoint) throw missing();
            state.endpoint = undefined;
            return { empty: true };
        });
    },
};
