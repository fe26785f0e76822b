/**
 * `npm run bench -- --scale`: how the provider host's cost grows with the stack. The bench's stack shape (per 200
 * resources: 50 dashboards of 3 tiles, 100 alerts, 50 pipes of which 10 database pipes) at 200, 2,000 and 10,000
 * resources, with the rate limits raised on both sides (the emulator enforces none, the clients allow a million
 * requests a second), so that what is measured is the host's own work, not the servers' budget.
 */
import type { Emulator } from "../emulator";
import type { Engine } from "../harness/engine";
import type { ProviderHost } from "../harness/host";
import { bigStack, FULL_SIZE, inventoryProblems, ProviderTexts, resourceCount, StackSize } from "../support/bigStack";
import { cpuTimeMs, peakRssBytes } from "./measure";

/** Multiples of the bench's 200-resource stack. */
export const SCALE_FACTORS = [1, 10, 50] as const;
/** The client limits of a scale run: far above anything the stack can send. */
export const RAISED_LIMITS = { "observability:selfHostedRateLimit": "1000000/1s", "observability:cloudRateLimit": "1000000/1s" };
/** `--parallel` of a scale run: the steps the CLI runs at once on a 16-core machine, so that pipes' waits overlap. */
export const SCALE_PARALLEL = 64;

/** A fresh emulator and host for one size. */
export type StartStack = (parallel: number, limits: "raised") => Promise<{ emu: Emulator; host: ProviderHost; engine: Engine; close(): Promise<void> }>;

/** What one size cost the provider host. */
export interface ScaleFigures {
    resources: number;
    create: { wallMs: number; hostCpuMsPerResource: number; failed: boolean; inventoryProblems: number };
    preview: { wallMs: number; hostCpuMsPerResource: number; requests: number };
    refresh: { wallMs: number; requests: number };
    hostPeakRssBytes: number;
}

/** The bench's stack multiplied by `factor`. */
export function scaledSize(factor: number): StackSize {
    return { ...FULL_SIZE, dashboards: FULL_SIZE.dashboards * factor, pipes: FULL_SIZE.pipes * factor };
}

/** Host CPU and wall time of `work`. */
async function measured<T>(host: ProviderHost, work: () => Promise<T>): Promise<{ result: T | undefined; error?: unknown; wallMs: number; cpuMs: number }> {
    const cpu = cpuTimeMs(host.pid as number);
    const started = performance.now();
    try {
        const result = await work();
        return { result, wallMs: performance.now() - started, cpuMs: cpuTimeMs(host.pid as number) - cpu };
    } catch (error) {
        return { result: undefined, error, wallMs: performance.now() - started, cpuMs: cpuTimeMs(host.pid as number) - cpu };
    }
}

/** Creates, previews and refreshes the scaled stack on a fresh emulator and host. */
export async function scaleRun(providers: ProviderTexts, factor: number, start: StartStack): Promise<ScaleFigures> {
    const size = scaledSize(factor);
    const resources = resourceCount(size);
    const stack = await start(SCALE_PARALLEL, "raised");
    try {
        const { emu, host, engine } = stack;
        const { declared, expected } = bigStack(emu, providers, size);
        emu.clearRequests();
        const create = await measured(host, () => engine.up(declared));
        const problems = inventoryProblems(emu, expected);

        emu.clearRequests();
        const preview = await measured(host, () => engine.preview(declared));
        const previewRequests = emu.requests.length;

        emu.clearRequests();
        const refresh = await measured(host, () => engine.refresh());
        return {
            resources,
            create: {
                wallMs: create.wallMs,
                hostCpuMsPerResource: create.cpuMs / resources,
                failed: create.error !== undefined,
                inventoryProblems: problems.length,
            },
            preview: { wallMs: preview.wallMs, hostCpuMsPerResource: preview.cpuMs / resources, requests: previewRequests },
            refresh: { wallMs: refresh.wallMs, requests: emu.requests.length },
            hostPeakRssBytes: peakRssBytes(host.pid as number),
        };
    } finally {
        await stack.close();
    }
}

/** One row per size, the figures as columns. */
export function printScaleTable(rows: readonly ScaleFigures[]): void {
    const header = ["resources", "create CPU/res", "preview wall", "preview CPU/res", "refresh requests", "host peak RSS", "create wall", "failed/problems"];
    const lines = rows.map((r) => [
        String(r.resources),
        `${r.create.hostCpuMsPerResource.toFixed(2)} ms`,
        `${(r.preview.wallMs / 1000).toFixed(2)} s`,
        `${r.preview.hostCpuMsPerResource.toFixed(2)} ms`,
        String(r.refresh.requests),
        `${(r.hostPeakRssBytes / 2 ** 20).toFixed(0)} MiB`,
        `${(r.create.wallMs / 1000).toFixed(1)} s`,
        `${r.create.failed ? 1 : 0}/${r.create.inventoryProblems}`,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    console.log(`\nScale (limits raised, --parallel ${SCALE_PARALLEL}, host figures):`);
    for (const line of [header, ...lines]) console.log(`  ${line.map((cell, i) => cell.padStart(widths[i])).join("  ")}`);
}
