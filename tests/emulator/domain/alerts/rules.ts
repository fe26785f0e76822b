import { badRequest, ContractViolation } from "../../http/apiError";
import { isObjectId } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { JsonObject } from "../../store/types";
import { asArray, asObject, has } from "../json";
import { isAlertable, isRawSql } from "../dashboards/tileConfig";

const INTERVAL_MINUTES: Record<string, number> = { "1m": 1, "5m": 5, "15m": 15, "30m": 30, "1h": 60, "6h": 360, "12h": 720, "1d": 1440 };
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The two sources the server knows; the specification's `search` is not one of them. */
export type AlertSource = "tile" | "saved_search";

/**
 * Numbers the documents mark nullable but the server's schema does not (a zod `.optional()`, not `.nullish()`):
 * `null` is refused with zod's type message.
 */
const NOT_NULL = ["thresholdMax", "scheduleOffsetMinutes"];

/**
 * Request-shape rules of §3.2 (as the server's own schema has them) that the OpenAPI documents cannot express.
 * Throws ContractViolation. Returns the alert's source.
 */
export function checkAlertBody(body: JsonObject, nowMs: number, variant: "self-hosted" | "managed"): AlertSource {
    if (!has(body, "source")) throw new ContractViolation("", "Invalid input");
    // The documents list `search` for the specification's sake; the server's enum has two values.
    if (body.source !== "tile" && body.source !== "saved_search")
        throw new ContractViolation("source", `Invalid enum value. Expected 'saved_search' | 'tile', received '${String(body.source)}'; Invalid input`);
    const source = body.source;
    for (const field of NOT_NULL) if (body[field] === null) throw new ContractViolation(field, "Expected number, received null");
    const references = source === "tile" ? ["dashboardId", "tileId"] : ["savedSearchId"];
    // The managed server refuses `groupBy: null` (its reference provider never sends it).
    if (variant === "managed" && body.groupBy === null) throw new ContractViolation("groupBy", "Expected string, received null");
    for (const [field, max] of [
        ["name", 512],
        ["message", 4096],
        ["note", 4096],
    ] as const) {
        const value = body[field];
        if (value === "") throw new ContractViolation(field, "String must contain at least 1 character(s)");
        if (typeof value === "string" && value.length > max) throw new ContractViolation(field, `String must contain at most ${max} character(s)`);
    }
    // The source's own references are non-empty strings: one missing or null fails both branches of the server's
    // union (`Invalid input`), and the refinements do not run.
    if (references.some((field) => typeof body[field] !== "string" || body[field] === "")) throw new ContractViolation("", "Invalid input");
    checkStart(body.scheduleStartAt, nowMs);
    // The refinements, in the server's order: channels, schedule offset, range.
    checkChannels(body);
    checkOffset(body);
    if (body.thresholdType === "between" || body.thresholdType === "not_between") {
        if (typeof body.thresholdMax !== "number")
            throw new ContractViolation("thresholdMax", "thresholdMax is required for between/not_between threshold types");
        if (body.thresholdMax < Number(body.threshold)) throw new ContractViolation("thresholdMax", "thresholdMax must be greater than or equal to threshold");
    }
    // Then the controller's checks of the references.
    if (source === "tile" && !isObjectId(body.dashboardId)) throw new ContractViolation("dashboardId", "Invalid dashboard ID", { raw: true });
    if (source === "saved_search" && !isObjectId(body.savedSearchId)) throw new ContractViolation("savedSearchId", "Invalid saved search ID", { raw: true });
    for (const channel of channelsOf(body))
        if (channel.type === "webhook" && !isObjectId(channel.webhookId)) throw new ContractViolation("channel.webhookId", "Invalid webhook ID", { raw: true });
    return source;
}

/** Checks against stored records (400 `… not found`). */
export function crossCheckAlert(body: JsonObject, source: AlertSource, team: TeamStore): void {
    if (source === "tile") {
        const dashboard = team.dashboards.get(String(body.dashboardId));
        if (!dashboard) throw badRequest("Dashboard not found");
        const tile = dashboard.tiles.find((t) => t.id === body.tileId);
        if (!tile) throw badRequest("Tile not found");
        if (isRawSql(tile.config) && !isAlertable(tile.config))
            throw badRequest("Alerts on Raw SQL tiles are only supported for Line, Stacked Bar, or Number display types");
    } else if (!team.savedSearches.has(String(body.savedSearchId))) throw badRequest("Saved search not found");
    for (const channel of channelsOf(body))
        if (channel.type === "webhook" && !team.webhooks.has(String(channel.webhookId))) throw badRequest("Webhook not found");
}

/** `channels` when sent, else `[channel]`. */
export function channelsOf(body: JsonObject): JsonObject[] {
    if (Array.isArray(body.channels)) return body.channels.map(asObject);
    return body.channel === undefined ? [] : [asObject(body.channel)];
}

function checkChannels(body: JsonObject): void {
    const channels = asArray(body.channels);
    if (body.channel === undefined && !Array.isArray(body.channels)) throw new ContractViolation("channels", 'Provide either "channel" or "channels"');
    if (!Array.isArray(body.channels)) return;
    if (channels.length < 1) throw new ContractViolation("channels", "At least one notification channel is required");
    if (channels.length > 10) throw new ContractViolation("channels", "An alert supports at most 10 notification channels");
    // The server tells channels apart by their whole contents.
    const keys = channels.map((c) => JSON.stringify(asObject(c), Object.keys(asObject(c)).sort()));
    if (body.channel !== undefined && JSON.stringify(body.channel, Object.keys(asObject(body.channel)).sort()) !== keys[0])
        throw new ContractViolation("channels", 'When both "channel" and "channels" are provided, "channel" must match the first entry of "channels"');
    if (new Set(keys).size !== keys.length) throw new ContractViolation("channels", "Duplicate notification channels are not allowed");
}

function checkOffset(body: JsonObject): void {
    const offset = body.scheduleOffsetMinutes;
    if (offset === undefined) return;
    if (typeof offset !== "number") throw new ContractViolation("scheduleOffsetMinutes", `Expected number, received ${typeof offset}`);
    if (!Number.isInteger(offset)) throw new ContractViolation("scheduleOffsetMinutes", "Expected integer, received float");
    if (offset < 0) throw new ContractViolation("scheduleOffsetMinutes", "Number must be greater than or equal to 0");
    if (offset > 1439) throw new ContractViolation("scheduleOffsetMinutes", "Number must be less than or equal to 1439");
    if (typeof body.scheduleStartAt === "string" && offset > 0)
        throw new ContractViolation("scheduleOffsetMinutes", "scheduleOffsetMinutes must be 0 when scheduleStartAt is provided");
    const minutes = INTERVAL_MINUTES[String(body.interval)];
    if (minutes !== undefined && offset >= minutes)
        throw new ContractViolation("scheduleOffsetMinutes", `scheduleOffsetMinutes must be less than ${minutes} minute${minutes === 1 ? "" : "s"}`);
}

function checkStart(start: unknown, nowMs: number): void {
    if (typeof start !== "string") return;
    const at = Date.parse(start);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(start) || Number.isNaN(at))
        throw new ContractViolation("scheduleStartAt", "Invalid datetime");
    if (at > nowMs + YEAR_MS) throw new ContractViolation("scheduleStartAt", "scheduleStartAt must be within 1 year from now");
    if (at < nowMs - 10 * YEAR_MS) throw new ContractViolation("scheduleStartAt", "scheduleStartAt must be within 10 years in the past");
}
