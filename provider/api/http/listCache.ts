import { Clock } from "./clock";

/**
 * Shares list responses for a short time so that a refresh of many objects costs a few list requests
 * instead of one read each, which matters under the cloud API's 10 requests per 10 s. Concurrent callers
 * share one in-flight request; any write through the same client clears everything, so a read never
 * returns what this process itself has changed since.
 */
export class ListCache {
    private readonly entries = new Map<string, { at: number; value: Promise<unknown>; settled: boolean }>();
    readonly stats = { hits: 0, loads: 0 };

    constructor(
        private readonly ttlMs: number,
        private readonly clock: Clock,
    ) {}

    get enabled(): boolean {
        return this.ttlMs > 0;
    }

    /** The cached value of `key`, loading it when absent or older than the time to live. */
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
        const now = this.clock.now();
        const entry = this.entries.get(key);
        // A load still in flight is shared whatever the time to live, also with none.
        if (entry && (!entry.settled || now - entry.at <= this.ttlMs)) {
            this.stats.hits++;
            return entry.value as Promise<T>;
        }
        this.stats.loads++;
        const value = load();
        const loaded = { at: now, value, settled: false };
        this.entries.set(key, loaded);
        // The answer's age counts from its arrival: a list that queued for rate budget is fresh when it comes.
        // A failed load is not remembered.
        value.then(
            () => {
                loaded.at = this.clock.now();
                loaded.settled = true;
            },
            () => {
                loaded.settled = true;
                if (this.entries.get(key)?.value === value) this.entries.delete(key);
            },
        );
        return value;
    }

    clear(): void {
        this.entries.clear();
    }
}
