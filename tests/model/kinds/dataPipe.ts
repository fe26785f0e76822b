import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import { streamSource } from "../../support/pipeInputs";
import type { DeclareEnv } from "./env";

/** A stream pipe of the configured service into a managed table: running or stopped, maybe scaled and tuned. */
export interface DataPipeModel {
    stopped: boolean;
    /** Declared replicas; left out, the service keeps what it has. */
    replicas?: number;
    /** Declared engine `max_threads`; left out, the service keeps what it has. */
    maxThreads?: number;
}

export const dataPipeArbitrary: fc.Arbitrary<DataPipeModel> = fc.record(
    {
        stopped: fc.boolean(),
        replicas: fc.constantFrom(1, 2, 3),
        maxThreads: fc.constantFrom(2, 4),
    },
    { requiredKeys: ["stopped"] },
);

export function declareDataPipe(name: string, record: DataPipeModel, env: DeclareEnv): DeclaredResource {
    return {
        type: "DataPipe",
        name,
        provider: env.providers.dataPipe,
        inputs: {
            name,
            source: streamSource(),
            destination: {
                table: name.replace(/-/g, "_"),
                managedTable: true,
                tableDefinition: { engine: { type: "MergeTree" } },
                columns: [{ name: "id", type: "String" }],
            },
            fieldMappings: [{ sourceField: "id", destinationField: "id" }],
            stopped: record.stopped,
            ...(record.replicas === undefined ? {} : { scaling: { replicas: record.replicas } }),
            ...(record.maxThreads === undefined ? {} : { settings: { engine_max_threads: record.maxThreads } }),
        },
    };
}
