import { listAll } from "../../api/paging";
import { exportEach } from "../../engine/exportEach";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { readSavedSearch } from "./provider";
import { wireSavedSearch } from "./wire";

/** Saved searches for the export command (alerts on them reference `search.id`). */
export const savedSearchExport = {
    kind: "savedSearches",
    aliases: ["savedsearch", "searches"],
    label: "saved searches",
    lives: "observability",
    nouns: ["saved search", "saved searches"],
    named: true,
    references: ["sources"],
    reference: { variable: "savedSearch", byId: false },
    declaration: (exported) => ({
        names: [exported.name ?? "", "saved-search"],
        header: [`Saved search ${JSON.stringify(exported.name)} (deleting it deletes the alerts on it)`],
    }),
    async list(scope) {
        const { ctx, target } = scope;
        const api = ctx.apis.observability(target.variant, target);
        const listed = await listAll(api.client, "export: list saved searches", `${api.prefix}/saved-searches`, wireSavedSearch, ctx.signal);
        return exportEach(
            scope,
            listed,
            (wire) => wire.name,
            (wire) => ({ id: wire.id, name: wire.name, inputs: toJson(readSavedSearch(ctx, wire, { ...target, target }).inputs) }),
        );
    },
} as const satisfies KindExport<"savedSearches", ExportedObject>;
