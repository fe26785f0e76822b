/**
 * `npm run bench [-- --runs N] [-- --quick]`: speed of the providers through Pulumi's own dynamic-provider host,
 * against the emulator with its documented rate limits on and the providers' default client limits.
 *
 * Per run (fresh emulator and host): create a 200-resource stack (50 dashboards × 3 tiles, 100 tile alerts, 50
 * data pipes reaching Running through the emulator's state machine), preview it with no change, refresh it, and
 * measure host cold start (the minimal ping provider versus ours). Prints a table of medians over the runs and
 * writes every figure to `.bench/results.json`. Not part of `npm test`: speed is measured here, never in a test.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Emulator } from "../emulator";
import type { RecordedRequest } from "../emulator/types";
import { Engine, RunResult } from "../harness/engine";
import { HostCallError, ProviderHost, urn } from "../harness/host";
import { emulatorConfig, withoutSettingsEnv } from "../support/emulatorConfig";
import { REPO_ROOT } from "../harness/paths";
import { pingProviderText } from "../harness/providerText";
import { startPingServer } from "../harness/fixtures/pingServer";
import { bigStack, FULL_SIZE, inventoryProblems, ProviderTexts, QUICK_SIZE, resourceCount, sdkProviderTexts, StackSize } from "../support/bigStack";
import { median, requestTimes, saturatedRate, SaturatedRate, stampArrivals } from "./measure";

/** First poll interval of pipe state waits: one second, half the default, as a user in a hurry would set it. */
const POLL_INTERVAL_MS = "1000";
/** The limits the emulator enforces (contract §1.7), which are also the providers' default client limits. */
const LIMITS = { "self-hosted": { limit: 100, windowMs: 60_000 }, cloud: { limit: 10, windowMs: 10_000 } } as const;

interface RunFigures {
    resources: number;
    create: {
        wallMs: number;
        failedOperations: number;
        failure?: string;
        requests: Record<string, number>;
        rateLimited: { selfHosted: number; cloud: number };
        rate: Record<string, SaturatedRate | undefined>;
        inventoryProblems: string[];
    };
    preview: { wallMs: number; requests: number; same: number; checkDiffMsPerResource: number; checkDiffMedianMs: number };
    refresh: { wallMs: number; requests: number; requestList: string[]; same: number };
    coldStart: { pingMs: number; oursMs: number; ratio: number };
}

function parseArgs(argv: string[]): { runs: number; quick: boolean; out: string } {
    let runs = 3;
    let quick = false;
    let out = path.join(REPO_ROOT, ".bench", "results.json");
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === "--runs") runs = Number(argv[++i]);
        else if (arg === "--quick") quick = true;
        else if (arg === "--out") out = path.resolve(argv[++i] ?? "");
        else throw new Error(`unknown argument ${arg} (use --runs N, --quick, --out FILE)`);
    }
    if (!(Number.isInteger(runs) && runs >= 1)) throw new Error("--runs needs a positive integer");
    return { runs, quick, out };
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
async function coldStart<T extends object>(start: () => Promise<ProviderHost>, requests: T[], create: (host: ProviderHost) => Promise<unknown>): Promise<number> {
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
            (host) => host.check(urn("Ping", "p", { module: "test" }), {}, { name: "p", __provider: pingProviderText() }).then((c) => host.create(urn("Ping", "p", { module: "test" }), c.inputs)),
        );
        const dashboardUrn = urn("Dashboard", "cold");
        const oursMs = await coldStart(
            () => ProviderHost.start({ config: emulatorConfig(emu), env: withoutSettingsEnv() }),
            emu.requests,
            (host) => host.check(dashboardUrn, {}, { name: "Cold", tiles: [], __provider: providers.Dashboard }).then((c) => host.create(dashboardUrn, c.inputs)),
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

async function oneRun(providers: ProviderTexts, size: StackSize, index: number): Promise<RunFigures> {
    const emu = await Emulator.start();
    const times = requestTimes(emu);
    const config = { ...emulatorConfig(emu), "observability:pollIntervalMs": POLL_INTERVAL_MS };
    const host = await ProviderHost.start({ config, env: withoutSettingsEnv(), timeoutMs: 30 * 60_000 });
    try {
        const engine = new Engine(host);
        const { declared, expected } = bigStack(emu, providers, size);
        const resources = declared.length;

        // c. Create everything under the limits.
        emu.clearRequests();
        let started = performance.now();
        let failure: string | undefined;
        try {
            await engine.up(declared);
        } catch (error) {
            failure = error instanceof HostCallError ? error.details : String(error);
        }
        const createMs = performance.now() - started;
        const createRequests = [...emu.requests];
        const rate: Record<string, SaturatedRate | undefined> = {};
        for (const api of ["self-hosted", "cloud"] as const) {
            rate[api] = saturatedRate(times.of(createRequests.filter((r) => r.api === api && r.status !== 429)), times.of(createRequests.filter((r) => r.api === api)), LIMITS[api]);
        }
        const create: RunFigures["create"] = {
            wallMs: createMs,
            failedOperations: failure === undefined ? 0 : 1,
            ...(failure === undefined ? {} : { failure }),
            requests: countBy(createRequests),
            rateLimited: emu.rateLimits.stats,
            rate,
            inventoryProblems: inventoryProblems(emu, expected),
        };
        console.log(`run ${index}: created ${engine.state.size}/${resources} in ${(createMs / 1000).toFixed(1)} s${failure ? ` (FAILED: ${failure})` : ""}`);

        // a. Preview with no change: check and diff only.
        emu.clearRequests();
        const timing = timeCheckAndDiff(host);
        let preview: RunResult;
        started = performance.now();
        try {
            preview = await engine.preview(declared);
        } finally {
            timing.restore();
        }
        const previewMs = performance.now() - started;
        const perResource = [...timing.perResource.values()];
        const previewFigures: RunFigures["preview"] = {
            wallMs: previewMs,
            requests: emu.requests.length,
            same: preview.same.length,
            checkDiffMsPerResource: previewMs / resources,
            checkDiffMedianMs: median(perResource),
        };

        // b. Refresh once the create's cloud window has passed, so that it is measured on its own.
        await new Promise((resolve) => setTimeout(resolve, LIMITS.cloud.windowMs + 500));
        emu.clearRequests();
        started = performance.now();
        const refreshed = await engine.refresh();
        const refresh: RunFigures["refresh"] = {
            wallMs: performance.now() - started,
            requests: emu.requests.length,
            requestList: emu.requests.map((r) => `${r.method} ${r.path}`),
            same: refreshed.same.length,
        };
        console.log(`run ${index}: preview ${previewFigures.requests} request(s), refresh ${refresh.requests} request(s) in ${(refresh.wallMs / 1000).toFixed(2)} s`);

        return { resources, create, preview: previewFigures, refresh, coldStart: await measureColdStart(providers) };
    } finally {
        await host.close();
        await emu.close();
    }
}

function providerSizes(providers: ProviderTexts): Record<string, number> {
    return Object.fromEntries(Object.entries(providers).map(([type, text]) => [type, Buffer.byteLength(text, "utf8")]));
}

function summarize(runs: RunFigures[]) {
    const m = (pick: (run: RunFigures) => number | undefined) => median(runs.map(pick).filter((v): v is number => v !== undefined));
    return {
        resources: runs[0]?.resources ?? 0,
        previewRequests: m((r) => r.preview.requests),
        previewWallMs: m((r) => r.preview.wallMs),
        previewMsPerResource: m((r) => r.preview.checkDiffMsPerResource),
        previewCheckDiffMedianMs: m((r) => r.preview.checkDiffMedianMs),
        refreshRequests: m((r) => r.refresh.requests),
        refreshWallMs: m((r) => r.refresh.wallMs),
        createWallMs: m((r) => r.create.wallMs),
        createFailedOperations: runs.reduce((sum, r) => sum + r.create.failedOperations, 0),
        create429SelfHosted: m((r) => r.create.rateLimited.selfHosted),
        create429Cloud: m((r) => r.create.rateLimited.cloud),
        createRequestsSelfHosted: m((r) => r.create.requests["self-hosted"]),
        createRequestsCloud: m((r) => r.create.requests.cloud),
        rateShareSelfHosted: m((r) => r.create.rate["self-hosted"]?.share),
        rateShareCloud: m((r) => r.create.rate.cloud?.share),
        inventoryProblems: runs.reduce((sum, r) => sum + r.create.inventoryProblems.length, 0),
        coldStartPingMs: m((r) => r.coldStart.pingMs),
        coldStartOursMs: m((r) => r.coldStart.oursMs),
        coldStartRatio: m((r) => r.coldStart.ratio),
    };
}

function printTable(summary: ReturnType<typeof summarize>, sizes: Record<string, number>, runs: number): void {
    const pct = (share: number) => (Number.isNaN(share) ? "n/a" : `${(share * 100).toFixed(1)} %`);
    const rows: [string, string][] = [
        ["resources", String(summary.resources)],
        ["a. preview, no change: HTTP requests", String(summary.previewRequests)],
        ["a. preview: wall time", `${(summary.previewWallMs / 1000).toFixed(2)} s`],
        ["a. preview: wall time per resource", `${summary.previewMsPerResource.toFixed(1)} ms`],
        ["a. preview: check + diff latency per resource (median)", `${summary.previewCheckDiffMedianMs.toFixed(1)} ms`],
        ["b. refresh: HTTP requests", String(summary.refreshRequests)],
        ["b. refresh: wall time", `${(summary.refreshWallMs / 1000).toFixed(2)} s`],
        ["c. create: wall time", `${(summary.createWallMs / 1000).toFixed(1)} s`],
        ["c. create: failed operations (all runs)", String(summary.createFailedOperations)],
        ["c. create: requests self-hosted / cloud", `${summary.createRequestsSelfHosted} / ${summary.createRequestsCloud}`],
        ["c. create: 429 received self-hosted / cloud", `${summary.create429SelfHosted} / ${summary.create429Cloud}`],
        ["c. create: saturated rate, share of limit, self-hosted", pct(summary.rateShareSelfHosted)],
        ["c. create: saturated rate, share of limit, cloud", pct(summary.rateShareCloud)],
        ["c. create: inventory problems (all runs)", String(summary.inventoryProblems)],
        ...Object.entries(sizes).map(([type, bytes]): [string, string] => [`d. __provider size, ${type}`, `${bytes} B`]),
        ["e. cold start to first request: ping provider", `${summary.coldStartPingMs.toFixed(0)} ms`],
        ["e. cold start to first request: ours (Dashboard)", `${summary.coldStartOursMs.toFixed(0)} ms`],
        ["e. cold start ratio ours / ping", summary.coldStartRatio.toFixed(2)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nMedians over ${runs} run(s):`);
    for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
}

async function main(): Promise<void> {
    const args = parseArgs(process.argv.slice(2));
    const size = args.quick ? QUICK_SIZE : FULL_SIZE;
    const providers = await sdkProviderTexts();
    const sizes = providerSizes(providers);
    console.log(`bench: ${resourceCount(size)} resources, ${args.runs} run(s), rate limits on, default client limits, pollIntervalMs ${POLL_INTERVAL_MS}`);
    const runs: RunFigures[] = [];
    for (let i = 1; i <= args.runs; i++) runs.push(await oneRun(providers, size, i));
    const summary = summarize(runs);
    printTable(summary, sizes, args.runs);
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    const environment = { node: process.version, cpus: (await import("node:os")).cpus().length, pulumi: (require("@pulumi/pulumi/package.json") as { version: string }).version };
    fs.writeFileSync(args.out, JSON.stringify({ date: new Date().toISOString(), environment, size, pollIntervalMs: Number(POLL_INTERVAL_MS), providerBytes: sizes, summary, runs }, null, 2) + "\n");
    console.log(`\nwrote ${path.relative(REPO_ROOT, args.out)}`);
    const failed = summary.createFailedOperations > 0 || summary.inventoryProblems > 0 || summary.previewRequests > 0;
    if (failed) {
        console.error("bench: a run failed an operation, left the emulator unlike the stack, or previewed with requests");
        process.exit(1);
    }
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
});
