import { badRequest, ContractViolation } from "../../http/apiError";
import type { IdFactory } from "../../random";
import { isObjectId } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { JsonObject, SavedSearch } from "../../store/types";
import { asArray } from "../json";
import { checkRenderable, shapedFilters } from "./pinnedFilters";

export interface SavedSearchWriteContext {
    team: TeamStore;
    ids: IdFactory;
    nowIso: string;
}

/**
 * Body rules the managed document does not state (same code behind both variants, §3.2): the name is trimmed, then
 * 1-1024 characters; tags at most 50 of at most 32 characters each.
 */
function checkBody(body: JsonObject): string {
    const name = String(body.name).trim();
    if (name.length < 1) throw new ContractViolation("name", "String must contain at least 1 character(s)");
    if (name.length > 1024) throw new ContractViolation("name", "String must contain at most 1024 character(s)");
    const tags = asArray(body.tags);
    if (tags.length > 50) throw new ContractViolation("tags", "Array must contain at most 50 element(s)");
    tags.forEach((tag, i) => {
        if (String(tag).length > 32) throw new ContractViolation(`tags.${i}`, "String must contain at most 32 character(s)");
    });
    return name;
}

function checkSource(team: TeamStore, sourceId: unknown): void {
    if (!isObjectId(sourceId) || !team.sources.has(sourceId)) throw badRequest("sourceId must be an existing source id");
}

/** Every omitted optional field takes its default, on POST and PUT alike (§3.2, §3.4). */
function fields(body: JsonObject, name: string, filters: JsonObject[]): Omit<SavedSearch, "id" | "createdAt" | "updatedAt"> {
    return {
        name,
        sourceId: String(body.sourceId),
        select: typeof body.select === "string" ? body.select : "",
        where: typeof body.where === "string" ? body.where : "",
        whereLanguage: body.whereLanguage === "sql" ? "sql" : "lucene",
        orderBy: typeof body.orderBy === "string" ? body.orderBy : "",
        tags: asArray(body.tags).map(String),
        filters,
    };
}

export function createSavedSearch(ctx: SavedSearchWriteContext, body: JsonObject): SavedSearch {
    const name = checkBody(body);
    const filters = shapedFilters(asArray(body.filters));
    checkSource(ctx.team, body.sourceId);
    checkRenderable(filters, undefined);
    const search: SavedSearch = {
        id: ctx.ids.objectId(),
        ...fields(body, name, filters),
        createdAt: ctx.nowIso,
        updatedAt: ctx.nowIso,
    };
    ctx.team.savedSearches.set(search.id, search);
    return search;
}

/**
 * PUT: body, filter shapes included → `sourceId` (400) → existence (undefined: 404) → renderability of the new or
 * changed filters (400) (§3.4). Alerts are untouched.
 */
export function replaceSavedSearch(ctx: SavedSearchWriteContext, id: string, body: JsonObject): SavedSearch | undefined {
    const name = checkBody(body);
    const filters = shapedFilters(asArray(body.filters));
    checkSource(ctx.team, body.sourceId);
    const stored = ctx.team.savedSearches.get(id);
    if (!stored) return undefined;
    checkRenderable(filters, stored.filters);
    const search: SavedSearch = {
        id,
        ...fields(body, name, filters),
        createdAt: stored.createdAt,
        updatedAt: ctx.nowIso,
    };
    ctx.team.savedSearches.set(id, search);
    return search;
}
