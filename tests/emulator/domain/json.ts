import type { Json, JsonObject } from "../store/types";

export function isObject(value: unknown): value is JsonObject {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value as an object, or an empty one (request bodies are validated before they reach the domain). */
export function asObject(value: unknown): JsonObject {
    return isObject(value) ? value : {};
}

export function asArray(value: unknown): Json[] {
    return Array.isArray(value) ? (value as Json[]) : [];
}

/** A copy of `source` holding only `keys` that are present (unknown keys are dropped like the server does). */
export function pick(source: JsonObject, keys: Iterable<string>): JsonObject {
    const out: JsonObject = {};
    for (const key of keys) if (source[key] !== undefined) out[key] = structuredClone(source[key]);
    return out;
}

export function has(source: JsonObject, key: string): boolean {
    return Object.prototype.hasOwnProperty.call(source, key) && source[key] !== undefined;
}
