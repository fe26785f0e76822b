import { z } from "zod";
import type { Checker } from "./check";

/** One write-only secret: a string field (`leaves` undefined) or an object field and its string keys. */
export interface NeededSecret {
    field: string;
    leaves?: string[];
}

/** Stands for a secret value while `check` decides which secrets an object needs; never written anywhere. */
const PLACEHOLDER = "x";

/**
 * The secrets an object needs, as its kind's schema decides them by the object's other inputs: starting from none,
 * each field `check` asks for gets the first form of `secretsSchema` (the kind's `secrets` input) it accepts. Returns
 * the placeholders (for `check`) and the shape, or undefined when no form satisfies `check`.
 */
export async function neededSecrets(
    check: Checker,
    secretsSchema: z.ZodObject,
    inputs: Record<string, unknown>,
): Promise<{ placeholders?: Record<string, unknown>; needed: NeededSecret[] } | undefined> {
    const secrets: Record<string, unknown> = {};
    const failingFields = async () => {
        const { failures } = await check(Object.keys(secrets).length === 0 ? inputs : { ...inputs, secrets });
        return [...new Set(failures.filter((f) => f.property.startsWith("secrets.")).map((f) => f.property.split(/[.[]/)[1]))];
    };
    const shape = secretsSchema.shape as Record<string, z.ZodType>;
    let pending = await failingFields();
    while (pending.length > 0) {
        const field = pending[0];
        if (secrets[field] !== undefined || !(field in shape)) return undefined;
        let accepted = false;
        for (const candidate of forms(shape[field])) {
            secrets[field] = candidate;
            pending = await failingFields();
            if (!pending.includes(field)) {
                accepted = true;
                break;
            }
        }
        if (!accepted) return undefined;
    }
    const needed = Object.entries(secrets).map(([field, value]) => (typeof value === "string" ? { field } : { field, leaves: Object.keys(value as object) }));
    return { placeholders: needed.length === 0 ? undefined : secrets, needed };
}

/** Placeholder values of every form a secret field takes, smallest first (an object's required keys, then all). */
function forms(schema: z.ZodType): unknown[] {
    if (schema instanceof z.ZodOptional) return forms(schema.unwrap() as z.ZodType);
    if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(forms);
    if (schema instanceof z.ZodObject) {
        const keys = Object.keys(schema.shape);
        const required = keys.filter((key) => !(schema.shape[key] instanceof z.ZodOptional));
        const keySets = required.length < keys.length ? [required, keys] : [keys];
        return keySets.map((set) => Object.fromEntries(set.map((key) => [key, PLACEHOLDER])));
    }
    return [PLACEHOLDER];
}
