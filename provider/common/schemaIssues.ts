import { z } from "zod";
import { valueAt } from "./values";

/** A refusal of `check`: where (a property path) and why. */
export interface SchemaFailure {
    path: PropertyKey[];
    message: string;
}

type Issue = z.core.$ZodIssue;
type Shape = Record<string, z.ZodType>;

/** A variant's properties are listed in the refusal of an unknown key when there are at most this many. */
const MAX_LISTED = 16;

/** A union's variant as a value is read: the object schema its keys are checked against, and what told it apart. */
interface Variant {
    object: z.ZodObject | undefined;
    /** How the variant is named, e.g. `` `type: "sql"` ``; empty when nothing tags it (its keys tell it apart). */
    label: string;
}

/**
 * The refusals of `schema` for `input`, each at the property to fix. An unknown key is named at its own path
 * (`tiles[0].config.selcet`), one refusal per key; inside a union (discriminated or not), the refusal also names the
 * variant the object was read as and the properties that variant takes, and a union's `Invalid input` is replaced by
 * the refusals of that variant.
 * @param schema the schema `input` was parsed with
 * @param input the value parsed (what tells a union's variants apart)
 * @param issues the parse's issues to report
 */
export function schemaFailures(schema: z.ZodType, input: unknown, issues: readonly Issue[]): SchemaFailure[] {
    return issues.flatMap((issue) => failuresOf(schema, input, issue));
}

function failuresOf(schema: z.ZodType, input: unknown, issue: Issue): SchemaFailure[] {
    const path = issue.path as PropertyKey[];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
        const chosen = unionAt(schema, input, path);
        if (chosen) return issue.errors[chosen.index].flatMap((inner) => failuresOf(schema, input, { ...inner, path: [...path, ...inner.path] }));
    }
    if (issue.code !== "unrecognized_keys") return [{ path, message: issue.message }];
    const variant = variantAt(schema, input, path);
    const known = variant?.object ? Object.keys(variant.object.shape).map((key) => `\`${key}\``) : [];
    const read = variant?.label ? `the ${variant.label} variant` : "the variant it was read as";
    const takes = known.length > 0 && known.length <= MAX_LISTED ? `, which takes ${known.join(", ")}` : "";
    const where = variant ? `not a property of ${read}${takes}` : "not an input of this resource";
    return issue.keys.map((key) =>
        /^[A-Za-z_$][\w$]*$/.test(key)
            ? { path: [...path, key], message: `unknown property (a typo?): ${where}` }
            : { path, message: `unknown property ${JSON.stringify(key)} (a typo?): ${where}` },
    );
}

/**
 * The schema a value is checked against, through optional, nullable, default, transformed and lazy schemas.
 * @param schema a property's schema, as declared
 */
export function unwrapped(schema: z.ZodType): z.ZodType {
    if (
        schema instanceof z.ZodOptional ||
        schema instanceof z.ZodNullable ||
        schema instanceof z.ZodDefault ||
        schema instanceof z.ZodPrefault ||
        schema instanceof z.ZodReadonly ||
        schema instanceof z.ZodNonOptional ||
        schema instanceof z.ZodCatch
    )
        return unwrapped(schema.unwrap() as z.ZodType);
    if (schema instanceof z.ZodPipe) return unwrapped(schema.in as z.ZodType);
    if (schema instanceof z.ZodLazy) return unwrapped(schema.unwrap() as z.ZodType);
    return schema;
}

/** The schema of the property `key` of `value` (read as its union's variant when the schema is a union). */
function child(schema: z.ZodType, value: unknown, key: PropertyKey): z.ZodType | undefined {
    const inner = unwrapped(schema);
    if (inner instanceof z.ZodUnion) {
        const chosen = readAs(inner, value);
        return chosen && child(chosen.schema, value, key);
    }
    if (inner instanceof z.ZodObject) return (inner.shape as Shape)[String(key)];
    if (inner instanceof z.ZodArray) return inner.element as z.ZodType;
    if (inner instanceof z.ZodRecord) return inner.valueType as z.ZodType;
    return undefined;
}

/** The schema at `path` of `input`, unwrapped. */
function schemaAt(schema: z.ZodType, input: unknown, path: readonly PropertyKey[]): z.ZodType | undefined {
    let current: z.ZodType | undefined = schema;
    for (let i = 0; i < path.length && current; i++) current = child(current, valueAt(input, path.slice(0, i)), path[i]);
    return current && unwrapped(current);
}

/** The union at `path` and the index of the variant its value is read as. */
function unionAt(schema: z.ZodType, input: unknown, path: readonly PropertyKey[]): { index: number } | undefined {
    const union = schemaAt(schema, input, path);
    if (!(union instanceof z.ZodUnion)) return undefined;
    const chosen = readAs(union, valueAt(input, path));
    return chosen && { index: chosen.index };
}

/** The variant of the union (nested unions followed) that the object at `path` is read as, if it is one. */
function variantAt(schema: z.ZodType, input: unknown, path: readonly PropertyKey[]): Variant | undefined {
    let current = schemaAt(schema, input, path);
    const value = valueAt(input, path);
    const labels: string[] = [];
    let unions = 0;
    while (current instanceof z.ZodUnion) {
        const chosen = readAs(current, value);
        if (!chosen) return undefined;
        unions++;
        if (chosen.label) labels.push(chosen.label);
        current = unwrapped(chosen.schema);
    }
    if (unions === 0) return undefined;
    return { object: current instanceof z.ZodObject ? current : undefined, label: labels.join(", ") };
}

/**
 * The variant of a union a value is read as: by its discriminator; otherwise among the variants whose tags (keys
 * holding a literal or an enum) accept the value's, the one that leaves fewest of the value's keys unknown, then the
 * one with the fewest refusals. Undefined for a value that is no object.
 */
function readAs(union: z.ZodUnion, value: unknown): { index: number; schema: z.ZodType; label: string } | undefined {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const options = union.options as z.ZodType[];
    const discriminator = union instanceof z.ZodDiscriminatedUnion ? String(union.def.discriminator) : undefined;
    if (discriminator !== undefined) {
        const tag = record[discriminator];
        const index = options.findIndex((option) => option._zod.propValues?.[discriminator]?.has(tag as never));
        return index < 0 ? undefined : { index, schema: options[index], label: tag === undefined ? "" : `\`${discriminator}: ${JSON.stringify(tag)}\`` };
    }
    const shapes = options.map((option) => {
        const object = unwrapped(option);
        return object instanceof z.ZodObject ? (object.shape as Shape) : {};
    });
    // The keys every variant tags with a literal or an enum (`type`), which tell them apart.
    const tags = Object.keys(shapes[0] ?? {}).filter((key) => shapes.every((shape) => key in shape && isTag(shape[key])));
    const scored = options.map((option, index) => {
        const shape = shapes[index];
        const fits = tags.every((key) => record[key] === undefined || shape[key].safeParse(record[key]).success);
        const unknownKeys = Object.keys(record).filter((key) => !(key in shape)).length;
        const refusals = option.safeParse(value).error?.issues.length ?? 0;
        const named = tags.map((key) => [key, record[key] ?? shape[key].safeParse(undefined).data] as const).filter(([, tag]) => tag !== undefined);
        return { index, schema: option, fits, unknownKeys, refusals, label: named.map(([key, tag]) => `\`${key}: ${JSON.stringify(tag)}\``).join(", ") };
    });
    const candidates = scored.some((s) => s.fits) ? scored.filter((s) => s.fits) : scored;
    return candidates.reduce((best, s) => (s.unknownKeys < best.unknownKeys || (s.unknownKeys === best.unknownKeys && s.refusals < best.refusals) ? s : best));
}

/** A key that tells variants apart: a literal or an enum (with or without a default). */
function isTag(schema: z.ZodType): boolean {
    const inner = unwrapped(schema);
    return inner instanceof z.ZodLiteral || inner instanceof z.ZodEnum;
}
