import { type OperationContext, targetClients } from "../../api/apis";
import { collectionAt } from "../../api/collection";
import { hex24 } from "../../common/ids";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import { ALERT_FIELD_KEYS, AlertInputs, AlertOutputs, alertSchema, alertVariantIssues, isRange } from "./schema";
import { alertFieldsFromWire, alertStatusFromWire, WireAlert, wireAlert } from "./wire";
import { ResolvedTarget, reportedAt, resolveTarget, targetReplaceKeys } from "../../settings/location";
import { sameValue, valueAt } from "../../common/values";
import { containsUnknown } from "../../common/unknown";

/** How far the server's clock may be behind ours when a lost create is looked for by its `createdAt`. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * How messages name an alert: by its name, else by its id, else (an unnamed alert not yet created) by what it watches,
 * so that every message says which alert of the stack it is about.
 */
function label(alert: Pick<AlertInputs, "name" | "source" | "dashboardId" | "tileId" | "savedSearchId">, id?: string): string {
    if (alert.name !== undefined) return `Alert ${JSON.stringify(alert.name)}`;
    if (id !== undefined) return `Alert ${id}`;
    const watches = alert.source === "tile" ? `tile ${alert.tileId} of dashboard ${alert.dashboardId}` : `saved search ${alert.savedSearchId}`;
    return `Alert on ${watches}`;
}

/**
 * The request body (POST and PUT alike): the declared state in the server's form. A PUT replaces the alert, and
 * the server refuses `null` for most optional fields, so what is not declared is left out: a left-out `name`,
 * `message`, `note`, `numConsecutiveWindows` or `groupBy` is cleared. A left-out `thresholdMax` is kept (and
 * ignored by reads unless the kind is a range), so it goes with the range kinds only. Several channels go as
 * `channels` next to `channel` = the first one.
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

/** What the mapping of a server's alert needs from the declaration: where it lives, whether it used `channels`, its `source` name. */
export type AlertDeclared = Pick<AlertInputs, "variant" | "organizationId" | "serviceId" | "timeouts" | "channels"> &
    Partial<Pick<AlertInputs, "source">> & { target: ResolvedTarget };

/** Outputs from the server's answer: its fields normalized as `check` normalizes inputs, plus the read-only state. */
function fromWire(ctx: OperationContext, alert: WireAlert, declared: AlertDeclared): AlertOutputs {
    const reported = reportedAt(declared, alertFieldsFromWire(alert, { channels: declared.channels !== undefined, source: declared.source }));
    return { ...normalizeReported(definition, ctx.apis.settings, reported), target: declared.target, ...alertStatusFromWire(alert) };
}

/** The inputs that would reproduce the outputs (for refresh). */
function inputsOf(outs: AlertOutputs): AlertInputs {
    const {
        target: _target,
        state: _state,
        silenced: _silenced,
        silencedUntil: _until,
        team: _team,
        createdAt: _created,
        updatedAt: _updated,
        ...inputs
    } = outs;
    return inputs;
}

/** The read mapping (refresh, adoption, export): the outputs and the normalized inputs that reproduce the server's alert. */
export function readAlert(ctx: OperationContext, alert: WireAlert, declared: AlertDeclared): { outs: AlertOutputs; inputs: AlertInputs } {
    const outs = fromWire(ctx, alert, declared);
    return { outs, inputs: inputsOf(outs) };
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

/** What an adoption reads an alert with: the inputs, and where it lives. */
type AlertSeed = AlertInputs & Pick<AlertOutputs, "target">;

const definition: ResourceDefinition<typeof alertSchema, AlertOutputs, AlertSeed> = {
    typeName: "Alert",
    schema: alertSchema,
    clients: targetClients,
    rules: (inputs, settings) => alertVariantIssues(inputs, settings.variant(inputs.variant)),
    replaceKeys: (olds, news, changed) => [...targetReplaceKeys(olds, news, changed), ...tileMoveKeys(olds, news, changed)],
    adoption: { id: hex24, seed: (inputs, settings) => ({ ...inputs, target: resolveTarget(settings, inputs) }) },

    async create(ctx, inputs) {
        const target = resolveTarget(ctx.apis.settings, inputs);
        const alerts = collectionAt(ctx, target, "alerts", wireAlert);
        const started = Date.now();
        const wanted = fieldsOf(inputs);
        // A lost create is recognised by its fields, among the alerts created since the POST went out.
        const isNew = (alert: WireAlert) => !alert.createdAt || Date.parse(alert.createdAt) >= started - CLOCK_SKEW_MS;
        const matches = (alert: WireAlert) => isNew(alert) && sameValue(fieldsOf(fromWire(ctx, alert, { ...inputs, target })), wanted);
        const created = await alerts.create(`create ${label(inputs)}`, toWire(inputs), matches);
        return { id: created.id, outs: fromWire(ctx, created, { ...inputs, target }) };
    },

    async read(ctx, id, olds) {
        // Undefined when gone, also when a dashboard edit or delete took its tile alerts with it (contract §3.7).
        const alert = await collectionAt(ctx, olds.target, "alerts", wireAlert).read(`read ${label(olds, id)}`, id);
        return alert && readAlert(ctx, alert, olds);
    },

    async update(ctx, id, olds, news) {
        const alerts = collectionAt(ctx, olds.target, "alerts", wireAlert);
        const updated = await alerts.update(`update ${label(news, id)}`, id, toWire(news, olds));
        return fromWire(ctx, updated, { ...news, target: olds.target });
    },

    async delete(ctx, id, olds) {
        await collectionAt(ctx, olds.target, "alerts", wireAlert).delete(`delete ${label(olds, id)}`, id);
    },
};

/** The alert provider the SDK's stub loads. */
export const alert = dynamicProvider(definition);
