import type { Clock } from "../clock";
import type { Credentials } from "../types";
import type { ApiResult } from "../http/transports";
import type { IdFactory } from "../random";
import type { EmulatorStore } from "../store";
import type { CloudState } from "../store/cloudState";
import type { Fixtures } from "../store/fixtures";
import type { TeamStore } from "../store/teamStore";
import type { OpenApiDocuments } from "../validation/openapiDocs";
import type { RequestFailure } from "../validation/requestValidator";

/** `self-hosted` = `/api/v2`; `managed` = the cloud's `/observability` routes; `cloud` = other cloud routes. */
export type Variant = "self-hosted" | "managed" | "cloud";

export interface ApiRequest {
    variant: Variant;
    method: string;
    path: string;
    /** Path parameters named as in the registered pattern (`:id` → `params.id`). */
    params: Record<string, string>;
    query: Record<string, string | string[]>;
    /** Parsed JSON body (undefined when none was sent). */
    body: unknown;
    /** Set only on routes registered with `schemaFailureToHandler`: the OpenAPI failure of this request. */
    schemaFailure?: RequestFailure;
}

export interface HandlerContext {
    /** The self-hosted team on `/api/v2` routes, the managed service's data on cloud routes. */
    team: TeamStore;
    store: EmulatorStore;
    cloud: CloudState;
    ids: IdFactory;
    clock: Clock;
    /** The clock's time as ISO 8601 with milliseconds. */
    nowIso(): string;
    docs: OpenApiDocuments;
    /** The seeded records; undefined when the emulator started empty. */
    fixtures: Fixtures | undefined;
    credentials: Credentials;
}

export type Handler = (req: ApiRequest, ctx: HandlerContext) => ApiResult;

export interface RouteOptions {
    /** Hand OpenAPI body failures to the handler instead of answering 400 (the dashboards validate endpoint). */
    schemaFailureToHandler?: boolean;
}

/** How route modules register their routes. Patterns use `:param` segments. */
export interface RouteRegistrar {
    /** A self-hosted route; `path` is relative to `/api/v2` (`/dashboards/:id`). */
    selfHosted(method: string, path: string, handler: Handler, options?: RouteOptions): void;
    /**
     * A cloud route; `path` is absolute (`/v1/organizations/:organizationId/services/:serviceId/pipes`).
     * `:organizationId` and `:serviceId` other than the emulator's own answer a JSON 404 before the handler runs.
     */
    cloud(method: string, path: string, handler: Handler, options?: RouteOptions): void;
    /** A route served by both variants: `/api/v2<path>` and `/v1/organizations/:organizationId/services/:serviceId/observability<path>`. */
    observability(method: string, path: string, handler: Handler, options?: RouteOptions): void;
}

export interface RouteModule {
    name: string;
    register(routes: RouteRegistrar): void;
}
