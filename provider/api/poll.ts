import type { Settings } from "../settings/config";
import { systemClock } from "./http/clock";

/** Default first poll interval; `observability:pollIntervalMs` overrides it (tests use 0). */
export const DEFAULT_POLL_INTERVAL_MS = 2_000;
/** Longest pause between two polls. */
export const MAX_POLL_INTERVAL_MS = 30_000;

/** The first poll interval of this process's settings. */
export function pollIntervalMs(settings: Settings): number {
    return settings.duration("pollIntervalMs", DEFAULT_POLL_INTERVAL_MS);
}

/** How a wait on an asynchronous object reads it, when it is done, and what it says when time runs out. */
export interface Poll<T> {
    /** One look at the object (a GET). */
    read(): Promise<T>;
    /** True when the look ends the wait; throw from here to end it with an error. */
    settled(value: T): boolean;
    /** The first pause between two looks (doubled after each, up to 30 s). */
    intervalMs: number;
    /** The operation's deadline (`timeouts`). */
    signal: AbortSignal;
    /** The error when the deadline expires, given the last look (undefined when none succeeded). */
    expired(last: T | undefined): Error;
}

/**
 * Reads with exponential backoff until a look settles the wait, the same schedule as the data pipe waits. An
 * error from `read` or `settled` ends the wait as it is; the deadline ends it with `expired(last)`.
 */
export async function pollUntil<T>(poll: Poll<T>): Promise<T> {
    let last: T | undefined;
    let delay = poll.intervalMs;
    for (;;) {
        try {
            last = await poll.read();
            // A look that came back settles (or fails) the wait even if the deadline expired meanwhile.
        } catch (error) {
            throw poll.signal.aborted ? poll.expired(last) : error;
        }
        if (poll.settled(last)) return last;
        await systemClock.sleep(delay, poll.signal).catch(() => Promise.reject(poll.expired(last)));
        delay = Math.min(MAX_POLL_INTERVAL_MS, delay * 2);
    }
}
