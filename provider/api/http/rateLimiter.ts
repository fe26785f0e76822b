import { createHash } from "node:crypto";
import { Clock, systemClock } from "./clock";
import type { RateLimit } from "../../settings/defaults";

/**
 * What one answer said of the server's fixed window: whole seconds until it resets and, when the server tells it,
 * how many requests remain in it for the key (counting every process that uses the key).
 */
export interface ServerWindowAdvice {
    /** Whole seconds until the window resets. */
    resetSeconds: number;
    /**
     * Whether the server rounds the reset up (draft-6 `RateLimit-Reset`), so the window ends within `resetSeconds`;
     * otherwise (the cloud's `X-RateLimit-Reset`, rounding not documented) within one second more.
     */
    roundedUp: boolean;
    /** Requests left in the window after this one; undefined when the server does not say. */
    remaining?: number;
}

/**
 * Ends a request's hold on its slot: with what its answer said of the server's window (`{}` for an answer that said
 * nothing of it), or nothing when no answer came.
 */
export type Release = (answer?: { window?: ServerWindowAdvice }) => void;

/**
 * A server window's end, bounded from both sides: every request answered before `countedBefore` was counted
 * in that window or an earlier one, and from `endedBy` on the window is certainly over.
 */
interface WindowEnd {
    countedBefore: number;
    endedBy: number;
}

/** What the server last said remains in its current window, and what this process sent that it may not have counted. */
interface ServerBudget extends WindowEnd {
    remaining: number;
    /** Requests of this process that left after the advising one did. */
    spent: number;
}

/**
 * Paces the requests of one process on one key, by its own count and by what the server says of the key's budget.
 *
 * Its own count is a sliding window: never more than `limit` requests in any `windowMs`, so a server that counts in
 * fixed windows never sees more than its budget from this process. A request counts from the moment it may leave
 * until its answer arrives, and then for a window after that answer: the server counts it at some moment in between
 * (connection pools and a busy process delay the send by an unknown time), so the window is kept from the latest
 * moment it can have been counted. `marginMs` absorbs clock differences on top.
 *
 * Other processes on the same key (another stack, a script) spend the same budget, which only the server sees. A
 * server that says what remains (`RateLimit-Remaining`) and when its window resets (`RateLimit-Reset`) is followed:
 * - no request leaves while the server's remaining budget, less what this process sent since, is used up: the next
 *   one waits for the window's end;
 * - requests in flight never take more than half of what remains, so processes sharing the key leave each other
 *   room instead of all spending the same last requests;
 * - while the current window's budget is not known (the first request of a process, the first after a window
 *   ended), one request goes alone: its answer tells what the others left.
 * Once a window is over, the requests the server counted in it no longer take anything from the next one.
 */
export class RateLimiter {
    /** When the answers of finished requests arrived, oldest first. */
    private readonly finished: number[] = [];
    /** Ends of the server's windows, as its answers told them, not yet over. */
    private windowEnds: WindowEnd[] = [];
    /** The current window's budget as the server last told it; undefined when not known. */
    private budget: ServerBudget | undefined;
    /** Whether the server tells its remaining budget: unknown until the first answer, then true once any answer did. */
    private tellsBudget: boolean | undefined;
    private inFlight = 0;
    private pausedUntil = 0;
    private turn: Promise<void> = Promise.resolve();
    /** Wakes the request waiting for an answer to free a slot. */
    private wake: (() => void) | undefined;
    /** Requests let go, and answered (or failed). */
    readonly stats = { acquired: 0, answered: 0, waits: 0, pauses: 0 };

    constructor(
        private readonly rate: RateLimit,
        private readonly clock: Clock = systemClock,
        private readonly marginMs = Math.min(250, rate.windowMs / 40),
    ) {}

    /** The budget this limiter keeps to, as configured (the server's documented limit by default). */
    get limit(): RateLimit {
        return this.rate;
    }

    /**
     * Waits, in arrival order, until one more request may be sent. Returns the function to call once the request
     * is over (answered or failed), with what its answer said of the server's window; until then it holds its slot.
     */
    acquire(signal?: AbortSignal): Promise<Release> {
        const mine = this.turn.then(() => this.waitForSlot(signal));
        this.turn = mine.then(
            () => undefined,
            () => undefined,
        );
        return mine;
    }

    /**
     * When the window an answer told of is certainly over (epoch ms). The reset is whole seconds (rounded up by
     * draft-6 servers, so the window ends within it; one second more for a server whose rounding is not known).
     * @param advice what the answer said
     * @param answeredAt when the answer arrived
     */
    windowEndsBy(advice: ServerWindowAdvice, answeredAt: number): number {
        return answeredAt + advice.resetSeconds * 1000 + (advice.roundedUp ? this.marginMs : 1000);
    }

    /**
     * Stops all sends until `until` (epoch ms): the server said it is out of budget. Returns whether this starts a
     * pause (none was under way), so that the wait is told once, not once per request it holds back.
     */
    pauseUntil(until: number): boolean {
        const fresh = this.pausedUntil <= this.clock.now();
        if (until > this.pausedUntil) this.pausedUntil = until;
        if (fresh) this.stats.pauses++;
        return fresh;
    }

    private async waitForSlot(signal?: AbortSignal): Promise<Release> {
        for (;;) {
            signal?.throwIfAborted();
            const now = this.clock.now();
            this.forget(now);
            const wait = this.waitBeforeSending(now);
            if (wait <= 0) {
                this.inFlight++;
                if (this.budget) this.budget.spent++;
                this.stats.acquired++;
                return this.releaser(now, this.stats.acquired);
            }
            this.stats.waits++;
            await this.sleepOrWake(wait, signal);
        }
    }

    /** How long the next request must wait from `now` (infinite: until an answer arrives); 0 or less: it may leave. */
    private waitBeforeSending(now: number): number {
        if (this.pausedUntil > now) return this.pausedUntil - now;
        const windowOver = Math.min(...this.windowEnds.map((end) => end.endedBy)) - now;
        if (this.inFlight + this.finished.length >= this.rate.limit) {
            // Every slot is taken: the first answer frees one a window later, or the server's window ends.
            const slotFreed = this.finished.length > 0 ? this.finished[0] + this.rate.windowMs + this.marginMs - now : Number.POSITIVE_INFINITY;
            return Math.min(slotFreed, windowOver);
        }
        if (this.tellsBudget === false) return 0;
        if (!this.budget) return this.inFlight > 0 ? Number.POSITIVE_INFINITY : 0;
        const left = this.budget.remaining - this.budget.spent;
        if (left <= 0) return this.budget.endedBy - now;
        return this.inFlight < Math.ceil(left / 2) ? 0 : Number.POSITIVE_INFINITY;
    }

    /** Drops the answers that no longer count: older than a window, or counted in a server window now over. */
    private forget(now: number): void {
        let countedBefore = now - this.rate.windowMs - this.marginMs;
        this.windowEnds = this.windowEnds.filter((end) => {
            if (end.endedBy > now) return true;
            countedBefore = Math.max(countedBefore, end.countedBefore);
            return false;
        });
        while (this.finished.length > 0 && this.finished[0] <= countedBefore) this.finished.shift();
        if (this.budget && this.budget.endedBy <= now) this.budget = undefined;
    }

    /**
     * @param sentAt when the request left
     * @param serial how many requests had left by then, this one included
     */
    private releaser(sentAt: number, serial: number): Release {
        let released = false;
        return (answer) => {
            if (released) return;
            released = true;
            this.inFlight--;
            const answeredAt = this.clock.now();
            const advice = answer?.window;
            // An answer that says nothing of the budget: a server that does not tell it, unless one of its answers did.
            if (answer && !advice) this.tellsBudget ??= false;
            // What the server had not counted when it answered: the requests that left after this one (requests reach
            // the server in the order they leave; one overtaken now and then costs a 429, waited out).
            if (advice) this.observe(advice, sentAt, answeredAt, this.stats.acquired - serial);
            this.stats.answered++;
            this.finished.push(answeredAt);
            this.wake?.();
        };
    }

    /**
     * Takes in what an answer said of the server's window. A reset longer than this limiter's window is not about the
     * same budget. The window ends after `sentAt + (reset - 1) s` (the server counted the request after it left).
     * @param spent this process's requests the server may not have counted when it answered
     */
    private observe(advice: ServerWindowAdvice, sentAt: number, answeredAt: number, spent: number): void {
        this.tellsBudget = advice.remaining !== undefined || this.tellsBudget === true;
        if (!(advice.resetSeconds >= 0) || advice.resetSeconds * 1000 > this.rate.windowMs) return;
        const end = { countedBefore: sentAt + (advice.resetSeconds - 1) * 1000, endedBy: this.windowEndsBy(advice, answeredAt) };
        // Answers of one window tell nearly the same end: keep only what says more than an end already known.
        if (!this.windowEnds.some((known) => known.countedBefore >= end.countedBefore && known.endedBy <= end.endedBy)) this.windowEnds.push(end);
        if (advice.remaining === undefined) return;
        const told: ServerBudget = { ...end, remaining: advice.remaining, spent };
        const known = this.budget;
        if (!known || end.countedBefore >= known.endedBy) this.budget = told;
        else if (end.endedBy > known.countedBefore && told.remaining - told.spent < known.remaining - known.spent) this.budget = told;
    }

    /** Sleeps `ms` (when infinite: until woken) or until a request in flight finishes, whichever comes first. */
    private async sleepOrWake(ms: number, signal?: AbortSignal): Promise<void> {
        const stop = new AbortController();
        const until = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
        const woken = new Promise<void>((resolve) => (this.wake = resolve));
        // An abort ends the wait too; the loop then throws the caller's reason.
        const ended = Number.isFinite(ms)
            ? this.clock.sleep(ms, until).catch(() => undefined)
            : new Promise<void>((resolve) => until.addEventListener("abort", () => resolve(), { once: true }));
        try {
            await Promise.race([ended, woken]);
        } finally {
            this.wake = undefined;
            stop.abort();
        }
    }
}

const registry = new Map<string, RateLimiter>();

/**
 * The limiter shared by every resource of the process that uses the same credential on the same API.
 * The key holds a hash of the credential, never the credential.
 */
export function sharedLimiter(api: string, origin: string, credential: string, rate: RateLimit, clock?: Clock): RateLimiter {
    const fingerprint = createHash("sha256").update(credential).digest("hex").slice(0, 16);
    const key = `${api}|${origin}|${fingerprint}|${rate.limit}/${rate.windowMs}`;
    let limiter = registry.get(key);
    if (!limiter) {
        limiter = new RateLimiter(rate, clock);
        registry.set(key, limiter);
    }
    return limiter;
}
