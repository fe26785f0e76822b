/**
 * Root hooks of the live suite (`npm run test:live`): it fails at once, saying how to start a server, when none is
 * named; after the run it deletes whatever the run's prefix still names on the server, and tells how many requests
 * the suite's own raw client sent.
 */
import { liveServer, PacedClient, RUN_PREFIX } from "./server";
import { sweep } from "./sweep";

let raw: PacedClient | undefined;

/** The raw client every live file shares (one key, one pace). */
export function sharedRawClient(): PacedClient {
    raw ??= new PacedClient(liveServer());
    return raw;
}

export const mochaHooks = {
    beforeAll(): void {
        liveServer();
    },
    async afterAll(): Promise<void> {
        if (!raw) return;
        const swept = await sweep(raw, RUN_PREFIX);
        if (swept.length > 0) console.log(`  swept ${swept.length} objects the run left: ${swept.map((s) => `${s.collection}/${s.id}`).join(", ")}`);
        console.log(`  raw requests of the live suite: ${JSON.stringify(raw.sent)}, waited ${Math.round(raw.waitedMs / 1000)} s for rate-limit windows`);
    },
};
