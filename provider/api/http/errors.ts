/** Everything an error message needs so that the user knows what failed and what to do next. */
export interface ApiErrorInfo {
    /** What the provider was doing, e.g. `create Dashboard "web"`. */
    operation: string;
    method: string;
    /** Request path without the origin and without credentials. */
    path: string;
    /** HTTP status, absent when no response arrived. */
    status?: number;
    /** The cloud API's request id (from the body or the `x-request-id` header). */
    requestId?: string;
    /** The server's own message, already redacted. */
    serverMessage?: string;
    /** Advice for the common cases. */
    hint?: string;
    /**
     * True when the request may have changed something on the server although no answer was read
     * (a dropped connection or a timeout after the body was sent, or a 5xx to a write).
     */
    outcomeUnknown?: boolean;
    /**
     * For an unknown outcome: how long the lost request may still be at work on the server (the client's
     * request timeout; twice that when the request ran out of time, since a busy server may have read it late and
     * then worked on it for longer than the timeout). Whoever looks for its effect looks again after that long
     * before resending.
     */
    settleMs?: number;
    /**
     * True when the server said the object does not exist. A 404 whose body is not the API's JSON (an
     * HTML "Cannot GET" page of the cloud API) means the route is not served, which is not the same.
     */
    notFound?: boolean;
    /** The low-level cause (network error), already redacted into `serverMessage` when useful. */
    cause?: unknown;
}

/** The single error type of the HTTP core: every failed call ends as one of these. */
export class ApiError extends Error {
    readonly operation: string;
    readonly method: string;
    readonly path: string;
    readonly status?: number;
    readonly requestId?: string;
    readonly serverMessage?: string;
    readonly hint?: string;
    readonly outcomeUnknown: boolean;
    /** See `ApiErrorInfo.settleMs`; 0 when not given. */
    readonly settleMs: number;
    /** The object does not exist (see `ApiErrorInfo.notFound`). */
    readonly isNotFound: boolean;

    constructor(info: ApiErrorInfo) {
        super(formatApiError(info), info.cause === undefined ? undefined : { cause: info.cause });
        this.name = "ApiError";
        this.operation = info.operation;
        this.method = info.method;
        this.path = info.path;
        this.status = info.status;
        this.requestId = info.requestId;
        this.serverMessage = info.serverMessage;
        this.hint = info.hint;
        this.outcomeUnknown = info.outcomeUnknown ?? false;
        this.settleMs = info.settleMs ?? 0;
        this.isNotFound = info.notFound ?? false;
    }
}

function formatApiError(info: ApiErrorInfo): string {
    const status = info.status === undefined ? "no response" : `HTTP ${info.status}`;
    const parts = [`${info.operation} failed: ${info.method} ${info.path} → ${status}`];
    if (info.requestId) parts.push(`(request id ${info.requestId})`);
    let message = parts.join(" ");
    if (info.serverMessage) message += `: ${info.serverMessage}`;
    if (info.hint) message += `. ${info.hint}`;
    return message;
}
