import { notFound } from "../../http/apiError";
import { renderDashboard } from "../../domain/dashboards/read";
import { createDashboard, replaceDashboard, validateDashboard } from "../../domain/dashboards/write";
import type { WriteMode } from "../../domain/dashboards/writeMode";
import { asObject } from "../../domain/json";
import { objectIdParam } from "../params";
import type { ApiRequest, RouteModule } from "../types";

const mode = (req: ApiRequest, kind: WriteMode["kind"]): WriteMode => ({
    kind,
    variant: req.variant === "self-hosted" ? "self-hosted" : "managed",
});

const rendered = (result: ReturnType<typeof validateDashboard>) => ({ ...result, normalized: result.normalized && renderDashboard(result.normalized) });

/** Self-hosted 404s for dashboards GET/PUT are plain text `Not Found` (§1.5). */
const missing = () => notFound("Dashboard not found", { selfHostedText: "Not Found" });

export const dashboardRoutes: RouteModule = {
    name: "dashboards",
    register(routes) {
        routes.observability("GET", "/dashboards", (_req, ctx) => ({
            data: [...ctx.team.dashboards.values()].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0)).map(renderDashboard),
        }));

        routes.observability(
            "POST",
            "/dashboards/validate",
            (req, ctx) => {
                const answer = req.schemaFailure
                    ? { valid: false, errors: [{ path: req.schemaFailure.path, message: req.schemaFailure.issue }], normalized: null }
                    : rendered(validateDashboard(ctx, mode(req, "validate"), asObject(req.body)));
                // Self-hosted answers the bare object (no `data` envelope); the cloud wraps it in `result` as usual.
                return req.variant === "self-hosted" ? { raw: answer } : { data: answer };
            },
            { schemaFailureToHandler: true },
        );

        routes.observability("GET", "/dashboards/:id", (req, ctx) => {
            const dashboard = ctx.team.dashboards.get(objectIdParam(req.params));
            if (!dashboard) throw missing();
            return { data: renderDashboard(dashboard) };
        });

        routes.observability("POST", "/dashboards", (req, ctx) => ({
            data: renderDashboard(createDashboard(ctx, mode(req, "create"), asObject(req.body))),
        }));

        routes.observability("PUT", "/dashboards/:id", (req, ctx) => {
            const dashboard = replaceDashboard(ctx, mode(req, "update"), objectIdParam(req.params), asObject(req.body));
            if (!dashboard) throw missing();
            return { data: renderDashboard(dashboard) };
        });

        /** 200 even when already gone; deletes the dashboard's tile alerts (§2.8). */
        routes.observability("DELETE", "/dashboards/:id", (req, ctx) => {
            const id = objectIdParam(req.params);
            ctx.team.deleteTileAlerts(id);
            ctx.team.dashboards.delete(id);
            return { empty: true };
        });
    },
};
