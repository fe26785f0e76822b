import { notFound } from "../../http/apiError";
import { asObject } from "../../domain/json";
import { byId, paginateFor } from "../../domain/pagination";
import { renderWebhook } from "../../domain/readShapes";
import { createWebhook, deleteWebhook, replaceWebhook, type WebhookWriteContext } from "../../domain/webhooks/write";
import { objectIdParam, variantOf } from "../params";
import type { HandlerContext, RouteModule } from "../types";

const missing = () => notFound("Webhook not found");

const writeContext = (ctx: HandlerContext): WebhookWriteContext => ({ team: ctx.team, ids: ctx.ids, nowIso: ctx.nowIso() });

/**
 * Webhooks (§4), both variants. There is no GET by id in either (an HTML 404): read one through the list.
 * `headers` and `queryParams` are write-only; DELETE answers 409 while an alert's first channel names the webhook.
 */
export const webhookRoutes: RouteModule = {
    name: "webhooks",
    register(routes) {
        routes.observability("GET", "/webhooks", (req, ctx) =>
            paginateFor(variantOf(req), ctx.team, byId(ctx.team.webhooks.values()), req.query, renderWebhook),
        );

        routes.observability("POST", "/webhooks", (req, ctx) => ({ data: renderWebhook(createWebhook(writeContext(ctx), asObject(req.body))) }));

        routes.observability("PUT", "/webhooks/:id", (req, ctx) => {
            const webhook = replaceWebhook(writeContext(ctx), objectIdParam(req.params), asObject(req.body));
            if (!webhook) throw missing();
            return { data: renderWebhook(webhook) };
        });

        routes.observability("DELETE", "/webhooks/:id", (req, ctx) => {
            if (!deleteWebhook(ctx.team, objectIdParam(req.params))) throw missing();
            return { empty: true };
        });
    },
};
