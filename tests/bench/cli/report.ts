/**
 * The CLI bench's tables and the targets, each one line with its figure and PASS or FAIL.
 */
import { median } from "../measure";
import { HOST_LABEL, type HostKind, type StackRunFigures } from "./stackRun";

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const perResource = (ms: number, resources: number) => `${(ms / resources).toFixed(2)} ms`;

/**
 * The parallelism of a run's commands, in words.
 * @param parallel the `--parallel` passed, or `default` when none was
 */
export function parallelLabel(parallel: StackRunFigures["parallel"]): string {
    return parallel === "default" ? "the CLI's default parallelism (4 × CPUs)" : `--parallel ${parallel}`;
}

/** What a run's stack ran against, in tables. */
export const TARGET_LABEL: Record<StackRunFigures["target"], string> = { emulator: "emulator", "real-server": "real self-hosted server" };

/** The runs grouped by what they ran against, host, size, limits and parallelism, in the order first run. */
function groups(all: readonly StackRunFigures[]): StackRunFigures[][] {
    const byKey = new Map<string, StackRunFigures[]>();
    for (const r of all) {
        const key = [r.target, r.host, r.resources, r.limits, r.parallel].join("|");
        byKey.set(key, [...(byKey.get(key) ?? []), r]);
    }
    return [...byKey.values()];
}

/**
 * The median of a request count over runs, or `unknown` when a run could not see its requests (a real server).
 * @param pick the count of a run
 */
export function requestsCell(runs: readonly StackRunFigures[], pick: (r: StackRunFigures) => number | null): string {
    const counts = runs.map(pick);
    return counts.some((n) => n === null) ? "unknown" : String(median(counts as number[]));
}

/** The median of a figure over runs. */
function m(runs: readonly StackRunFigures[], pick: (r: StackRunFigures) => number): number {
    return median(runs.map(pick));
}

/** One row per host and size: the figures as columns, medians over the runs. */
export function printCliTable(all: readonly StackRunFigures[]): void {
    const header = [
        "server",
        "host",
        "resources",
        "limits",
        "parallel",
        "runs",
        "create wall",
        "1st/last req",
        "bound",
        "ratio",
        "preview req",
        "preview wall",
        "prov CPU/res",
        "CLI CPU/res",
        "prov peak",
        "CLI peak",
        "refresh req",
        "refresh wall",
        "refresh prov CPU/res",
    ];
    const lines = groups(all).map((runs) => {
        const { target, host, resources: n, limits, parallel } = runs[0] as StackRunFigures;
        const bound = m(runs, (r) => r.create.lowerBoundMs);
        const wall = m(runs, (r) => r.create.wallMs);
        return [
            TARGET_LABEL[target],
            HOST_LABEL[host],
            String(n),
            limits,
            String(parallel),
            String(runs.length),
            s(wall),
            runs.some((r) => r.create.requests === null)
                ? "unknown"
                : `${s(m(runs, (r) => r.create.firstRequestMs ?? Number.NaN))}/${s(m(runs, (r) => r.create.lastRequestMs ?? Number.NaN))}`,
            limits === "documented" ? s(bound) : "-",
            limits === "documented" && bound > 0 ? (wall / bound).toFixed(2) : "-",
            requestsCell(runs, (r) => r.preview.requests),
            s(m(runs, (r) => r.preview.wallMs)),
            perResource(
                m(runs, (r) => r.preview.provider.cpuMs),
                n,
            ),
            perResource(
                m(runs, (r) => r.preview.cli.cpuMs),
                n,
            ),
            mib(m(runs, (r) => r.preview.provider.peakRssBytes)),
            mib(m(runs, (r) => r.preview.cli.peakRssBytes)),
            requestsCell(runs, (r) => r.refresh.requests),
            s(m(runs, (r) => r.refresh.wallMs)),
            perResource(
                m(runs, (r) => r.refresh.provider.cpuMs),
                n,
            ),
        ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
    const parallels = [...new Set(all.map((r) => r.parallel))].map(parallelLabel).join(", ");
    const unseen = all.some((r) => r.preview.requests === null) ? "; requests unknown: the bench does not see a real server's" : "";
    console.log(`\nThrough the Pulumi CLI at ${parallels} (medians; prov = the provider process the engine ran; preview = no change${unseen}):`);
    for (const line of [header, ...lines]) console.log(`  ${line.map((cell, i) => cell.padStart(widths[i] as number)).join("  ")}`);
}

/** One target of the issue: what it says, the figure, whether it holds (undefined: not measured). */
export interface TargetLine {
    target: string;
    figure: string;
    pass: boolean | undefined;
}

/** What runs may run against, in the order of the targets. */
const SERVERS: StackRunFigures["target"][] = ["emulator", "real-server"];

/**
 * The targets of the runs at documented limits against one server: each host's create against its bound, and the
 * hosts' preview CPU compared. A real server's lines say so.
 */
function documentedTargets(all: readonly StackRunFigures[], server: StackRunFigures["target"]): TargetLine[] {
    const lines: TargetLine[] = [];
    const on = server === "real-server" ? `, ${TARGET_LABEL[server]}` : "";
    const documented = (host: HostKind) => all.filter((r) => r.host === host && r.limits === "documented" && r.target === server);
    for (const host of ["dynamic", "plugin"] as const) {
        // A stack that fits in one window (`--quick`) has no bound to be measured against.
        const runs = documented(host).filter((r) => r.create.lowerBoundMs > 0);
        if (runs.length === 0) continue;
        const ratio = m(runs, (r) => r.create.wallMs / r.create.lowerBoundMs);
        const parallels = [...new Set(runs.map((r) => r.parallel))].map(parallelLabel).join(", ");
        lines.push({
            target: `create ≤ 1.3 × the bound at ${parallels}, ${HOST_LABEL[host]}${on}`,
            figure: `${s(m(runs, (r) => r.create.wallMs))} / ${s(m(runs, (r) => r.create.lowerBoundMs))} = ${ratio.toFixed(2)}`,
            pass: ratio <= 1.3 && runs.every((r) => r.create.inventoryProblems.length === 0),
        });
    }
    const [dynamic, plugin] = [documented("dynamic"), documented("plugin")];
    if (dynamic.length > 0 && plugin.length > 0) {
        const cpu = (runs: StackRunFigures[]) => m(runs, (r) => r.preview.provider.cpuMs / r.resources);
        lines.push({
            target: `plugin's provider-process CPU per resource in a no-change preview ≤ the dynamic host's${on}`,
            figure: `${cpu(plugin).toFixed(2)} ms ≤ ${cpu(dynamic).toFixed(2)} ms (${dynamic[0]?.resources} resources)`,
            pass: cpu(plugin) <= cpu(dynamic),
        });
    }
    return lines;
}

/** The targets as measured. */
export function cliTargets(all: readonly StackRunFigures[], largest: number): TargetLine[] {
    const lines: TargetLine[] = [];
    const hosts: HostKind[] = ["dynamic", "plugin"];
    for (const server of SERVERS) lines.push(...documentedTargets(all, server));
    for (const host of hosts) {
        // A real server's requests are not seen: its runs say nothing of this target (the table says `unknown`).
        const runs = all.filter((r) => r.host === host && r.preview.requests !== null);
        if (runs.length === 0) continue;
        const most = Math.max(...runs.map((r) => r.preview.requests ?? 0));
        lines.push({
            target: `a no-change preview sends no request, ${HOST_LABEL[host]} (every size)`,
            figure: `${most} request(s) at most`,
            pass: most === 0,
        });
    }
    for (const host of hosts) {
        const runs = all.filter((r) => r.host === host && r.resources === largest);
        const at = (runs: StackRunFigures[]) =>
            `${(m(runs, (r) => r.preview.provider.cpuMs) / (runs[0]?.resources ?? 1)).toFixed(2)} ms/resource, ${mib(m(runs, (r) => r.preview.provider.peakRssBytes))}`;
        if (runs.length === 0) {
            const sizes = all.filter((r) => r.host === host && r.limits === "raised");
            const biggest = sizes.length > 0 ? Math.max(...sizes.map((r) => r.resources)) : undefined;
            const seen = biggest === undefined ? "" : ` (at ${biggest}: ${at(sizes.filter((r) => r.resources === biggest))})`;
            lines.push({
                target: `at ${largest} resources the provider stays < 1 ms CPU/resource per preview and < 512 MiB, ${HOST_LABEL[host]}`,
                figure: `not run${seen}`,
                pass: undefined,
            });
            continue;
        }
        const cpu = m(runs, (r) => r.preview.provider.cpuMs / r.resources);
        const peak = Math.max(...runs.map((r) => Math.max(r.create.provider.peakRssBytes, r.preview.provider.peakRssBytes, r.refresh.provider.peakRssBytes)));
        lines.push({
            target: `at ${largest} resources the provider stays < 1 ms CPU/resource per preview and < 512 MiB, ${HOST_LABEL[host]}`,
            figure: `${cpu.toFixed(2)} ms/resource, peak ${mib(peak)} (create, preview, refresh)`,
            pass: cpu < 1 && peak < 512 * 2 ** 20,
        });
    }
    return lines;
}

/** Prints the targets, one line each. */
export function printTargets(lines: readonly TargetLine[]): void {
    console.log("\nTargets (issue 37):");
    for (const line of lines) console.log(`  ${line.pass === undefined ? "NOT RUN" : line.pass ? "PASS" : "FAIL"}  ${line.target}: ${line.figure}`);
}
