/**
 * `npm run bench -- --full 0,1000,10000`: a stack created on a service that is already full. The team holds N dashboards
 * (three tiles each), N tile alerts, N saved searches and N webhooks made by hand before a stack of 200 dashboards with an alert on a tile of each
 * is created at the CLI's default `--parallel`, limits raised on both sides, so that what is measured is the provider
 * host's own work: its CPU per created resource should not grow with N beyond reading the lists themselves (issue 37).
 * The objects made by hand are one dashboard and one alert made through the API and the team's seeded saved search and
 * webhook, copied into the emulator's store N times under other ids and names, as a team's own objects are.
 */
import { Agent, request } from "undici";
import type { Emulator } from "../emulator";
import { DEFAULT_PARALLEL, type Engine } from "../harness/engine";
import type { ProviderHost } from "../harness/host";
import { bigStack, inventoryProblems, type ProviderTexts, resourceCount, type StackSize } from "../support/bigStack";
import { cpuTimeMs, peakRssBytes } from "./measure";
import type { StartStack } from "./scale";

/** The stack created on the full service: 200 dashboards, each with a tile alert. */
const FULL_SERVICE_SIZE: StackSize = { dashboards: 200, tiles: 3, alertsPerDashboard: 1, pipes: 0, databasePipeEvery: 5 };

/** What one create on a service holding `handMade` objects of each kind cost. */
export interface FullServiceFigures {
    handMade: number;
    resources: number;
    /** The size of the dashboards list one create reads before its POST, in bytes. */
    dashboardsListBytes: number;
    wallMs: number;
    hostCpuMsPerResource: number;
    failed: string | undefined;
    inventoryProblems: number;
    hostPeakRssBytes: number;
    /** How many times the create read the dashboards or the alerts list. */
    listsRead: number;
}

/** Copies one dashboard, tile alert, saved search and webhook `count` times into the team's store. */
async function fillWithHandMade(emu: Emulator, count: number): Promise<void> {
    const api = async (path: string, body: unknown): Promise<{ id: string; tiles?: { id: string }[] }> => {
        const res = await fetch(`${emu.url}/api/v2${path}`, {
            method: "POST",
            headers: { authorization: `Bearer ${emu.credentials.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { data: { id: string; tiles?: { id: string }[] } }).data;
    };
    const sourceId = emu.fixtures.sources.logs.id;
    const tile = (name: string, x: number) => ({ name, x, y: 0, w: 4, h: 4, config: { displayType: "line", sourceId, select: [{ aggFn: "count" }] } });
    const dashboard = await api("/dashboards", { name: "made by hand", tiles: [tile("Requests", 0), tile("Errors", 4), tile("Latency", 8)] });
    const alert = await api("/alerts", {
        source: "tile",
        dashboardId: dashboard.id,
        tileId: dashboard.tiles?.[0]?.id,
        threshold: 10,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: emu.fixtures.webhooks.slack.id },
        name: "made by hand",
    });
    const team = emu.store.selfHosted;
    const dashboardRecord = team.dashboards.get(dashboard.id);
    const alertRecord = team.alerts.get(alert.id);
    if (!dashboardRecord || !alertRecord) throw new Error("the objects made by hand are not in the store");
    const id = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, "0")}`;
    const { savedSearch, webhooks } = emu.fixtures;
    for (let i = 0; i < count; i++) {
        const name = `made by hand ${i}`;
        const dashboardId = id("d0", i);
        team.dashboards.set(dashboardId, { ...structuredClone(dashboardRecord), id: dashboardId, name });
        const alertId = id("a0", i);
        team.alerts.set(alertId, { ...structuredClone(alertRecord), id: alertId, dashboardId, name });
        const searchId = id("c0", i);
        team.savedSearches.set(searchId, { ...structuredClone(savedSearch), id: searchId, name });
        const webhookId = id("e0", i);
        team.webhooks.set(webhookId, { ...structuredClone(webhooks.generic), id: webhookId, name });
    }
    team.dashboards.delete(dashboard.id);
    team.alerts.delete(alert.id);
}

/**
 * Creates the stack on a fresh emulator holding `handMade` dashboards and alerts made by hand.
 * @param providers the SDK's provider texts
 * @param handMade how many dashboards (and as many alerts) the team holds before the stack
 * @param start a fresh emulator and host with raised limits
 */
export async function fullServiceRun(providers: ProviderTexts, handMade: number, start: StartStack): Promise<FullServiceFigures> {
    const stack = await start(DEFAULT_PARALLEL, "raised");
    try {
        const { emu, host, engine } = stack as { emu: Emulator; host: ProviderHost; engine: Engine };
        await fillWithHandMade(emu, handMade);
        // On a connection of its own: copying 50,000 objects of each kind blocks longer than the emulator keeps the posts'
        // connection alive, and a pooled one would be reset under the request.
        const fresh = new Agent();
        const listed = await request(`${emu.url}/api/v2/dashboards`, { headers: { authorization: `Bearer ${emu.credentials.apiKey}` }, dispatcher: fresh });
        const dashboardsListBytes = (await listed.body.arrayBuffer()).byteLength;
        await fresh.close();
        const { declared, expected } = bigStack(emu, providers, FULL_SERVICE_SIZE);
        emu.clearRequests();
        const cpu = cpuTimeMs(host.pid as number);
        const started = performance.now();
        let failed: string | undefined;
        try {
            await engine.up(declared);
        } catch (error) {
            failed = error instanceof Error ? error.message.split("\n")[0] : String(error);
        }
        const resources = resourceCount(FULL_SERVICE_SIZE);
        return {
            handMade,
            resources,
            dashboardsListBytes,
            wallMs: performance.now() - started,
            hostCpuMsPerResource: (cpuTimeMs(host.pid as number) - cpu) / resources,
            failed,
            // The objects made by hand are no orphans of the stack's.
            inventoryProblems: inventoryProblems(emu, expected).filter((problem) => !problem.includes("made by hand")).length,
            listsRead: emu.requests.filter((r) => r.method === "GET" && /\/api\/v2\/(dashboards|alerts)$/.test(r.path.split("?")[0])).length,
            hostPeakRssBytes: peakRssBytes(host.pid as number),
        };
    } finally {
        await stack.close();
    }
}

/** One row per N, with the CPU per created resource against the empty service's. */
export function printFullServiceTable(rows: readonly FullServiceFigures[]): void {
    const empty = rows.find((row) => row.handMade === 0)?.hostCpuMsPerResource;
    const header = ["made by hand", "dashboards list", "lists read", "create wall", "host CPU/created", "vs empty", "host peak RSS", "failed/problems"];
    const lines = rows.map((r) => [
        `${r.handMade} × 4`,
        `${(r.dashboardsListBytes / 2 ** 20).toFixed(1)} MiB`,
        String(r.listsRead),
        `${(r.wallMs / 1000).toFixed(1)} s`,
        `${r.hostCpuMsPerResource.toFixed(1)} ms`,
        empty ? `${(r.hostCpuMsPerResource / empty).toFixed(2)}` : "-",
        `${(r.hostPeakRssBytes / 2 ** 20).toFixed(0)} MiB`,
        `${r.failed ? 1 : 0}/${r.inventoryProblems}`,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    console.log(
        `\nA service already full: N each of dashboards, tile alerts, saved searches and webhooks made by hand (200 dashboards + 200 tile alerts created, --parallel ${DEFAULT_PARALLEL}, limits raised, host figures):`,
    );
    for (const line of [header, ...lines]) console.log(`  ${line.map((cell, i) => cell.padStart(widths[i])).join("  ")}`);
    for (const r of rows) if (r.failed) console.log(`  N=${r.handMade}: ${r.failed}`);
}
