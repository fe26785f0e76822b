import { z } from "zod";
import { collectionAt } from "../../api/collection";
import { hex24 } from "../../common/ids";
import { dynamicProvider, normalizeReported, ResourceDefinition, RuleFailure } from "../../engine/dynamicProvider";
import { type OperationContext, targetClients } from "../../api/apis";
import type { Settings } from "../../settings/config";
import { sameValue } from "../../common/values";
import { ResolvedTarget, reportedAt, resolveTarget, targetReplaceKeys, targetSchema } from "../../settings/location";
import { sourceSchema, SourceInputs, SourceOutputs, VARIANT_ONLY_FIELDS } from "./schema";
import { sourceBody, sourceFieldsFromWire, WireSource, wireSource } from "./wire";

/** What the mapping of a server's source needs from the declaration: where it lives. */
export type SourceDeclared = Partial<Pick<SourceInputs, "variant" | "organizationId" | "serviceId" | "timeouts">> & { target: ResolvedTarget };

const label = (verb: string, source: { name?: string }, id?: string) =>
    `${verb} Source ${source.name !== undefined ? JSON.stringify(source.name) : (id ?? "")}`.trimEnd();

/** The managed variant serves no GET by id for sources: they are read from the list. */
const sourcesAt = (ctx: OperationContext, target: ResolvedTarget) =>
    collectionAt(ctx, target, "sources", wireSource, { byId: target.variant === "self-hosted" });

/** The read mapping (refresh, adoption, export): the outputs and the normalized inputs that reproduce the server's source. */
export function readSource(ctx: OperationContext, source: WireSource, declared: SourceDeclared): { outs: SourceOutputs; inputs: SourceInputs } {
    const reported = reportedAt(declared, sourceFieldsFromWire(source));
    const inputs = normalizeReported(definition, ctx.apis.settings, reported);
    return { outs: { ...inputs, target: declared.target }, inputs };
}

const wellFormedTarget = z.looseObject(targetSchema);

/** What identifies a source whose create answer was lost. */
const identity = (source: object) => {
    const { name, kind, connection, from } = source as Record<string, unknown>;
    return { name, kind, connection, from };
};

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

const definition: ResourceDefinition<typeof sourceSchema, SourceOutputs> = {
    typeName: "Source",
    schema: sourceSchema,
    // While `kind` is unknown (preview) the union checks no other field: the clients are built for a well-formed target only.
    clients: (apis, inputs) => void (wellFormedTarget.safeParse(inputs).success && targetClients(apis, inputs)),
    rules: variantRules,
    // Kind and connection change in place (the id stays); only a move to another variant or service replaces.
    replaceKeys: (olds, news, changed) => targetReplaceKeys(olds, news, changed),
    adoption: { id: hex24, seed: (inputs, settings) => ({ ...inputs, target: resolveTarget(settings, inputs) }) },

    async create(ctx, inputs) {
        const target = resolveTarget(ctx.apis.settings, inputs);
        const sources = sourcesAt(ctx, target);
        const operation = label("create", inputs);
        const wanted = identity(inputs);
        const matches = (candidate: WireSource) => sameValue(identity(readSource(ctx, candidate, { ...inputs, target }).inputs), wanted);
        const created = await sources.create(operation, sourceBody(inputs), matches);
        return { id: created.id, outs: readSource(ctx, created, { ...inputs, target }).outs };
    },

    async read(ctx, id, olds) {
        const source = await sourcesAt(ctx, olds.target).read(label("read", olds, id), id);
        return source && readSource(ctx, source, olds);
    },

    async update(ctx, id, olds, news) {
        const sources = sourcesAt(ctx, olds.target);
        const operation = label("update", news, id);
        const updated = await sources.update(operation, id, sourceBody(news));
        return readSource(ctx, updated, { ...news, target: olds.target }).outs;
    },

    delete: (ctx, id, olds) => sourcesAt(ctx, olds.target).delete(label("delete", olds, id), id),
};

/** The source provider the SDK's stub loads. */
export const source = dynamicProvider(definition);
