import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { DeclareEnv } from "./env";

/** A connection (self-hosted only). */
export interface ConnectionModel {
    host: string;
}

export const connectionArbitrary: fc.Arbitrary<ConnectionModel> = fc.record({
    host: fc.constantFrom("https://engine.example.com:8443", "http://engine.internal:8123"),
});

export function declareConnection(name: string, record: ConnectionModel, env: DeclareEnv): DeclaredResource {
    return { type: "Connection", name, provider: env.providers.connection, inputs: { name, host: record.host, username: "reader", password: `pw-${name}` } };
}
