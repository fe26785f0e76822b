import { listAll } from "../../api/paging";
import { exportEach } from "../../engine/exportEach";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../engine/values";
import { readWebhook } from "./provider";
import { wireWebhook } from "./wire";

/**
 * Webhooks for the export command (alerts reference `webhook.id`). The API never returns their write-only values, so
 * the program reads those, and the URL, from secret stack config.
 */
export const webhookExport = {
    kind: "webhooks",
    aliases: ["webhook", "hooks"],
    label: "webhooks",
    lives: "observability",
    named: true,
    references: [],
    async list(scope) {
        const { ctx, target } = scope;
        const api = ctx.apis.observability(target.variant, target);
        const listed = await listAll(api.client, "export: list webhooks", `${api.prefix}/webhooks`, wireWebhook, ctx.signal);
        return exportEach(
            scope,
            listed,
            (wire) => wire.name,
            (wire) => ({ id: wire.id, name: wire.name, inputs: toJson(readWebhook(ctx, wire, { ...target, target }).inputs) }),
        );
    },
} as const satisfies KindExport<"webhooks", ExportedObject>;
