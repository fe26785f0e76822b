import { declaredKeys, type OpenApiDocument, resolveRef, type SchemaNode } from "../../validation/openapiDocs";

export const SOURCE_KINDS = ["log", "trace", "metric", "session", "promql"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Fields the running self-hosted code accepts beyond its document (§2.3, contract-extended §8 #8). */
const CODE_ONLY: Record<SourceKind, readonly string[]> = {
    log: ["orderByExpression", "tableFilterExpression"],
    trace: ["sampleRateExpression", "spanLinksValueExpression", "displayedTimestampValueExpression", "orderByExpression"],
    metric: ["serviceNameExpression", "seriesTable"],
    session: ["resourceAttributesExpression"],
    promql: [],
};

/** The fields the self-hosted code keeps for a kind although its document does not declare them. */
export const codeOnlyKeys = (kind: SourceKind): readonly string[] => CODE_ONLY[kind];

/** The union schema of each document whose branches are the source kinds. */
const UNION: Record<"self-hosted" | "managed", string> = { "self-hosted": "Source", managed: "ObservabilitySource" };

/** The name of the schema for one kind: the union's branch whose `kind` enum holds it. */
function kindSchemaName(doc: OpenApiDocument, union: string, kind: SourceKind): string {
    for (const branch of (doc.components.schemas[union].oneOf as SchemaNode[]) ?? []) {
        const name = String(branch.$ref).replace("#/components/schemas/", "");
        const kindProp = (resolveRef(doc, branch).properties as Record<string, SchemaNode>).kind;
        if ((kindProp.enum as unknown[]).includes(kind)) return name;
    }
    throw new Error(`emulator: no ${union} branch for kind ${kind}`);
}

/** The kind's schema in the self-hosted document: the code's rules build on it for both variants (one backend). */
export function selfHostedKindSchema(doc: OpenApiDocument, kind: SourceKind): SchemaNode {
    return resolveRef(doc, { $ref: `#/components/schemas/${kindSchemaName(doc, UNION["self-hosted"], kind)}` });
}

/**
 * The keys a variant keeps for a kind: its document's properties (without `id`), plus the code-only fields on
 * self-hosted. Anything else is dropped silently (§2.8): `filterSettings` on self-hosted, `serviceVersionExpression`
 * on managed.
 */
export function keptKeys(doc: OpenApiDocument, variant: "self-hosted" | "managed", kind: SourceKind): Set<string> {
    const keys = declaredKeys(doc, kindSchemaName(doc, UNION[variant], kind));
    keys.delete("id");
    if (variant === "self-hosted") for (const key of CODE_ONLY[kind]) keys.add(key);
    return keys;
}
