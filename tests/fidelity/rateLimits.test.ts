/**
 * Fidelity to the self-hosted server's rate limiter: the headers of every answer, the shared fixed window and the
 * refusal, as the server's router configures its limiter and as the limiter library (express-rate-limit 6.7.1, the
 * version the server's lock file pins) sends them. The emulator must answer the same, since the providers pace
 * themselves by these headers.
 */
import assert from "node:assert/strict";
import { Emulator, ManualClock } from "../emulator";
import { emulatorClient } from "../support/emulatorClient";
import { UPSTREAM } from "./wireFacts";

const ROUTER = `${UPSTREAM.selfHosted} packages/api/src/routers/external-api/v2/index.ts`;
const LIBRARY = `${UPSTREAM.rateLimitLibrary} source/lib.ts`;
const STORE = `${UPSTREAM.rateLimitLibrary} source/memory-store.ts`;

describe("Fidelity to the real servers: the self-hosted rate limiter", function () {
    let emu: Emulator;
    let clock: ManualClock;
    let api: ReturnType<typeof emulatorClient>;

    beforeEach(async () => {
        clock = new ManualClock();
        emu = await Emulator.start({ clock });
        api = emulatorClient(emu);
    });
    afterEach(() => emu.close());

    const limitHeaders = (res: { headers: Headers }) =>
        ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after", "x-ratelimit-remaining"].map((name) => res.headers.get(name));

    it(`sends RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (whole seconds to the window's end, rounded up) on every limited answer, a 401 too, and no X-RateLimit-* (${ROUTER}:17-23, ${LIBRARY}:289-300)`, async () => {
        clock.advance(1_500);
        assert.deepEqual(limitHeaders(await api.call("/api/v2/dashboards")), ["100", "99", "59", null, null]);
        const refused = await api.call("/api/v2/sources", "GET", undefined, "Bearer 00000000-0000-4000-8000-000000000000");
        assert.equal(refused.status, 401);
        assert.deepEqual(limitHeaders(refused), ["100", "99", "59", null, null], "another key, its own count");
    });

    it(`counts every key in one window started with the server and renewed every 60 s: a key first used late in it gets what is left of it (${STORE}:58-66)`, async () => {
        clock.advance(50_000);
        const first = await api.call("/api/v2/webhooks");
        assert.deepEqual(limitHeaders(first), ["100", "99", "10", null, null]);
        clock.advance(10_000);
        assert.deepEqual(limitHeaders(await api.call("/api/v2/webhooks")), ["100", "99", "60", null, null], "a fresh window, at the server's pace");
        clock.advance(125_000);
        assert.deepEqual(limitHeaders(await api.call("/api/v2/webhooks")), ["100", "99", "55", null, null], "windows keep their phase while nobody calls");
    });

    it(`refuses the 101st request of a window with 429, the library's HTML message and Retry-After of the whole window however soon it resets (${LIBRARY}:343-350)`, async () => {
        clock.advance(45_000);
        const dashboards = emu.store.selfHosted.dashboards.size;
        for (let i = 0; i < 100; i++) assert.equal((await api.call("/api/v2/alerts")).status, 200);
        const limited = await api.call("/api/v2/dashboards", "POST", { name: "x", tiles: [] });
        assert.equal(limited.status, 429);
        assert.equal(limited.headers.get("content-type"), "text/html; charset=utf-8");
        assert.equal(limited.text, "Too many requests, please try again later.");
        assert.deepEqual(limitHeaders(limited), ["100", "0", "15", "60", null]);
        assert.equal(emu.store.selfHosted.dashboards.size, dashboards, "a refused POST created nothing");
    });

    it(`does not count GET /api/v2 nor a path no router serves (${ROUTER}:25-75)`, async () => {
        for (const path of ["/api/v2", "/api/v2/nothing-here"]) {
            const res = await api.call(path);
            assert.equal(res.headers.get("ratelimit-limit"), null, path);
        }
        assert.equal((await api.call("/api/v2/team")).headers.get("ratelimit-remaining"), "99");
    });
});
