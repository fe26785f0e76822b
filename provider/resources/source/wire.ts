import { z } from "zod";
import { projectOnto } from "../../common/project";
import { kindSchema, SourceInputs } from "./schema";

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
 * `""`, short granularities). Fields one variant would drop silently were refused at `check` (the definition's `rules`).
 */
export function sourceBody(inputs: SourceInputs): Record<string, unknown> {
    return Object.fromEntries(Object.entries(inputs).filter(([key]) => !LOCAL_KEYS.has(key)));
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
