import * as pulumi from "@pulumi/pulumi";
import type { DataPipeArgs as DataPipeDeclaration, FieldMapping, DataPipeOutputs } from "../../provider/resources/dataPipe/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

export type { DataPipeDestination, DataPipeScaling, DataPipeSecrets, DataPipeSettings, DataPipeSource } from "../../provider/resources/dataPipe/schema";

/** Arguments of {@link DataPipe}; every property may be an Output. */
export type DataPipeArgs = ArgsOf<DataPipeDeclaration> & AdoptionArgs;

/** One field mapping: `{sourceField, destinationField}`. */
export type DataPipeFieldMapping = FieldMapping;

const KIND = resourceKind<DataPipeOutputs>({
    type: "DataPipe",
    /** Write-only secrets of the source: encrypted in state, never read back. */
    secretOutputs: ["secrets"],
    outputs: {
        organizationId: undefined,
        serviceId: undefined,
        name: undefined,
        source: undefined,
        destination: undefined,
        fieldMappings: undefined,
        scaling: undefined,
        settings: undefined,
        secrets: undefined,
        stopped: undefined,
        state: undefined,
        createdAt: undefined,
        updatedAt: undefined,
    },
});

/** The outputs of a {@link DataPipe}, typed from the schema's `DataPipeOutputs`. */
export interface DataPipe extends OutputProperties<DataPipeOutputs> {}

/**
 * A data pipe of a cloud service: continuous (or one-shot) ingestion from a kafka-protocol broker, an object
 * store, a stream, a publish/subscribe topic, a postgres, MySQL-family or document database (change data capture)
 * or a warehouse (one snapshot) into tables of the service.
 *
 * Creating the pipe waits until it runs (`Running`; `Completed` or `Snapshot` for one-shot and snapshot
 * pipes) within `timeouts.create` (default 10 minutes). A pipe that fails or does not get there in time stays
 * in the stack with the error, so nothing is orphaned; the next `pulumi up` brings it to the desired state.
 * `stopped: true` stops it after creation (database pipes report `Paused`).
 *
 * Changes go to the endpoint that applies them in place: name, field mappings with columns and the source's
 * connection and authentication fields by PATCH, `scaling` and `settings` by their own endpoints, `stopped` by
 * a start or stop command, postgres, mysql and mongodb `tableMappings` as add/remove deltas (the pipe is paused for the edit when
 * the service requires it, then brought back to the desired state). Fields fixed at creation (brokers, topics,
 * format, destination table, replication mode, …) replace the pipe.
 *
 * Secrets layout: every secret of the source (credentials in all their forms, access keys, the service-account
 * key, connection strings, schema-registry credentials) goes in the separate `secrets` argument, not in
 * `source`. `secrets` is wrapped with `pulumi.secret` and is an additional secret output, so it is encrypted
 * in state, while `source` stays readable in plans and diffs (marking `source` secret would hide brokers,
 * topics and hosts from every preview). The service never returns secrets: they are sent only when they
 * change, and a change made outside Pulumi cannot be detected. CA certificates are public and stay in
 * `source`, where refresh compares them with the service.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const orders = new obs.DataPipe("orders", {
 *     name: "orders-from-kafka",
 *     source: { kafka: { format: "JSONEachRow", brokers: "broker-1.example.com:9092", topics: "orders", authentication: "SCRAM-SHA-512" } },
 *     secrets: { credentials: { username: "ingest", password: config.requireSecret("kafkaPassword") } },
 *     destination: {
 *         table: "orders",
 *         managedTable: true,
 *         tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["ts"] },
 *         columns: [
 *             { name: "ts", type: "DateTime64(3)" },
 *             { name: "payload", type: "String" },
 *         ],
 *     },
 *     fieldMappings: [
 *         { sourceField: "ts", destinationField: "ts" },
 *         { sourceField: "payload", destinationField: "payload" },
 *     ],
 *     scaling: { replicas: 2 },
 * });
 * ```
 */
export class DataPipe extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The pipe: name, source (exactly one kind), destination, field mappings, optional scaling,
     *   settings, secrets and the desired `stopped` state.
     * @param opts Resource options.
     */
    constructor(name: string, args: DataPipeArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
