import { type ObservabilityApi, targetClients } from "../../api/apis";
import { collectionAt } from "../../api/collection";
import { hex24 } from "../../api/ids";
import { dynamicProvider, normalizeReported, OperationContext, ResourceDefinition } from "../../engine/dynamicProvider";
import { ALERT_FIELD_KEYS, AlertInputs, AlertOutputs, alertSchema, isRange } from "./schema";
import { alertFieldsFromWire, alertStatusFromWire, WireAlert, wireAlert } from "./wire";
import { ResolvedTarget, reportedAt, resolveTarget, targetReplaceKeys } from "../../settings/target";
import { sameValue, valueAt } from "../../engine/values";
import { containsUnknown } from "../../engine/unknown";

/** How far the server's clock may be behind ours when a lost create is looked for by its `createdAt`. */
const CLOCK_SKEW_MS = 5 * 60_000;

const label = (alert: { name?: string }, id?: string) => `Alert ${alert.name !== undefined ? JSON.stringify(alert.name) : (id ?? "")}`.trimEnd();

/**
 * The request body (POST and PUT alike): the full declared state in the spec's form, with explicit nulls for
 * everything left out, because a PUT replaces the whole alert (contract §3.5). Several channels go as
 * `channels` next to `channel` = the first one (§9 row 5).
 */
function toWire(alert: AlertInputs, api: ObservabilityApi): Record<string, unknown> {
    const channels = alert.channels ?? (alert.channel ? [alert.channel] : []);
    if (api.variant === "managed" && channels.length > 1) {
        throw new Error(`${label(alert)}: the managed variant takes a single notification channel; declare \`channel\` (or one entry in \`channels\`)`);
    }
    const tile = alert.source === "tile";
    return {
        source: alert.source,
        threshold: alert.threshold,
        thresholdType: alert.thresholdType,
        thresholdMax: isRange(alert.thresholdType) ? alert.thresholdMax : null,
        interval: alert.interval,
        channel: channels[0],
        ...(channels.length > 1 ? { channels } : {}),
        ...(tile
            ? { dashboardId: alert.dashboardId, tileId: alert.tileId, groupBy: null }
            : { savedSearchId: alert.savedSearchId, groupBy: alert.groupBy ?? null }),
        name: alert.name ?? null,
        message: alert.message ?? null,
        note: alert.note ?? null,
        numConsecutiveWindows: alert.numConsecutiveWindows ?? null,
        scheduleOffsetMinutes: alert.scheduleOffsetMinutes,
        scheduleStartAt: alert.scheduleStartAt ?? null,
    };
}

/** What the mapping of a server's alert needs from the declaration: where it lives and whether it used `channels`. */
export type AlertDeclared = Pick<AlertInputs, "variant" | "organizationId" | "serviceId" | "timeouts" | "channels"> & { target: ResolvedTarget };

/** Outputs from the server's answer: its fields normalized as `check` normalizes inputs, plus the read-only state. */
function fromWire(ctx: OperationContext, alert: WireAlert, declared: AlertDeclared): AlertOutputs {
    const reported = reportedAt(declared, alertFieldsFromWire(alert, declared.channels !== undefined));
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
        const created = await alerts.create(`create ${label(inputs)}`, toWire(inputs, alerts.api), matches);
        return { id: created.id, outs: fromWire(ctx, created, { ...inputs, target }) };
    },

    async read(ctx, id, olds) {
        // Undefined when gone, also when a dashboard edit or delete took its tile alerts with it (contract §3.7).
        const alert = await collectionAt(ctx, olds.target, "alerts", wireAlert).read(`read ${label(olds, id)}`, id);
        return alert && readAlert(ctx, alert, olds);
    },

    async update(ctx, id, olds, news) {
        const alerts = collectionAt(ctx, olds.target, "alerts", wireAlert);
        const updated = await alerts.update(`update ${label(news, id)}`, id, toWire(news, alerts.api));
        return fromWire(ctx, updated, { ...news, target: olds.target });
    },

    async delete(ctx, id, olds) {
        await collectionAt(ctx, olds.target, "alerts", wireAlert).delete(`delete ${label(olds, id)}`, id);
    },
};

/** The alert provider the SDK's stub loads. */
export const alert = dynamicProvider(definition);
