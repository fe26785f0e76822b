import type { Alert, JsonObject } from "../../store/types";

/** The reference read shape (§3.4): `channel` mirrors `channels[0]`; the offset only when set, the start once sent. */
export function renderAlert(alert: Alert, teamId: string): JsonObject {
    const out: JsonObject = {
        id: alert.id,
        name: alert.name,
        message: alert.message,
        note: alert.note,
        numConsecutiveWindows: alert.numConsecutiveWindows,
        threshold: alert.threshold,
    };
    if (alert.thresholdMax !== undefined && alert.thresholdMax !== null) out.thresholdMax = alert.thresholdMax;
    out.interval = alert.interval;
    if (alert.scheduleOffsetMinutes !== undefined && alert.scheduleOffsetMinutes !== null) out.scheduleOffsetMinutes = alert.scheduleOffsetMinutes;
    // A cleared start is stored as null and read as null; one never sent is absent.
    if (alert.scheduleStartAt !== undefined) out.scheduleStartAt = alert.scheduleStartAt;
    out.source = alert.source;
    out.thresholdType = alert.thresholdType;
    if (alert.channels.length > 0) {
        const channels = structuredClone(alert.channels) as unknown as JsonObject[];
        out.channel = channels[0];
        out.channels = channels;
    }
    out.teamId = teamId;
    if (alert.source === "tile") {
        out.tileId = alert.tileId ?? null;
        out.dashboardId = alert.dashboardId ?? null;
    } else {
        out.savedSearchId = alert.savedSearchId ?? null;
        if (alert.groupBy !== undefined && alert.groupBy !== null) out.groupBy = alert.groupBy;
    }
    out.state = alert.state;
    if (alert.silenced) out.silenced = structuredClone(alert.silenced) as unknown as JsonObject;
    if (alert.executionErrors) out.executionErrors = structuredClone(alert.executionErrors) as unknown as JsonObject[];
    out.createdAt = alert.createdAt;
    out.updatedAt = alert.updatedAt;
    return out;
}
