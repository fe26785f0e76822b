/**
 * The shared-key runs of the benchmark: several stacks on one key, each in a provider host process of its own, started
 * together (as pipeline jobs are), against the emulator with the servers' documented limits, or against a real
 * self-hosted server (`--api-url`, `--api-key`; a run there starts as the server's window does). Each run reports its wall time against the lower bound of all the
 * stacks' creates under the one budget they share, the failed operations, the 429 answers (emulator) and the 429
 * waits the hosts warned of.
 */
import type { Emulator } from "../emulator";
import { emulatorClient } from "../support/emulatorClient";
import { emulatorConfig, withoutSettingsEnv } from "../support/emulatorConfig";
import type { ProviderTexts } from "../support/bigStack";
import { DEFAULT_PARALLEL, type DeclaredResource, Engine, type OutputsByName } from "../harness/engine";
import { type ConfigValue, HostCallError, ProviderHost } from "../harness/host";
import { lowerBoundMs, type WindowLimit } from "./measure";

/** One shared-key run: how many stacks of how many resources, on which variant, after how many requests of another party. */
export interface SharedKeyScenario {
    name: string;
    variant: "self-hosted" | "managed";
    stacks: number;
    /** Resources per stack: dashboards, and as many alerts on their tiles where the team has a source and a webhook. */
    resources: number;
    /** Requests another party sends on the key just before the stacks start. */
    spentBefore: number;
}

/** The runs against the emulator: three stacks on one self-hosted key, one managed stack, two managed stacks together. */
export const EMULATOR_SCENARIOS: SharedKeyScenario[] = [
    { name: "self-hosted, 3 stacks × 50 together", variant: "self-hosted", stacks: 3, resources: 50, spentBefore: 0 },
    { name: "managed, 1 stack × 40", variant: "managed", stacks: 1, resources: 40, spentBefore: 0 },
    { name: "managed, 2 stacks × 20 together", variant: "managed", stacks: 2, resources: 20, spentBefore: 0 },
];

/** The runs against a real self-hosted server: one stack on a fresh window, one after other requests, two together. */
export const SERVER_SCENARIOS: SharedKeyScenario[] = [
    { name: "fresh", variant: "self-hosted", stacks: 1, resources: 120, spentBefore: 0 },
    { name: "after", variant: "self-hosted", stacks: 1, resources: 120, spentBefore: 30 },
    { name: "together", variant: "self-hosted", stacks: 2, resources: 60, spentBefore: 0 },
];

const LIMITS: Record<SharedKeyScenario["variant"], WindowLimit> = {
    "self-hosted": { limit: 100, windowMs: 60_000 },
    managed: { limit: 10, windowMs: 10_000 },
};

/** Where the stacks run: an emulator, or a real self-hosted server's URL and key. */
export type SharedKeyTarget = { emu: Emulator } | { apiUrl: string; apiKey: string };

export interface SharedKeyFigures {
    scenario: string;
    target: "emulator" | "server";
    resources: number;
    wallMs: number;
    /** Per stack, from the common start to its end. */
    stackWallMs: number[];
    lowerBoundMs: number;
    /** The least time the requests the server accepted (its lists before creates too) can take under the limit. */
    sentBoundMs?: number;
    failedOperations: number;
    failures: string[];
    /** 429 answers the server sent (the emulator's count; undefined on a real server). */
    rateLimited?: number;
    /** 429 waits the hosts warned of. */
    waitWarnings: number;
    /** Requests the emulator received during the run, by method (GET: the lists before creates); undefined on a real server. */
    requests?: Record<string, number>;
}

/**
 * The stack `prefix` declares: `resources` dashboards, or half dashboards (one tile each) and half alerts on them
 * when the team has a source and a webhook to use.
 */
function sharedKeyStack(providers: ProviderTexts, prefix: string, resources: number, fixtures?: { sourceId: string; webhookId: string }): DeclaredResource[] {
    const declared: DeclaredResource[] = [];
    const dashboards = fixtures ? Math.ceil(resources / 2) : resources;
    for (let d = 0; d < dashboards; d++) {
        const board = `${prefix}-board-${d}`;
        const tiles = fixtures
            ? [{ name: "Tile", x: 0, y: 0, w: 6, h: 3, config: { displayType: "line", sourceId: fixtures.sourceId, select: [{ aggFn: "count" }] } }]
            : [];
        declared.push({ type: "Dashboard", name: board, provider: providers.Dashboard, inputs: { name: `${prefix} board ${d}`, tiles } });
        if (!fixtures || declared.length >= resources) continue;
        declared.push({
            type: "Alert",
            name: `${prefix}-alert-${d}`,
            provider: providers.Alert,
            inputs: (outputs: OutputsByName) => ({
                source: "tile",
                dashboardId: outputs[board].id,
                tileId: (outputs[board].tileIds as Record<string, string> | undefined)?.Tile,
                threshold: 10,
                thresholdType: "above",
                interval: "5m",
                channel: { type: "webhook", webhookId: fixtures.webhookId },
                name: `${prefix} alert ${d}`,
            }),
        });
    }
    return declared;
}

/** Stack config of the target for the scenario's variant. */
function configOf(target: SharedKeyTarget, variant: SharedKeyScenario["variant"]): Record<string, ConfigValue> {
    if ("emu" in target) return { ...emulatorConfig(target.emu), "observability:variant": variant };
    return { "observability:apiUrl": target.apiUrl, "observability:apiKey": { secret: target.apiKey } };
}

/**
 * Starts the run as the server's window starts: the emulator's windows start afresh; on a real server, waits for its
 * next window (one request tells when it resets). The windows run from the server's start, so without this a run
 * would begin at a random point of one, and finish before its bound, or after.
 */
async function alignToWindow(target: SharedKeyTarget): Promise<void> {
    if ("emu" in target) return target.emu.rateLimits.reset();
    const res = await fetch(`${target.apiUrl}/api/v2/dashboards`, { headers: { authorization: `Bearer ${target.apiKey}` } });
    await res.text();
    const reset = Number(res.headers.get("ratelimit-reset"));
    if (!Number.isFinite(reset)) throw new Error(`${target.apiUrl} sent no RateLimit-Reset: is it the self-hosted server?`);
    await new Promise((resolve) => setTimeout(resolve, reset * 1000 + 500));
}

/** Spends `count` requests of the key, as another job or script would, right before the stacks start. */
async function spend(target: SharedKeyTarget, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
        if ("emu" in target) await emulatorClient(target.emu).call("/api/v2/dashboards");
        else await fetch(`${target.apiUrl}/api/v2/dashboards`, { headers: { authorization: `Bearer ${target.apiKey}` } }).then((res) => res.text());
    }
}

/**
 * Runs one scenario: starts one host per stack, spends the key as the scenario says, then creates every stack at once
 * at the CLI's default parallelism.
 */
export async function sharedKeyRun(providers: ProviderTexts, target: SharedKeyTarget, scenario: SharedKeyScenario): Promise<SharedKeyFigures> {
    const limit = LIMITS[scenario.variant];
    const fixtures =
        "emu" in target
            ? (({ sources, webhooks }) => ({ sourceId: sources.logs.id, webhookId: webhooks.slack.id }))(target.emu.fixturesOf(scenario.variant))
            : undefined;
    const hosts = await Promise.all(
        Array.from({ length: scenario.stacks }, () =>
            ProviderHost.start({ config: configOf(target, scenario.variant), env: withoutSettingsEnv(), timeoutMs: 30 * 60_000 }),
        ),
    );
    const rateLimitedBefore = "emu" in target ? rateLimitedOf(target.emu, scenario.variant) : 0;
    try {
        const stamp = Date.now().toString(36);
        const requestsBefore = "emu" in target ? target.emu.requests.length : 0;
        const stacks = hosts.map((host, s) => ({
            engine: new Engine(host, { parallel: DEFAULT_PARALLEL, stack: `s${s}` }),
            declared: sharedKeyStack(providers, `${stamp}-s${s}`, scenario.resources, fixtures),
        }));
        await alignToWindow(target);
        const started = performance.now();
        await spend(target, scenario.spentBefore);
        const outcomes = await Promise.all(
            stacks.map(async ({ engine, declared }) => {
                let failure: string | undefined;
                try {
                    await engine.up(declared);
                } catch (error) {
                    failure = error instanceof HostCallError ? error.details : String(error);
                }
                return { wallMs: performance.now() - started, failed: declared.length - engine.state.size, failure };
            }),
        );
        const total = scenario.stacks * scenario.resources;
        return {
            scenario: scenario.name,
            target: "emu" in target ? "emulator" : "server",
            resources: total,
            wallMs: Math.max(...outcomes.map((o) => o.wallMs)),
            stackWallMs: outcomes.map((o) => o.wallMs),
            lowerBoundMs: lowerBoundMs(total + scenario.spentBefore, limit),
            failedOperations: outcomes.reduce((sum, o) => sum + o.failed, 0),
            failures: outcomes.flatMap((o) => (o.failure === undefined ? [] : [o.failure])),
            rateLimited: "emu" in target ? rateLimitedOf(target.emu, scenario.variant) - rateLimitedBefore : undefined,
            waitWarnings: hosts.reduce((sum, host) => sum + (host.stderr.match(/budget for this key/g)?.length ?? 0), 0),
            ...("emu" in target ? emulatorCounts(target.emu, requestsBefore, limit, scenario.spentBefore) : {}),
        };
    } finally {
        await Promise.all(hosts.map((host) => host.close()));
    }
}

/** The emulator's requests since `from` by method and collection (`… 429` for the refused ones), and their bound. */
function emulatorCounts(emu: Emulator, from: number, limit: WindowLimit, spentBefore: number): Pick<SharedKeyFigures, "requests" | "sentBoundMs"> {
    const requests: Record<string, number> = {};
    let accepted = 0;
    for (const r of emu.requests.slice(from + spentBefore)) {
        const collection = r.path.replace(/.*\/(dashboards|alerts)(\/[^/]+)?$/, (_, c: string, id?: string) => (id ? `${c}/:id` : c));
        const kind = `${r.method} ${collection}${r.status === 429 ? " 429" : ""}`;
        requests[kind] = (requests[kind] ?? 0) + 1;
        if (r.status !== 429) accepted++;
    }
    return { requests, sentBoundMs: lowerBoundMs(accepted + spentBefore, limit) };
}

function rateLimitedOf(emu: Emulator, variant: SharedKeyScenario["variant"]): number {
    return variant === "self-hosted" ? emu.rateLimits.stats.selfHosted : emu.rateLimits.stats.cloud;
}

/** One line per run: wall time against the shared bound, failures, 429s. */
export function describeSharedKey(f: SharedKeyFigures): string {
    const ratio = f.lowerBoundMs > 0 ? (f.wallMs / f.lowerBoundMs).toFixed(2) : "n/a";
    const stacks = f.stackWallMs.map((ms) => (ms / 1000).toFixed(1)).join(" / ");
    return (
        `shared key (${f.target}) ${f.scenario}: ${f.resources} resources in ${(f.wallMs / 1000).toFixed(1)} s (stacks ${stacks} s), ` +
        `shared lower bound ${(f.lowerBoundMs / 1000).toFixed(0)} s, ratio ${ratio}` +
        `${f.sentBoundMs === undefined ? "" : ` (bound of the requests accepted ${(f.sentBoundMs / 1000).toFixed(0)} s)`}, failed operations ${f.failedOperations}, ` +
        `429 answers ${f.rateLimited ?? "n/a"}, 429 waits warned ${f.waitWarnings}` +
        `${
            f.requests
                ? `, requests ${Object.entries(f.requests)
                      .map(([k, n]) => `${k} ${n}`)
                      .join(", ")}`
                : ""
        }${f.failures.length > 0 ? ` (FAILED: ${f.failures.join("; ")})` : ""}`
    );
}
