/** How long the client keeps retrying what is safe to retry. */
export interface RetryPolicy {
    /** First backoff step; doubles per attempt. */
    baseDelayMs: number;
    /** Cap of one backoff step. */
    maxDelayMs: number;
    /** Total time spent retrying one call before giving up. */
    budgetMs: number;
}

/** The cap of one backoff step (not a setting). */
export const MAX_RETRY_DELAY_MS = 16_000;

/** Exponential backoff with full jitter, so parallel callers do not retry in lockstep. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Response headers as undici hands them over: lower-case names, a repeated header as an array. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

const headerValue = (headers: ResponseHeaders, name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
};

/**
 * The wait a 429 asks for, in ms, from `Retry-After` (seconds or an HTTP date), `RateLimit-Reset`
 * (seconds, draft-6) or `X-RateLimit-Reset` (seconds), whichever is present first.
 */
export function retryAfterMs(headers: ResponseHeaders, now: number): number | undefined {
    for (const name of ["retry-after", "ratelimit-reset", "x-ratelimit-reset"]) {
        const raw = headerValue(headers, name);
        if (raw === undefined || raw.trim() === "") continue;
        const seconds = Number(raw);
        // A value this large is an epoch timestamp, not a delay.
        if (Number.isFinite(seconds) && seconds > 1e9) return Math.max(0, seconds * 1000 - now);
        if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
        const date = Date.parse(raw);
        if (!Number.isNaN(date)) return Math.max(0, date - now);
    }
    return undefined;
}

/**
 * Whole seconds until the server's rate-limit window resets, from the draft-6 `RateLimit-Reset` header that the
 * self-hosted API sends with every answer (contract §1.7); undefined without one, or when it is not a delay.
 */
export function serverWindowResetSeconds(headers: ResponseHeaders): number | undefined {
    const raw = headerValue(headers, "ratelimit-reset")?.trim();
    if (raw === undefined || !/^\d{1,7}$/.test(raw)) return undefined;
    return Number(raw);
}
