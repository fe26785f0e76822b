/** Time source of the HTTP core; tests replace it so that no test waits on real time. */
export interface Clock {
    now(): number;
    /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
    now: () => Date.now(),
    sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
            if (signal?.aborted) return reject(signal.reason);
            const timer = setTimeout(
                () => {
                    signal?.removeEventListener("abort", onAbort);
                    resolve();
                },
                Math.max(0, ms),
            );
            const onAbort = () => {
                clearTimeout(timer);
                reject(signal?.reason);
            };
            signal?.addEventListener("abort", onAbort, { once: true });
        }),
};
