/**
 * `npm run bench [-- --runs N] [-- --quick]`: speed of the providers through Pulumi's own dynamic-provider host,
 * against the emulator with its documented rate limits on and the providers' default client limits.
 *
 * Per run (fresh emulator and host): create a 200-resource stack (50 dashboards × 3 tiles, 100 tile alerts, 50
 * data pipes reaching Running through the emulator's state machine) at the Pulumi CLI's default `--parallel`,
 * preview it with no change, refresh it, and measure host cold start (the minimal ping provider versus ours); then
 * create the same stack again on a fresh emulator and host at `--parallel 64`. Each create is compared with its lower
 * bound (the fewest requests per API under the documented limits). Prints one table of medians over the runs and
 * writes every figure to `.bench/results.json`. `--scale` adds the scale run (`scale.ts`: the same stack shape at
 * 200, 2,000 and 10,000 resources, limits raised; `--runs 0 --scale` runs it alone). After the runs, the shared-key
 * runs (`sharedKey.ts`): several stacks on one key, each in a host process of its own, on a fresh emulator each
 * (`--runs 0` runs them alone, `--scenario NAME` one of them). With `--api-url URL --api-key KEY` (or
 * `OBSERVABILITY_BENCH_API_URL` and `OBSERVABILITY_BENCH_API_KEY`) only the shared-key runs go, against that real
 * self-hosted server (`fresh`, `after`, `together`; start it afresh for each). `--full 0,1000,10000` adds the create on a
 * service already holding that many dashboards and alerts made by hand (`fullService.ts`). Not part of `npm test`: speed is
 * measured here, never in a test.
 *
 * `--engine cli` runs the real Pulumi CLI instead of the engine model (tests/bench/cli/main.ts: both hosts, the
 * dynamic-provider host and the provider plugin; `--scale` adds 2,000 and 10,000 resources, `--factors 10` 2,000 only,
 * `--hosts plugin` one host, `--profile` with `--scale` a profiled preview more per scale run, `--parallel N` passed to the
 * 200-resource runs' `up`, `preview` and `refresh`, `--api-url URL --api-key KEY` the stack's self-hosted part against
 * that real server instead of the emulator); it needs `pulumi` on `PATH` and says so at once without it. The engine model stays the
 * default, which needs no CLI.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Emulator } from "../emulator";
import type { RecordedRequest } from "../emulator/types";
import { DEFAULT_PARALLEL, Engine, RunResult } from "../harness/engine";
import { HostCallError, ProviderHost, urn } from "../harness/host";
import { emulatorConfig, withoutSettingsEnv } from "../support/emulatorConfig";
import { REPO_ROOT } from "../harness/paths";
import { pingProviderText } from "../harness/providerText";
import { startPingServer } from "../harness/fixtures/pingServer";
import { bigStack, FULL_SIZE, inventoryProblems, ProviderTexts, QUICK_SIZE, resourceCount, sdkProviderTexts, StackSize } from "../support/bigStack";
import { cpuTimeMs, lowerBoundMs, median, peakRssBytes, requestTimes, saturatedRate, SaturatedRate, stampArrivals } from "./measure";
import { type FullServiceFigures, fullServiceRun, printFullServiceTable } from "./fullService";
import { printScaleTable, RAISED_LIMITS, SCALE_FACTORS, scaleRun, ScaleFigures } from "./scale";
import { type Args, parseArgs } from "./args";
import { cliBench, cliForBench } from "./cli/main";
import { describeSharedKey, EMULATOR_SCENARIOS, SERVER_SCENARIOS, sharedKeyRun, type SharedKeyFigures } from "./sharedKey";

/** First poll interval of pipe state waits: one second, half the default, as a user in a hurry would set it. */
const POLL_INTERVAL_MS = "1000";
/** The limits the emulator enforces (contract §1.7), which are also the providers' default client limits. */
const LIMITS = { "self-hosted": { limit: 100, windowMs: 60_000 }, cloud: { limit: 10, windowMs: 10_000 } } as const;
type ApiName = keyof typeof LIMITS;
/** The API each resource type of the big stack is created through (one POST each at least). */
const API_OF: Record<string, ApiName> = { Dashboard: "self-hosted", Alert: "self-hosted", DataPipe: "cloud" };
/** The `--parallel` values each run creates the stack at: the CLI's default here, and 64. */
const PARALLELISMS = [...new Set([DEFAULT_PARALLEL, 64])];

/** What one create of the stack cost. */
interface CreateFigures {
    parallel: number;
    wallMs: number;
    /** The least time the create can take under the limits, from the fewest requests per API. */
    lowerBoundMs: number;
    minimalRequests: Record<string, number>;
    failedOperations: number;
    failure?: string;
    requests: Record<string, number>;
    /** Per API: the requests by what they are (POST, list, read by id, …). */
    breakdown: Record<string, Record<string, number>>;
    cloudRequestsPerPipe: number;
    rateLimited: { selfHosted: number; cloud: number };
    rate: Record<string, SaturatedRate | undefined>;
    inventoryProblems: string[];
    /** Peak resident memory of the provider host (start-up and create). */
    hostPeakRssBytes: number;
    /** Per API: engine slot time the create steps spent before their POST left (host work and rate budget). */
    slotMsBeforePost: Record<string, { sum: number; median: number; max: number }>;
    /** Pipes: from the POST's arrival to the create's return (waiting for the pipe to run). */
    pipeWaitMedianMs: number;
}

interface RunFigures {
    resources: number;
    creates: CreateFigures[];
    preview: { wallMs: number; requests: number; same: number; checkDiffMsPerResource: number; checkDiffMedianMs: number; hostCpuMsPerResource: number };
    refresh: { wallMs: number; requests: number; requestList: string[]; same: number };
    coldStart: { pingMs: number; oursMs: number; ratio: number };
}

/**
 * The shared-key scenarios: against the real server given (its scenarios, the named one only when `--scenario` says),
 * else against a fresh emulator each, with the documented limits on.
 */
async function sharedKeyRuns(providers: ProviderTexts, args: Args): Promise<SharedKeyFigures[]> {
    const figures: SharedKeyFigures[] = [];
    const chosen = (list: typeof SERVER_SCENARIOS) => list.filter((s) => args.scenario === undefined || s.name === args.scenario);
    for (const scenario of chosen(args.server ? SERVER_SCENARIOS : EMULATOR_SCENARIOS)) {
        const emu = args.server ? undefined : await Emulator.start();
        try {
            figures.push(await sharedKeyRun(providers, emu ? { emu } : (args.server as { apiUrl: string; apiKey: string }), scenario));
        } finally {
            await emu?.close();
        }
        console.log(describeSharedKey(figures[figures.length - 1]));
    }
    return figures;
}

/** Wraps the host's check and diff to time each call. */
function timeCheckAndDiff(host: ProviderHost): { perResource: Map<string, number>; restore(): void } {
    const perResource = new Map<string, number>();
    for (const method of ["check", "diff"] as const) {
        const original = host[method] as (...args: unknown[]) => Promise<unknown>;
        Object.assign(host, {
            [method]: async (...args: unknown[]) => {
                const started = performance.now();
                try {
                    return await original.apply(host, args);
                } finally {
                    const u = String(args[0]);
                    perResource.set(u, (perResource.get(u) ?? 0) + performance.now() - started);
                }
            },
        });
    }
    return {
        perResource,
        restore: () => {
            delete (host as unknown as Record<string, unknown>).check;
            delete (host as unknown as Record<string, unknown>).diff;
        },
    };
}

/** Milliseconds from spawning a host to the first request its provider sends, creating one resource. */
async function coldStart<T extends object>(
    start: () => Promise<ProviderHost>,
    requests: T[],
    create: (host: ProviderHost) => Promise<unknown>,
): Promise<number> {
    const times = stampArrivals(requests);
    const before = requests.length;
    const started = performance.now();
    const host = await start();
    try {
        await create(host);
    } finally {
        await host.close();
    }
    const [first] = times.of(requests.slice(before));
    if (first === undefined) throw new Error("the provider sent no request");
    return first - started;
}

async function measureColdStart(providers: ProviderTexts): Promise<RunFigures["coldStart"]> {
    const ping = await startPingServer();
    const emu = await Emulator.start();
    try {
        const pingMs = await coldStart(
            () => ProviderHost.start({ config: { "demo:pingUrl": ping.url }, env: withoutSettingsEnv() }),
            ping.requests,
            (host) =>
                host
                    .check(urn("Ping", "p", { module: "test" }), {}, { name: "p", __provider: pingProviderText() })
                    .then((c) => host.create(urn("Ping", "p", { module: "test" }), c.inputs)),
        );
        const dashboardUrn = urn("Dashboard", "cold");
        const oursMs = await coldStart(
            () => ProviderHost.start({ config: emulatorConfig(emu), env: withoutSettingsEnv() }),
            emu.requests,
            (host) =>
                host.check(dashboardUrn, {}, { name: "Cold", tiles: [], __provider: providers.Dashboard }).then((c) => host.create(dashboardUrn, c.inputs)),
        );
        return { pingMs, oursMs, ratio: oursMs / pingMs };
    } finally {
        await emu.close();
        await ping.close();
    }
}

function countBy(requests: readonly RecordedRequest[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const r of requests) counts[r.api] = (counts[r.api] ?? 0) + 1;
    return counts;
}

/** What a request of the create is: a POST, a list of a collection (before POSTs, or a pipes' poll round), a read by id. */
function purpose(request: RecordedRequest): string {
    if (request.method !== "GET") return request.method;
    return /\/(dashboards|alerts|pipes)$/.test(request.path) ? "list" : "read by id";
}

/** Per API, the requests counted by {@link purpose}. */
function breakdownOf(requests: readonly RecordedRequest[]): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const r of requests) {
        const counts = (out[r.api] ??= {});
        counts[purpose(r)] = (counts[purpose(r)] ?? 0) + 1;
    }
    return out;
}

/** Wraps the host's create to note when each resource's create call started and ended. */
function timeCreates(host: ProviderHost): { calls: Map<string, { start: number; end?: number }>; restore(): void } {
    const calls = new Map<string, { start: number; end?: number }>();
    const original = host.create;
    Object.assign(host, {
        create: async (...args: Parameters<ProviderHost["create"]>) => {
            const call: { start: number; end?: number } = { start: performance.now() };
            calls.set(args[0], call);
            try {
                return await original.apply(host, args);
            } finally {
                call.end = performance.now();
            }
        },
    });
    return { calls, restore: () => delete (host as unknown as Record<string, unknown>).create };
}

/** Creates the stack at `parallel` on the emulator and host, and measures it against its lower bound. */
async function createStack(emu: Emulator, host: ProviderHost, engine: Engine, providers: ProviderTexts, size: StackSize): Promise<CreateFigures> {
    const times = requestTimes(emu);
    const { declared, expected } = bigStack(emu, providers, size);
    const minimalRequests: Record<string, number> = {};
    for (const decl of declared) minimalRequests[API_OF[decl.type] as string] = (minimalRequests[API_OF[decl.type] as string] ?? 0) + 1;
    const lowerBound = Math.max(...Object.entries(minimalRequests).map(([api, n]) => lowerBoundMs(n, LIMITS[api as ApiName])));

    emu.clearRequests();
    const timing = timeCreates(host);
    const started = performance.now();
    let failure: string | undefined;
    try {
        await engine.up(declared);
    } catch (error) {
        failure = error instanceof HostCallError ? error.details : String(error);
    } finally {
        timing.restore();
    }
    const wallMs = performance.now() - started;
    const createRequests = [...emu.requests];
    const rate: Record<string, SaturatedRate | undefined> = {};
    for (const api of ["self-hosted", "cloud"] as const) {
        rate[api] = saturatedRate(
            times.of(createRequests.filter((r) => r.api === api && r.status !== 429)),
            times.of(createRequests.filter((r) => r.api === api)),
            LIMITS[api],
        );
    }

    // Each create's POST, found by the object's name on the server.
    const urnByServerName = new Map<string, { urn: string; api: ApiName }>();
    for (const e of expected) {
        const decl = declared.find((d) => d.name === e.resource);
        if (decl) urnByServerName.set(`${API_OF[decl.type]}|${e.name}`, { urn: engine.urnOf(decl), api: API_OF[decl.type] as ApiName });
    }
    const beforePost: Record<string, number[]> = {};
    const pipeWaits: number[] = [];
    const posts = createRequests.filter((r) => r.method === "POST" && r.status < 300);
    const postTimes = times.of(posts);
    posts.forEach((post, i) => {
        const name = (post.body as { name?: unknown } | undefined)?.name;
        const target = urnByServerName.get(`${post.api}|${String(name)}`);
        const call = target && timing.calls.get(target.urn);
        const at = postTimes[i];
        if (!target || !call || at === undefined) return;
        (beforePost[target.api] ??= []).push(at - call.start);
        if (target.api === "cloud" && call.end !== undefined) pipeWaits.push(call.end - at);
    });
    const slotMsBeforePost = Object.fromEntries(
        Object.entries(beforePost).map(([api, waits]) => [api, { sum: waits.reduce((a, b) => a + b, 0), median: median(waits), max: Math.max(...waits) }]),
    );
    const requests = countBy(createRequests);
    return {
        parallel: engine.parallel,
        wallMs,
        lowerBoundMs: lowerBound,
        minimalRequests,
        failedOperations: failure === undefined ? 0 : 1,
        ...(failure === undefined ? {} : { failure }),
        requests,
        breakdown: breakdownOf(createRequests),
        cloudRequestsPerPipe: (requests.cloud ?? 0) / size.pipes,
        rateLimited: emu.rateLimits.stats,
        rate,
        inventoryProblems: inventoryProblems(emu, expected),
        hostPeakRssBytes: peakRssBytes(host.pid as number),
        slotMsBeforePost,
        pipeWaitMedianMs: median(pipeWaits),
    };
}

/** A fresh emulator and host, as a stack run starts: the documented limits on, or raised on both sides. */
async function freshStack(
    parallel: number,
    limits: "documented" | "raised" = "documented",
): Promise<{ emu: Emulator; host: ProviderHost; engine: Engine; close(): Promise<void> }> {
    const emu = await Emulator.start({ rateLimits: limits === "documented" });
    const config = { ...emulatorConfig(emu), "observability:pollIntervalMs": POLL_INTERVAL_MS, ...(limits === "raised" ? RAISED_LIMITS : {}) };
    const host = await ProviderHost.start({ config, env: withoutSettingsEnv(), timeoutMs: 30 * 60_000 });
    return {
        emu,
        host,
        engine: new Engine(host, { parallel }),
        close: async () => {
            await host.close();
            await emu.close();
        },
    };
}

function describeCreate(index: number, resources: number, create: CreateFigures, created: number): string {
    const ratio = create.lowerBoundMs > 0 ? (create.wallMs / create.lowerBoundMs).toFixed(2) : "n/a";
    return (
        `run ${index}: --parallel ${create.parallel}: created ${created}/${resources} in ${(create.wallMs / 1000).toFixed(1)} s ` +
        `(lower bound ${(create.lowerBoundMs / 1000).toFixed(0)} s, ratio ${ratio})${create.failure ? ` (FAILED: ${create.failure})` : ""}`
    );
}

async function oneRun(providers: ProviderTexts, size: StackSize, index: number): Promise<RunFigures> {
    const creates: CreateFigures[] = [];
    const stack = await freshStack(DEFAULT_PARALLEL);
    let preview: RunFigures["preview"];
    let refresh: RunFigures["refresh"];
    const resources = resourceCount(size);
    try {
        const { emu, host, engine } = stack;
        const { declared } = bigStack(emu, providers, size);

        // c. Create everything under the limits, at the CLI's default parallelism.
        const create = await createStack(emu, host, engine, providers, size);
        const createEnded = performance.now();
        creates.push(create);
        console.log(describeCreate(index, resources, create, engine.state.size));

        // a. Preview with no change: check and diff only.
        emu.clearRequests();
        const timing = timeCheckAndDiff(host);
        let previewed: RunResult;
        const cpuBefore = cpuTimeMs(host.pid as number);
        const started = performance.now();
        try {
            previewed = await engine.preview(declared);
        } finally {
            timing.restore();
        }
        const previewMs = performance.now() - started;
        const cpuMs = cpuTimeMs(host.pid as number) - cpuBefore;
        preview = {
            wallMs: previewMs,
            requests: emu.requests.length,
            same: previewed.same.length,
            checkDiffMsPerResource: previewMs / resources,
            checkDiffMedianMs: median([...timing.perResource.values()]),
            hostCpuMsPerResource: cpuMs / resources,
        };

        // b. Refresh once the create's windows have passed on both APIs, so that it is measured on its own.
        const windowsOver = createEnded + Math.max(...Object.values(LIMITS).map((l) => l.windowMs)) + 500;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowsOver - performance.now())));
        emu.clearRequests();
        const refreshStarted = performance.now();
        const refreshed = await engine.refresh();
        refresh = {
            wallMs: performance.now() - refreshStarted,
            requests: emu.requests.length,
            requestList: emu.requests.map((r) => `${r.method} ${r.path}`),
            same: refreshed.same.length,
        };
        console.log(`run ${index}: preview ${preview.requests} request(s), refresh ${refresh.requests} request(s) in ${(refresh.wallMs / 1000).toFixed(2)} s`);
    } finally {
        await stack.close();
    }
    const coldStart = await measureColdStart(providers);

    // c. The same create on a fresh emulator and host at each other parallelism.
    for (const parallel of PARALLELISMS.filter((p) => p !== DEFAULT_PARALLEL)) {
        const other = await freshStack(parallel);
        try {
            const create = await createStack(other.emu, other.host, other.engine, providers, size);
            creates.push(create);
            console.log(describeCreate(index, resources, create, other.engine.state.size));
        } finally {
            await other.close();
        }
    }
    return { resources, creates, preview, refresh, coldStart };
}

function providerSizes(providers: ProviderTexts): Record<string, number> {
    return Object.fromEntries(Object.entries(providers).map(([type, text]) => [type, Buffer.byteLength(text, "utf8")]));
}

function summarize(runs: RunFigures[]) {
    const m = (pick: (run: RunFigures) => number | undefined) => median(runs.map(pick).filter((v): v is number => v !== undefined));
    const createsAt = (parallel: number) => {
        const c = (pick: (create: CreateFigures) => number | undefined) =>
            m((r) => {
                const create = r.creates.find((x) => x.parallel === parallel);
                return create && pick(create);
            });
        const all = runs.flatMap((r) => r.creates.filter((x) => x.parallel === parallel));
        return {
            parallel,
            wallMs: c((x) => x.wallMs),
            lowerBoundMs: c((x) => x.lowerBoundMs),
            // A stack that fits in one window of every API has no bound above zero to compare with.
            ratio: c((x) => (x.lowerBoundMs > 0 ? x.wallMs / x.lowerBoundMs : undefined)),
            failedOperations: all.reduce((sum, x) => sum + x.failedOperations, 0),
            inventoryProblems: all.reduce((sum, x) => sum + x.inventoryProblems.length, 0),
            requestsSelfHosted: c((x) => x.requests["self-hosted"]),
            requestsCloud: c((x) => x.requests.cloud),
            breakdown: Object.fromEntries(
                (["self-hosted", "cloud"] as const).map((api) => {
                    const purposes = [...new Set(all.flatMap((x) => Object.keys(x.breakdown[api] ?? {})))].sort();
                    return [api, Object.fromEntries(purposes.map((p) => [p, c((x) => x.breakdown[api]?.[p] ?? 0)]))];
                }),
            ) as Record<string, Record<string, number>>,
            cloudRequestsPerPipe: c((x) => x.cloudRequestsPerPipe),
            rateLimitedSelfHosted: c((x) => x.rateLimited.selfHosted),
            rateLimitedCloud: c((x) => x.rateLimited.cloud),
            rateShareSelfHosted: c((x) => x.rate["self-hosted"]?.share),
            rateShareCloud: c((x) => x.rate.cloud?.share),
            hostPeakRssBytes: c((x) => x.hostPeakRssBytes),
            slotSecondsBeforePostSelfHosted: c((x) => (x.slotMsBeforePost["self-hosted"]?.sum ?? 0) / 1000),
            slotSecondsBeforePostCloud: c((x) => (x.slotMsBeforePost.cloud?.sum ?? 0) / 1000),
            maxBeforePostSelfHostedMs: c((x) => x.slotMsBeforePost["self-hosted"]?.max),
            maxBeforePostCloudMs: c((x) => x.slotMsBeforePost.cloud?.max),
            pipeWaitMedianMs: c((x) => x.pipeWaitMedianMs),
        };
    };
    return {
        resources: runs[0]?.resources ?? 0,
        minimalRequests: runs[0]?.creates[0]?.minimalRequests ?? {},
        previewRequests: m((r) => r.preview.requests),
        previewWallMs: m((r) => r.preview.wallMs),
        previewMsPerResource: m((r) => r.preview.checkDiffMsPerResource),
        previewCheckDiffMedianMs: m((r) => r.preview.checkDiffMedianMs),
        previewHostCpuMsPerResource: m((r) => r.preview.hostCpuMsPerResource),
        refreshRequests: m((r) => r.refresh.requests),
        refreshWallMs: m((r) => r.refresh.wallMs),
        creates: PARALLELISMS.map(createsAt),
        coldStartPingMs: m((r) => r.coldStart.pingMs),
        coldStartOursMs: m((r) => r.coldStart.oursMs),
        coldStartRatio: m((r) => r.coldStart.ratio),
    };
}

function printTable(summary: ReturnType<typeof summarize>, sizes: Record<string, number>, runs: number): void {
    const pct = (share: number) => (Number.isNaN(share) ? "n/a" : `${(share * 100).toFixed(1)} %`);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const minimal = Object.entries(summary.minimalRequests)
        .map(([api, n]) => `${n} ${api}`)
        .join(" + ");
    const rows: [string, string][] = [
        ["resources", String(summary.resources)],
        ["a. preview, no change: HTTP requests", String(summary.previewRequests)],
        ["a. preview: wall time", `${(summary.previewWallMs / 1000).toFixed(2)} s`],
        ["a. preview: wall time per resource", `${summary.previewMsPerResource.toFixed(1)} ms`],
        ["a. preview: check + diff latency per resource (median)", `${summary.previewCheckDiffMedianMs.toFixed(1)} ms`],
        ["a. preview: host CPU time per resource (check + diff)", `${summary.previewHostCpuMsPerResource.toFixed(2)} ms`],
        ["b. refresh: HTTP requests", String(summary.refreshRequests)],
        ["b. refresh: wall time", `${(summary.refreshWallMs / 1000).toFixed(2)} s`],
        ["c. create: fewest requests (one POST each)", minimal],
    ];
    for (const c of summary.creates) {
        const at = `c. create --parallel ${c.parallel}${c.parallel === DEFAULT_PARALLEL ? " (CLI default here)" : ""}`;
        rows.push(
            [`${at}: lower bound`, s(c.lowerBoundMs)],
            [`${at}: wall time`, s(c.wallMs)],
            [`${at}: ratio to the lower bound`, Number.isNaN(c.ratio) ? "n/a" : c.ratio.toFixed(2)],
            [`${at}: failed operations (all runs)`, String(c.failedOperations)],
            [`${at}: inventory problems (all runs)`, String(c.inventoryProblems)],
            [`${at}: requests self-hosted / cloud`, `${c.requestsSelfHosted} / ${c.requestsCloud}`],
            ...(["self-hosted", "cloud"] as const).map((api): [string, string] => [
                `${at}: requests ${api} by purpose`,
                Object.entries(c.breakdown[api] ?? {})
                    .map(([p, n]) => `${p} ${n}`)
                    .join(", "),
            ]),
            [`${at}: cloud requests per pipe`, c.cloudRequestsPerPipe.toFixed(2)],
            [`${at}: 429 received self-hosted / cloud`, `${c.rateLimitedSelfHosted} / ${c.rateLimitedCloud}`],
            [`${at}: saturated rate, share of limit, self-hosted / cloud`, `${pct(c.rateShareSelfHosted)} / ${pct(c.rateShareCloud)}`],
            [
                `${at}: slot time before the POST, self-hosted / cloud (sum)`,
                `${c.slotSecondsBeforePostSelfHosted.toFixed(0)} / ${c.slotSecondsBeforePostCloud.toFixed(0)} slot-s`,
            ],
            [`${at}: longest wait before a POST, self-hosted / cloud`, `${s(c.maxBeforePostSelfHostedMs)} / ${s(c.maxBeforePostCloudMs)}`],
            [`${at}: pipe POST to running (median)`, s(c.pipeWaitMedianMs)],
            [`${at}: provider host peak memory (RSS)`, `${(c.hostPeakRssBytes / 2 ** 20).toFixed(0)} MiB`],
        );
    }
    rows.push(
        ...Object.entries(sizes).map(([type, bytes]): [string, string] => [`d. __provider size, ${type}`, `${bytes} B`]),
        ["e. cold start to first request: ping provider", `${summary.coldStartPingMs.toFixed(0)} ms`],
        ["e. cold start to first request: ours (Dashboard)", `${summary.coldStartOursMs.toFixed(0)} ms`],
        ["e. cold start ratio ours / ping", summary.coldStartRatio.toFixed(2)],
    );
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nMedians over ${runs} run(s):`);
    for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
}

async function main(): Promise<void> {
    const args = parseArgs(process.argv.slice(2));
    if (args.engine === "cli") {
        cliForBench(); // without `pulumi` on PATH, fails here saying what is needed
        if (!(await cliBench(args))) {
            console.error("bench: a run through the CLI left the emulator or the real server's team unlike the stack, or previewed with requests");
            process.exit(1);
        }
        return;
    }
    const size = args.quick ? QUICK_SIZE : FULL_SIZE;
    const providers = await sdkProviderTexts();
    const sizes = providerSizes(providers);
    console.log(
        `bench: ${resourceCount(size)} resources, ${args.runs} run(s), --parallel ${PARALLELISMS.join(" and ")}, rate limits on, default client limits, pollIntervalMs ${POLL_INTERVAL_MS}`,
    );
    const runs: RunFigures[] = [];
    for (let i = 1; i <= (args.server ? 0 : args.runs); i++) runs.push(await oneRun(providers, size, i));
    const summary = runs.length > 0 ? summarize(runs) : undefined;
    if (summary) printTable(summary, sizes, args.runs);
    const sharedKey = await sharedKeyRuns(providers, args);
    const scale: ScaleFigures[] = [];
    if (args.scale && !args.server) {
        for (const factor of SCALE_FACTORS) {
            scale.push(await scaleRun(providers, factor, freshStack));
            console.log(`scale: ${scale[scale.length - 1].resources} resources measured`);
        }
        printScaleTable(scale);
    }
    const full: FullServiceFigures[] = [];
    if (args.full && !args.server) {
        for (const handMade of args.full) {
            full.push(await fullServiceRun(providers, handMade, freshStack));
            console.log(`full service: ${handMade} dashboards and alerts made by hand measured`);
        }
        printFullServiceTable(full);
    }
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    const environment = {
        node: process.version,
        cpus: (await import("node:os")).cpus().length,
        defaultParallel: DEFAULT_PARALLEL,
        pulumi: (require("@pulumi/pulumi/package.json") as { version: string }).version,
    };
    fs.writeFileSync(
        args.out,
        JSON.stringify(
            {
                date: new Date().toISOString(),
                environment,
                size,
                pollIntervalMs: Number(POLL_INTERVAL_MS),
                providerBytes: sizes,
                summary,
                runs,
                sharedKey,
                scale,
                full,
            },
            null,
            2,
        ) + "\n",
    );
    console.log(`\nwrote ${path.relative(REPO_ROOT, args.out)}`);
    const failed =
        (summary !== undefined && (summary.creates.some((c) => c.failedOperations > 0 || c.inventoryProblems > 0) || summary.previewRequests > 0)) ||
        scale.some((s) => s.create.failed || s.create.inventoryProblems > 0 || s.preview.requests > 0) ||
        sharedKey.some((k) => k.failedOperations > 0);
    if (failed) {
        console.error("bench: a run failed an operation, left the emulator unlike the stack, or previewed with requests");
        process.exit(1);
    }
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
});
