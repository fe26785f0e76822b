import type { RateDecision } from "../rateLimits";
import type { ApiName, Credentials } from "../types";
import { ApiError, cloudCode } from "./apiError";
import { gatewayPage, type Headers, html, json, type Outgoing, text } from "./send";

export interface PaginationMeta {
    total: number;
    limit: number;
    offset: number;
}

/** What a route handler returns; the transport wraps it in the API's envelope. */
export interface ApiResult {
    /** The payload (`data` on self-hosted, `result` on the cloud). */
    data?: unknown;
    /** Pagination metadata, sent beside the payload. */
    meta?: PaginationMeta;
    headers?: Headers;
    /** A DELETE: self-hosted `{}`, cloud envelope without `result`. */
    empty?: boolean;
    /** Self-hosted: send this body without the `{data}` envelope (`GET /api/v2`, charts). Cloud: the `result`. */
    raw?: unknown;
}

/** Authentication and envelopes of one API. */
export interface Transport {
    readonly api: ApiName;
    /** Identity used by the rate limiter: the presented key, else the client address. */
    rateLimitKey(authorization: string | undefined, remoteAddress: string): string;
    authenticate(authorization: string | undefined, credentials: Credentials): boolean;
    success(result: ApiResult, headers: Headers): Outgoing;
    error(error: ApiError, headers: Headers): Outgoing;
    unauthorized(headers: Headers): Outgoing;
    tooManyRequests(decision: RateDecision, headers: Headers): Outgoing;
}

export const selfHostedTransport: Transport = {
    api: "self-hosted",
    rateLimitKey(authorization, remoteAddress) {
        const match = /^Bearer (.+)$/.exec(authorization ?? "");
        return match ? `key:${match[1]}` : `ip:${remoteAddress}`;
    },
    authenticate(authorization, credentials) {
        return authorization === `Bearer ${credentials.apiKey}`;
    },
    success(result, headers) {
        const all = { ...headers, ...result.headers };
        if (result.raw !== undefined) return json(200, result.raw, all);
        return json(200, result.empty ? {} : { data: result.data, ...(result.meta ? { meta: result.meta } : {}) }, all);
    },
    error(error, headers) {
        if (error.options.selfHostedText !== undefined) return text(error.status, error.options.selfHostedText, headers);
        if (error.options.selfHostedBody !== undefined) return json(error.status, error.options.selfHostedBody, headers);
        return json(error.status, { [error.options.selfHostedKey ?? "message"]: error.message }, headers);
    },
    unauthorized(headers) {
        return text(401, "Unauthorized", headers);
    },
    tooManyRequests(decision, headers) {
        // The library's default refusal: its message sent as HTML, and the whole window as `Retry-After`.
        return html(429, "Too many requests, please try again later.", { ...headers, "Retry-After": decision.windowSeconds });
    },
};

export function cloudTransport(newRequestId: () => string): Transport {
    const fail = (status: number, error: string, headers: Headers): Outgoing => json(status, { status, error, requestId: newRequestId() }, headers);
    return {
        api: "cloud",
        rateLimitKey(authorization, remoteAddress) {
            const basic = parseBasic(authorization);
            return basic ? `key:${basic.user}` : `ip:${remoteAddress}`;
        },
        authenticate(authorization, credentials) {
            const basic = parseBasic(authorization);
            return basic !== undefined && basic.user === credentials.keyId && basic.password === credentials.keySecret;
        },
        success(result, headers) {
            const body: Record<string, unknown> = { status: 200, requestId: newRequestId() };
            if (!result.empty) body.result = result.raw ?? result.data;
            if (result.meta) body.meta = result.meta;
            return json(200, body, { ...headers, ...result.headers });
        },
        error(error, headers) {
            if (error.status >= 502 && error.status <= 504) return gatewayPage(error.status);
            return fail(error.status, `${error.options.cloudCode ?? cloudCode(error.status)}: ${error.message}`, headers);
        },
        unauthorized(headers) {
            return fail(401, "UNAUTHORIZED: Invalid API key credentials", headers);
        },
        tooManyRequests(decision, headers) {
            return fail(429, "TOO_MANY_REQUESTS: Rate limit exceeded, retry later", { ...headers, "X-RateLimit-Reset": decision.resetSeconds });
        },
    };
}

function parseBasic(authorization: string | undefined): { user: string; password: string } | undefined {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? "");
    if (!match) return undefined;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
