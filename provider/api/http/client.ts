import { CreateSnapshots } from "./createSnapshots";
import { Agent, Dispatcher, errors as undiciErrors } from "undici";
import { z } from "zod";
import { Clock, systemClock } from "./clock";
import { Notify, pulumiWarning } from "./notice";
import { Envelope } from "./envelope";
import { ListCache } from "./listCache";
import { ApiError } from "./errors";
import { hintFor, type NotFoundContext } from "./hints";
import { RateLimiter, type Release, type ServerWindowAdvice } from "./rateLimiter";
import { backoffDelay, rateLimitHeaders, ResponseHeaders, RetryPolicy } from "./retry";
import { operationSecrets } from "./operationSecrets";
import { redact, truncate } from "./redact";
import { SETTING_DEFAULTS } from "../../settings/defaults";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One call of an API, described independently of the transport. */
export interface RequestSpec<T> {
    /** What the provider is doing, for error messages: `read Dashboard "web"`. */
    operation: string;
    method: HttpMethod;
    /** Path below the client's base URL, starting with `/`, with every parameter already encoded. */
    path: string;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    /** Schema of the unwrapped payload. */
    response: z.ZodType<T>;
    /**
     * Whether sending the call twice has the effect of sending it once. Defaults to true for GET, PUT
     * and DELETE. A non-idempotent call is retried only when it certainly did not reach the server.
     */
    idempotent?: boolean;
    /** The operation's deadline (the resource's own timeout). */
    signal?: AbortSignal;
    /** Called each time the request leaves, once the rate limiter let it go (before every attempt). */
    onSend?: () => void;
    /** The request lists a collection: a 404 names the URL or the organization and service, never a gone object. */
    list?: boolean;
}

/** Everything that distinguishes one API from the other. */
export interface ApiClientOptions {
    /** `self-hosted` or `cloud`, for messages and statistics. */
    name: string;
    /** Base URL including the version path, e.g. `http://localhost:8000/api/v2`. */
    baseUrl: URL;
    /** The value of the `Authorization` header. */
    authorization: string;
    /** Values that must never appear in a message (the credential in every form). */
    secrets: readonly string[];
    /**
     * Whether a 404 with a plain-text body still means "no such object" (self-hosted dashboards answer
     * `Not Found` as text); otherwise only a JSON 404 does.
     */
    plainTextNotFound: boolean;
    /** Where the user sets the credential, for the 401 hint. */
    credentialHelp: string;
    /** The setting holding the base URL, named when the server cannot be reached at all. */
    urlSetting: "apiUrl" | "cloudUrl";
    /** How messages name a setting (config key and environment variable); the settings layer knows. */
    describeSetting: (name: "apiUrl" | "cloudUrl" | "retryBudgetMs" | "maxResponseBytes" | "maxListResponseBytes" | "organizationId" | "serviceId") => string;
    /** Largest response body of one object read, in bytes; a larger one is refused without being read. */
    maxResponseBytes?: number;
    /** The same for a list or one page of it ({@link RequestSpec.list}). */
    maxListResponseBytes?: number;
    envelope: Envelope;
    limiter: RateLimiter;
    retry: RetryPolicy;
    /** Timeout of one HTTP exchange. */
    timeoutMs: number;
    /** How long list responses are shared between reads (0: never). */
    listCacheMs?: number;
    /** How long creates keep sharing a list after the last one ended (0: only while one is in progress). */
    createListGraceMs?: number;
    clock?: Clock;
    /** Where waits the user should know about are told (default: a warning in Pulumi's log). */
    notify?: Notify;
    /** Renames of the server's field names in request bodies and answers' payloads, both ways (default: none). */
    wire?: WireTranslation;
}

/** How request bodies and answers are translated between the package's names and the server's. */
export interface WireTranslation {
    toServer(body: unknown): unknown;
    fromServer(body: unknown): unknown;
}

/** Pagination metadata of a list page. */
export interface PageMeta {
    /** Items matching the query, ignoring pagination. */
    total: number;
    /** The page size the server applied. */
    limit?: number;
}

const pagedBody = z.looseObject({ meta: z.looseObject({ total: z.number().int().nonnegative(), limit: z.number().int().nonnegative().optional() }) });

/** Counters a benchmark or a test can read. */
export interface ClientStats {
    requests: number;
    retries: number;
    rateLimited: number;
    failures: number;
}

// One keep-alive pool per origin for the whole process.
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 16, connect: { timeout: 10_000 } });

// Connection failures that prove the request never left: safe to resend whatever the method.
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

type Outcome =
    { kind: "response"; response: RawResponse } | { kind: "error"; error: unknown; sent: boolean } | { kind: "too-large"; status: number; bytes: number };

interface RawResponse {
    status: number;
    headers: ResponseHeaders;
    text: string;
}

/** The HTTP core shared by both APIs: limiter, retries, envelopes, typed payloads and clear errors. */
export class ApiClient {
    readonly stats: ClientStats = { requests: 0, retries: 0, rateLimited: 0, failures: 0 };
    /** Time source of retries, rate-limit windows and the wait after a lost create. */
    readonly clock: Clock;
    /** Where waits the user should know about are told. */
    readonly notify: Notify;
    /** List responses shared between reads; cleared by every write through this client. */
    readonly lists: ListCache;
    /** Lists taken before creates, shared by the creates of a collection that overlap in time. */
    readonly snapshots: CreateSnapshots;
    /** Whether any answer ever arrived: before that, a refused connection means a wrong URL, not a restart. */
    private reached = false;

    constructor(private readonly options: ApiClientOptions) {
        this.clock = options.clock ?? systemClock;
        const notify = options.notify ?? pulumiWarning;
        // A warning may quote a server's message, which may echo the request: redacted like every error.
        this.notify = (message) => notify(redact(message, [...options.secrets, ...operationSecrets()]));
        this.lists = new ListCache(options.listCacheMs ?? 0, this.clock);
        this.snapshots = new CreateSnapshots(this.clock, options.createListGraceMs ?? 0);
    }

    get name(): string {
        return this.options.name;
    }

    async request<T>(spec: RequestSpec<T>): Promise<T> {
        return (await this.exchange(spec)).payload;
    }

    /**
     * `request` for one page of a list: also returns the body's pagination `meta` (`{total, limit, offset}`),
     * undefined when the server does not page (older self-hosted servers, contract §1.9).
     */
    async requestPage<T>(spec: RequestSpec<T>): Promise<{ payload: T; meta?: PageMeta }> {
        const { payload, body } = await this.exchange(spec);
        const parsed = pagedBody.safeParse(body);
        return { payload, meta: parsed.success ? parsed.data.meta : undefined };
    }

    private async exchange<T>(spec: RequestSpec<T>): Promise<{ payload: T; body: unknown }> {
        if (spec.method !== "GET") this.lists.clear();
        // An update or a delete ends a run of creates: the next create lists again.
        if (spec.method !== "GET" && spec.method !== "POST") this.snapshots.endIdle();
        try {
            return await this.exchangeWithRetries(spec);
        } finally {
            // Also after the write: a list loaded while it was in flight may predate it.
            if (spec.method !== "GET") this.lists.clear();
        }
    }

    private async exchangeWithRetries<T>(spec: RequestSpec<T>): Promise<{ payload: T; body: unknown }> {
        const idempotent = spec.idempotent ?? (spec.method === "GET" || spec.method === "PUT" || spec.method === "DELETE");
        const started = this.clock.now();
        const { retry } = this.options;
        for (let attempt = 0; ; attempt++) {
            const outcome = await this.attempt(spec);
            const within = (delay: number) => this.clock.now() - started + delay <= retry.budgetMs && !spec.signal?.aborted;
            if (outcome.kind === "too-large") throw this.tooLarge(spec, outcome, idempotent);
            if (outcome.kind === "response") {
                const { response } = outcome;
                if (response.status >= 200 && response.status < 300) return this.parse(spec, response);
                if (response.status === 429) {
                    this.stats.rateLimited++;
                    // The server throttled before doing anything, so any method may be resent, a POST too.
                    const asked = this.rateLimitWait(response.headers);
                    if (asked !== undefined && asked <= this.patienceMs()) {
                        if (this.options.limiter.pauseUntil(this.clock.now() + asked)) this.notify(this.budgetSpent(spec, asked));
                        this.stats.retries++;
                        continue;
                    }
                    if (asked !== undefined)
                        throw this.responseError(
                            spec,
                            response,
                            false,
                            `The server asked to wait ${Math.ceil(asked / 1000)} s before the next request, far longer than its rate-limit window (${this.options.limiter.limit.windowMs / 1000} s): run again later`,
                        );
                    // A 429 that says nothing of when to come back: a backoff within the retry budget.
                    const wait = backoffDelay(attempt, retry);
                    if (within(wait)) {
                        this.options.limiter.pauseUntil(this.clock.now() + wait);
                        this.stats.retries++;
                        continue;
                    }
                }
                const failedWrite = response.status >= 500 && !idempotent;
                if (response.status >= 500 && idempotent) {
                    const wait = backoffDelay(attempt, retry);
                    if (within(wait)) {
                        this.stats.retries++;
                        await this.sleep(spec, wait);
                        continue;
                    }
                }
                throw this.responseError(spec, response, failedWrite);
            }
            const { error, sent } = outcome;
            if (!sent && !this.reached) throw this.unreachable(spec, error);
            if (!sent || idempotent) {
                const wait = backoffDelay(attempt, retry);
                if (within(wait)) {
                    this.stats.retries++;
                    await this.sleep(spec, wait);
                    continue;
                }
            }
            this.stats.failures++;
            throw new ApiError({
                operation: spec.operation,
                method: spec.method,
                path: this.displayPath(spec.path),
                serverMessage: this.clean(describeNetworkError(error)),
                hint:
                    sent && !idempotent
                        ? "The request may have reached the server; the provider checks for the object before trying again"
                        : `Check that ${this.options.baseUrl.origin} is reachable`,
                outcomeUnknown: sent && !idempotent,
                settleMs: isTimeout(error) ? 2 * this.options.timeoutMs : this.options.timeoutMs,
            });
        }
    }

    private async attempt(spec: RequestSpec<unknown>): Promise<Outcome> {
        let release: Release;
        try {
            release = await this.options.limiter.acquire(spec.signal);
        } catch (error) {
            if (spec.signal?.aborted) throw this.deadlineError(spec, false);
            throw error;
        }
        spec.onSend?.();
        let answer: { window?: ServerWindowAdvice } | undefined;
        try {
            const outcome = await this.send(spec);
            if (outcome.kind === "response") {
                const { resetSeconds, roundedUp, remaining } = rateLimitHeaders(outcome.response.headers, this.clock.now());
                answer = { window: resetSeconds === undefined ? undefined : { resetSeconds, roundedUp, remaining } };
            }
            return outcome;
        } finally {
            release(answer);
        }
    }

    /**
     * How long a 429 asks to wait, in ms from now: until the window's reset when the answer tells it (the self-hosted
     * server's `Retry-After` is always its whole window, however soon the window resets), else `Retry-After`.
     */
    private rateLimitWait(headers: ResponseHeaders): number | undefined {
        const now = this.clock.now();
        const { resetSeconds, roundedUp, retryAfterMs } = rateLimitHeaders(headers, now);
        if (resetSeconds === undefined) return retryAfterMs;
        return this.options.limiter.windowEndsBy({ resetSeconds, roundedUp }, now) - now;
    }

    /** The longest 429 wait that is waited out: the server's window with a margin. A longer one fails at once. */
    private patienceMs(): number {
        const { windowMs } = this.options.limiter.limit;
        return windowMs + Math.max(5_000, windowMs / 10);
    }

    /** The warning of a 429 waited out: the wait and the key's budget (never the key). */
    private budgetSpent(spec: RequestSpec<unknown>, waitMs: number): string {
        const { limit, windowMs } = this.options.limiter.limit;
        return (
            `${spec.operation}: the ${this.options.name} API's budget for this key (${limit} requests per ${windowMs / 1000} s, shared by every ` +
            `process and stack using the key) is spent; waiting ${Math.max(1, Math.round(waitMs / 1000))} s for the server's window to reset`
        );
    }

    /** Waits before a retry; the operation's deadline ends the wait with a labelled error. */
    private async sleep(spec: RequestSpec<unknown>, ms: number): Promise<void> {
        try {
            await this.clock.sleep(ms, spec.signal);
        } catch (error) {
            if (spec.signal?.aborted) throw this.deadlineError(spec, false);
            throw error;
        }
    }

    private async send(spec: RequestSpec<unknown>): Promise<Outcome> {
        this.stats.requests++;
        const url = new URL(this.options.baseUrl.pathname.replace(/\/$/, "") + spec.path, this.options.baseUrl.origin);
        for (const [key, value] of Object.entries(spec.query ?? {})) {
            if (value !== undefined) url.searchParams.set(key, String(value));
        }
        const headers: Record<string, string> = { authorization: this.options.authorization, accept: "application/json" };
        let body: string | undefined;
        if (spec.body !== undefined) {
            headers["content-type"] = "application/json";
            body = JSON.stringify(this.options.wire ? this.options.wire.toServer(spec.body) : spec.body);
        }
        const timeout = AbortSignal.timeout(this.options.timeoutMs);
        const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
        try {
            const res = await agent.request({
                origin: url.origin,
                path: url.pathname + url.search,
                method: spec.method as Dispatcher.HttpMethod,
                headers,
                body,
                signal,
                headersTimeout: this.options.timeoutMs,
                bodyTimeout: this.options.timeoutMs,
            });
            this.reached = true;
            const text = await readCapped(res, this.cap(spec).bytes);
            if (typeof text !== "string") return { kind: "too-large", status: res.statusCode, bytes: text.bytes };
            return { kind: "response", response: { status: res.statusCode, headers: res.headers, text } };
        } catch (error) {
            if (spec.signal?.aborted) throw this.deadlineError(spec);
            return { kind: "error", error, sent: !NOT_SENT_CODES.has(errorCode(error)) };
        }
    }

    private parse<T>(spec: RequestSpec<T>, response: RawResponse): { payload: T; body: unknown } {
        let payload: unknown;
        let json: unknown;
        try {
            json = response.text.trim() === "" ? undefined : JSON.parse(response.text);
            payload = this.options.envelope.unwrap(json);
            // The payload, not the envelope, holds the objects whose fields and settings carry wire names.
            if (this.options.wire) payload = this.options.wire.fromServer(payload);
        } catch {
            throw this.unexpected(spec, response, "the body is not the API's JSON envelope");
        }
        const parsed = spec.response.safeParse(payload);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw this.unexpected(spec, response, `unexpected response: ${issue.path.join(".") || "(body)"}: ${issue.message}`);
        }
        return { payload: parsed.data, body: json };
    }

    private responseError(spec: RequestSpec<unknown>, response: RawResponse, outcomeUnknown: boolean, hint?: string): ApiError {
        this.stats.failures++;
        let json: unknown;
        let isJson = false;
        try {
            json = JSON.parse(response.text);
            isJson = typeof json === "object" && json !== null;
        } catch {
            json = undefined;
        }
        const html = !isJson && /<html|<!doctype/i.test(response.text);
        const text = html ? htmlText(response.text) : response.text;
        // Redacted before it is shortened: a cut through a secret would leave its first part.
        const message = truncate(this.clean((isJson ? this.options.envelope.errorMessage(json) : undefined) ?? text), 300);
        const apiAnswered = isJson || (this.options.plainTextNotFound && !html);
        const requestIdHeader = response.headers["x-request-id"];
        const requestId = (isJson ? this.options.envelope.requestId(json) : undefined) ?? (typeof requestIdHeader === "string" ? requestIdHeader : undefined);
        return new ApiError({
            operation: spec.operation,
            method: spec.method,
            path: this.displayPath(spec.path),
            status: response.status,
            requestId: requestId === undefined ? undefined : truncate(this.clean(requestId), 100),
            serverMessage: message,
            hint: hint ?? hintFor(response.status, this.options.credentialHelp, this.notFoundContext(spec, apiAnswered), message),
            outcomeUnknown,
            settleMs: this.options.timeoutMs,
            notFound: response.status === 404 && apiAnswered && !spec.list,
        });
    }

    private unexpected(spec: RequestSpec<unknown>, response: RawResponse, what: string): ApiError {
        this.stats.failures++;
        return new ApiError({
            operation: spec.operation,
            method: spec.method,
            path: this.displayPath(spec.path),
            status: response.status,
            serverMessage: this.clean(what),
            hint: "The server answered with a body this provider does not understand: check that the API URL points at the API, not the web UI",
        });
    }

    /** A body over the size cap; a write that answered 2xx did happen, so its effect must be looked for. */
    /** The size cap of a request's answer, and the setting that holds it. */
    private cap(spec: Pick<RequestSpec<unknown>, "list">): { bytes: number; setting: "maxResponseBytes" | "maxListResponseBytes" } {
        return spec.list
            ? { bytes: this.options.maxListResponseBytes ?? SETTING_DEFAULTS.maxListResponseBytes, setting: "maxListResponseBytes" }
            : { bytes: this.options.maxResponseBytes ?? SETTING_DEFAULTS.maxResponseBytes, setting: "maxResponseBytes" };
    }

    private tooLarge(spec: RequestSpec<unknown>, outcome: { status: number; bytes: number }, idempotent: boolean): ApiError {
        this.stats.failures++;
        const { bytes: cap, setting } = this.cap(spec);
        return new ApiError({
            operation: spec.operation,
            method: spec.method,
            path: this.displayPath(spec.path),
            status: outcome.status,
            serverMessage: `the response body is larger than ${cap} bytes (refused after ${outcome.bytes} bytes, not read further)`,
            hint: `Check that the API URL points at the API; if such a large answer is expected, raise ${this.options.describeSetting(setting)}`,
            outcomeUnknown: !idempotent && outcome.status >= 200 && outcome.status < 300,
            settleMs: this.options.timeoutMs,
        });
    }

    /** The first request found nobody listening: a wrong URL or port, not a restart worth a minute of retries. */
    private unreachable(spec: RequestSpec<unknown>, error: unknown): ApiError {
        this.stats.failures++;
        return new ApiError({
            operation: spec.operation,
            method: spec.method,
            path: this.displayPath(spec.path),
            serverMessage: this.clean(describeNetworkError(error)),
            hint: `Nothing answers at ${this.options.baseUrl.origin}: check ${this.options.describeSetting(this.options.urlSetting)} and that the service is running`,
        });
    }

    /** The operation's own deadline expired; `sent` says whether the request may have reached the server. */
    private deadlineError(spec: RequestSpec<unknown>, sent = true): ApiError {
        return new ApiError({
            operation: spec.operation,
            method: spec.method,
            path: this.displayPath(spec.path),
            serverMessage: "the operation's timeout expired",
            hint: "Raise the resource's `timeouts` input if the service is slow",
            outcomeUnknown: sent && (spec.method === "POST" || spec.method === "PATCH"),
        });
    }

    private notFoundContext(spec: RequestSpec<unknown>, apiAnswered: boolean): NotFoundContext {
        const { baseUrl, urlSetting, describeSetting } = this.options;
        const cloud = urlSetting === "cloudUrl";
        const service = /\/organizations\/([^/]+)\/services\/([^/]+)/.exec(spec.path);
        return {
            lookedIn: service
                ? `service ${decodeURIComponent(service[2])} of organization ${decodeURIComponent(service[1])} on the cloud API`
                : `the self-hosted API at ${baseUrl.origin}`,
            apiAnswered,
            list: spec.list ?? false,
            url: `${baseUrl.origin}${this.displayPath(spec.path)}`,
            urlSetting: `${describeSetting(urlSetting)}${cloud ? "" : ", which holds the server's base URL without `/api/v2`,"}`,
            serviceSettings: cloud
                ? `the resource's organizationId and serviceId, or ${describeSetting("organizationId")} and ${describeSetting("serviceId")}`
                : undefined,
        };
    }

    private displayPath(path: string): string {
        return this.options.baseUrl.pathname.replace(/\/$/, "") + path.split("?")[0];
    }

    private clean(text: string): string {
        return redact(text, [...this.options.secrets, ...operationSecrets()]);
    }
}

/** The body as text, or its size so far once it exceeds `max` bytes (then the rest is never read). */
async function readCapped(res: Dispatcher.ResponseData, max: number): Promise<string | { bytes: number }> {
    const declared = Number(res.headers["content-length"]);
    if (Number.isFinite(declared) && declared > max) {
        res.body.destroy();
        return { bytes: declared };
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res.body) {
        bytes += (chunk as Buffer).length;
        if (bytes > max) {
            res.body.destroy();
            return { bytes };
        }
        chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
}

function errorCode(error: unknown): string {
    if (typeof error !== "object" || error === null) return "";
    const { code, cause } = error as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && code !== "UND_ERR_SOCKET") return code;
    return typeof cause === "object" && cause !== null && typeof (cause as { code?: unknown }).code === "string"
        ? (cause as { code: string }).code
        : typeof code === "string"
          ? code
          : "";
}

/**
 * Whether the exchange ran out of time. Such a request was still at work on the server when it was given up, and may
 * stay so for longer than one timeout more: a busy server can read it late and take as long again to apply it.
 */
function isTimeout(error: unknown): boolean {
    return (
        error instanceof undiciErrors.HeadersTimeoutError ||
        error instanceof undiciErrors.BodyTimeoutError ||
        (error instanceof Error && error.name === "TimeoutError")
    );
}

function describeNetworkError(error: unknown): string {
    if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) return "the server did not answer in time";
    if (error instanceof Error && error.name === "TimeoutError") return "the request timed out";
    const code = errorCode(error);
    const message = error instanceof Error ? error.message : String(error);
    return code ? `${message} (${code})` : message;
}

/** The text of an HTML error page (its `<pre>`, else its title), never the markup. */
function htmlText(page: string): string {
    const part = /<pre[^>]*>([^]*?)<\/pre>/i.exec(page) ?? /<title[^>]*>([^]*?)<\/title>/i.exec(page);
    const text = (part?.[1] ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
    return text === "" ? "an HTML page" : `an HTML page: ${text}`;
}
