/** Measurement helpers of the benchmark: arrival times of requests and the achieved rate under a limit. */

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
