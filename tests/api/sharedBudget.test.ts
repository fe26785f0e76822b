/**
 * One key's budget shared by several processes (another stack, a script): each client paces itself by what the
 * server says remains (`RateLimit-Remaining`, `RateLimit-Reset`), waits out a 429 that fits in the server's window
 * and fails at once only on a wait far beyond it. Two clients with limiters of their own stand for two processes.
 * Every wait runs on a manual clock, moved on only once every request sent has been answered.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import type { ApiClient, RequestSpec } from "../../provider/api/http/client";
import { selfHostedEnvelope } from "../../provider/api/http/envelope";
import { ApiError } from "../../provider/api/http/errors";
import { RateLimiter } from "../../provider/api/http/rateLimiter";
import { SETTING_DEFAULTS } from "../../provider/settings/defaults";
import { MAX_RETRY_DELAY_MS } from "../../provider/api/http/retry";
import { Emulator, ManualClock } from "../emulator";
import { emulatorClient } from "../support/emulatorClient";
import { ScriptedServer } from "../support/scriptedServer";
import { clientAt } from "../support/testClient";

/** The providers' defaults: the documented limit, and the retry policy a user gets without settings. */
const RATE = SETTING_DEFAULTS.selfHostedRateLimit;
const DEFAULT_RETRY = { baseDelayMs: SETTING_DEFAULTS.retryBaseDelayMs, maxDelayMs: MAX_RETRY_DELAY_MS, budgetMs: SETTING_DEFAULTS.retryBudgetMs };
/** Steps the Pulumi CLI runs at once on 2 CPUs: the requests one process has in flight at most. */
const STEPS_AT_ONCE = 8;
/** A high `--parallel`: more requests at once than half the budget. */
const MANY_STEPS_AT_ONCE = 64;

/** One process using the key: its own limiter and client, and the warnings it gave. */
interface KeyUser {
    api: ApiClient;
    limiter: RateLimiter;
    warnings: string[];
}

/**
 * Runs `work`, moving `clock` to the end of its earliest sleep whenever every request of `users` has been answered
 * and something sleeps: the waits of the test are the clock's, never real time.
 */
async function onClock<T>(clock: ManualClock, users: KeyUser[], work: Promise<T>): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        const answered = users.every(({ limiter }) => limiter.stats.acquired === limiter.stats.answered);
        if (answered && clock.sleeping > 0) clock.wakeNext();
    }
    return result;
}

/** Runs the tasks with at most `width` at once, as the engine runs steps. */
async function inParallel(width: number, tasks: (() => Promise<unknown>)[]): Promise<void> {
    const queue = [...tasks];
    await Promise.all(
        Array.from({ length: width }, async () => {
            for (let task = queue.shift(); task; task = queue.shift()) await task();
        }),
    );
}

const createDashboard = (name: string, operation = `create Dashboard "${name}"`): RequestSpec<unknown> => ({
    operation,
    method: "POST",
    path: "/dashboards",
    body: { name, tiles: [] },
    response: z.unknown(),
});

describe("One key's budget shared by every process that uses it", function () {
    let emu: Emulator;
    let clock: ManualClock;

    beforeEach(async () => {
        clock = new ManualClock();
        emu = await Emulator.start({ clock, fixtures: "empty" });
    });
    afterEach(() => emu.close());

    /** A new process on the emulator's key, with the default limit and retry policy. */
    const keyUser = (): KeyUser => {
        const warnings: string[] = [];
        const limiter = new RateLimiter(RATE, clock);
        const api = clientAt(`${emu.url}/api/v2`, clock, {
            envelope: selfHostedEnvelope,
            limiter,
            key: emu.credentials.apiKey,
            retry: DEFAULT_RETRY,
            notify: (message) => warnings.push(message),
        });
        return { api, limiter, warnings };
    };
    /** Spends `count` requests of the key's current window, as another script would. */
    const spendBudget = async (count: number) => {
        const raw = emulatorClient(emu);
        for (let i = 0; i < count; i++) await raw.call("/api/v2/webhooks");
    };
    /** `user` creates the dashboards alone on the key, as one stack at the CLI's default parallelism. */
    const createAlone = (user: KeyUser, dashboards: string[]) =>
        onClock(
            clock,
            [user],
            inParallel(
                STEPS_AT_ONCE,
                dashboards.map((name) => () => user.api.request(createDashboard(name))),
            ),
        );
    const dashboardNames = () => [...emu.store.selfHosted.dashboards.values()].map((d) => d.name).sort();
    const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, "0")}`);

    it("lets two processes share the key, even at --parallel 64: together they fill each window, neither fails, the server refuses almost nothing", async () => {
        const users = [keyUser(), keyUser()];
        const start = clock.now();
        const work = users.map((user, u) =>
            inParallel(
                MANY_STEPS_AT_ONCE,
                names(`p${u}`, 80).map((name) => () => user.api.request(createDashboard(name))),
            ),
        );
        await onClock(clock, users, Promise.all(work));
        assert.deepEqual(dashboardNames(), [...names("p0", 80), ...names("p1", 80)], "every create happened, once");
        // 160 requests need two of the server's windows: the second opens 60 s after the first.
        assert.ok(clock.now() - start < RATE.windowMs + 2_000, `done after ${clock.now() - start} ms`);
        // Near a window's end both may spend the same last request: a 429 or two each, waited out.
        assert.ok(emu.rateLimits.stats.selfHosted <= 4, `${emu.rateLimits.stats.selfHosted} requests refused with 429`);
    });

    it("starts with what another party left of the window: waits for the next one instead of being refused", async () => {
        await spendBudget(97);
        const user = keyUser();
        const start = clock.now();
        await createAlone(user, names("late", 20));
        assert.deepEqual(dashboardNames(), names("late", 20));
        assert.equal(emu.rateLimits.stats.selfHosted, 0, "no 429");
        assert.deepEqual(user.warnings, []);
        // Three requests fit in the window the other party used; the rest waited for the next one.
        const elapsed = clock.now() - start;
        assert.ok(elapsed >= RATE.windowMs && elapsed < RATE.windowMs + 1_000, `done after ${elapsed} ms`);
    });

    it("waits a 429 out until the window's reset, not the whole window its Retry-After says, and warns once with the wait and the key's budget", async () => {
        clock.advance(45_000);
        await spendBudget(100);
        const user = keyUser();
        const start = clock.now();
        await createAlone(user, names("retried", 3));
        assert.deepEqual(dashboardNames(), names("retried", 3), "the refused POST was sent again, and created once");
        const elapsed = clock.now() - start;
        assert.ok(elapsed >= 15_000 && elapsed < 16_000, `RateLimit-Reset said 15 s, Retry-After 60 s; waited ${elapsed} ms`);
        assert.equal(user.warnings.length, 1, user.warnings.join("\n"));
        assert.match(
            user.warnings[0],
            /^create Dashboard "retried-\d+": the self-hosted API's budget for this key \(100 requests per 60 s, shared by every process and stack using the key\) is spent; waiting 15 s for the server's window to reset$/,
        );
    });

    it("waits a whole window, longer than the default retry budget, and never names the key in the warning, even where the operation quotes it", async () => {
        await spendBudget(100);
        const user = keyUser();
        const key = emu.credentials.apiKey;
        const start = clock.now();
        await onClock(clock, [user], user.api.request(createDashboard("quoted", `create Dashboard "deploy-${key}"`)));
        assert.deepEqual(dashboardNames(), ["quoted"]);
        assert.ok(clock.now() - start > DEFAULT_RETRY.budgetMs, `waited ${clock.now() - start} ms`);
        assert.equal(user.warnings.length, 1);
        assert.ok(!user.warnings[0].includes(key), user.warnings[0]);
        assert.match(user.warnings[0], /^create Dashboard "deploy-\[redacted\]": /);
    });
});

describe("A 429 asking for a wait far beyond the server's window", function () {
    let server: ScriptedServer;
    afterEach(() => server.close());

    it("fails the call at once, naming the wait, and pauses nothing", async () => {
        server = await ScriptedServer.start();
        server.answer({ status: 429, text: "Too many requests", headers: { "retry-after": "3600" } });
        const clock = new ManualClock();
        const limiter = new RateLimiter(RATE, clock);
        const warnings: string[] = [];
        const api = clientAt(`${server.url}/api/v2`, clock, {
            envelope: selfHostedEnvelope,
            limiter,
            key: "k".repeat(32),
            retry: DEFAULT_RETRY,
            notify: (m) => warnings.push(m),
        });
        const start = clock.now();
        const error = await api.request(createDashboard("late")).then(
            () => undefined,
            (e: unknown) => e,
        );
        assert.ok(error instanceof ApiError, String(error));
        assert.equal(error.status, 429);
        assert.match(error.message, /asked to wait 3600 s before the next request, far longer than its rate-limit window \(60 s\): run again later/);
        assert.equal(server.seen.length, 1);
        assert.equal(clock.now(), start, "no wait");
        assert.deepEqual(warnings, []);
        await api.request(createDashboard("next"));
        assert.equal(server.seen.length, 2, "the next call went");
        assert.equal(clock.now(), start, "at once");
    });
});
