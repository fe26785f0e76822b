import { notFound } from "../../http/apiError";
import { renderAlert } from "../../domain/alerts/read";
import { type AlertWriteContext, createAlert, replaceAlert } from "../../domain/alerts/write";
import { asObject } from "../../domain/json";
import { byId, paginateFor } from "../../domain/pagination";
import { objectIdParam, variantOf } from "../params";
import type { ApiRequest, HandlerContext, RouteModule } from "../types";

const missing = () => notFound("Alert not found");

function writeContext(req: ApiRequest, ctx: HandlerContext): AlertWriteContext {
    return {
        team: ctx.team,
        ids: ctx.ids,
        nowMs: ctx.clock.now(),
        nowIso: ctx.nowIso(),
        variant: req.variant === "self-hosted" ? "self-hosted" : "managed",
    };
}

export const alertRoutes: RouteModule = {
    name: "alerts",
    register(routes) {
        /** Paginated, `_id` ascending (§1.9). */
        routes.observability("GET", "/alerts", (req, ctx) =>
            paginateFor(variantOf(req), ctx.team, byId(ctx.team.alerts.values()), req.query, (alert) => renderAlert(alert, ctx.team.teamId)),
        );

        routes.observability("GET", "/alerts/:id", (req, ctx) => {
            const alert = ctx.team.alerts.get(objectIdParam(req.params));
            if (!alert) throw missing();
            return { data: renderAlert(alert, ctx.team.teamId) };
        });

        routes.observability("POST", "/alerts", (req, ctx) => ({
            data: renderAlert(createAlert(writeContext(req, ctx), asObject(req.body)), ctx.team.teamId),
        }));

        routes.observability("PUT", "/alerts/:id", (req, ctx) => {
            const alert = replaceAlert(writeContext(req, ctx), objectIdParam(req.params), asObject(req.body));
            if (!alert) throw missing();
            return { data: renderAlert(alert, ctx.team.teamId) };
        });

        routes.observability("DELETE", "/alerts/:id", (req, ctx) => {
            if (!ctx.team.alerts.delete(objectIdParam(req.params))) throw missing();
            return { empty: true };
        });
    },
};
