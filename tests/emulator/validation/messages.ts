import type { ErrorObject } from "ajv";

const COMBINATORS = new Set(["oneOf", "anyOf", "allOf", "if", "not"]);

/**
 * One zod-style issue (`{path: "tiles.0.x", message: "must be <= 23"}`) from ajv's errors: the most specific
 * leaf error wins, since combinator errors only say that some branch failed.
 */
export function firstIssue(errors: ErrorObject[]): { path: string; message: string } {
    const leaves = errors.filter((e) => !COMBINATORS.has(e.keyword));
    const candidates = leaves.length > 0 ? leaves : errors;
    const depth = (e: ErrorObject): number => issuePath(e).length;
    const best = candidates.reduce((a, b) => (depth(b) > depth(a) ? b : a));
    return { path: issuePath(best).join("."), message: issueMessage(best) };
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
            return `Invalid enum value. Expected ${allowed.map((v) => (typeof v === "string" ? `'${v}'` : String(v))).join(" | ")}`;
        }
        case "const":
            return `Invalid literal value, expected ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
        case "type":
            return `Expected ${String((error.params as { type: unknown }).type)}, received ${describeType(error.data)}`;
        default:
            return error.message ?? "Invalid input";
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
