import * as pulumi from "@pulumi/pulumi";
import type { QueryEndpointArgs as QueryEndpointDeclaration, QueryEndpointRole, QueryEndpointOutputs } from "../../provider/resources/queryEndpoint/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of {@link QueryEndpoint}; every property may be an Output. */
export type QueryEndpointArgs = ArgsOf<QueryEndpointDeclaration> & AdoptionArgs;
/** A console role that may use a query endpoint. */
export type { QueryEndpointRole };

const KIND = resourceKind<QueryEndpointOutputs>({
    type: "QueryEndpoint",
    outputs: {
        organizationId: undefined,
        serviceId: undefined,
        roles: undefined,
        openApiKeys: undefined,
        allowedOrigins: undefined,
    },
});

/** The outputs of a {@link QueryEndpoint}, typed from the schema's `QueryEndpointOutputs`. */
export interface QueryEndpoint extends OutputProperties<QueryEndpointOutputs> {}

/**
 * The query endpoint of a cloud service: which console roles and API keys may run queries over HTTP, and
 * from which origins. A service has at most one; creating this resource sets it (replacing a configuration
 * made elsewhere), every update sends the complete configuration, and deleting the resource removes the
 * endpoint. Changing `organizationId` or `serviceId` moves it: the new service gets the endpoint first, then
 * the old one loses it.
 *
 * The resource id (`id`) is the endpoint id the service reports.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * // The endpoint of the service of the `observability:serviceId` setting.
 * export const queries = new obs.QueryEndpoint("queries", {
 *     roles: ["sql_console_read_only"],
 *     openApiKeys: ["0123456789abcdef"],
 *     allowedOrigins: "app.example.com,admin.example.com",
 * });
 * ```
 */
export class QueryEndpoint extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The service and who may use its endpoint; everything is optional.
     * @param opts Resource options.
     */
    constructor(name: string, args: QueryEndpointArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
