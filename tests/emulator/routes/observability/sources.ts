import { notFound } from "../../http/apiError";
import { asObject } from "../../domain/json";
import { renderSource } from "../../domain/readShapes";
import { createSource, replaceSource, type SourceWriteContext } from "../../domain/sources/write";
import { objectIdParam, variantOf } from "../params";
import type { ApiRequest, HandlerContext, RouteModule } from "../types";

const missing = () => notFound("Source not found");

const writeContext = (req: ApiRequest, ctx: HandlerContext): SourceWriteContext => ({ team: ctx.team, ids: ctx.ids, docs: ctx.docs, variant: variantOf(req) });

/**
 * Sources (§2), both variants: list (insertion order, not paged), create, full-replace update, delete (no
 * reference check, no cascade: saved searches, tiles and other sources keep dangling ids, §2.9).
 */
export const sourceRoutes: RouteModule = {
    name: "sources",
    register(routes) {
        routes.observability("GET", "/sources", (_req, ctx) => ({ data: [...ctx.team.sources.values()].map(renderSource) }));

        // Self-hosted only: the managed variant does not serve GET by id (an HTML 404, the route-not-served case).
        routes.selfHosted("GET", "/sources/:id", (req, ctx) => {
            const source = ctx.team.sources.get(objectIdParam(req.params));
            if (!source) throw missing();
            return { data: renderSource(source) };
        });

        routes.observability("POST", "/sources", (req, ctx) => ({ data: renderSource(createSource(writeContext(req, ctx), asObject(req.body))) }));

        routes.observability("PUT", "/sources/:id", (req, ctx) => {
            const source = replaceSource(writeContext(req, ctx), objectIdParam(req.params), asObject(req.body));
            if (!source) throw missing();
            return { data: renderSource(source) };
        });

        routes.observability("DELETE", "/sources/:id", (req, ctx) => {
            if (!ctx.team.sources.delete(objectIdParam(req.params))) throw missing();
            return { empty: true };
        });
    },
};
