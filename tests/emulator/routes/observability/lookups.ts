import { notFound } from "../../http/apiError";
import { paginate, parsePage } from "../../domain/pagination";
import { renderSavedSearch, renderSource, renderWebhook } from "../../domain/readShapes";
import { objectIdParam } from "../params";
import type { RouteModule } from "../types";

/** Read-only collections the providers look up: sources, webhooks, saved searches. */
export const lookupRoutes: RouteModule = {
  name: "lookups",
  register(routes) {
    routes.observability("GET", "/sources", (_req, ctx) => ({ data: [...ctx.team.sources.values()].map(renderSource) }));

    // Self-hosted only: the managed variant does not serve GET by id (an HTML 404, the route-not-served case).
    routes.selfHosted("GET", "/sources/:id", (req, ctx) => {
      const source = ctx.team.sources.get(objectIdParam(req.params));
      if (!source) throw notFound("Source not found");
      return { data: renderSource(source) };
    });

    routes.observability("GET", "/webhooks", (req, ctx) => {
      const webhooks = [...ctx.team.webhooks.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return paginate(webhooks, parsePage(req.query), renderWebhook);
    });

    routes.observability("GET", "/saved-searches", (_req, ctx) => ({
      data: [...ctx.team.savedSearches.values()].map((s) => renderSavedSearch(s, ctx.team.teamId)),
    }));

    routes.observability("GET", "/saved-searches/:id", (req, ctx) => {
      const search = ctx.team.savedSearches.get(objectIdParam(req.params));
      if (!search) throw notFound("Saved search not found");
      return { data: renderSavedSearch(search, ctx.team.teamId) };
    });
  },
};
