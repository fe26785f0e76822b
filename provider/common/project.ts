import { z } from "zod";

/**
 * The part of a reported value that a schema describes: keys the schema does not declare are dropped (at any
 * depth, through optional, default, nullable and transformed schemas), and so are `null` values, which the
 * APIs use for "unset". Nothing is validated: a value of the wrong type is kept, so it shows up as drift.
 */
export function projectOnto(schema: z.ZodType, value: unknown): unknown {
    if (value === null || value === undefined) return undefined;
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
        return projectOnto(schema.unwrap() as z.ZodType, value);
    }
    if (schema instanceof z.ZodPipe) return projectOnto(schema.in as z.ZodType, value);
    if (schema instanceof z.ZodObject) {
        if (typeof value !== "object" || Array.isArray(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [key, inner] of Object.entries(schema.shape)) {
            const projected = projectOnto(inner as z.ZodType, (value as Record<string, unknown>)[key]);
            if (projected !== undefined) out[key] = projected;
        }
        return out;
    }
    if (schema instanceof z.ZodArray) {
        if (!Array.isArray(value)) return value;
        return value.map((item) => projectOnto(schema.element as z.ZodType, item) ?? null);
    }
    return value;
}

/** A resource's input schema: one object, or a union of objects discriminated by a key (one per kind). */
export type InputSchema = z.ZodObject | z.ZodDiscriminatedUnion<z.ZodObject[]>;

/** Every top-level input key the schema knows, across all of a union's objects. */
export function inputKeysOf(schema: InputSchema): string[] {
    const objects = schema instanceof z.ZodObject ? [schema] : schema.options;
    return [...new Set(objects.flatMap((object) => Object.keys(object.shape)))];
}
