import { badRequest, ContractViolation } from "../../http/apiError";
import { CDC_KINDS, type PipesState } from "../../routes/pipes";
import type { CloudState } from "../../store";

/** The service's CDC capacity, shared by all its database pipes (contract-extended §6). */
export interface CdcScaling {
    replicaCpuMillicores: number;
    replicaMemoryGb: number;
}

export interface CdcScalingBehaviour {
    /** GETs after a PATCH that still report the old values before the new ones apply (default 1). */
    propagationReads: number;
    /** A PATCH is accepted but never applied (to exercise a client's bounded wait). */
    neverApplies: boolean;
}

export interface CdcScalingState {
    /** The applied values; undefined while the service has no database pipe infrastructure. */
    current: CdcScaling | undefined;
    /** A PATCH still propagating: applied once `readsLeft` more GETs have seen the old values. */
    pending: { target: CdcScaling; readsLeft: number } | undefined;
    behaviour: CdcScalingBehaviour;
}

/** What the infrastructure starts with when the first database pipe is provisioned: one compute unit. */
export const CDC_DEFAULTS: CdcScaling = { replicaCpuMillicores: 2000, replicaMemoryGb: 8 };
const GB_PER_CORE = 4;

/** The CDC scaling of the emulator's service; set `current` to mimic a platform rescale (drift). */
export function cdcScalingState(cloud: CloudState): CdcScalingState {
    return cloud.moduleState<CdcScalingState>("pipesCdcScaling", () => ({
        current: undefined,
        pending: undefined,
        behaviour: { propagationReads: 1, neverApplies: false },
    }));
}

/**
 * The infrastructure exists once a database pipe got past `Provisioning` and goes away with the last one
 * (§6.3): before that, and after it, every call answers 400 and the values are forgotten.
 */
export function availableScaling(state: CdcScalingState, pipes: PipesState): CdcScaling {
    const provisioned = [...pipes.pipes.values()].some((pipe) => CDC_KINDS.includes(pipe.kind) && pipe.state !== "Provisioning");
    if (!provisioned) {
        state.current = undefined;
        state.pending = undefined;
        throw badRequest("CDC scaling is not available: it becomes available once at least one database pipe was provisioned in this service");
    }
    state.current ??= { ...CDC_DEFAULTS };
    return state.current;
}

/** A GET: the old values while a PATCH propagates, the new ones after `propagationReads` GETs. */
export function readScaling(state: CdcScalingState, pipes: PipesState): CdcScaling {
    const current = availableScaling(state, pipes);
    const { pending } = state;
    if (!pending || state.behaviour.neverApplies) return { ...current };
    if (pending.readsLeft > 0) {
        pending.readsLeft--;
        return { ...current };
    }
    state.current = pending.target;
    state.pending = undefined;
    return { ...state.current };
}

/** A PATCH: fields left out keep their (requested) values; memory must be 4 GiB per core. Answers the accepted values. */
export function patchScaling(state: CdcScalingState, pipes: PipesState, body: Partial<CdcScaling>): CdcScaling {
    const current = availableScaling(state, pipes);
    const target: CdcScaling = { ...(state.pending?.target ?? current), ...definedOnly(body) };
    const cores = target.replicaCpuMillicores / 1000;
    if (target.replicaMemoryGb !== cores * GB_PER_CORE) {
        throw new ContractViolation(
            "replicaMemoryGb",
            `must be ${GB_PER_CORE} GiB per CPU core: ${cores * GB_PER_CORE} for ${target.replicaCpuMillicores} millicores, got ${target.replicaMemoryGb}`,
        );
    }
    state.pending = { target, readsLeft: state.behaviour.propagationReads };
    if (state.behaviour.propagationReads === 0 && !state.behaviour.neverApplies) {
        state.current = target;
        state.pending = undefined;
    }
    return { ...target };
}

function definedOnly(body: Partial<CdcScaling>): Partial<CdcScaling> {
    const out: Partial<CdcScaling> = {};
    if (typeof body.replicaCpuMillicores === "number") out.replicaCpuMillicores = body.replicaCpuMillicores;
    if (typeof body.replicaMemoryGb === "number") out.replicaMemoryGb = body.replicaMemoryGb;
    return out;
}
