import { notFound } from "../../http/apiError";
import { asObject } from "../../domain/json";
import { byId, paginateFor } from "../../domain/pagination";
import { renderSavedSearch } from "../../domain/readShapes";
import { createSavedSearch, replaceSavedSearch, type SavedSearchWriteContext } from "../../domain/savedSearches/write";
import { objectIdParam, variantOf } from "../params";
import type { HandlerContext, RouteModule } from "../types";

const missing = () => notFound("Saved search not found");

const writeContext = (ctx: HandlerContext): SavedSearchWriteContext => ({ team: ctx.team, ids: ctx.ids, nowIso: ctx.nowIso() });

/** Saved searches (§3), both variants. DELETE first deletes every alert on the saved search (§3.5). */
export const savedSearchRoutes: RouteModule = {
    name: "saved searches",
    register(routes) {
        routes.observability("GET", "/saved-searches", (req, ctx) =>
            paginateFor(variantOf(req), ctx.team, byId(ctx.team.savedSearches.values()), req.query, (s) => renderSavedSearch(s, ctx.team.teamId)),
        );

        routes.observability("GET", "/saved-searches/:id", (req, ctx) => {
            const search = ctx.team.savedSearches.get(objectIdParam(req.params));
            if (!search) throw missing();
            return { data: renderSavedSearch(search, ctx.team.teamId) };
        });

        routes.observability("POST", "/saved-searches", (req, ctx) => ({
            data: renderSavedSearch(createSavedSearch(writeContext(ctx), asObject(req.body)), ctx.team.teamId),
        }));

        routes.observability("PUT", "/saved-searches/:id", (req, ctx) => {
            const search = replaceSavedSearch(writeContext(ctx), objectIdParam(req.params), asObject(req.body));
            if (!search) throw missing();
            return { data: renderSavedSearch(search, ctx.team.teamId) };
        });

        routes.observability("DELETE", "/saved-searches/:id", (req, ctx) => {
            const id = objectIdParam(req.params);
            if (!ctx.team.savedSearches.has(id)) throw missing();
            ctx.team.deleteSearchAlerts(id);
            ctx.team.savedSearches.delete(id);
            return { empty: true };
        });
    },
};
