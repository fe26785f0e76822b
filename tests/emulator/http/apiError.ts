/** How a failure is rendered differs per API; handlers throw one ApiError and the transport renders it. */
export interface ApiErrorOptions {
    /** Self-hosted only: answer this plain text instead of JSON (e.g. dashboards' `Not Found`). */
    selfHostedText?: string;
    /** Self-hosted only: answer this JSON body instead of `{message}` (the team routes' validation middleware). */
    selfHostedBody?: unknown;
    /** Self-hosted only: the JSON key that carries the message (`message`, or `error` for charts). */
    selfHostedKey?: "message" | "error";
    /** Cloud only: the upper-snake code prefixed to the message; derived from the status when omitted. */
    cloudCode?: string;
}

export class ApiError extends Error {
    constructor(
        readonly status: number,
        message: string,
        readonly options: ApiErrorOptions = {},
    ) {
        super(message);
    }
}

export const badRequest = (message: string, options?: ApiErrorOptions): ApiError => new ApiError(400, message, options);
export const notFound = (message: string, options?: ApiErrorOptions): ApiError => new ApiError(404, message, options);

/**
 * A 400 raised by a request-shape rule of the contract that the OpenAPI documents cannot express.
 * The message reads like a schema failure (`Body validation failed: <path>: <issue>`) unless `raw` is set.
 */
export class ContractViolation extends ApiError {
    constructor(
        readonly path: string,
        readonly issue: string,
        options: { prefix?: string; raw?: boolean } = {},
    ) {
        super(400, options.raw ? issue : `${options.prefix ?? "Body validation failed"}: ${path ? `${path}: ` : ""}${issue}`);
    }
}

const CLOUD_CODES: Record<number, string> = {
    400: "BAD_REQUEST",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    409: "CONFLICT",
    413: "PAYLOAD_TOO_LARGE",
    424: "FAILED_DEPENDENCY",
    429: "TOO_MANY_REQUESTS",
    500: "INTERNAL_SERVER_ERROR",
    502: "BAD_GATEWAY",
    503: "SERVICE_UNAVAILABLE",
};

export function cloudCode(status: number): string {
    return CLOUD_CODES[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
}
