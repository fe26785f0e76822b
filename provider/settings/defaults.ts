/** At most `limit` requests in any window of `windowMs`. */
export interface RateLimit {
    limit: number;
    windowMs: number;
}

/** What a setting is when neither the stack config nor the environment sets it (`SETTINGS` in config.ts describes each). */
export const SETTING_DEFAULTS = {
    apiUrl: "http://localhost:8000",
    requestTimeoutMs: 30_000,
    retryBudgetMs: 60_000,
    retryBaseDelayMs: 1_000,
    readCacheMs: 10_000,
    /** Longer than the engine takes to start the next create of a kind when other kinds' steps held every slot. */
    createListGraceMs: 2_000,
    maxResponseBytes: 4 * 1024 * 1024,
    /**
     * A list is one answer per page, and the self-hosted dashboards, sources and connections lists never page: room for
     * 50,000 objects of 5 KiB each. Half of the longest string the runtime can hold, so a text this size still parses.
     */
    maxListResponseBytes: 256 * 1024 * 1024,
    pollIntervalMs: 2_000,
    /** The documented limit: 100 requests per minute per key. */
    selfHostedRateLimit: { limit: 100, windowMs: 60_000 },
    /** The documented limit: 10 requests per 10 s per key. */
    cloudRateLimit: { limit: 10, windowMs: 10_000 },
} as const satisfies Record<string, string | number | RateLimit>;
