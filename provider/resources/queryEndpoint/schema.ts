import { z } from "zod";
import { hasControlCharacter, text, timeoutsSchema } from "../../common/fields";
import { type InService, serviceSchema } from "../../settings/location";

/** Console roles that may use the endpoint. */
export const QUERY_ENDPOINT_ROLES = ["sql_console_read_only", "sql_console_admin"] as const;
export type QueryEndpointRole = (typeof QUERY_ENDPOINT_ROLES)[number];

/** A set of strings in the one order inputs, outputs and reads share: sorted, without repeats. */
export function asSet<T extends string>(values: readonly T[]): T[] {
    return [...new Set(values)].sort();
}

/** `a.com , b.com,,` → `a.com,b.com`: the comma-separated list without blanks, in the declared order. */
export function normalizeOrigins(origins: string): string {
    return origins
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin !== "")
        .join(",");
}

const origins = z
    .string()
    .max(4096, "must be at most 4096 characters")
    .refine(
        (value) =>
            normalizeOrigins(value)
                .split(",")
                .every((origin) => !/\s/.test(origin) && !hasControlCharacter(origin)),
        "must be domains separated by commas, without spaces inside a domain",
    )
    .transform(normalizeOrigins);

/**
 * The query endpoint of one service (at most one per service). Every apply sends the complete
 * configuration, because the service replaces the endpoint wholesale.
 */
export const queryEndpointSchema = z.strictObject({
    ...serviceSchema,
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
export type QueryEndpointArgs = z.input<typeof queryEndpointSchema>;
/** The checked, normalized inputs. */
export type QueryEndpointInputs = z.output<typeof queryEndpointSchema>;

/** Everything the resource reports after create, update and refresh. */
export interface QueryEndpointOutputs extends InService<QueryEndpointInputs> {
    /** The endpoint's id as the service reports it (also the resource id). */
    id: string;
}
