import { listAll } from "../../api/paging";
import { ExportedObject, KindExport, namedObject } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { readSource } from "./provider";
import { wireSource } from "./wire";

/** Sources for the export command: they reference their connection and other sources by id. */
export const sourceExport = {
    kind: "sources",
    aliases: ["source"],
    label: "sources",
    lives: "observability",
    nouns: ["source", "sources"],
    named: true,
    // Names of the sources a cycle leaves referenced by id (logs ↔ traces), for the comment.
    references: ["sources"],
    reference: { variable: "source", byId: true },
    names: {
        noun: "data source",
        // The request of the getSources lookup, named alike.
        async list({ ctx, target }) {
            const api = ctx.apis.observability(target.variant, target);
            return listAll(api.client, "getSources", `${api.prefix}/sources`, namedObject, ctx.signal);
        },
    },
    declaration: (exported) => ({
        names: [exported.name ?? "", "source"],
        header: [`Source ${JSON.stringify(exported.name)} (${String(exported.inputs.kind)})`],
    }),
    async list({ ctx, target, keep, count }) {
        const api = ctx.apis.observability(target.variant, target);
        const exported: ExportedObject[] = [];
        for (const wire of await listAll(api.client, "export: list sources", `${api.prefix}/sources`, wireSource, ctx.signal)) {
            if (!keep(wire.name)) continue;
            const { inputs } = readSource(ctx, wire, { ...target, target });
            exported.push({ id: wire.id, name: wire.name, inputs: toJson(inputs) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"sources">;
