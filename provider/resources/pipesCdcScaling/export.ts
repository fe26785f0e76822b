import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { dataPipeExport } from "../dataPipe/export";
import { CDC_KINDS } from "../dataPipe/kinds";
import { getCdcScaling, NoDatabasePipe, readCdcScaling } from "./provider";

/** The service's CDC capacity (when it has a database pipe) for the export command. */
export const pipesCdcScalingExport = {
    kind: "cdcScaling",
    aliases: ["pipescdcscaling"],
    label: "CDC scaling",
    lives: "cloud",
    nouns: ["CDC scaling", "CDC scalings"],
    named: false,
    declaration: (_exported, references) => ({
        names: ["cdc-scaling"],
        header: ["The service's CDC capacity (deleting the resource only forgets it)"],
        // The capacity exists only once a change-capturing pipe does: it is declared after the declared ones.
        dependsOn: references
            .objects(dataPipeExport)
            .filter((pipe) => CDC_KINDS.some((kind) => (pipe.inputs.source as Record<string, unknown> | undefined)?.[kind] !== undefined))
            .flatMap((pipe) => references.variableOf(dataPipeExport, pipe.id) ?? []),
    }),
    async list({ ctx, service, count }) {
        if (!service) return [];
        // Without a database pipe there is no capacity to declare.
        const scaling = await getCdcScaling(ctx, service, "export: read the CDC scaling").catch((error: unknown) =>
            error instanceof NoDatabasePipe ? undefined : Promise.reject(error),
        );
        const exported: ExportedObject[] = scaling
            ? [{ id: service.serviceId, inputs: toJson(readCdcScaling(ctx.apis.settings, scaling, { ...service, timeouts: undefined, managed: true }).inputs) }]
            : [];
        count(exported.length);
        return exported;
    },
} as const satisfies KindExport<"cdcScaling">;
