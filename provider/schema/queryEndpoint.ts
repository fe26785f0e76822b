import { z } from "zod";
import { uuid } from "../ids";
import { text, timeoutsSchema } from "./common";

/** Console roles that may use the endpoint. */
export const QUERY_ENDPOINT_ROLES = ["sql_console_read_only", "sql_console_admin"] as const;
export type QueryEndpointRole = (typeof QUERY_ENDPOINT_ROLES)[number];

/** A set of strings in the one order inputs, outputs and reads share: sorted, without repeats. */
function asSet<T extends string>(values: readonly T[]): T[] {
    return [...new Set(values)].sort();
}

/** `a.com , b.com,,` → `a.com,b.com`: the comma-separated list without blanks, in the declared order. */
function normalizeOrigins(origins: string): string {
    return origins
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin !== "")
        .join(",");
}

const origins = z
    .string()
    .max(4096, "must be at most 4096 characters")
    // eslint-disable-next-line no-control-regex
    .refine((value) => normalizeOrigins(value).split(",").every((origin) => !/[\s\u0000-\u001f\u007f]/.test(origin)), "must be domains separated by commas, without spaces inside a domain")
    .transform(normalizeOrigins);

/**
 * The query endpoint of one service (at most one per service). Every apply sends the complete
 * configuration, because the service replaces the endpoint wholesale.
 */
export const queryEndpointSchema = z.strictObject({
    /** The organization (UUID). Defaults to the `observability:organizationId` setting; a change replaces the endpoint. */
    organizationId: uuid.transform((id) => id.toLowerCase()).optional(),
    /** The service (UUID). Defaults to the `observability:serviceId` setting; a change replaces the endpoint. */
    serviceId: uuid.transform((id) => id.toLowerCase()).optional(),
    /** Console roles allowed to use the endpoint (a set: order and repeats do not matter). Default: none. */
    roles: z.array(z.enum(QUERY_ENDPOINT_ROLES)).default([]).transform(asSet),
    /** Ids of the API keys allowed to use the endpoint (a set: order and repeats do not matter). Default: none. */
    openApiKeys: z.array(text(256)).default([]).transform(asSet),
    /**
     * Allowed origins (CORS): domains separated by commas, e.g. `app.example.com,admin.example.com`. Blanks
     * around the commas are removed; the order is kept. Default: none.
     */
    allowedOrigins: origins.default(""),
    /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers). */
    timeouts: timeoutsSchema,
});

/** What the program declares (the public argument type derives from it). */
export type QueryEndpointInput = z.input<typeof queryEndpointSchema>;
/** The checked, normalized inputs. */
export type QueryEndpointInputs = z.output<typeof queryEndpointSchema>;

/** Everything the resource reports after create, update and refresh. */
export interface QueryEndpointOutputs extends QueryEndpointInputs {
    /** The endpoint's id as the service reports it (also the resource id). */
    id: string;
    /** The resolved organization id. */
    organizationId: string;
    /** The resolved service id. */
    serviceId: string;
}

/** The upsert body: always all three fields, since the service replaces the endpoint wholesale. */
export function queryEndpointBody(inputs: QueryEndpointInputs): { roles: QueryEndpointRole[]; openApiKeys: string[]; allowedOrigins: string } {
    return { roles: inputs.roles, openApiKeys: inputs.openApiKeys, allowedOrigins: inputs.allowedOrigins };
}

/** The endpoint as the cloud API returns it, in the inputs' normalized form. */
export const queryEndpointResponse = z
    .looseObject({
        id: z.string(),
        roles: z.array(z.string()).nullish(),
        openApiKeys: z.array(z.string()).nullish(),
        allowedOrigins: z.string().nullish(),
    })
    .transform((endpoint) => ({
        id: endpoint.id,
        // A role this provider does not know is kept, so that a refresh shows it as drift rather than hiding it.
        roles: asSet((endpoint.roles ?? []) as QueryEndpointRole[]),
        openApiKeys: asSet(endpoint.openApiKeys ?? []),
        allowedOrigins: normalizeOrigins(endpoint.allowedOrigins ?? ""),
    }));

/** The endpoint as read from the cloud API, normalized. */
export type QueryEndpointResponse = z.output<typeof queryEndpointResponse>;
