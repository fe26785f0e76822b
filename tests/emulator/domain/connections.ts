import { ContractViolation } from "../http/apiError";
import type { IdFactory } from "../random";
import type { Connection, JsonObject } from "../store/types";
import { has } from "./json";

const PREFIX = /^[a-z0-9_]+$/i;

/** The prefix rule (§1.2): `^[a-z0-9_]+$`, at least one character on POST; PUT also takes `""` (clears). */
function checkPrefix(body: JsonObject, update: boolean): void {
    const prefix = body.observabilitySettingPrefix;
    if (typeof prefix !== "string" || (update && prefix === "")) return;
    if (!PREFIX.test(prefix))
        throw new ContractViolation("observabilitySettingPrefix", "Must only contain alphanumeric characters and underscores, at least 1 character");
}

/** POST (§1.2): a missing password is stored as `""`; prefix and Prometheus flag only when set. */
export function createConnection(ids: IdFactory, now: string, body: JsonObject): Connection {
    checkPrefix(body, false);
    const connection: Connection = {
        id: ids.objectId(),
        name: String(body.name),
        host: String(body.host),
        username: String(body.username),
        password: typeof body.password === "string" ? body.password : "",
        createdAt: now,
        updatedAt: now,
    };
    if (typeof body.observabilitySettingPrefix === "string") connection.observabilitySettingPrefix = body.observabilitySettingPrefix;
    if (typeof body.isPrometheusEndpoint === "boolean") connection.isPrometheusEndpoint = body.isPrometheusEndpoint;
    return connection;
}

/** Checks a PUT body before the existence check (an invalid PUT on a missing id is 400). */
export function checkConnectionUpdate(body: JsonObject): void {
    checkPrefix(body, true);
}

/**
 * PUT (§1.4): name, host and username replaced; the password kept when omitted or `""` (it can never be cleared);
 * prefix and flag kept when omitted, the prefix removed by `null` or `""`.
 */
export function replaceConnection(stored: Connection, now: string, body: JsonObject): Connection {
    const next: Connection = { ...stored, name: String(body.name), host: String(body.host), username: String(body.username), updatedAt: now };
    if (typeof body.password === "string" && body.password !== "") next.password = body.password;
    if (body.observabilitySettingPrefix === null || body.observabilitySettingPrefix === "") delete next.observabilitySettingPrefix;
    else if (typeof body.observabilitySettingPrefix === "string") next.observabilitySettingPrefix = body.observabilitySettingPrefix;
    if (has(body, "isPrometheusEndpoint")) next.isPrometheusEndpoint = Boolean(body.isPrometheusEndpoint);
    return next;
}

/** Read shape (§1.3): never the password. */
export function renderConnection(connection: Connection): JsonObject {
    const out: JsonObject = { id: connection.id, name: connection.name, host: connection.host, username: connection.username };
    if (connection.observabilitySettingPrefix !== undefined) out.observabilitySettingPrefix = connection.observabilitySettingPrefix;
    if (connection.isPrometheusEndpoint !== undefined) out.isPrometheusEndpoint = connection.isPrometheusEndpoint;
    out.createdAt = connection.createdAt;
    out.updatedAt = connection.updatedAt;
    return out;
}
