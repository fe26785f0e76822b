/**
 * Reads a V8 CPU profile (`node --cpu-prof`, a `.cpuprofile` file): self time per function and per origin (our
 * provider, our SDK, `@pulumi/pulumi`, gRPC and protobuf, other packages, Node's own), for the CLI bench's profile of
 * the provider process (`npm run bench -- --engine cli --profile`).
 */
import * as fs from "node:fs";

/** The parts of a `.cpuprofile` read here. */
interface CpuProfile {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
}

/** Self time of one function or origin. */
export interface SelfTime {
    name: string;
    ms: number;
    /** Share of all sampled time. */
    share: number;
}

/** A profile's self time, by function and by origin. */
export interface ProfileSummary {
    /** Sampled time the process was busy (idle samples left out). */
    totalMs: number;
    /** Sampled time it waited (V8's `(idle)`). */
    idleMs: number;
    functions: SelfTime[];
    origins: SelfTime[];
}

/** Where a function's code comes from, by its script's URL. */
export function originOf(url: string): string {
    if (url === "") return "(V8: GC, program, native)";
    if (/\/dist\/provider\//.test(url) || /\/provider\/.*\.ts$/.test(url)) return "ours: provider";
    if (/\/dist\/sdk\//.test(url)) return "ours: sdk";
    if (/node_modules\/@pulumi\/pulumi\//.test(url)) return "@pulumi/pulumi";
    if (/node_modules\/@grpc\//.test(url)) return "@grpc/grpc-js";
    if (/node_modules\/(google-protobuf|protobufjs)\//.test(url)) return "protobuf";
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (pkg) return pkg[1] as string;
    if (url.startsWith("node:")) return "node";
    return url;
}

/**
 * Self time per function (`name file:line`) and per origin: each sample's interval (the time delta that follows it)
 * counts for the function on top of the stack; idle samples are counted apart.
 * @param file the `.cpuprofile`
 */
export function summarizeProfile(file: string): ProfileSummary {
    const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const functions = new Map<string, number>();
    const origins = new Map<string, number>();
    let total = 0;
    let idle = 0;
    profile.samples.forEach((id, i) => {
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        const node = byId.get(id);
        if (!node) return;
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === "(idle)") {
            idle += ms;
            return;
        }
        const name = `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules|dist)\//, "$1/")}:${lineNumber + 1}`;
        functions.set(name, (functions.get(name) ?? 0) + ms);
        origins.set(originOf(url), (origins.get(originOf(url)) ?? 0) + ms);
        total += ms;
    });
    const ranked = (map: Map<string, number>) => [...map].map(([name, ms]) => ({ name, ms, share: total > 0 ? ms / total : 0 })).sort((a, b) => b.ms - a.ms);
    return { totalMs: total, idleMs: idle, functions: ranked(functions), origins: ranked(origins) };
}

/** Prints the origins and the top functions by self time. */
export function printProfile(label: string, summary: ProfileSummary, top = 20): void {
    const row = (t: SelfTime) => `    ${t.ms.toFixed(0).padStart(7)} ms  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.name}`;
    console.log(`\nCPU profile, ${label}: ${summary.totalMs.toFixed(0)} ms busy (${summary.idleMs.toFixed(0)} ms idle). Self time by origin:`);
    for (const t of summary.origins.slice(0, 12)) console.log(row(t));
    console.log(`  Top ${top} functions by self time:`);
    for (const t of summary.functions.slice(0, top)) console.log(row(t));
}
