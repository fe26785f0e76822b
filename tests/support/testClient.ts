/** An API client of the HTTP core built directly (no settings), for tests of the core itself. */
import { ApiClient } from "../../provider/api/http/client";
import type { Clock } from "../../provider/api/http/clock";
import type { Envelope } from "../../provider/api/http/envelope";
import type { Notify } from "../../provider/api/http/notice";
import type { RateLimiter } from "../../provider/api/http/rateLimiter";
import type { RetryPolicy } from "../../provider/api/http/retry";

/** Short retries, so that tests of failures do not wait long even on a virtual clock. */
const SHORT_RETRIES: RetryPolicy = { baseDelayMs: 100, maxDelayMs: 1000, budgetMs: 10_000 };

/**
 * A self-hosted-style client (Bearer key) of the API at `baseUrl` on `clock`.
 * @param baseUrl the API's base URL, e.g. `http://127.0.0.1:PORT/api/v2`
 * @param clock the client's clock (its retries, its limiter's waits)
 * @param options the envelope, the limiter (one per simulated process), the key, the retry policy (short retries by
 * default) and where warnings go
 */
export function clientAt(
    baseUrl: string,
    clock: Clock,
    options: { envelope: Envelope; limiter: RateLimiter; key: string; retry?: RetryPolicy; notify?: Notify },
): ApiClient {
    return new ApiClient({
        name: "self-hosted",
        baseUrl: new URL(baseUrl),
        authorization: `Bearer ${options.key}`,
        secrets: [options.key],
        credentialHelp: "set `observability:apiKey` (environment variable OBSERVABILITY_API_KEY)",
        urlSetting: "apiUrl",
        describeSetting: (name) => name,
        plainTextNotFound: true,
        envelope: options.envelope,
        limiter: options.limiter,
        retry: options.retry ?? SHORT_RETRIES,
        timeoutMs: 5_000,
        clock,
        notify: options.notify,
    });
}
