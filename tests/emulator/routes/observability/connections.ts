import { notFound } from "../../http/apiError";
import { checkConnectionUpdate, createConnection, renderConnection, replaceConnection } from "../../domain/connections";
import { asObject } from "../../domain/json";
import { objectIdParam } from "../params";
import type { RouteModule } from "../types";

/** Self-hosted 404s are plain text `Not Found` (§0.4). */
const missing = () => notFound("Connection not found", { selfHostedText: "Not Found" });

/**
 * Connections (§1): self-hosted only. The managed variant's connection is provisioned by the platform and
 * read-only, with no route (an HTML 404); its id is the `connection` of the managed sources.
 * DELETE has no reference check and no cascade: sources keep the dangling id (§1.5).
 */
export const connectionRoutes: RouteModule = {
    name: "connections",
    register(routes) {
        routes.selfHosted("GET", "/connections", (_req, ctx) => ({ data: [...ctx.team.connections.values()].map(renderConnection) }));

        routes.selfHosted("GET", "/connections/:id", (req, ctx) => {
            const connection = ctx.team.connections.get(objectIdParam(req.params));
            if (!connection) throw missing();
            return { data: renderConnection(connection) };
        });

        routes.selfHosted("POST", "/connections", (req, ctx) => {
            const connection = createConnection(ctx.ids, ctx.nowIso(), asObject(req.body));
            ctx.team.connections.set(connection.id, connection);
            return { data: renderConnection(connection) };
        });

        routes.selfHosted("PUT", "/connections/:id", (req, ctx) => {
            const id = objectIdParam(req.params);
            checkConnectionUpdate(asObject(req.body));
            const stored = ctx.team.connections.get(id);
            if (!stored) throw missing();
            const connection = replaceConnection(stored, ctx.nowIso(), asObject(req.body));
            ctx.team.connections.set(id, connection);
            return { data: renderConnection(connection) };
        });

        routes.selfHosted("DELETE", "/connections/:id", (req, ctx) => {
            if (!ctx.team.connections.delete(objectIdParam(req.params))) throw missing();
            return { empty: true };
        });
    },
};
