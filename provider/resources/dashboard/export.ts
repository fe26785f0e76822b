import { listAll } from "../../api/paging";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../engine/values";
import { readDashboard } from "./provider";
import { wireDashboard } from "./wire";

/** A dashboard, with its tiles' server ids (what alerts reference). */
export interface ExportedDashboard extends ExportedObject {
    name: string;
    tiles: { id: string; name: string }[];
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
            // A variable name read back is kept: left out, the next update would let the server derive another one.
            const filters = (wire.filters ?? []).map((filter) => ({ name: filter.name, variableName: stringOrUndefined(filter.variableName) }));
            const { inputs } = readDashboard(ctx, wire, { ...target, target, filters });
            exported.push({ id: wire.id, name: wire.name, inputs: toJson(inputs), tiles: wire.tiles.map((tile) => ({ id: tile.id, name: tile.name })) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"dashboards", ExportedDashboard>;

function stringOrUndefined(value: unknown): string | undefined {
    return typeof value === "string" ? value : undefined;
}
