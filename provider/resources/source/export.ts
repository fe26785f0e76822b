import { collectionAt } from "../../api/collection";
import { KindExport, namedObject } from "../../engine/exporter";
import { sourceKind } from "./provider";

/** Sources for the export command: they reference their connection and other sources by id. */
export const sourceExport = {
    kind: "sources",
    aliases: ["source"],
    lives: "observability",
    nouns: ["source", "sources"],
    // Names of the sources a cycle leaves referenced by id (logs ↔ traces), for the comment.
    references: ["sources"],
    reference: { variable: "source", byId: true },
    names: {
        noun: "data source",
        // The request of the getSources lookup, named alike.
        list: ({ ctx, target }) => collectionAt(ctx, target, "sources", namedObject).list("getSources"),
    },
    declaration: (exported) => ({
        names: [exported.name ?? "", "source"],
        header: [`Source ${JSON.stringify(exported.name)} (${String(exported.inputs.kind)})`],
    }),
    list: (scope) => sourceKind.exported(scope),
} as const satisfies KindExport<"sources">;
