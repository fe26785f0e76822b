import { z } from "zod";

/** The capacity as the cloud API returns it (§6.1); a quantity may come back as a numeric string. */
export const wireCdcScaling = z
    .looseObject({ replicaCpuMillicores: z.coerce.number().nullish(), replicaMemoryGb: z.coerce.number().nullish() })
    .transform((scaling) => ({ replicaCpuMillicores: scaling.replicaCpuMillicores ?? 0, replicaMemoryGb: scaling.replicaMemoryGb ?? 0 }));

export type CdcScaling = z.output<typeof wireCdcScaling>;

/** Whether the service reports the declared sizes. */
export function reports(current: CdcScaling, desired: CdcScaling): boolean {
    return current.replicaCpuMillicores === desired.replicaCpuMillicores && current.replicaMemoryGb === desired.replicaMemoryGb;
}
