import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { DeclareEnv } from "./env";

/** The service's query endpoint (a cloud singleton of the configured service). */
export interface QueryEndpointModel {
    roles: ("sql_console_read_only" | "sql_console_admin")[];
}

export const queryEndpointArbitrary: fc.Arbitrary<QueryEndpointModel> = fc.record({
    roles: fc.uniqueArray(fc.constantFrom("sql_console_read_only" as const, "sql_console_admin" as const), { minLength: 1, maxLength: 2 }),
});

export function declareQueryEndpoint(record: QueryEndpointModel, env: DeclareEnv): DeclaredResource {
    return { type: "QueryEndpoint", name: "query-endpoint", provider: env.providers.queryEndpoint, inputs: { roles: record.roles } };
}
