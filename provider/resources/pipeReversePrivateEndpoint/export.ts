import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../engine/values";
import { EndpointApi, readEndpoint } from "./provider";

/** The service's reverse private endpoints for the export command (named by their description). */
export const pipeReversePrivateEndpointExport = {
    kind: "reversePrivateEndpoints",
    aliases: ["reverseprivateendpoint", "pipereverseprivateendpoints", "rpe"],
    label: "reverse private endpoints",
    lives: "cloud",
    nouns: ["reverse private endpoint", "reverse private endpoints"],
    named: true,
    references: [],
    // Pipes reference their endpoints by id (a kafka pipe's reversePrivateEndpointIds).
    reference: { variable: "endpoint", byId: true },
    declaration: (exported) => ({
        names: [exported.name ?? "", "endpoint"],
        header: [`Reverse private endpoint ${JSON.stringify(exported.name)} (${String(exported.inputs.type)})`],
    }),
    async list({ ctx, service, keep, count }) {
        if (!service) return [];
        const exported: ExportedObject[] = [];
        for (const endpoint of await new EndpointApi(ctx, service, "export: list reverse private endpoints").list()) {
            if (!keep(endpoint.description ?? "")) continue;
            const { inputs } = readEndpoint(ctx.apis.settings, endpoint, { ...service, timeouts: undefined });
            exported.push({ id: endpoint.id, name: endpoint.description ?? "", inputs: toJson(inputs) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"reversePrivateEndpoints">;
