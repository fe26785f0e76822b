import type { ErrorObject } from "ajv";

const COMBINATORS = new Set(["oneOf", "anyOf", "allOf", "if", "not"]);

/**
 * Which words a failure is told in: the self-hosted server validates with zod 3 and answers its English messages
 * (`Number must be greater than or equal to 1`); the emulator's own words (ajv's, `must be >= 1`) stand for the cloud.
 */
export type MessageDialect = "zod" | "ajv";

/**
 * Marks the schema a discriminated union's tag is checked against (see `schemaConvert.ts`): the self-hosted server's
 * `z.discriminatedUnion` refuses a missing or unknown tag as an invalid discriminator, not as a missing field or enum.
 */
export const DISCRIMINATOR_MARK = "x-discriminator";

/**
 * One zod-style issue (`{path: "tiles.0.x", message: "must be <= 23"}`) from ajv's errors: the most specific
 * leaf error wins, since combinator errors only say that some branch failed.
 * @param errors ajv's errors
 * @param dialect the words of the server emulated
 */
export function firstIssue(errors: ErrorObject[], dialect: MessageDialect = "ajv"): { path: string; message: string } {
    const leaves = errors.filter((e) => !COMBINATORS.has(e.keyword));
    const candidates = leaves.length > 0 ? leaves : errors;
    const depth = (e: ErrorObject): number => issuePath(e).length;
    const best = candidates.reduce((a, b) => (depth(b) > depth(a) ? b : a));
    return { path: issuePath(best).join("."), message: (dialect === "zod" && zodMessage(best)) || issueMessage(best) };
}

function issuePath(error: ErrorObject): string[] {
    const parts = error.instancePath === "" ? [] : error.instancePath.slice(1).split("/").map(unescapePointer);
    if (error.keyword === "required") parts.push(String((error.params as { missingProperty: string }).missingProperty));
    return parts;
}

function issueMessage(error: ErrorObject): string {
    switch (error.keyword) {
        case "required":
            return "Required";
        case "enum": {
            const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
            return `Invalid enum value. Expected ${quoted(allowed)}`;
        }
        case "const":
            return `Invalid literal value, expected ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
        case "type":
            return `Expected ${String((error.params as { type: unknown }).type)}, received ${describeType(error.data)}`;
        default:
            return error.message ?? "Invalid input";
    }
}

const quoted = (values: readonly unknown[]): string => values.map((v) => (typeof v === "string" ? `'${v}'` : String(v))).join(" | ");

/** What zod 3's English error map says for the error (zod/v3/locales/en), or undefined where ajv's words are kept. */
function zodMessage(error: ErrorObject): string | undefined {
    const parent = error.parentSchema as Record<string, unknown> | undefined;
    const limit = (error.params as { limit?: unknown }).limit;
    switch (error.keyword) {
        case "required": {
            if (parent?.[DISCRIMINATOR_MARK] === undefined) return undefined;
            return `Invalid discriminator value. Expected ${quoted(parent[DISCRIMINATOR_MARK] as unknown[])}`;
        }
        case "enum": {
            const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
            if (parent?.[DISCRIMINATOR_MARK] !== undefined) return `Invalid discriminator value. Expected ${quoted(allowed)}`;
            return `Invalid enum value. Expected ${quoted(allowed)}, received '${String(error.data)}'`;
        }
        case "minimum":
            return `Number must be greater than or equal to ${String(limit)}`;
        case "exclusiveMinimum":
            return `Number must be greater than ${String(limit)}`;
        case "maximum":
            return `Number must be less than or equal to ${String(limit)}`;
        case "exclusiveMaximum":
            return `Number must be less than ${String(limit)}`;
        case "minLength":
            return `String must contain at least ${String(limit)} character(s)`;
        case "maxLength":
            return `String must contain at most ${String(limit)} character(s)`;
        case "minItems":
            return `Array must contain at least ${String(limit)} element(s)`;
        case "maxItems":
            return `Array must contain at most ${String(limit)} element(s)`;
        default:
            return undefined;
    }
}

function describeType(value: unknown): string {
    if (value === null) return "null";
    if (Array.isArray(value)) return "array";
    return typeof value;
}

function unescapePointer(segment: string): string {
    return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
