import type { IdFactory } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { Alert, AlertChannel, JsonObject } from "../../store/types";
import { has, pick } from "../json";
import { channelsOf, checkAlertBody, crossCheckAlert } from "./rules";

export interface AlertWriteContext {
    team: TeamStore;
    ids: IdFactory;
    nowMs: number;
    nowIso: string;
    variant: "self-hosted" | "managed";
}

const CHANNEL_KEYS = {
    "self-hosted": ["type", "webhookId"],
    managed: ["type", "webhookId", "emailRecipients", "webhookService", "slackChannelId", "severity"],
};

export function createAlert(ctx: AlertWriteContext, body: JsonObject): Alert {
    const source = checkAlertBody(body, ctx.nowMs, ctx.variant);
    crossCheckAlert(body, source, ctx.team);
    const alert: Alert = {
        id: ctx.ids.objectId(),
        ...clearable(body),
        ...thresholdAndInterval(body),
        source,
        channels: channels(ctx, body),
        state: "OK",
        createdAt: ctx.nowIso,
        updatedAt: ctx.nowIso,
    };
    if (has(body, "thresholdMax")) alert.thresholdMax = body.thresholdMax as number;
    setSchedule(alert, body);
    setReferences(alert, body);
    ctx.team.alerts.set(alert.id, alert);
    return alert;
}

/**
 * PUT replaces what the server's update sets: omitted name/message/note/numConsecutiveWindows/groupBy are cleared
 * (the server sets them to null); thresholdMax, scheduleStartAt and scheduleOffsetMinutes are kept when omitted
 * (undefined keys are not written), except as {@link setSchedule} says;
 * state, silence and errors never change. Returns undefined for a missing id (the body is checked first).
 */
export function replaceAlert(ctx: AlertWriteContext, id: string, body: JsonObject): Alert | undefined {
    const source = checkAlertBody(body, ctx.nowMs, ctx.variant);
    const previous = ctx.team.alerts.get(id);
    if (!previous) return undefined;
    crossCheckAlert(body, source, ctx.team);
    const next: Alert = {
        ...previous,
        ...clearable(body),
        ...thresholdAndInterval(body),
        source,
        channels: channels(ctx, body),
        updatedAt: ctx.nowIso,
    };
    if (has(body, "thresholdMax")) next.thresholdMax = body.thresholdMax as number;
    setSchedule(next, body);
    setReferences(next, body);
    ctx.team.alerts.set(id, next);
    return next;
}

/**
 * What is sent of the schedule is written, and a sent `scheduleStartAt` decides the offset: 0 with a start,
 * the sent offset (or 0) without one. What is not sent stays (on a create: stays absent).
 */
function setSchedule(alert: Alert, body: JsonObject): void {
    const offset = body.scheduleOffsetMinutes as number | undefined;
    if (has(body, "scheduleStartAt")) {
        const start = body.scheduleStartAt as string | null;
        alert.scheduleStartAt = start;
        alert.scheduleOffsetMinutes = start !== null ? 0 : (offset ?? 0);
    } else if (offset !== undefined) alert.scheduleOffsetMinutes = offset;
}

function clearable(body: JsonObject): Pick<Alert, "name" | "message" | "note" | "numConsecutiveWindows"> {
    return {
        name: (body.name as string | null | undefined) ?? null,
        message: (body.message as string | null | undefined) ?? null,
        note: (body.note as string | null | undefined) ?? null,
        numConsecutiveWindows: (body.numConsecutiveWindows as number | null | undefined) ?? null,
    };
}

function thresholdAndInterval(body: JsonObject): Pick<Alert, "threshold" | "interval" | "thresholdType"> {
    return { threshold: Number(body.threshold), interval: String(body.interval), thresholdType: String(body.thresholdType) };
}

function channels(ctx: AlertWriteContext, body: JsonObject): AlertChannel[] {
    return channelsOf(body).map((c) => pick(c, CHANNEL_KEYS[ctx.variant]) as unknown as AlertChannel);
}

/** Tile alerts carry dashboardId/tileId, saved-search alerts savedSearchId/groupBy (null when not sent); the other pair is cleared. */
function setReferences(alert: Alert, body: JsonObject): void {
    delete alert.dashboardId;
    delete alert.tileId;
    delete alert.savedSearchId;
    delete alert.groupBy;
    if (alert.source === "tile") {
        alert.dashboardId = String(body.dashboardId);
        alert.tileId = String(body.tileId);
        return;
    }
    alert.savedSearchId = String(body.savedSearchId);
    alert.groupBy = (body.groupBy as string | null | undefined) ?? null;
}
