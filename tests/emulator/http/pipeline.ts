import type { IncomingMessage, ServerResponse } from "node:http";
import type { Clock } from "../clock";
import type { Faults } from "../faults";
import type { RateLimits } from "../rateLimits";
import type { Router } from "../router";
import type { RegisteredRoute } from "../routes/registry";
import type { HandlerContext } from "../routes/types";
import type { ApiName, Credentials, InvalidRequest, RecordedRequest } from "../types";
import type { RequestFailure, RequestValidator } from "../validation/requestValidator";
import { ApiError, ContractViolation } from "./apiError";
import { cannot, type Headers, type Outgoing, write } from "./send";
import type { ServerNames } from "./serverNames";
import type { Transport } from "./transports";

const BODY_LIMIT = 32 * 1024 * 1024;
/**
 * The self-hosted collections behind the rate limiter (`packages/api/src/routers/external-api/v2/index.ts:32-75`, each
 * mounted with it): `GET /api/v2` itself and a path no router serves are not counted.
 */
const SELF_HOSTED_LIMITED = new Set(["alerts", "charts", "connections", "dashboards", "sources", "saved-searches", "search", "webhooks", "team"]);
const PART_PREFIX: Record<RequestFailure["part"], string> = {
    params: "Params validation failed",
    query: "Query validation failed",
    body: "Body validation failed",
};

export interface PipelineDeps {
    credentials: Credentials;
    router: Router<RegisteredRoute>;
    transports: Record<ApiName, Transport>;
    /** Undefined when request validation is off. */
    validators: Record<ApiName, RequestValidator> | undefined;
    rateLimits: RateLimits;
    faults: Faults;
    /** Time source of `slow` faults (the emulator's clock). */
    clock: Clock;
    requests: RecordedRequest[];
    invalidRequests: InvalidRequest[];
    /** Unexpected exceptions inside handlers (answered 500): an emulator bug or a body it cannot cope with. */
    serverErrors: Error[];
    /** Builds the handler context for a route's variant. */
    context(route: RegisteredRoute): HandlerContext;
    /** The server's spellings of the neutral wire names, translated at the edge. */
    names: ServerNames;
}

interface Incoming {
    api: ApiName;
    method: string;
    path: string;
    query: Record<string, string | string[]>;
    body: unknown;
    malformed: boolean;
    authorization: string | undefined;
    remoteAddress: string;
}

/**
 * One request: record → fault → malformed JSON → rate limit (before auth) → auth → route → OpenAPI validation
 * → handler. A `drop-after` fault runs all of it (the change is applied) and then destroys the socket.
 */
export async function handleRequest(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://emulator");
    const method = (req.method ?? "GET").toUpperCase();
    const neutralPath = deps.names.neutralPath(url.pathname);
    const path = neutralPath ?? url.pathname;
    const api = apiOf(path);
    const query = queryOf(url.searchParams);
    const raw = await readBody(req);
    let body: unknown;
    let malformed = false;
    if (raw !== undefined && raw.length > 0) {
        try {
            body = JSON.parse(raw.toString("utf8"));
        } catch {
            malformed = true;
        }
    }
    // Recorded as sent: the server's spellings, before translation.
    const record: RecordedRequest = { api: api ?? "other", method, path: url.pathname, query, body, status: 0 };
    deps.requests.push(record);
    if (!api || neutralPath === undefined) return send(res, record, cannot(method, url.pathname));
    body = deps.names.bodyIn(body);
    const transport = deps.transports[api];
    if (raw === undefined) return send(res, record, transport.error(new ApiError(413, "Something went wrong :("), {}));

    const fault = deps.faults.draw(method, path);
    if (fault) record.fault = fault.kind;
    if (fault?.kind === "drop-before") return void req.socket.destroy();
    if (fault?.kind === "slow") await deps.clock.sleep(fault.slowMs);
    if (fault?.kind === "5xx") return send(res, record, transport.error(new ApiError(fault.status, "Something went wrong :("), {}));

    const incoming: Incoming = {
        api,
        method,
        path,
        query,
        body,
        malformed,
        authorization: req.headers.authorization,
        remoteAddress: req.socket.remoteAddress ?? "unknown",
    };
    const outgoing = process(deps, transport, incoming);
    if (fault?.kind === "drop-after") return void req.socket.destroy();
    send(res, record, outgoing);
}

function process(deps: PipelineDeps, transport: Transport, request: Incoming): Outgoing {
    const invalid = (source: InvalidRequest["source"], message: string, rejected = true, operationId?: string): void => {
        deps.invalidRequests.push({ api: request.api, method: request.method, path: request.path, operationId, source, message, rejected, body: request.body });
    };
    if (request.malformed) {
        invalid("json", "Invalid JSON payload");
        return transport.error(new ApiError(400, "Invalid JSON payload"), {});
    }

    const headers: Headers = {};
    const exempt = request.api === "self-hosted" && !SELF_HOSTED_LIMITED.has(request.path.split("/")[3] ?? "");
    const decision = exempt ? undefined : deps.rateLimits.hit(request.api, transport.rateLimitKey(request.authorization, request.remoteAddress));
    if (decision && request.api === "self-hosted") {
        headers["RateLimit-Limit"] = decision.limit;
        headers["RateLimit-Remaining"] = decision.remaining;
        headers["RateLimit-Reset"] = decision.resetSeconds;
    }
    if (decision && !decision.allowed) return transport.tooManyRequests(decision, headers);

    if (!transport.authenticate(request.authorization, deps.credentials)) return transport.unauthorized(headers);

    const match = deps.router.match(request.method, request.path);
    if (!match || match.route.api !== request.api) return cannot(request.method, request.path, headers);
    const { route, params } = match;
    if (params.organizationId !== undefined && params.organizationId !== deps.credentials.organizationId)
        return transport.error(new ApiError(404, "Organization not found"), headers);
    if (params.serviceId !== undefined && params.serviceId !== deps.credentials.serviceId)
        return transport.error(new ApiError(404, "Service not found"), headers);

    let schemaFailure: RequestFailure | undefined;
    const outcome = deps.validators?.[request.api].validate(request.method, request.path, request.query, request.body);
    if (outcome?.failure) {
        const failure = outcome.failure;
        const message = `${PART_PREFIX[failure.part]}: ${failure.message}`;
        invalid("openapi", message, failure.rejected, outcome.operationId);
        if (failure.rejected && route.options.schemaFailureToHandler && failure.part === "body") schemaFailure = failure;
        else if (failure.rejected) return transport.error(new ApiError(400, message), headers);
    }

    try {
        const result = route.handler(
            { variant: route.variant, method: request.method, path: request.path, params, query: request.query, body: request.body, schemaFailure },
            deps.context(route),
        );
        return transport.success(deps.names.bodyOut(result), headers);
    } catch (error) {
        if (error instanceof ContractViolation) invalid("contract", error.message, true, outcome?.operationId);
        if (error instanceof ApiError) return transport.error(error, headers);
        deps.serverErrors.push(error instanceof Error ? error : new Error(String(error)));
        return transport.error(new ApiError(500, "Something went wrong :("), headers);
    }
}

function send(res: ServerResponse, record: RecordedRequest, outgoing: Outgoing): void {
    record.status = outgoing.status;
    write(res, outgoing);
}

function apiOf(path: string): ApiName | undefined {
    if (path === "/api/v2" || path.startsWith("/api/v2/")) return "self-hosted";
    if (path === "/v1" || path.startsWith("/v1/")) return "cloud";
    return undefined;
}

function queryOf(params: URLSearchParams): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of params) {
        const existing = out[key];
        out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    return out;
}

/** The body, or undefined when it exceeds the 32 MB limit. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let tooLarge = false;
        req.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > BODY_LIMIT) tooLarge = true;
            else chunks.push(chunk);
        });
        req.on("end", () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
        req.on("error", reject);
    });
}
