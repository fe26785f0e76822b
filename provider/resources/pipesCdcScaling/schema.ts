import { z } from "zod";
import { timeoutsSchema } from "../../common/fields";
import { type InService, serviceSchema } from "../../settings/location";

/** Memory per CPU core the service requires (contract-extended §6.2). */
export const GB_PER_CORE = 4;
const MILLICORES_PER_GB = 1000 / GB_PER_CORE;

/**
 * The CDC capacity of a cloud service, shared by all its database pipes (contract-extended §6): a singleton that
 * exists while the service has a database pipe. The ranges are the cloud API document's (`DataPipesCdcScaling`).
 */
export const pipesCdcScalingSchema = z
    .strictObject({
        ...serviceSchema,
        /**
         * CPU per replica in millicores: 1000 to 32000, in steps of 1000. When only one of the two sizes is declared,
         * the other follows from 4 GB per core; when both are omitted, the capacity is not managed (only reported).
         */
        replicaCpuMillicores: z
            .number()
            .int("must be a whole number")
            .min(1000, "must be at least 1000")
            .max(32_000, "must be at most 32000")
            .multipleOf(1000, "must be a multiple of 1000")
            .optional(),
        /** Memory per replica in GB: 4 to 128, in steps of 4, and exactly 4 GB per CPU core (`replicaCpuMillicores / 250`). */
        replicaMemoryGb: z.number().min(4, "must be at least 4").max(128, "must be at most 128").multipleOf(4, "must be a multiple of 4").optional(),
        /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers); an update waits within them until the service reports the new values. */
        timeouts: timeoutsSchema,
    })
    .superRefine((scaling, ctx) => {
        const { replicaCpuMillicores: cpu, replicaMemoryGb: memory } = scaling;
        if (typeof cpu === "number" && typeof memory === "number" && memory * MILLICORES_PER_GB !== cpu) {
            ctx.addIssue({
                code: "custom",
                path: ["replicaMemoryGb"],
                message: `must be ${GB_PER_CORE} GB per CPU core: ${cpu / MILLICORES_PER_GB} for ${cpu} millicores`,
            });
        }
    });

/** The two sizes, each derived from the other when only one is declared. */
export function withDerivedSize<T extends Pick<PipesCdcScalingInputs, "replicaCpuMillicores" | "replicaMemoryGb">>(inputs: T): T {
    const { replicaCpuMillicores: cpu, replicaMemoryGb: memory } = inputs;
    if (cpu !== undefined && memory === undefined) return { ...inputs, replicaMemoryGb: cpu / MILLICORES_PER_GB };
    if (memory !== undefined && cpu === undefined) return { ...inputs, replicaCpuMillicores: memory * MILLICORES_PER_GB };
    return inputs;
}

/** What the program declares (the public argument type derives from it). */
export type PipesCdcScalingArgs = z.input<typeof pipesCdcScalingSchema>;
/** The checked, normalized inputs. */
export type PipesCdcScalingInputs = z.output<typeof pipesCdcScalingSchema>;

/** Everything the resource reports after create, update and refresh. */
export interface PipesCdcScalingOutputs extends InService<PipesCdcScalingInputs> {
    /** The resolved service id (also the resource id). */
    serviceId: string;
    /** The CPU per replica the service reports now (whether or not it is managed). */
    replicaCpuMillicores: number;
    /** The memory per replica the service reports now (whether or not it is managed). */
    replicaMemoryGb: number;
    /** Whether this resource manages the sizes (the program declared them) or only reports them. */
    managed: boolean;
}
