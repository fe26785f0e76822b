import assert from "node:assert/strict";
import type { Emulator } from "../emulator";
import { emulatorClient, type Variant } from "./emulatorClient";

/**
 * The observability API of one variant as a person using the web UI or a script would use it: `call` answers the
 * unwrapped payload and asserts a 200; `team` is the variant's store, for out-of-band edits.
 */
export function directApi(emu: Emulator, variant: Variant) {
    const client = emulatorClient(emu);
    return {
        /** The path prefix of the variant's observability API, as the emulator records request paths. */
        prefix: client.path(variant, ""),
        async call(method: string, resource: string, body?: unknown): Promise<Record<string, unknown>> {
            const res = await client.on(variant, resource, method, body);
            assert.equal(res.status, 200, `${method} ${resource}: ${res.text}`);
            return client.payload(res) as Record<string, unknown>;
        },
        team: () => (variant === "self-hosted" ? emu.store.selfHosted : emu.store.managed),
    };
}
