import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../engine/values";
import { PipeApi } from "./api";
import { readPipe } from "./provider";
import type { DataPipeInputs } from "./schema";

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
    named: true,
    references: [],
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
