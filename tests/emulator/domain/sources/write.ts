import { badRequest } from "../../http/apiError";
import type { IdFactory } from "../../random";
import { isObjectId } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { JsonObject, Source } from "../../store/types";
import type { OpenApiDocuments } from "../../validation/openapiDocs";
import { asArray, asObject, isObject, pick } from "../json";
import { keptKeys, SOURCE_KINDS, type SourceKind } from "./kindSchemas";
import { checkSourceBody, shortGranularity } from "./rules";

export interface SourceWriteContext {
    team: TeamStore;
    ids: IdFactory;
    docs: OpenApiDocuments;
    variant: "self-hosted" | "managed";
}

/** Storage defaults of every write but a kind change (§2.7, §2.8), applied when the kind declares the field. */
const DEFAULTS: Record<string, () => unknown> = {
    disabled: () => false,
    querySettings: () => [],
    highlightedTraceAttributeExpressions: () => [],
    highlightedRowAttributeExpressions: () => [],
    materializedViews: () => [],
};

/**
 * Validation in the server's order (§2.6): body rules, then the `connection` reference (400). The caller checks
 * existence after this (PUT: 404). Returns the document to store, without its id.
 */
function validated(ctx: SourceWriteContext, body: JsonObject): { kind: SourceKind; document: JsonObject } {
    const kind = body.kind as SourceKind;
    if (!SOURCE_KINDS.includes(kind)) throw badRequest(`Body validation failed: kind: Invalid discriminator value`);
    checkSourceBody(ctx.docs.selfHosted, kind, body);
    if (!isObjectId(body.connection)) throw badRequest("connection must be a valid connection id");
    if (!ctx.team.connections.has(body.connection)) throw badRequest("connection must be an existing connection id");
    const document = pick(body, keptKeys(ctx.variant === "self-hosted" ? ctx.docs.selfHosted : ctx.docs.cloud, ctx.variant, kind));
    normaliseGranularities(document);
    return { kind, document };
}

function normaliseGranularities(document: JsonObject): void {
    asArray(document.materializedViews).forEach((view, i) => {
        const shape = asObject(view);
        shape.minGranularity = shortGranularity(shape.minGranularity, `materializedViews.${i}.minGranularity`);
    });
    const metadata = document.metadataMaterializedViews;
    if (isObject(metadata)) metadata.granularity = shortGranularity(metadata.granularity, "metadataMaterializedViews.granularity");
}

function withDefaults(ctx: SourceWriteContext, kind: SourceKind, document: JsonObject, skipBase: boolean): JsonObject {
    const declared = keptKeys(ctx.docs.selfHosted, "self-hosted", kind);
    const out: JsonObject = { ...document };
    for (const [key, make] of Object.entries(DEFAULTS)) {
        if (skipBase && (key === "disabled" || key === "querySettings")) continue;
        if (declared.has(key) && out[key] === undefined) out[key] = make() as JsonObject[keyof JsonObject];
    }
    if (kind === "trace" && out.durationPrecision === undefined) out.durationPrecision = 3;
    return out;
}

/** POST: a new id whatever `id` was sent. */
export function createSource(ctx: SourceWriteContext, body: JsonObject): Source {
    const { kind, document } = validated(ctx, body);
    const source = { id: ctx.ids.objectId(), ...withDefaults(ctx, kind, document, false) } as Source;
    ctx.team.sources.set(source.id, source);
    return source;
}

/**
 * PUT: a full replace (omitted optional fields are dropped). A kind change keeps the id and swaps the document
 * raw, skipping the `disabled`/`querySettings` storage defaults (§2.7, inferred). Undefined for a missing id.
 */
export function replaceSource(ctx: SourceWriteContext, id: string, body: JsonObject): Source | undefined {
    const { kind, document } = validated(ctx, body);
    const stored = ctx.team.sources.get(id);
    if (!stored) return undefined;
    const source = { id, ...withDefaults(ctx, kind, document, stored.kind !== kind) } as Source;
    ctx.team.sources.set(id, source);
    return source;
}
