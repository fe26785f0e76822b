import type { ExportReferences, KindExport } from "../../engine/exporter";
import { Annotated, Code, TsValue } from "../../engine/tsValue";
import { dashboardExport, ExportedDashboard } from "../dashboard/export";
import { savedSearchExport } from "../savedSearch/export";
import { webhookExport } from "../webhook/export";
import { alertKind } from "./provider";

/** Alerts for the export command. */
export const alertExport = {
    kind: "alerts",
    aliases: ["alert"],
    lives: "observability",
    nouns: ["alert", "alerts"],
    references: ["sources", "webhooks"],
    // An alert references its dashboard and tile, its saved search and its webhooks as code when they are declared.
    declaration(exported, references) {
        const inputs = exported.inputs;
        const onDashboard = typeof inputs.dashboardId === "string" ? references.objects(dashboardExport).find((d) => d.id === inputs.dashboardId) : undefined;
        const tileName = onDashboard?.tiles.find((tile) => tile.id === inputs.tileId)?.name;
        const header = [
            `Alert ${exported.name ? JSON.stringify(exported.name) : `(unnamed, id ${exported.id})`}${inputs.source === "tile" ? ` on tile ${JSON.stringify(tileName ?? inputs.tileId)} of dashboard ${JSON.stringify(onDashboard?.name ?? inputs.dashboardId)}` : " on a saved search"}`,
        ];
        const values: Record<string, TsValue> = {};
        if (inputs.source === "tile") {
            const reference = tileReference(references, onDashboard, String(inputs.tileId));
            if (typeof reference === "string") header.push(`The dashboard and tile ids are literal: ${reference}.`);
            else Object.assign(values, reference);
        }
        if (typeof inputs.savedSearchId === "string") {
            const search = references.variableOf(savedSearchExport, inputs.savedSearchId);
            values.savedSearchId = search
                ? new Code(`${search}.id`)
                : new Annotated(inputs.savedSearchId, "saved search (referenced by id, not part of this export)");
        }
        // A declared webhook is referenced as code; a managed channel's routing fields go with it.
        const channelValue = (channel: unknown): TsValue => {
            const webhook = isChannel(channel) ? references.variableOf(webhookExport, channel.webhookId) : undefined;
            if (!webhook) return references.annotate(channel as TsValue);
            const { type: _type, webhookId: _id, ...routing } = channel as Record<string, TsValue>;
            return { webhookId: new Code(`${webhook}.id`), ...routing };
        };
        if (isChannel(inputs.channel)) values.channel = channelValue(inputs.channel);
        if (Array.isArray(inputs.channels)) values.channels = inputs.channels.map(channelValue);
        const names = [exported.name ?? "", inputs.source === "tile" ? `${onDashboard?.name ?? ""} ${tileName ?? ""} alert` : "search-alert", "alert"];
        return { names, header, values };
    },
    list: (scope) => alertKind.exported(scope),
} as const satisfies KindExport<"alerts">;

/** `dashboardWeb.id` and `dashboardWeb.tileId("Errors")`, or why the ids stay literal. */
function tileReference(references: ExportReferences, exported: ExportedDashboard | undefined, tileId: string): Record<string, TsValue> | string {
    if (!exported) return "the dashboard is not part of this export";
    const tile = exported.tiles.find((t) => t.id === tileId);
    if (!tile) return "the tile is not on the dashboard any more";
    if (tile.name === "") return "the tile has no name, so the dashboard's `tileIds` cannot name it";
    if (exported.tiles.filter((t) => t.name === tile.name).length > 1)
        return `the dashboard has several tiles named ${JSON.stringify(tile.name)}, so its \`tileIds\` cannot name this one`;
    const variable = references.variableOf(dashboardExport, exported.id);
    if (!variable) return "the dashboard is not declared (see the comment above)";
    return {
        dashboardId: new Code(`${variable}.id`),
        tileId: new Code(`${variable}.tileId(${JSON.stringify(tile.name)})`),
    };
}

function isChannel(value: unknown): value is { webhookId: string } {
    return typeof value === "object" && value !== null && typeof (value as { webhookId?: unknown }).webhookId === "string";
}
