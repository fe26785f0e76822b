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

/** What an answer's headers say of the server's rate limit. */
export interface RateLimitHeaders {
    /**
     * Whole seconds until the server's window resets: the self-hosted server's draft-6 `RateLimit-Reset` (on every
     * answer, rounded up, contract §1.7), else the cloud's `X-RateLimit-Reset` (on a 429, seconds; an epoch
     * timestamp is turned into a delay).
     */
    resetSeconds?: number;
    /** Whether the reset is the draft-6 header, rounded up by the server. */
    roundedUp: boolean;
    /** `RateLimit-Remaining`: requests left in the window for the key, every process using it counted. */
    remaining?: number;
    /** `Retry-After` in ms (seconds or an HTTP date). The self-hosted server always sends its whole window there. */
    retryAfterMs?: number;
}

/** A header holding a whole number, as a number; undefined when absent or not such a number. */
const wholeNumber = (headers: ResponseHeaders, name: string): number | undefined => {
    const raw = headerValue(headers, name)?.trim();
    return raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
};

/**
 * Reads the rate-limit headers of an answer.
 * @param headers the answer's headers
 * @param now the client's clock, to turn dates and epoch timestamps into delays
 */
export function rateLimitHeaders(headers: ResponseHeaders, now: number): RateLimitHeaders {
    const draft = wholeNumber(headers, "ratelimit-reset");
    const cloud = wholeNumber(headers, "x-ratelimit-reset");
    // A value this large is an epoch timestamp, not a delay.
    const cloudDelay = cloud !== undefined && cloud > 1e9 ? Math.max(0, Math.ceil(cloud - now / 1000)) : cloud;
    return {
        resetSeconds: draft ?? cloudDelay,
        roundedUp: draft !== undefined,
        remaining: wholeNumber(headers, "ratelimit-remaining"),
        retryAfterMs: retryAfter(headerValue(headers, "retry-after"), now),
    };
}

/** `Retry-After` (seconds or an HTTP date) in ms from `now`. */
function retryAfter(raw: string | undefined, now: number): number | undefined {
    if (raw === undefined || raw.trim() === "") return undefined;
    const seconds = Number(raw);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(raw);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
