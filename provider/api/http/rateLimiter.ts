import { createHash } from "node:crypto";
import { Clock, systemClock } from "./clock";
import type { RateLimit } from "../../settings/defaults";

/**
 * What one answer said of the server's fixed window (draft-6 `RateLimit-Reset`: whole seconds until it
 * resets), and when that request left and was answered: the server counted it in between.
 */
export interface ServerWindowAdvice {
    sentAt: number;
    answeredAt: number;
    resetSeconds: number;
}

/**
 * A server window's end, bounded from both sides: every request answered before `countedBefore` was counted
 * in that window or an earlier one, and from `endedBy` on the window is certainly over.
 */
interface WindowEnd {
    countedBefore: number;
    endedBy: number;
}

/**
 * Sliding-window limiter: never more than `limit` requests in any `windowMs`, so a server that counts in
 * fixed windows never sees more than its budget either. A request counts from the moment it may leave
 * until its answer arrives, and then for a window after that answer: the server counts it at some moment
 * in between (connection pools and a busy process delay the send by an unknown time), so the window is
 * kept from the latest moment it can have been counted. `marginMs` absorbs clock differences on top.
 *
 * A server that says when its window resets ({@link observe}) lets the limiter forget, once that window is
 * over, the requests it counted in it: they take nothing from the next window's budget. Without that, a
 * client that waited for budget late in the server's window waits for up to a second window.
 */
export class RateLimiter {
    /** When the answers of finished requests arrived, oldest first. */
    private readonly finished: number[] = [];
    /** Ends of the server's windows, as its answers told them, not yet over. */
    private windowEnds: WindowEnd[] = [];
    private inFlight = 0;
    private pausedUntil = 0;
    private turn: Promise<void> = Promise.resolve();
    /** Wakes the request waiting for an answer to free a slot. */
    private wake: (() => void) | undefined;
    readonly stats = { acquired: 0, waits: 0, pauses: 0 };

    constructor(
        private readonly rate: RateLimit,
        private readonly clock: Clock = systemClock,
        private readonly marginMs = Math.min(250, rate.windowMs / 40),
    ) {}

    /**
     * Waits, in arrival order, until one more request may be sent. Returns the function to call once the
     * request is over (answered or failed); until then it occupies its slot.
     */
    acquire(signal?: AbortSignal): Promise<() => void> {
        const mine = this.turn.then(() => this.waitForSlot(signal));
        this.turn = mine.then(
            () => undefined,
            () => undefined,
        );
        return mine;
    }

    /**
     * Takes in what an answer said of the server's window. The reset is rounded to whole seconds (up by
     * draft-6 servers, down by some others), so the window ends after `sentAt + (reset - 1) s` and before
     * `answeredAt + (reset + 1) s`. A reset longer than this limiter's window is not about the same budget.
     */
    observe({ sentAt, answeredAt, resetSeconds }: ServerWindowAdvice): void {
        if (!(resetSeconds >= 0) || resetSeconds * 1000 > this.rate.windowMs) return;
        const end = { countedBefore: sentAt + (resetSeconds - 1) * 1000, endedBy: answeredAt + (resetSeconds + 1) * 1000 };
        // Answers of one window tell nearly the same end: keep only what says more than an end already known.
        if (this.windowEnds.some((known) => known.countedBefore >= end.countedBefore && known.endedBy <= end.endedBy)) return;
        this.windowEnds.push(end);
    }

    /** Stops all sends until `until` (epoch ms): the server said it is out of budget. */
    pauseUntil(until: number): void {
        if (until > this.pausedUntil) {
            this.pausedUntil = until;
            this.stats.pauses++;
        }
    }

    private async waitForSlot(signal?: AbortSignal): Promise<() => void> {
        for (;;) {
            signal?.throwIfAborted();
            const now = this.clock.now();
            this.forget(now);
            let wait = 0;
            if (this.pausedUntil > now) wait = this.pausedUntil - now;
            else if (this.inFlight + this.finished.length >= this.rate.limit) {
                // Every slot is taken by requests still in flight: the first answer frees one a window later.
                const slotFreed = this.finished.length > 0 ? this.finished[0] + this.rate.windowMs + this.marginMs : Number.POSITIVE_INFINITY;
                // Or the server's window ends, and with it the count of what it holds.
                wait = Math.min(slotFreed, ...this.windowEnds.map((end) => end.endedBy)) - now;
            }
            if (wait <= 0) {
                this.inFlight++;
                this.stats.acquired++;
                return this.releaser();
            }
            this.stats.waits++;
            await this.sleepOrWake(wait, signal);
        }
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
    }

    private releaser(): () => void {
        let released = false;
        return () => {
            if (released) return;
            released = true;
            this.inFlight--;
            this.finished.push(this.clock.now());
            this.wake?.();
        };
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
