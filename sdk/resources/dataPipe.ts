import * as pulumi from "@pulumi/pulumi";
import type {
    DataPipeDestination,
    DataPipeArgs as DataPipeDeclaration,
    DataPipeScaling,
    DataPipeSecrets,
    DataPipeSettings,
    DataPipeSource,
    FieldMapping,
} from "../../provider/resources/dataPipe/schema";
import { AdoptionArgs, ArgsOf } from "../args";
import { providerStub } from "../stub";

export type { DataPipeDestination, DataPipeScaling, DataPipeSecrets, DataPipeSettings, DataPipeSource } from "../../provider/resources/dataPipe/schema";

const provider = providerStub("dataPipe");

/** Arguments of {@link DataPipe}; every property may be an Output. */
export type DataPipeArgs = ArgsOf<DataPipeDeclaration> & AdoptionArgs;

/** One field mapping: `{sourceField, destinationField}`. */
export type DataPipeFieldMapping = FieldMapping;

/**
 * A data pipe of a cloud service: continuous (or one-shot) ingestion from a kafka-protocol broker, an object
 * store, a stream or a postgres database into a table of the service.
 *
 * Creating the pipe waits until it runs (`Running`; `Completed` or `Snapshot` for one-shot and snapshot
 * pipes) within `timeouts.create` (default 10 minutes). A pipe that fails or does not get there in time stays
 * in the stack with the error, so nothing is orphaned; the next `pulumi up` brings it to the desired state.
 * `stopped: true` stops it after creation (database pipes report `Paused`).
 *
 * Changes go to the endpoint that applies them in place: name, field mappings with columns and the source's
 * connection and authentication fields by PATCH, `scaling` and `settings` by their own endpoints, `stopped` by
 * a start or stop command, postgres `tableMappings` as add/remove deltas (the pipe is paused for the edit when
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
 */
export class DataPipe extends pulumi.dynamic.Resource {
    /** The organization (resolved from the settings when omitted). */
    declare readonly organizationId: pulumi.Output<string>;
    /** The service the pipe writes to (resolved from the settings when omitted). */
    declare readonly serviceId: pulumi.Output<string>;
    /** The pipe's name. */
    declare readonly name: pulumi.Output<string>;
    /** The source as the service reports it (no secrets). */
    declare readonly source: pulumi.Output<DataPipeSource>;
    /** The destination as the service reports it (`roles` and unreturned table options kept from the arguments). */
    declare readonly destination: pulumi.Output<DataPipeDestination>;
    /** Source field → destination column. */
    declare readonly fieldMappings: pulumi.Output<DataPipeFieldMapping[]>;
    /** The declared scaling fields with the values the service reports. */
    declare readonly scaling: pulumi.Output<DataPipeScaling | undefined>;
    /** The tuning settings the service reports. */
    declare readonly settings: pulumi.Output<DataPipeSettings | undefined>;
    /** The secrets as last sent (secret output; the service never returns them). */
    declare readonly secrets: pulumi.Output<DataPipeSecrets | undefined>;
    /** Whether the pipe is stopped (or paused). */
    declare readonly stopped: pulumi.Output<boolean>;
    /** The pipe's state as last seen: `Running`, `Stopped`, `Paused`, `Completed`, `Snapshot`, `Failed`, … */
    declare readonly state: pulumi.Output<string>;
    /** When the pipe was created. */
    declare readonly createdAt: pulumi.Output<string>;
    /** When the pipe last changed. */
    declare readonly updatedAt: pulumi.Output<string>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args The pipe: name, source (exactly one kind), destination, field mappings, optional scaling,
     *   settings, secrets and the desired `stopped` state.
     * @param opts Resource options.
     */
    constructor(name: string, args: DataPipeArgs, opts?: pulumi.CustomResourceOptions) {
        const outputs = {
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
        };
        const secrets = args.secrets === undefined ? undefined : pulumi.secret(args.secrets);
        const options = pulumi.mergeOptions(opts, { additionalSecretOutputs: ["secrets"] });
        super(provider, name, { ...outputs, ...args, secrets }, options, "observability", "DataPipe");
    }
}
