import { z } from "zod";
import { targetClients } from "../../api/apis";
import { collectionKind } from "../../engine/collectionKind";
import type { RuleFailure } from "../../engine/dynamicProvider";
import type { Settings } from "../../settings/config";
import { targetSchema } from "../../settings/location";
import { sourceSchema, SourceInputs, VARIANT_ONLY_FIELDS } from "./schema";
import { sourceBody, sourceFieldsFromWire, wireSource } from "./wire";

/** Fields only the other variant stores (one would drop them silently and show a change forever): refused at `check`. */
function variantRules(inputs: SourceInputs, settings: Settings): RuleFailure[] {
    const variant = settings.variant(inputs.variant);
    const other = variant === "managed" ? "self-hosted" : "managed";
    const fields = inputs as Record<string, unknown>;
    const where = other === "managed" ? "the managed variant" : "the self-hosted API";
    return VARIANT_ONLY_FIELDS[other][inputs.kind]
        .filter((key) => fields[key] !== undefined)
        .map((key) => ({ path: [key], message: `only ${where} stores it: remove it for the ${variant} variant` }));
}

const wellFormedTarget = z.looseObject(targetSchema);

/** Sources. Kind and connection change in place (the id stays); only a move to another variant or service replaces. */
export const sourceKind = collectionKind({
    typeName: "Source",
    segment: "sources",
    schema: sourceSchema,
    wire: wireSource,
    // The managed variant serves no GET by id for sources: they are read from the list.
    byId: (variant) => variant === "self-hosted",
    // While `kind` is unknown (preview) the union checks no other field: the clients are built for a well-formed target only.
    clients: (apis, inputs) => void (wellFormedTarget.safeParse(inputs).success && targetClients(apis, inputs)),
    rules: variantRules,
    body: (inputs) => sourceBody(inputs),
    fields: (wire) => sourceFieldsFromWire(wire),
    // What identifies a source whose create answer was lost.
    identity: ({ name, kind, connection, from }: SourceInputs & { connection?: unknown; from?: unknown }) => ({ name, kind, connection, from }),
});

/** The source provider the SDK's provider text loads. */
export const source = sourceKind.provider;
