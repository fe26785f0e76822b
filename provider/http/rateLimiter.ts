import { createHash } from "node:crypto";
import { Clock, systemClock } from "./clock";

/** At most `limit` requests in any window of `windowMs`. */
export interface RateLimit {
    limit: number;
    windowMs: number;
}

/** Documented limits: self-hosted 100 per minute per key, cloud 10 per 10 s per key. */
export const DEFAULT_LIMITS = {
    selfHosted: { limit: 100, windowMs: 60_000 },
    cloud: { limit: 10, windowMs: 10_000 },
} as const satisfies Record<string, RateLimit>;

/**
 * Sliding-window limiter: never more than `limit` sends in any `windowMs`, so a server that counts in
 * fixed windows never sees more than its budget either. `marginMs` absorbs the difference between the
 * moment a request leaves and the moment the server counts it.
 */
export class RateLimiter {
    private readonly sent: number[] = [];
    private pausedUntil = 0;
    private turn: Promise<void> = Promise.resolve();
    readonly stats = { acquired: 0, waits: 0, pauses: 0 };

    constructor(
        private readonly rate: RateLimit,
        private readonly clock: Clock = systemClock,
        private readonly marginMs = Math.min(250, rate.windowMs / 40),
    ) {}

    /** Waits, in arrival order, until one more request may be sent. */
    acquire(signal?: AbortSignal): Promise<void> {
        const mine = this.turn.then(() => this.waitForSlot(signal));
        this.turn = mine.catch(() => undefined);
        return mine;
    }

    /** Stops all sends until `until` (epoch ms): the server said it is out of budget. */
    pauseUntil(until: number): void {
        if (until > this.pausedUntil) {
            this.pausedUntil = until;
            this.stats.pauses++;
        }
    }

    private async waitForSlot(signal?: AbortSignal): Promise<void> {
        for (;;) {
            signal?.throwIfAborted();
            const now = this.clock.now();
            while (this.sent.length > 0 && this.sent[0] <= now - this.rate.windowMs - this.marginMs) this.sent.shift();
            let wait = 0;
            if (this.pausedUntil > now) wait = this.pausedUntil - now;
            else if (this.sent.length >= this.rate.limit) wait = this.sent[0] + this.rate.windowMs + this.marginMs - now;
            if (wait <= 0) {
                this.sent.push(now);
                this.stats.acquired++;
                return;
            }
            this.stats.waits++;
            await this.clock.sleep(wait, signal);
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
