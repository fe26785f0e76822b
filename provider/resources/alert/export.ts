import { listAll } from "../../api/paging";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../engine/values";
import { readAlert } from "./provider";
import { wireAlert } from "./wire";

/** Alerts for the export command. */
export const alertExport = {
    kind: "alerts",
    aliases: ["alert"],
    label: "alerts",
    lives: "observability",
    named: true,
    references: ["sources", "webhooks"],
    async list({ ctx, target, keep, count }) {
        const api = ctx.apis.observability(target.variant, target);
        const exported: ExportedObject[] = [];
        for (const wire of await listAll(api.client, "export: list alerts", `${api.prefix}/alerts`, wireAlert, ctx.signal)) {
            const name = wire.name ?? undefined;
            if (!keep(name)) continue;
            const { inputs } = readAlert(ctx, wire, { ...target, target, timeouts: undefined, channels: undefined });
            exported.push({ id: wire.id, name, inputs: toJson(inputs) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"alerts">;
