import { z } from "zod";

/** 24-character lowercase hexadecimal object id of the observability API. */
export const hex24 = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character lowercase hexadecimal id");

/** UUID of the cloud API (organizations, services, pipes). */
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a UUID");

/**
 * Builds a path from literal parts and parameters; every parameter is percent-encoded, so no value
 * can add a path segment or a query. Empty and dot parameters are refused: encoding leaves them as they
 * are, and a URL parser would drop (`.`) or climb (`..`) the segment, or the path would name the collection.
 */
export function path(strings: TemplateStringsArray, ...params: string[]): string {
    const segment = (param: string) => {
        if (param === "" || param === "." || param === "..") throw new Error(`not a path segment: ${JSON.stringify(param)}`);
        return encodeURIComponent(param);
    };
    return strings.reduce((out, part, i) => out + part + (i < params.length ? segment(params[i]) : ""), "");
}
