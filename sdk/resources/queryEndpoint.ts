import * as pulumi from "@pulumi/pulumi";
import type { QueryEndpointArgs as QueryEndpointDeclaration, QueryEndpointRole } from "../../provider/resources/queryEndpoint/schema";
import { AdoptionArgs, ArgsOf } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("queryEndpoint");

/** Arguments of {@link QueryEndpoint}; every property may be an Output. */
export type QueryEndpointArgs = ArgsOf<QueryEndpointDeclaration> & AdoptionArgs;
/** A console role that may use a query endpoint. */
export type { QueryEndpointRole };

/**
 * The query endpoint of a cloud service: which console roles and API keys may run queries over HTTP, and
 * from which origins. A service has at most one; creating this resource sets it (replacing a configuration
 * made elsewhere), every update sends the complete configuration, and deleting the resource removes the
 * endpoint. Changing `organizationId` or `serviceId` moves it: the new service gets the endpoint first, then
 * the old one loses it.
 *
 * The resource id (`id`) is the endpoint id the service reports.
 */
export class QueryEndpoint extends pulumi.dynamic.Resource {
    /** The organization's id (the argument, or the `observability:organizationId` setting). */
    declare readonly organizationId: pulumi.Output<string>;
    /** The service's id (the argument, or the `observability:serviceId` setting). */
    declare readonly serviceId: pulumi.Output<string>;
    /** Console roles allowed to use the endpoint, sorted. */
    declare readonly roles: pulumi.Output<QueryEndpointRole[]>;
    /** Ids of the API keys allowed to use the endpoint, sorted. */
    declare readonly openApiKeys: pulumi.Output<string[]>;
    /** Allowed origins, comma-separated without blanks. */
    declare readonly allowedOrigins: pulumi.Output<string>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args The service and who may use its endpoint; everything is optional.
     * @param opts Resource options.
     */
    constructor(name: string, args: QueryEndpointArgs = {}, opts?: pulumi.CustomResourceOptions) {
        const outputs = { organizationId: undefined, serviceId: undefined, roles: undefined, openApiKeys: undefined, allowedOrigins: undefined };
        super(provider, name, { ...outputs, ...args }, opts, "observability", "QueryEndpoint");
    }
}
