/** Source of the current time for rate-limit windows and timestamps; tests inject a ManualClock. */
export interface Clock {
    /** Milliseconds since the epoch. */
    now(): number;
}

/** The real wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to, so rate-limit windows can be crossed without sleeping. */
export class ManualClock implements Clock {
    private current: number;

    /** @param start epoch milliseconds to start at (default: a fixed instant, 2025-01-01T00:00:00Z). */
    constructor(start = Date.UTC(2025, 0, 1)) {
        this.current = start;
    }

    now(): number {
        return this.current;
    }

    /** Moves the clock forward by `ms` milliseconds. */
    advance(ms: number): void {
        this.current += ms;
    }

    /** Sets the clock to an absolute epoch-millisecond value. */
    set(epochMs: number): void {
        this.current = epochMs;
    }
}
