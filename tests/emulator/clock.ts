import { type Clock, systemClock } from "../../provider/api/http/clock";

// One time source for the provider and the emulator: a test that hands both the same ManualClock decides when
// anything that waits on time (a slow answer, a wait before a retry or a second look) goes on.
export { type Clock, systemClock };

interface Sleeper {
    until: number;
    resolve(): void;
}

/** A clock that only moves when told to: rate-limit windows are crossed and sleeps end without waiting on real time. */
export class ManualClock implements Clock {
    private current: number;
    private sleepers: Sleeper[] = [];
    private onSleep: (() => void)[] = [];

    /** @param start epoch milliseconds to start at (default: a fixed instant, 2025-01-01T00:00:00Z). */
    constructor(start = Date.UTC(2025, 0, 1)) {
        this.current = start;
    }

    now(): number {
        return this.current;
    }

    /** Ends when the clock is moved `ms` on (or past), or rejects with the signal's reason when it aborts first. */
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
        return new Promise<void>((resolve, reject) => {
            if (signal?.aborted) return reject(signal.reason);
            const sleeper: Sleeper = {
                until: this.current + Math.max(0, ms),
                resolve: () => {
                    signal?.removeEventListener("abort", onAbort);
                    resolve();
                },
            };
            const onAbort = () => {
                this.sleepers = this.sleepers.filter((s) => s !== sleeper);
                reject(signal?.reason);
            };
            signal?.addEventListener("abort", onAbort, { once: true });
            this.sleepers.push(sleeper);
            for (const wake of this.onSleep.splice(0)) wake();
        });
    }

    /** How many sleeps wait for the clock. */
    get sleeping(): number {
        return this.sleepers.length;
    }

    /** Resolves once at least `count` sleeps wait for the clock. */
    async untilSleeping(count = 1): Promise<void> {
        while (this.sleepers.length < count) await new Promise<void>((resolve) => this.onSleep.push(resolve));
    }

    /** Moves the clock forward by `ms` milliseconds, ending the sleeps that are due, earliest first. */
    advance(ms: number): void {
        this.set(this.current + ms);
    }

    /** Moves the clock to the end of the earliest sleep and ends it (with any due at the same instant). */
    wakeNext(): void {
        if (this.sleepers.length === 0) throw new Error("nothing sleeps on this clock");
        this.set(Math.max(this.current, Math.min(...this.sleepers.map((s) => s.until))));
    }

    /** Sets the clock to an absolute epoch-millisecond value, ending the sleeps that are due, earliest first. */
    set(epochMs: number): void {
        this.current = epochMs;
        const due = this.sleepers.filter((s) => s.until <= epochMs).sort((a, b) => a.until - b.until);
        this.sleepers = this.sleepers.filter((s) => s.until > epochMs);
        for (const sleeper of due) sleeper.resolve();
    }
}
