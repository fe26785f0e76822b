import assert from "node:assert/strict";
import type { Emulator } from "../emulator";

type Variant = "self-hosted" | "managed";

/**
 * Talks to the emulator's observability API of one variant directly, as a person using the web UI or a script
 * would: `call` answers the unwrapped payload and asserts a 200; `team` is the variant's store, for out-of-band edits.
 */
export function directApi(emu: Emulator, variant: Variant) {
    const { apiKey, keyId, keySecret, organizationId, serviceId } = emu.credentials;
    const base = variant === "self-hosted" ? `${emu.url}/api/v2` : `${emu.url}/v1/organizations/${organizationId}/services/${serviceId}/observability`;
    const authorization = variant === "self-hosted" ? `Bearer ${apiKey}` : `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
    return {
        /** The path prefix of the variant's observability API, as the emulator records request paths. */
        prefix: new URL(base).pathname,
        async call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
            const res = await fetch(`${base}${path}`, {
                method,
                headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
                body: body === undefined ? undefined : JSON.stringify(body),
            });
            const json = (await res.json()) as Record<string, unknown>;
            assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(json)}`);
            return (variant === "self-hosted" ? json.data : json.result) as Record<string, unknown>;
        },
        team: () => (variant === "self-hosted" ? emu.store.selfHosted : emu.store.managed),
    };
}
