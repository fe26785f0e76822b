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

/** The runs of one host at one size, limits and parallelism. */
function runsOf(
    all: readonly StackRunFigures[],
    host: HostKind,
    resources: number,
    limits: StackRunFigures["limits"],
    parallel: StackRunFigures["parallel"],
): StackRunFigures[] {
    return all.filter((r) => r.host === host && r.resources === resources && r.limits === limits && r.parallel === parallel);
}

/** The median of a figure over runs. */
function m(runs: readonly StackRunFigures[], pick: (r: StackRunFigures) => number): number {
    return median(runs.map(pick));
}

/** One row per host and size: the figures as columns, medians over the runs. */
export function printCliTable(all: readonly StackRunFigures[]): void {
    const header = [
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
    const keys = [...new Set(all.map((r) => `${r.host}|${r.resources}|${r.limits}|${r.parallel}`))];
    const lines = keys.map((key) => {
        const [host, resources, limits, parallelText] = key.split("|") as [HostKind, string, StackRunFigures["limits"], string];
        const n = Number(resources);
        const parallel = parallelText === "default" ? "default" : Number(parallelText);
        const runs = runsOf(all, host, n, limits, parallel);
        const bound = m(runs, (r) => r.create.lowerBoundMs);
        const wall = m(runs, (r) => r.create.wallMs);
        return [
            HOST_LABEL[host],
            resources,
            limits,
            String(parallel),
            String(runs.length),
            s(wall),
            `${s(m(runs, (r) => r.create.firstRequestMs ?? Number.NaN))}/${s(m(runs, (r) => r.create.lastRequestMs ?? Number.NaN))}`,
            limits === "documented" ? s(bound) : "-",
            limits === "documented" && bound > 0 ? (wall / bound).toFixed(2) : "-",
            String(m(runs, (r) => r.preview.requests)),
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
            String(m(runs, (r) => r.refresh.requests)),
            s(m(runs, (r) => r.refresh.wallMs)),
            perResource(
                m(runs, (r) => r.refresh.provider.cpuMs),
                n,
            ),
        ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
    const parallels = [...new Set(all.map((r) => r.parallel))].map(parallelLabel).join(", ");
    console.log(`\nThrough the Pulumi CLI at ${parallels} (medians; prov = the provider process the engine ran; preview = no change):`);
    for (const line of [header, ...lines]) console.log(`  ${line.map((cell, i) => cell.padStart(widths[i] as number)).join("  ")}`);
}

/** One target of the issue: what it says, the figure, whether it holds (undefined: not measured). */
export interface TargetLine {
    target: string;
    figure: string;
    pass: boolean | undefined;
}

/** The targets as measured. */
export function cliTargets(all: readonly StackRunFigures[], largest: number): TargetLine[] {
    const lines: TargetLine[] = [];
    const hosts: HostKind[] = ["dynamic", "plugin"];
    const documented = (host: HostKind) => all.filter((r) => r.host === host && r.limits === "documented");
    for (const host of hosts) {
        const runs = documented(host);
        if (runs.length === 0) continue;
        const ratio = m(runs, (r) => r.create.wallMs / r.create.lowerBoundMs);
        const parallels = [...new Set(runs.map((r) => r.parallel))].map(parallelLabel).join(", ");
        lines.push({
            target: `create ≤ 1.3 × the bound at ${parallels}, ${HOST_LABEL[host]}`,
            figure: `${s(m(runs, (r) => r.create.wallMs))} / ${s(m(runs, (r) => r.create.lowerBoundMs))} = ${ratio.toFixed(2)}`,
            pass: ratio <= 1.3 && runs.every((r) => r.create.inventoryProblems.length === 0),
        });
    }
    for (const host of hosts) {
        const runs = all.filter((r) => r.host === host);
        if (runs.length === 0) continue;
        const most = Math.max(...runs.map((r) => r.preview.requests));
        lines.push({
            target: `a no-change preview sends no request, ${HOST_LABEL[host]} (every size)`,
            figure: `${most} request(s) at most`,
            pass: most === 0,
        });
    }
    const [dynamic, plugin] = hosts.map(documented);
    if (dynamic && plugin && dynamic.length > 0 && plugin.length > 0) {
        const cpu = (runs: StackRunFigures[]) => m(runs, (r) => r.preview.provider.cpuMs / r.resources);
        lines.push({
            target: "plugin's provider-process CPU per resource in a no-change preview ≤ the dynamic host's",
            figure: `${cpu(plugin).toFixed(2)} ms ≤ ${cpu(dynamic).toFixed(2)} ms (${dynamic[0]?.resources} resources)`,
            pass: cpu(plugin) <= cpu(dynamic),
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
