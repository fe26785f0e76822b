import type { Settings } from "../settings/config";
import type { Clock } from "./http/clock";
import type { Apis } from "./apis";
import { SETTING_DEFAULTS } from "../settings/defaults";

/** Longest pause between two polls. */
export const MAX_POLL_INTERVAL_MS = 30_000;

/** The first poll interval of this process's settings. */
export function pollIntervalMs(settings: Settings): number {
    return settings.duration("pollIntervalMs", SETTING_DEFAULTS.pollIntervalMs);
}

/** The pace of a wait: the first interval from the settings, the pauses on the provider's clock. */
export function pollPace(apis: Pick<Apis, "settings" | "clock">): Pick<Poll<unknown>, "intervalMs" | "clock"> {
    return { intervalMs: pollIntervalMs(apis.settings), clock: apis.clock };
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
    /** What the pauses wait on (`Apis.clock`: tests pass a manual one). */
    clock: Clock;
    /** The error when the deadline expires, given the last look (undefined when none succeeded). */
    expired(last: T | undefined): Error;
    /** The object as a write just answered it: judged before any look. */
    seen?: T;
    /** The pause before the first look: 0 (default) looks at once; `intervalMs` when the object was just written. */
    firstPauseMs?: number;
    /**
     * Pauses up to `afterMs` and looks, in one step: a look shared with other waits (a poll round) may come sooner.
     * Default: sleep `afterMs`, then `read()`.
     */
    look?(afterMs: number): Promise<T>;
}

/**
 * Reads with exponential backoff until a look settles the wait: the schedule of every wait of the provider (the
 * data pipe state waits pass their shared poll round as `look`). An error from a look or from `settled` ends the
 * wait as it is; the deadline ends it with `expired(last)`.
 */
export async function pollUntil<T>(poll: Poll<T>): Promise<T> {
    const pause = (ms: number) => (ms > 0 ? poll.clock.sleep(ms, poll.signal) : Promise.resolve());
    const look = poll.look ?? (async (afterMs: number) => (await pause(afterMs), poll.read()));
    let last = poll.seen;
    let judged = poll.seen !== undefined;
    let next = poll.firstPauseMs ?? 0;
    for (;;) {
        if (judged && poll.settled(last as T)) return last as T;
        try {
            last = await look(next);
            judged = true;
            // A look that came back settles (or fails) the wait even if the deadline expired meanwhile.
        } catch (error) {
            throw poll.signal.aborted ? poll.expired(last) : error;
        }
        next = next === 0 ? poll.intervalMs : Math.min(MAX_POLL_INTERVAL_MS, next * 2);
    }
}
