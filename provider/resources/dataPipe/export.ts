import type { ExportedObject, ExportReferences, KindExport } from "../../engine/exporter";
import { Code, type TsValue } from "../../engine/tsValue";
import { toJson } from "../../common/values";
import { pipeReversePrivateEndpointExport } from "../pipeReversePrivateEndpoint/export";
import { PipeApi } from "./api";
import { readPipe, undeclaredPipe } from "./provider";
import { DATABASE_KINDS, type DataPipeInputs, isKindOf, sourceKind } from "./schema";
import { secretsSchema } from "./sourceSecrets";
import { reportedScaling } from "./wire";

/** A data pipe, with its state (for the comment). */
export interface ExportedPipe extends ExportedObject {
    name: string;
    state: string;
}

/** Data pipes for the export command. */
export const dataPipeExport = {
    kind: "pipes",
    aliases: ["pipe", "datapipes"],
    lives: "cloud",
    nouns: ["data pipe", "data pipes"],
    // The CDC scaling declared after the pipes depends on the database ones.
    reference: { variable: "pipe", byId: false },
    declaration(exported, references) {
        const kind = Object.keys((exported.inputs.source ?? {}) as object)[0] ?? "unknown";
        const source = sourceThroughEndpoint(exported.inputs.source, references);
        return {
            names: [exported.name, "pipe"],
            header: [`Data pipe ${JSON.stringify(exported.name)} (${kind} source, ${exported.state})`],
            ...(source === undefined ? {} : { values: { source } }),
        };
    },
    checkedSecrets: secretsSchema,
    readme: {
        secrets: [
            "- Secrets the APIs never return (data pipe credentials, access keys, connection strings, service account keys,",
            "  schema-registry credentials, private keys) are read from the secret config keys above, never written into",
            "  the program. Adoption does not send them; set the real values anyway, because later changes of a pipe do.",
        ],
        declared: [
            "- Other values the service does not return are left out: a pipe's `destination.roles`, and the `path` and",
            "  `azureContainerName` of container-style object storage. A pipe's `scaling` is declared as reported, so it",
            "  stays managed; remove it from a declaration to leave the pipe's compute alone.",
        ],
    },
    async list({ ctx, service, keep, count }) {
        if (!service) return [];
        const exported: ExportedPipe[] = [];
        for (const wire of await new PipeApi(ctx, service, "export: list data pipes").list()) {
            if (!keep(wire.name)) continue;
            // The reported scaling is declared as it is (the kind's compute stays managed once exported).
            const scaling = reportedScaling(wire.scaling);
            const declared: DataPipeInputs = undeclaredPipe(service, wire.name);
            if (Object.keys(scaling).length > 0) declared.scaling = scaling;
            const { outs, inputs } = readPipe(wire, declared);
            exported.push({ id: wire.id, name: wire.name, state: outs.state, inputs: toJson(inputs) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"pipes", ExportedPipe>;

/**
 * The source with a database host that is a DNS name of a declared reverse private endpoint written as that
 * endpoint's first DNS name (so the pipe depends on the endpoint); undefined when there is none.
 */
function sourceThroughEndpoint(source: unknown, references: ExportReferences): TsValue | undefined {
    const typed = (source ?? {}) as DataPipeInputs["source"];
    const kind = sourceKind(typed);
    const arm = kind === undefined ? undefined : (typed[kind] as Record<string, unknown> | undefined);
    if (!isKindOf(DATABASE_KINDS, kind) || typeof arm?.host !== "string") return undefined;
    const host = arm.host.toLowerCase();
    for (const endpoint of references.objects(pipeReversePrivateEndpointExport)) {
        const at = endpoint.dnsNames.findIndex((name) => name.toLowerCase() === host);
        const variable = at < 0 ? undefined : references.variableOf(pipeReversePrivateEndpointExport, endpoint.id);
        if (variable === undefined) continue;
        const code = new Code(`${variable}.dnsNames.apply((names) => names[${at}])`);
        return references.annotate({ [kind]: { ...(toJson(arm) as Record<string, TsValue>), host: code } } as TsValue);
    }
    return undefined;
}
