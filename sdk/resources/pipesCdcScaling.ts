import * as pulumi from "@pulumi/pulumi";
import type { PipesCdcScalingArgs as ScalingDeclaration, PipesCdcScalingOutputs } from "../../provider/resources/pipesCdcScaling/schema";
import { ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of {@link PipesCdcScaling}; every property may be an Output. */
export type PipesCdcScalingArgs = ArgsOf<ScalingDeclaration>;

const KIND = resourceKind<PipesCdcScalingOutputs>({
    type: "PipesCdcScaling",
    outputs: {
        organizationId: undefined,
        serviceId: undefined,
        replicaCpuMillicores: undefined,
        replicaMemoryGb: undefined,
        managed: undefined,
    },
});

/** The outputs of a {@link PipesCdcScaling}, typed from the schema's `PipesCdcScalingOutputs`. */
export interface PipesCdcScaling extends OutputProperties<PipesCdcScalingOutputs> {}

/**
 * The CDC capacity of a cloud service: CPU and memory per replica, shared by all its change-capturing database
 * (postgres, mysql, mongodb) pipes for the initial load and for CDC. The capacity exists once the service has a database pipe, so declare this resource
 * after one (`dependsOn: [pipe]`); before that, `pulumi up` fails with a message saying so. Creating the resource
 * takes the capacity over (it takes no `adoptId`), deleting it only forgets it (the API has no delete; the capacity
 * goes away with the last database pipe).
 *
 * Sizes: `replicaCpuMillicores` 1000 to 32000 in steps of 1000, `replicaMemoryGb` 4 to 128 in steps of 4, always
 * 4 GB per core (2 cores and 8 GB are one billed compute unit); declare one and the other follows. Omit both to only
 * report the current sizes. A change waits, within `timeouts.update` (default 10 minutes), until the service reports
 * the new sizes, which can take a few minutes. The platform rescales when the organization's tier changes: a refresh
 * shows that as drift.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const cdcScaling = new obs.PipesCdcScaling("cdc-scaling", { replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
 * ```
 */
export class PipesCdcScaling extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The service and its CDC sizes; everything is optional.
     * @param opts Resource options.
     */
    constructor(name: string, args: PipesCdcScalingArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
