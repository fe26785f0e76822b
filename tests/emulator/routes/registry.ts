import { Router } from "../router";
import type { ApiName } from "../types";
import type { Handler, RouteModule, RouteOptions, RouteRegistrar, Variant } from "./types";

export interface RegisteredRoute {
    api: ApiName;
    variant: Variant;
    handler: Handler;
    options: RouteOptions;
}

export const SELF_HOSTED_PREFIX = "/api/v2";
export const MANAGED_PREFIX = "/v1/organizations/:organizationId/services/:serviceId/observability";

/** Builds the router from route modules. */
export function buildRouter(modules: readonly RouteModule[]): Router<RegisteredRoute> {
    const router = new Router<RegisteredRoute>();
    const registrar: RouteRegistrar = {
        selfHosted(method, path, handler, options = {}) {
            router.add(method, SELF_HOSTED_PREFIX + path, { api: "self-hosted", variant: "self-hosted", handler, options });
        },
        cloud(method, path, handler, options = {}) {
            router.add(method, path, { api: "cloud", variant: "cloud", handler, options });
        },
        observability(method, path, handler, options = {}) {
            router.add(method, SELF_HOSTED_PREFIX + path, { api: "self-hosted", variant: "self-hosted", handler, options });
            router.add(method, MANAGED_PREFIX + path, { api: "cloud", variant: "managed", handler, options });
        },
    };
    for (const module of modules) module.register(registrar);
    return router;
}
