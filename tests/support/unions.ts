/** Every union of the kinds' schemas, found by walking them, so that a new union is covered by the tests at once. */
import { z } from "zod";
import { unwrapped } from "../../provider/common/schemaIssues";
import { registry } from "../../provider/index";

/** One variant of a union: its keys, those it requires, a value read as it, and the discriminators that value sets. */
export interface UnionVariant {
    keys: string[];
    required: string[];
    /** The variant's tags and discriminators set (a literal's or an enum's first value), every other key null. */
    value: Record<string, unknown>;
    discriminators: Record<string, unknown>;
}

/** A union of a kind's schema, where it is (`tiles[].config`, `` for the resource itself), and its variants. */
export interface FoundUnion {
    kind: string;
    at: string;
    union: z.ZodUnion;
    variants: UnionVariant[];
}

/** A literal's or an enum's first value: what tags a variant. */
function tagValue(schema: z.ZodType): unknown {
    const inner = unwrapped(schema);
    if (inner instanceof z.ZodLiteral) return inner.values.values().next().value;
    if (inner instanceof z.ZodEnum) return inner.options[0];
    return undefined;
}

/** The object variants of `schema` (a union's option), nested unions followed, each with the discriminators that lead to it. */
function variantsOf(schema: z.ZodType, discriminators: Record<string, unknown>): UnionVariant[] {
    const inner = unwrapped(schema);
    if (inner instanceof z.ZodObject) {
        const shape = inner.shape as Record<string, z.ZodType>;
        const keys = Object.keys(shape);
        const value = Object.fromEntries(keys.map((key) => [key, tagValue(shape[key]) ?? null]));
        // Required: refused when left out (no optional, no default).
        const required = keys.filter((key) => !shape[key].safeParse(undefined).success);
        return [{ keys, required, value: { ...value, ...discriminators }, discriminators }];
    }
    if (!(inner instanceof z.ZodUnion)) return [];
    const discriminator = inner instanceof z.ZodDiscriminatedUnion ? String(inner.def.discriminator) : undefined;
    return (inner.options as z.ZodType[]).flatMap((option) => {
        const tag = discriminator === undefined ? undefined : [...(option._zod.propValues?.[discriminator] ?? [])].find((v) => v !== undefined);
        return variantsOf(option, discriminator === undefined || tag === undefined ? discriminators : { ...discriminators, [discriminator]: tag });
    });
}

/** Every union in `schema`, outermost first; a union nested as another's option counts as the outer one's variants. */
function unionsIn(kind: string, schema: z.ZodType, at: string, seen: Set<z.ZodType>): FoundUnion[] {
    const inner = unwrapped(schema);
    if (seen.has(inner)) return [];
    seen.add(inner);
    if (inner instanceof z.ZodObject)
        return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, value]) => unionsIn(kind, value, at ? `${at}.${key}` : key, seen));
    if (inner instanceof z.ZodArray) return unionsIn(kind, inner.element as z.ZodType, `${at}[]`, seen);
    if (inner instanceof z.ZodRecord) return unionsIn(kind, inner.valueType as z.ZodType, `${at}{}`, seen);
    if (!(inner instanceof z.ZodUnion)) return [];
    const variants = variantsOf(inner, {});
    const nested = (inner.options as z.ZodType[]).flatMap((option) => {
        const own = unwrapped(option);
        return own instanceof z.ZodUnion ? (own.options as z.ZodType[]).flatMap((o) => unionsIn(kind, o, at, seen)) : unionsIn(kind, option, at, seen);
    });
    return [...(variants.length > 0 ? [{ kind, at, union: inner, variants }] : []), ...nested];
}

/** Every union of object variants in the schemas of the registry's kinds. */
export function kindUnions(): FoundUnion[] {
    return Object.entries(registry).flatMap(([kind, entry]) => unionsIn(kind, entry.provider.definition.schema as z.ZodType, "", new Set()));
}
