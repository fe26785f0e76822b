/** Public types of the emulator. */

export type ApiName = "self-hosted" | "cloud";

/** The only credentials the emulator accepts. */
export interface Credentials {
    /** Self-hosted access key (UUIDv4), sent as `Authorization: Bearer <apiKey>`. */
    apiKey: string;
    /** Cloud key id: the HTTP Basic username. */
    keyId: string;
    /** Cloud key secret: the HTTP Basic password. */
    keySecret: string;
    /** The one organization the cloud key belongs to (UUID). */
    organizationId: string;
    /** The one observability service of that organization (UUID). */
    serviceId: string;
}

/** One request as received. The Authorization header is never recorded. */
export interface RecordedRequest {
    api: ApiName | "other";
    method: string;
    /** Path without the query string. */
    path: string;
    /** Query parameters; a repeated key becomes an array. */
    query: Record<string, string | string[]>;
    /** Parsed JSON body, or undefined when there was none or it was not JSON. */
    body: unknown;
    /** Status sent; 0 when the socket was dropped instead (see `fault`). */
    status: number;
    /** The fault injected into this request, if any. */
    fault?: FaultKind;
}

/** Where a request broke the published contract. */
export type InvalidSource = "openapi" | "contract" | "json";

/** A request whose params, query or body broke the OpenAPI document or a request-shape rule of the contract. */
export interface InvalidRequest {
    api: ApiName;
    method: string;
    path: string;
    /** The OpenAPI operation id, when the request matched a documented operation. */
    operationId?: string;
    /** `openapi`: schema failure; `contract`: a documented rule the schema cannot express; `json`: malformed JSON. */
    source: InvalidSource;
    /** The validation message as the API words it (`Body validation failed: tiles.0.x: …`), without the cloud's `BAD_REQUEST:` code. */
    message: string;
    /**
     * False when only the OpenAPI document forbids the request and the real server accepts it
     * (contract §9, "the running code wins"): the emulator answered normally.
     */
    rejected: boolean;
    body: unknown;
}

export type FaultKind = "5xx" | "drop-before" | "drop-after" | "slow";
export type RandomFaultKind = "5xx" | "drop" | "slow";

/** Which requests a deterministic fault applies to. */
export interface FaultFilter {
    /** HTTP method, e.g. `POST`. */
    method?: string;
    /** A substring of the request path, e.g. `/dashboards`. */
    pathIncludes?: string;
}

export interface RateLimitSetting {
    /** Requests allowed per window and key. */
    limit: number;
    /** Fixed window length in milliseconds. */
    windowMs: number;
}

export interface RateLimitSettings {
    selfHosted: RateLimitSetting;
    cloud: RateLimitSetting;
}

export type ServiceState = "running" | "idle" | "stopped";
