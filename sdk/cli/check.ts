import type { ConfigurableProvider } from "../../provider/engine/dynamicProvider";
import { sameValue } from "../../provider/common/values";

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
export type Settled = { ok: true; declared: Record<string, unknown>; drift: string[] } | { ok: false; failures: CheckFailure[] };

/**
 * The smallest declaration whose `check` result equals that of the read inputs: keys the schema would default
 * to the same value are left out, at any depth (`asRatio: false` of a tile's select item as well as a top-level
 * key; `keep` names top-level keys to write anyway). `drift` lists the keys where `check` of the read inputs
 * differs from them, i.e. where a refresh after the apply would report a change (expected empty).
 */
export async function settle(check: Checker, read: Record<string, unknown>, keep: readonly string[]): Promise<Settled> {
    const full = await check(read);
    if (!full.inputs || full.failures.length > 0) return { ok: false, failures: full.failures };
    const checked = full.inputs;
    const keys = new Set([...Object.keys(read), ...Object.keys(checked)].filter((key) => !LOCAL_KEYS.has(key)));
    const drift = [...keys].filter((key) => !sameValue(read[key], checked[key]));
    let declared = { ...read };
    const unchanged = async (candidate: Record<string, unknown>): Promise<boolean> => {
        const result = await check(candidate);
        return result.inputs !== undefined && result.failures.length === 0 && sameValue(result.inputs, checked);
    };
    // Each key of each object, outer keys first: a key is dropped when `check` then gives the same result,
    // otherwise its value is pruned in turn.
    const visit = async (at: readonly (string | number)[]): Promise<void> => {
        const node = valueAt(declared, at);
        if (Array.isArray(node)) {
            for (let i = 0; i < node.length; i++) await visit([...at, i]);
        } else if (isPlainObject(node)) {
            for (const key of Object.keys(node)) {
                if (at.length === 0 && keep.includes(key)) continue;
                const candidate = withoutKey(declared, at, key);
                if (await unchanged(candidate)) declared = candidate;
                else await visit([...at, key]);
            }
        }
    };
    await visit([]);
    return { ok: true, declared, drift };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, at: readonly (string | number)[]): unknown {
    return at.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], root);
}

/** A copy of `root` without `key` in the object at path `at`; everything off that path is shared. */
function withoutKey<T>(root: T, at: readonly (string | number)[], key: string): T {
    if (at.length === 0) {
        const { [key]: _dropped, ...rest } = root as Record<string, unknown>;
        return rest as T;
    }
    const [step, ...deeper] = at;
    if (Array.isArray(root)) return root.map((item, i) => (i === step ? withoutKey(item, deeper, key) : item)) as T;
    return { ...(root as Record<string, unknown>), [step]: withoutKey((root as Record<string | number, unknown>)[step], deeper, key) } as T;
}
