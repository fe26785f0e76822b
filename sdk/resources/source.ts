import * as pulumi from "@pulumi/pulumi";
import type { SourceArgs as SourceDeclaration, SourceKind, SourceOutputs } from "../../provider/resources/source/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of a {@link Source}: one shape per `kind`; every property but `kind` may be an Output. */
export type SourceArgs = ArgsOf<SourceDeclaration> & AdoptionArgs;
/** `log`, `trace`, `metric`, `session` or `promql`. */
export type { SourceKind };

const KIND = resourceKind<SourceOutputs>({
    type: "Source",
    // The outputs every kind has (the fields of one kind only are outputs when declared).
    outputs: {
        variant: undefined,
        organizationId: undefined,
        serviceId: undefined,
        kind: undefined,
        name: undefined,
        connection: undefined,
        from: undefined,
        timestampValueExpression: undefined,
        section: undefined,
        disabled: undefined,
        querySettings: undefined,
        target: undefined,
    },
});

/** The outputs every {@link Source} has, typed from the schema's `SourceOutputs` (the kind's own fields are outputs as declared). */
export interface Source extends OutputProperties<SourceOutputs> {}

/**
 * A data source of the self-hosted API or of a cloud service's managed observability API: the table (and the
 * expressions over its columns) that searches, tiles, saved searches and alerts query. `kind` chooses the fields:
 * `log`, `trace`, `metric` (one table per metric type), `session` (needs `traceSourceId`) and `promql` (through a
 * Prometheus connection; `from` and `timestampValueExpression` are unused placeholders the API still requires).
 *
 * References are inputs: `connection: connection.id`, `traceSourceId: traces.id`, `logSourceId: logs.id`. Pulumi
 * cannot declare a cycle of references (logs ↔ traces): write one direction as an output and the other as the id
 * text, or set it in a later change. The server does not check source-to-source ids.
 *
 * Every change is made in place with a PUT of the complete source (fields left out are cleared), `kind` and
 * `connection` included; only moving it to another variant, organization or service replaces it. The managed
 * variant serves no read by id: a source is read from the list. The fields marked "Self-hosted only" (and the managed
 * variant's `filterSettings`) are dropped by the other variant, so they are refused there before anything is sent;
 * a source adopted with every field its server stores keeps them all on update. Deleting a source leaves saved searches, tiles,
 * dashboard filters and other sources pointing at a missing id (no cascade, no refusal; their next update fails):
 * reference `source.id` from them so that Pulumi deletes them first. Its connection must outlive it alike.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const logs = new obs.Source("logs", {
 *     name: "Logs",
 *     kind: "log",
 *     connection: config.require("connectionId"),
 *     from: { databaseName: "default", tableName: "otel_logs" },
 *     timestampValueExpression: "TimestampTime",
 *     defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
 *     severityTextExpression: "SeverityText",
 *     bodyExpression: "Body",
 *     serviceNameExpression: "ServiceName",
 * });
 * export const logsSourceId = logs.id;
 * ```
 */
export class Source extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The source: its kind, name, connection, table and the kind's expressions; optionally where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: SourceArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
