import type { ExportedObject, KindExport } from "../../engine/exporter";
import { savedSearchKind } from "./provider";

/** Saved searches for the export command (alerts on them reference `search.id`). */
export const savedSearchExport = {
    kind: "savedSearches",
    aliases: ["savedsearch", "searches"],
    lives: "observability",
    nouns: ["saved search", "saved searches"],
    references: ["sources"],
    reference: { variable: "savedSearch", byId: false },
    declaration: (exported) => ({
        names: [exported.name ?? "", "saved-search"],
        header: [`Saved search ${JSON.stringify(exported.name)} (deleting it deletes the alerts on it)`],
    }),
    list: (scope) => savedSearchKind.exported(scope),
} as const satisfies KindExport<"savedSearches", ExportedObject>;
