import type { ConfigurableProvider } from "../../provider/engine/dynamicProvider";
import { sameValue } from "../../provider/engine/values";

/** A `check` failure: the property path and the reason, as `pulumi preview` would show them. */
export interface CheckFailure {
    property: string;
    reason: string;
}

/** The provider's own `check`: the checked, normalized inputs or the failures. */
export type Checker = (inputs: Record<string, unknown>) => Promise<{ inputs?: Record<string, unknown>; failures: CheckFailure[] }>;

/** `check` of a provider, run in this process without any request (check never calls the API). */
export function checkerOf(provider: ConfigurableProvider): Checker {
    return async (inputs) => {
        if (!provider.check) throw new Error("the provider has no check");
        const result = await provider.check({}, inputs);
        return { inputs: result.inputs as Record<string, unknown> | undefined, failures: (result.failures ?? []) as CheckFailure[] };
    };
}

/** Inputs that never describe the remote object. */
const LOCAL_KEYS = new Set(["timeouts", "adoptId", "__provider"]);

/** A declaration settled against `check`. */
export type Settled =
    | { ok: true; declared: Record<string, unknown>; drift: string[] }
    | { ok: false; failures: CheckFailure[] };

/**
 * The smallest declaration whose `check` result equals that of the read inputs: keys the schema would default
 * to the same value are left out (`keep` names those to write anyway). `drift` lists the keys where `check` of
 * the read inputs differs from them, i.e. where a refresh after the apply would report a change (expected empty).
 */
export async function settle(check: Checker, read: Record<string, unknown>, keep: readonly string[]): Promise<Settled> {
    const full = await check(read);
    if (!full.inputs || full.failures.length > 0) return { ok: false, failures: full.failures };
    const checked = full.inputs;
    const keys = new Set([...Object.keys(read), ...Object.keys(checked)].filter((key) => !LOCAL_KEYS.has(key)));
    const drift = [...keys].filter((key) => !sameValue(read[key], checked[key]));
    let declared = { ...read };
    for (const key of Object.keys(read)) {
        if (keep.includes(key)) continue;
        const { [key]: _dropped, ...candidate } = declared;
        const result = await check(candidate);
        if (result.inputs && result.failures.length === 0 && sameValue(result.inputs, checked)) declared = candidate;
    }
    return { ok: true, declared, drift };
}
