import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { EndpointApi, readEndpoint } from "./provider";

/** A reverse private endpoint, with the DNS names a pipe's host may be (a pipe declared after it references them). */
export interface ExportedEndpoint extends ExportedObject {
    dnsNames: string[];
}

/** The service's reverse private endpoints for the export command (named by their description). */
export const pipeReversePrivateEndpointExport = {
    kind: "reversePrivateEndpoints",
    aliases: ["reverseprivateendpoint", "pipereverseprivateendpoints", "rpe"],
    lives: "cloud",
    nouns: ["reverse private endpoint", "reverse private endpoints"],
    // Pipes reference their endpoints by id (a kafka pipe's reversePrivateEndpointIds) and by DNS name (a database host).
    reference: { variable: "endpoint", byId: true },
    declaration: (exported) => ({
        names: [exported.name ?? "", "endpoint"],
        header: [`Reverse private endpoint ${JSON.stringify(exported.name)} (${String(exported.inputs.type)})`],
    }),
    async list({ ctx, service, keep, count }) {
        if (!service) return [];
        const exported: ExportedEndpoint[] = [];
        for (const endpoint of await new EndpointApi(ctx, service, "export: list reverse private endpoints").list()) {
            if (!keep(endpoint.description ?? "")) continue;
            const { inputs } = readEndpoint(ctx.apis.settings, endpoint, { ...service, timeouts: undefined });
            exported.push({ id: endpoint.id, name: endpoint.description ?? "", inputs: toJson(inputs), dnsNames: endpoint.dnsNames ?? [] });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"reversePrivateEndpoints", ExportedEndpoint>;
