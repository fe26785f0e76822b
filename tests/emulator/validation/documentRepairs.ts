import type { SchemaNode } from "./openapiDocs";

/**
 * Where a document cannot mean what it literally says, read as meant, for the strict and the lenient
 * validation alike (unlike `serverLeniency.ts`, nothing is recorded as invalid).
 *
 * Cloud: the credential variants of pipe sources (`{username, password}`, `{accessKeyId, secretKey}`,
 * `{connectionString}`, `{certificate, privateKey}`) sit in `oneOf` lists but require nothing, so every object
 * matches all of them and `oneOf` refuses any credentials. Each variant is read as requiring its own fields
 * (the user-name variant only its user name: a role-authenticated database source sends no password).
 *
 * Cloud: the PATCH arms of pipe sources require fields the reference client leaves out and the service accepts
 * (vendor Terraform provider, internal/service/<vendor>/resource/<pipe>.go, the vendor prefixes elided): a table-mapping edit of a mysql or
 * mongodb pipe sends only the delta (lines 5431, 5506), and a pubsub patch leaves out an unchanged
 * service-account key (line 5544).
 */
export function repairedSchemas(api: "self-hosted" | "cloud", schemas: Record<string, SchemaNode>): Record<string, SchemaNode> {
    if (api !== "cloud") return inServerOrder(schemas);
    const copy = structuredClone(schemas);
    discriminateObservabilityUnions(copy);
    const required: Record<string, string[]> = {
        PLAIN: ["username"],
        MskIamUser: ["accessKeyId", "secretKey"],
        AzureEventHub: ["connectionString"],
        MutualTLS: ["certificate", "privateKey"],
    };
    for (const [name, fields] of Object.entries(required)) {
        const schema = copy[name];
        if (schema && !Array.isArray(schema.required)) schema.required = fields;
    }
    const notRequired: Record<string, string[]> = {
        DataPipePatchMySQLSource: ["host", "port"],
        DataPipePatchMongoDBSource: ["uri", "readPreference"],
        DataPipePatchPubSubSource: ["serviceAccountKey"],
    };
    for (const [name, fields] of Object.entries(notRequired)) {
        const schema = copy[name];
        if (schema && Array.isArray(schema.required)) schema.required = schema.required.filter((field) => !fields.includes(String(field)));
    }
    return copy;
}

/**
 * Self-hosted: a refusal lists the allowed values in the order of the server's own zod schema, not the document's
 * (the differential check against the real server found both): webhook services as its `WebhookService` enum
 * (`z.nativeEnum`, packages/api/src/utils/zod.ts `externalWebhookCreateSchema`), source kinds as its
 * `z.discriminatedUnion("kind", …)` (packages/api/src/models/source.ts `ISourceSchema`).
 */
function inServerOrder(schemas: Record<string, SchemaNode>): Record<string, SchemaNode> {
    const copy = structuredClone(schemas);
    const service = (copy.WebhookInput?.properties as Record<string, SchemaNode> | undefined)?.service;
    if (service) service.enum = ["slack", "generic", "incidentio"];
    const source = copy.Source?.discriminator as { mapping?: Record<string, string> } | undefined;
    if (source?.mapping) {
        const mapping = source.mapping;
        source.mapping = Object.fromEntries(["log", "trace", "session", "metric", "promql"].map((kind) => [kind, mapping[kind]]));
    }
    return copy;
}

/**
 * Cloud: the managed observability unions (`ObservabilitySource`) declare no discriminator, so a failure names
 * whichever branch ajv tried last (`kind: Expected 'log'` for a trace source). Each is given the discriminator its
 * branches pin (one single-value enum property, `kind`), as the self-hosted document declares it.
 */
function discriminateObservabilityUnions(schemas: Record<string, SchemaNode>): void {
    for (const [name, schema] of Object.entries(schemas)) {
        if (!name.startsWith("Observability") || !Array.isArray(schema.oneOf) || schema.discriminator) continue;
        const branches = (schema.oneOf as SchemaNode[]).map((branch) => String(branch.$ref ?? ""));
        const properties = (ref: string): Record<string, SchemaNode> =>
            (schemas[ref.replace("#/components/schemas/", "")]?.properties as Record<string, SchemaNode> | undefined) ?? {};
        const pinned = (ref: string, property: string): unknown => {
            const values = properties(ref)[property]?.enum;
            return Array.isArray(values) && values.length === 1 ? values[0] : undefined;
        };
        const property = Object.keys(properties(branches[0])).find((p) => branches.every((ref) => typeof pinned(ref, p) === "string"));
        if (!property || new Set(branches.map((ref) => pinned(ref, property))).size !== branches.length) continue;
        schema.discriminator = { propertyName: property, mapping: Object.fromEntries(branches.map((ref) => [pinned(ref, property), ref])) };
    }
}
