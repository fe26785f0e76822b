import type { ExportedObject, KindExport } from "../../engine/exporter";
import { dashboardKind } from "./provider";
import { tileKeys } from "./tileKeys";

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
    lives: "observability",
    nouns: ["dashboard", "dashboards"],
    references: ["sources"],
    reference: { variable: "dashboard", byId: false },
    declaration: (exported) => ({ names: [exported.name, "dashboard"], header: [`Dashboard ${JSON.stringify(exported.name)}`] }),
    readme: {
        declared: ["- The API leaves PromQL tiles out of its answers: do not manage a dashboard that has some, since an update", "  would drop them."],
    },
    list: (scope) =>
        dashboardKind.exported(scope, (wire, object): ExportedDashboard => {
            const keys = tileKeys(wire.tiles.map((tile) => tile.name));
            return { ...object, name: wire.name, tiles: wire.tiles.map((tile, i) => ({ id: tile.id, name: tile.name, key: keys[i] })) };
        }),
} as const satisfies KindExport<"dashboards", ExportedDashboard>;
