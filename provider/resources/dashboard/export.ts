import { listAll } from "../../api/paging";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { readDashboard } from "./provider";
import { tileKeys } from "./tileKeys";
import { wireDashboard } from "./wire";

/** A dashboard, with its tiles' server ids (what alerts reference). */
export interface ExportedDashboard extends ExportedObject {
    name: string;
    /** Each tile's server id, name, and key in the dashboard's `tileIds` output (the name, or `name#n` for empty or shared names). */
    tiles: { id: string; name: string; key: string }[];
}

/** Dashboards for the export command. */
export const dashboardExport = {
    kind: "dashboards",
    aliases: ["dashboard"],
    label: "dashboards",
    lives: "observability",
    nouns: ["dashboard", "dashboards"],
    named: true,
    references: ["sources"],
    reference: { variable: "dashboard", byId: false },
    declaration: (exported) => ({ names: [exported.name, "dashboard"], header: [`Dashboard ${JSON.stringify(exported.name)}`] }),
    readme: {
        declared: ["- The API leaves PromQL tiles out of its answers: do not manage a dashboard that has some, since an update", "  would drop them."],
    },
    async list({ ctx, target, keep, count }) {
        const api = ctx.apis.observability(target.variant, target);
        const exported: ExportedDashboard[] = [];
        for (const wire of await listAll(api.client, "export: list dashboards", `${api.prefix}/dashboards`, wireDashboard, ctx.signal)) {
            if (!keep(wire.name)) continue;
            const { inputs } = readDashboard(ctx, wire, { ...target, target });
            const keys = tileKeys(wire.tiles.map((tile) => tile.name));
            const tiles = wire.tiles.map((tile, i) => ({ id: tile.id, name: tile.name, key: keys[i] }));
            exported.push({ id: wire.id, name: wire.name, inputs: toJson(inputs), tiles });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"dashboards", ExportedDashboard>;
