import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { findQueryEndpoint, readQueryEndpoint } from "./provider";

/** The service's query endpoint (none or one) for the export command. */
export const queryEndpointExport = {
    kind: "queryEndpoint",
    aliases: [],
    label: "query endpoint",
    lives: "cloud",
    nouns: ["query endpoint", "query endpoints"],
    named: false,
    declaration: () => ({ names: ["query-endpoint"], header: ["The service's query endpoint"] }),
    async list({ ctx, service, count }) {
        if (!service) return [];
        const endpoint = await findQueryEndpoint(ctx, service, "export: read the query endpoint");
        const exported: ExportedObject[] = endpoint
            ? [{ id: endpoint.id, inputs: toJson(readQueryEndpoint(ctx.apis.settings, endpoint, { ...service, timeouts: undefined }).inputs) }]
            : [];
        count(exported.length);
        return exported;
    },
} as const satisfies KindExport<"queryEndpoint">;
