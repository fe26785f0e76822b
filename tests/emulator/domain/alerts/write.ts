import type { IdFactory } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { Alert, AlertChannel, JsonObject } from "../../store/types";
import { has, pick } from "../json";
import { canonicalSource, channelsOf, checkAlertBody, crossCheckAlert } from "./rules";

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
    checkAlertBody(body, ctx.nowMs);
    crossCheckAlert(body, ctx.team);
    const alert: Alert = {
        id: ctx.ids.objectId(),
        ...clearable(body),
        ...thresholdAndInterval(body),
        source: canonicalSource(body.source),
        channels: channels(ctx, body),
        state: "OK",
        createdAt: ctx.nowIso,
        updatedAt: ctx.nowIso,
    };
    if (has(body, "thresholdMax")) alert.thresholdMax = body.thresholdMax as number | null;
    if (has(body, "scheduleStartAt")) alert.scheduleStartAt = body.scheduleStartAt as string | null;
    if (has(body, "scheduleOffsetMinutes")) alert.scheduleOffsetMinutes = body.scheduleOffsetMinutes as number | null;
    setReferences(alert, body, undefined);
    ctx.team.alerts.set(alert.id, alert);
    return alert;
}

/**
 * PUT is a full replace (§3.5): omitted name/message/note/numConsecutiveWindows are cleared; thresholdMax,
 * scheduleStartAt and groupBy are kept when omitted; state, silence and errors never change.
 * Returns undefined for a missing id (the body is checked first).
 */
export function replaceAlert(ctx: AlertWriteContext, id: string, body: JsonObject): Alert | undefined {
    checkAlertBody(body, ctx.nowMs);
    const previous = ctx.team.alerts.get(id);
    if (!previous) return undefined;
    crossCheckAlert(body, ctx.team);
    const next: Alert = {
        ...previous,
        ...clearable(body),
        ...thresholdAndInterval(body),
        source: canonicalSource(body.source),
        channels: channels(ctx, body),
        updatedAt: ctx.nowIso,
    };
    if (has(body, "thresholdMax")) next.thresholdMax = body.thresholdMax as number | null;
    if (has(body, "scheduleStartAt")) next.scheduleStartAt = body.scheduleStartAt as string | null;
    if (has(body, "scheduleOffsetMinutes")) next.scheduleOffsetMinutes = body.scheduleOffsetMinutes as number | null;
    else if (has(body, "scheduleStartAt")) next.scheduleOffsetMinutes = 0;
    setReferences(next, body, previous);
    ctx.team.alerts.set(id, next);
    return next;
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

/** Tile alerts carry dashboardId/tileId, search alerts savedSearchId/groupBy; switching source clears the other pair. */
function setReferences(alert: Alert, body: JsonObject, previous: Alert | undefined): void {
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
    if (has(body, "groupBy")) alert.groupBy = body.groupBy as string | null;
    else if (previous?.source === "saved_search" && previous.groupBy !== undefined) alert.groupBy = previous.groupBy;
}
