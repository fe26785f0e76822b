import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../engine/values";
import { PipeApi } from "./api";
import { readPipe } from "./provider";
import type { DataPipeInputs } from "./schema";
import { secretsSchema } from "./secrets";

/** A data pipe, with its state (for the comment). */
export interface ExportedPipe extends ExportedObject {
    name: string;
    state: string;
}

/** Data pipes for the export command. */
export const dataPipeExport = {
    kind: "pipes",
    aliases: ["pipe", "datapipes"],
    label: "data pipes",
    lives: "cloud",
    nouns: ["data pipe", "data pipes"],
    named: true,
    references: [],
    declaration(exported) {
        const kind = Object.keys((exported.inputs.source ?? {}) as object)[0] ?? "unknown";
        return { names: [exported.name, "pipe"], header: [`Data pipe ${JSON.stringify(exported.name)} (${kind} source, ${exported.state})`] };
    },
    checkedSecrets: secretsSchema,
    readme: {
        secrets: [
            "- Secrets the APIs never return (data pipe credentials, access keys, connection strings, service account keys,",
            "  schema-registry credentials, private keys) are read from the secret config keys above, never written into",
            "  the program. Adoption does not send them; set the real values anyway, because later changes of a pipe do.",
        ],
        declared: [
            "- Other values the service does not return are left out: a pipe's `destination.roles`, the `path` and",
            "  `azureContainerName` of container-style object storage, and its `scaling` (unmanaged until declared).",
        ],
    },
    async list({ ctx, service, keep, count }) {
        if (!service) return [];
        const exported: ExportedPipe[] = [];
        for (const wire of await new PipeApi(ctx, service, "export: list data pipes").list()) {
            if (!keep(wire.name)) continue;
            const declared = { ...service, name: wire.name, source: {}, destination: {}, fieldMappings: [], stopped: false } satisfies DataPipeInputs;
            const { outs, inputs } = readPipe(wire, declared);
            exported.push({ id: wire.id, name: wire.name, state: outs.state, inputs: toJson(inputs) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"pipes", ExportedPipe>;
