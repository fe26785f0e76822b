/**
 * Root hooks of the live suite (`npm run test:live`): it fails at once, saying how to start a server, when none is
 * named; after the run it deletes whatever the run's prefix still names on the server (the users made for more keys
 * among them), and tells how many requests the suite's own raw clients sent.
 */
import { moreKeys } from "./keys";
import { type LiveServer, liveServer, PacedClient, RUN_PREFIX } from "./server";
import { sweep } from "./sweep";

/** How many more keys the whole-stack scenarios take turns with (the differential check has the given one). */
const MORE_KEYS = 3;

let raw: PacedClient | undefined;
let pool: Promise<{ server: LiveServer; raw: PacedClient }[]> | undefined;

/** The raw client of the given key, which every live file shares (one key, one pace). */
export function sharedRawClient(): PacedClient {
    raw ??= new PacedClient(liveServer());
    return raw;
}

/** The keys the scenarios take turns with, each with its own paced client, made once per run. */
export function keyPool(): Promise<{ server: LiveServer; raw: PacedClient }[]> {
    pool ??= moreKeys(sharedRawClient(), liveServer(), RUN_PREFIX, MORE_KEYS).then((keys) => keys.map((server) => ({ server, raw: new PacedClient(server) })));
    return pool;
}

export const mochaHooks = {
    beforeAll(): void {
        liveServer();
    },
    async afterAll(): Promise<void> {
        if (!raw) return;
        const sent: Record<string, number> = { ...raw.sent };
        let waitedMs = raw.waitedMs;
        for (const key of pool ? await pool : []) {
            for (const [method, n] of Object.entries(key.raw.sent)) sent[method] = (sent[method] ?? 0) + n;
            waitedMs += key.raw.waitedMs;
        }
        const swept = await sweep(raw, RUN_PREFIX);
        if (swept.length > 0) console.log(`  swept ${swept.length} objects the run left: ${swept.map((s) => `${s.collection}/${s.id}`).join(", ")}`);
        console.log(`  raw requests of the live suite: ${JSON.stringify(sent)}, waited ${Math.round(waitedMs / 1000)} s for rate-limit windows`);
    },
};
