import { collectionKind } from "../../engine/collectionKind";
import { valueAt } from "../../common/values";
import { containsUnknown } from "../../common/unknown";
import { ALERT_FIELD_KEYS, AlertInputs, AlertOutputs, alertSchema, alertVariantIssues, isRange } from "./schema";
import { alertFieldsFromWire, alertStatusFromWire, wireAlert } from "./wire";

/**
 * How messages name an alert: by its name, else by its id, else (an unnamed alert not yet created) by what it watches,
 * so that every message says which alert of the stack it is about.
 */
function label(alert: Partial<Pick<AlertInputs, "name" | "source" | "dashboardId" | "tileId" | "savedSearchId">>, id?: string): string {
    if (alert.name !== undefined) return `Alert ${JSON.stringify(alert.name)}`;
    if (id !== undefined) return `Alert ${id}`;
    const watches = alert.source === "tile" ? `tile ${alert.tileId} of dashboard ${alert.dashboardId}` : `saved search ${alert.savedSearchId}`;
    return `Alert on ${watches}`;
}

/**
 * The request body (POST and PUT alike): the declared state in the server's form. A PUT replaces the alert, and
 * the server refuses `null` for most optional fields, so what is not declared is left out: a left-out `name`,
 * `message`, `note`, `numConsecutiveWindows` or `groupBy` is cleared. A left-out `thresholdMax` is kept (and `null`
 * refused), so it goes with the range kinds only, and dropping it replaces the alert (`staleUpperBound`). Several
 * channels go as `channels` next to `channel` = the first one.
 * @param olds the alert as last read, on an update: whether its schedule must be cleared
 */
function toWire(alert: AlertInputs, olds?: Pick<AlertOutputs, "scheduleOffsetMinutes" | "scheduleStartAt">): Record<string, unknown> {
    const channels = alert.channels ?? (alert.channel ? [alert.channel] : []);
    const tile = alert.source === "tile";
    const optional = { name: alert.name, message: alert.message, note: alert.note, numConsecutiveWindows: alert.numConsecutiveWindows };
    return {
        source: tile ? "tile" : "saved_search",
        threshold: alert.threshold,
        thresholdType: alert.thresholdType,
        ...(isRange(alert.thresholdType) ? { thresholdMax: alert.thresholdMax } : {}),
        interval: alert.interval,
        channel: channels[0],
        ...(channels.length > 1 ? { channels } : {}),
        ...(tile ? { dashboardId: alert.dashboardId, tileId: alert.tileId } : { savedSearchId: alert.savedSearchId, groupBy: alert.groupBy }),
        ...optional,
        ...scheduleToWire(alert, olds),
    };
}

/**
 * The schedule fields to send. A PUT keeps a left-out schedule, so what the alert holds and the declaration drops is
 * sent cleared (offset 0, `scheduleStartAt: null`); what neither holds is left out, so an alert made without a
 * schedule stays without one.
 */
function scheduleToWire(alert: AlertInputs, olds?: Pick<AlertOutputs, "scheduleOffsetMinutes" | "scheduleStartAt">): Record<string, unknown> {
    const heldOffset = (olds?.scheduleOffsetMinutes ?? 0) !== 0;
    const heldStart = olds?.scheduleStartAt !== undefined && olds.scheduleStartAt !== null;
    return {
        ...(alert.scheduleOffsetMinutes !== 0 || heldOffset ? { scheduleOffsetMinutes: alert.scheduleOffsetMinutes } : {}),
        ...(alert.scheduleStartAt !== undefined ? { scheduleStartAt: alert.scheduleStartAt } : heldStart ? { scheduleStartAt: null } : {}),
    };
}

const fieldsOf = (alert: object) => Object.fromEntries(ALERT_FIELD_KEYS.map((key) => [key, valueAt(alert, [key])]));

/** The inputs that place a tile alert on its tile. */
const TILE_PLACE_KEYS = ["source", "dashboardId", "tileId"] as const;

/**
 * A tile alert that leaves its tile (another tile or dashboard, or a saved search) is replaced, not updated: the server
 * deletes a tile's alerts when a dashboard update drops the tile (a rename makes a new tile) or makes it unable to carry
 * alerts, and that update runs before the alert's (the alert reads the dashboard's outputs), so a PUT would find the
 * alert gone. The replacement creates the alert where it now belongs, then deletes the old one (already gone counts as
 * deleted). A value not known yet (a preview while the dashboard changes) is no move: `up` decides with the known id.
 */
function tileMoveKeys(olds: Pick<AlertOutputs, "source">, news: AlertInputs, changed: ReadonlySet<string>): string[] {
    if (olds.source !== "tile") return [];
    return TILE_PLACE_KEYS.filter((key) => changed.has(key) && !containsUnknown(news[key]));
}

/**
 * An alert that holds an upper bound the declaration drops (a range kind made plain, or a bound read back from the
 * server) is replaced: the server keeps a `thresholdMax` a PUT leaves out and refuses `null` for it, so no update can
 * clear it. The replacement is created without one before the old alert is deleted.
 */
function staleUpperBound(olds: Pick<AlertOutputs, "thresholdMax">, news: AlertInputs, changed: ReadonlySet<string>): string[] {
    const held = olds.thresholdMax !== undefined && olds.thresholdMax !== null;
    return held && changed.has("thresholdMax") && news.thresholdMax === undefined ? ["thresholdMax"] : [];
}

/** Alerts: on a dashboard tile or a saved search. Undefined when read gone, also when a dashboard edit or delete took its tile alerts with it (contract §3.7). */
export const alertKind = collectionKind({
    typeName: "Alert",
    segment: "alerts",
    schema: alertSchema,
    wire: wireAlert,
    rules: (inputs, settings) => alertVariantIssues(inputs, settings.variant(inputs.variant)),
    replaceKeys: (olds, news, changed) => [...tileMoveKeys(olds, news, changed), ...staleUpperBound(olds, news, changed)],
    label,
    body: (inputs, { olds }) => toWire(inputs, olds),
    // The declaration says whether it used `channels` and how it spelled `source`.
    fields: (wire, declared) => alertFieldsFromWire(wire, { channels: declared.channels !== undefined, source: declared.source }),
    extra: alertStatusFromWire,
    // A lost create is recognised by its fields, among the alerts created since the POST went out.
    identity: fieldsOf,
    createdAt: (wire) => wire.createdAt,
});

/** The alert provider the SDK's provider text loads. */
export const alert = alertKind.provider;
