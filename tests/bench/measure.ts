/**
 * Measurement helpers of the benchmark: arrival times of requests, the achieved rate and the lower bound under a
 * limit, and a process's peak memory and CPU time.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";

/** Arrival times (`performance.now()`) of the items pushed onto an array, e.g. an emulator's request log. */
export interface ArrivalTimes<T> {
    /** The arrival times of these items, in their order; items pushed before stamping are skipped. */
    of(items: readonly T[]): number[];
}

/** Stamps every later `push` onto `array` with the time it happened (the array itself is left as it is). */
export function stampArrivals<T extends object>(array: T[]): ArrivalTimes<T> {
    const times = new WeakMap<T, number>();
    const push = array.push.bind(array);
    array.push = (...items: T[]) => {
        const now = performance.now();
        for (const item of items) times.set(item, now);
        return push(...items);
    };
    return { of: (items) => items.flatMap((item) => (times.has(item) ? [times.get(item) as number] : [])) };
}

/** Arrival times of an emulator's recorded requests. */
export function requestTimes<T extends object>(emu: { requests: T[] }): ArrivalTimes<T> {
    return stampArrivals(emu.requests);
}

/** The rate achieved while requests queued for the budget, as a share of the limit. */
export interface SaturatedRate {
    /** Accepted requests per second over the saturated windows. */
    perSecond: number;
    /** `perSecond` divided by the limit's rate. */
    share: number;
    /** How many of the server's windows were saturated, out of all windows. */
    saturatedWindows: number;
    windows: number;
}

/**
 * The achieved rate where the API was the bottleneck. The server's fixed windows are rebuilt from the arrival times
 * of every request (a window opens with the first request after the previous one closed, as the emulator counts). A
 * window is saturated when the next one opened less than a second after it closed: requests were waiting for the
 * budget. The rate is the accepted requests of the saturated windows divided by the time from each one's opening
 * to the next one's opening; undefined when no window was saturated (the work never needed more than the budget).
 * @param accepted arrival times of the requests the server accepted (no 429)
 * @param all arrival times of every request (429s count towards a window too)
 * @param limit the API's limit
 */
export function saturatedRate(accepted: readonly number[], all: readonly number[], limit: { limit: number; windowMs: number }): SaturatedRate | undefined {
    const sorted = [...all].sort((a, b) => a - b);
    const starts: number[] = [];
    for (const t of sorted) if (starts.length === 0 || t >= (starts[starts.length - 1] as number) + limit.windowMs) starts.push(t);
    let requests = 0;
    let spanMs = 0;
    let saturated = 0;
    for (let k = 0; k + 1 < starts.length; k++) {
        const start = starts[k] as number;
        const next = starts[k + 1] as number;
        if (next - (start + limit.windowMs) >= 1000) continue;
        saturated++;
        requests += accepted.filter((t) => t >= start && t < next).length;
        spanMs += next - start;
    }
    if (saturated === 0) return undefined;
    const perSecond = (requests / spanMs) * 1000;
    return { perSecond, share: perSecond / ((limit.limit / limit.windowMs) * 1000), saturatedWindows: saturated, windows: starts.length };
}

/** The median of the values (NaN for none). */
export function median(values: readonly number[]): number {
    if (values.length === 0) return Number.NaN;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A documented rate limit: at most `limit` requests per window of `windowMs`. */
export interface WindowLimit {
    limit: number;
    windowMs: number;
}

/**
 * The least wall time `requests` requests can take under `limit`: a server counting fixed windows accepts `limit`
 * per window, so the last request cannot leave before the window it needs opens, `ceil(requests / limit) - 1`
 * windows after the first. Latency and the work between requests count as zero.
 * @param requests the fewest requests the work needs on this API
 * @param limit the API's limit
 */
export function lowerBoundMs(requests: number, limit: WindowLimit): number {
    return Math.max(0, Math.ceil(requests / limit.limit) - 1) * limit.windowMs;
}

/** A process's peak resident memory so far (`VmHWM` of /proc/PID/status), in bytes; Linux only. */
export function peakRssBytes(pid: number): number {
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    if (!match) throw new Error(`no VmHWM in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
}

/**
 * The fields of /proc/PID/stat after the command name (which may hold spaces), from field 3 (`state`) on: they start
 * at its closing parenthesis. Linux only; throws when the process is gone.
 */
export function statFields(pid: number | "self"): string[] {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU time (user + system) a process has used so far (/proc/PID/stat), in milliseconds; Linux only. */
export function cpuTimeMs(pid: number): number {
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
    const fields = statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The kernel's unit of /proc CPU times (`getconf CLK_TCK`, 100 on Linux). */
export const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
