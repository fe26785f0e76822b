import { z } from "zod";
import type { SavedSearchInputs } from "./schema";

/** A saved search as either variant returns it (contract-extended §3.6). Unknown keys are ignored. */
export const wireSavedSearch = z.looseObject({
    id: z.string(),
    name: z.string().default(""),
    sourceId: z.string(),
    // Legacy rows that never stored these leave them out; they mean the defaults.
    select: z.string().nullish(),
    where: z.string().nullish(),
    whereLanguage: z.string().nullish(),
    orderBy: z.string().nullish(),
    tags: z.array(z.string()).nullish(),
    filters: z.array(z.record(z.string(), z.unknown())).nullish(),
    teamId: z.string().nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
});
export type WireSavedSearch = z.infer<typeof wireSavedSearch>;

/** The request body of POST and PUT alike: the whole declaration, since a PUT resets every omitted field. */
export function savedSearchBody(search: SavedSearchInputs): Record<string, unknown> {
    return {
        name: search.name,
        sourceId: search.sourceId,
        select: search.select,
        where: search.where,
        whereLanguage: search.whereLanguage,
        orderBy: search.orderBy,
        tags: search.tags,
        filters: search.filters,
    };
}

/** The saved search's own fields as `check` would produce them, from the server's answer (defaults for absent ones). */
export function savedSearchFieldsFromWire(search: WireSavedSearch): Record<string, unknown> {
    return {
        name: search.name,
        sourceId: search.sourceId,
        select: search.select ?? "",
        where: search.where ?? "",
        whereLanguage: search.whereLanguage ?? "lucene",
        orderBy: search.orderBy ?? "",
        tags: search.tags ?? [],
        // Stored filters come back verbatim, the web UI's `lucene` and `sql_ast` filters included.
        filters: search.filters ?? [],
    };
}
