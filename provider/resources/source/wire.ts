import { z } from "zod";
import type { ObservabilityApi } from "../../api/apis";
import { projectOnto } from "../../engine/project";
import { kindSchema, SourceInputs, VARIANT_ONLY_FIELDS } from "./schema";

/** A source as either variant returns it: the kind's fields, no timestamps. Only what identifies it is typed here. */
export const wireSource = z.looseObject({
    id: z.string(),
    name: z.string(),
    kind: z.string(),
    connection: z.string().optional(),
    from: z.looseObject({ databaseName: z.string().optional(), tableName: z.string().nullish() }).optional(),
});
export type WireSource = z.infer<typeof wireSource>;

/** Keys that say where a source lives or tune the provider: never part of the request body. */
const LOCAL_KEYS = new Set(["variant", "organizationId", "serviceId", "timeouts", "adoptId", "__provider"]);

/**
 * The request body, POST and PUT alike (a PUT replaces the whole source): the checked inputs, which are already the
 * form both servers accept (optional fields omitted rather than `null`, explicit defaults, metric `from.tableName`
 * `""`, short granularities). Fields one variant would drop silently, and then show as a change forever, are refused.
 */
export function sourceBody(inputs: SourceInputs, api: ObservabilityApi, label: string): Record<string, unknown> {
    const body = Object.fromEntries(Object.entries(inputs).filter(([key]) => !LOCAL_KEYS.has(key)));
    const other = api.variant === "managed" ? "self-hosted" : "managed";
    const foreign = VARIANT_ONLY_FIELDS[other][inputs.kind].filter((key) => body[key] !== undefined);
    if (foreign.length > 0) {
        const where = other === "managed" ? "the managed variant" : "the self-hosted API";
        throw new Error(
            `${label}: ${foreign.join(", ")} ${foreign.length > 1 ? "are" : "is"} only available on ${where}; remove ${foreign.length > 1 ? "them" : "it"} for the ${api.variant} variant`,
        );
    }
    return body;
}

/** `""` is how the web UI stores an unset expression: it reads as unset (the metric tables alike). */
function withoutEmpty(fields: Record<string, unknown>): Record<string, unknown> {
    const out = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
    if (typeof out.metricTables === "object" && out.metricTables !== null) out.metricTables = withoutEmpty(out.metricTables as Record<string, unknown>);
    return out;
}

/**
 * The server's source as unchecked inputs: the fields its kind's schema declares (unknown keys and `null`s dropped,
 * `""` expressions unset). A kind this package does not know is kept as reported, so that it shows as drift.
 */
export function sourceFieldsFromWire(source: WireSource): Record<string, unknown> {
    const { id: _id, ...fields } = source;
    const schema = kindSchema(source.kind);
    return schema ? withoutEmpty(projectOnto(schema, fields) as Record<string, unknown>) : fields;
}
