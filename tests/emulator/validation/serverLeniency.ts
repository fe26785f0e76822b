import type { SchemaNode } from "./openapiDocs";

/**
 * Where the running server accepts more than its OpenAPI document (contract §9, "the running code wins").
 * A request that only breaks these document rules is answered normally and recorded with `rejected: false`.
 */
type Patch = (schemas: Record<string, SchemaNode>) => void;

const ALL_AGG_FNS = ["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum", "any", "none", "increase"];
const ALL_METRIC_TYPES = ["sum", "gauge", "histogram", "summary", "exponential histogram"];

/** Trace `durationPrecision` defaults to 3; granularities also take the long form (`5 minute`); self-hosted
 * saved-search PUTs keep identical legacy filters (`lucene`, `sql_ast`) (contract-extended §2.3, §2.4, §3.3). The
 * managed document's filters are `sql` only, and nothing says its server keeps more: it is taken at its word. */
const LEGACY_FILTER_TYPES = ["sql", "lucene", "sql_ast"];

export const SELF_HOSTED_LENIENCY: Patch[] = [
    (s) => dropRequired(s.TraceSource, "durationPrecision"),
    (s) => {
        const p = prop(s.MaterializedView, "minGranularity");
        if (p) p.pattern = "^\\d+(s|m|h|d| second| minute| hour| day)$";
    },
    (s) => {
        setEnum(prop(s.SavedSearchFilter, "type"), LEGACY_FILTER_TYPES);
        dropRequired(s.SavedSearchFilter, "condition");
    },
    (s) => setEnum(s.AggregationFunction, ALL_AGG_FNS),
    (s) => addEnum(s.QueryLanguage, "promql"),
    (s) => setEnum(prop(s.ChartSeries, "aggFn"), ALL_AGG_FNS),
    (s) => setEnum(prop(s.ChartSeries, "metricDataType"), ALL_METRIC_TYPES),
    (s) =>
        ["x", "y", "w", "h"].forEach((k) => {
            const p = prop(s.TileBase, k);
            if (p) p.type = "number";
        }),
    (s) => dropRequired(s.SearchChartConfig, "whereLanguage"),
];

export const CLOUD_LENIENCY: Patch[] = [
    (s) => dropRequired(s.ObservabilityTraceSource, "durationPrecision"),
    (s) => setEnum(prop(s.ObservabilitySelectItem, "aggFn"), ALL_AGG_FNS),
    (s) => dropRequired(s.ObservabilitySearchChartConfig, "whereLanguage"),
];

/** A deep copy of `schemas` with the patches applied. */
export function lenient(schemas: Record<string, SchemaNode>, patches: Patch[]): Record<string, SchemaNode> {
    const copy = structuredClone(schemas);
    for (const patch of patches) patch(copy);
    return copy;
}

function prop(schema: SchemaNode | undefined, name: string): SchemaNode | undefined {
    return (schema?.properties as Record<string, SchemaNode> | undefined)?.[name];
}

function setEnum(schema: SchemaNode | undefined, values: string[]): void {
    if (schema && Array.isArray(schema.enum)) schema.enum = [...values];
}

function addEnum(schema: SchemaNode | undefined, value: string): void {
    if (schema && Array.isArray(schema.enum) && !schema.enum.includes(value)) schema.enum.push(value);
}

function dropRequired(schema: SchemaNode | undefined, name: string): void {
    if (schema && Array.isArray(schema.required)) schema.required = schema.required.filter((r) => r !== name);
}
