/** Raw HTTP calls against an emulator, for tests that assert on the wire itself (no provider in between). */
import type { Emulator } from "../emulator";

/** The observability variants: `/api/v2` and the managed service's `/observability` routes. */
export type Variant = "self-hosted" | "managed";

export interface RawResponse {
    status: number;
    headers: Headers;
    text: string;
    /** The parsed body, or undefined when it was not JSON. */
    json: any;
}

/** Thin fetch helpers for both APIs of one emulator, authenticated with its credentials unless told otherwise. */
export function emulatorClient(emu: Emulator) {
    const { apiKey, keyId, keySecret, organizationId, serviceId } = emu.credentials;
    const basic = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
    const managed = `/v1/organizations/${organizationId}/services/${serviceId}/observability`;
    /**
     * @param path absolute path (`/api/v2/...` or `/v1/...`)
     * @param body JSON-encoded unless already a string
     * @param authorization `null` sends none; undefined sends the right key for the API
     */
    const call = async (path: string, method = "GET", body?: unknown, authorization?: string | null): Promise<RawResponse> => {
        const headers: Record<string, string> = {};
        const auth = authorization === undefined ? (path.startsWith("/v1") ? basic : `Bearer ${apiKey}`) : authorization;
        if (auth !== null) headers.Authorization = auth;
        if (body !== undefined) headers["Content-Type"] = "application/json";
        const res = await fetch(emu.url + path, {
            method,
            headers,
            body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        });
        const text = await res.text();
        let json: any;
        try {
            json = JSON.parse(text);
        } catch {
            json = undefined;
        }
        return { status: res.status, headers: res.headers, text, json };
    };
    /** The path of an observability resource in one variant (`/sources` → `/api/v2/sources`). */
    const path = (variant: Variant, resource: string): string => (variant === "self-hosted" ? "/api/v2" : managed) + resource;
    return {
        call,
        managed,
        basic,
        path,
        /** A call to an observability resource of one variant. */
        on: (variant: Variant, resource: string, method = "GET", body?: unknown) => call(path(variant, resource), method, body),
        /** The payload of a success: `data` (self-hosted) or `result` (cloud). */
        payload: (res: RawResponse): any => (res.json && "result" in res.json ? res.json.result : res.json?.data),
        /** The error message of a failure without the cloud's `CODE: ` prefix; the raw text when it is not JSON. */
        message: (res: RawResponse): string => {
            if (res.json?.message !== undefined) return String(res.json.message);
            if (res.json?.error !== undefined) return String(res.json.error).replace(/^[A-Z_]+: /, "");
            return res.text;
        },
    };
}
