import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { Variant } from "../model";
import { common, type DeclareEnv } from "./env";

/** A log source on the fixture (or platform) connection, or on a model connection (self-hosted only). */
export interface SourceModel {
    variant: Variant;
    /** A model connection's name; undefined: the variant's own connection. */
    connection?: string;
    table: string;
    adoptId?: string;
}

export const sourceArbitrary = (variant: Variant): fc.Arbitrary<SourceModel> =>
    fc.record({ variant: fc.constant(variant), table: fc.constantFrom("otel_logs", "app_logs") });

export function declareSource(name: string, record: SourceModel, env: DeclareEnv): DeclaredResource {
    const own = record.variant === "self-hosted" ? env.fixtures["self-hosted"].connection.id : env.managedConnectionId;
    return {
        type: "Source",
        name,
        provider: env.providers.source,
        inputs: (outputs) => ({
            ...common(record),
            kind: "log",
            name,
            connection: record.connection === undefined ? own : String(outputs[record.connection].id),
            from: { databaseName: "otel", tableName: record.table },
            timestampValueExpression: "Timestamp",
            defaultTableSelectExpression: "Timestamp, Body",
        }),
    };
}
