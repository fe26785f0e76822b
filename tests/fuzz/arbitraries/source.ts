import fc from "fast-check";
import { hex24, Input, obj, text, timeouts, word } from "./common";
import { target } from "./dashboard";
import { type SourceKind, VARIANT_ONLY_FIELDS } from "../../../provider/resources/source/schema";

const granularity = fc.constantFrom("1s", "5m", "1h", "2d", "15 minute", "1 hour", "30 second");
const table = obj({ databaseName: word, tableName: word });
const highlighted = obj({ sqlExpression: word }, { luceneExpression: word, alias: text(20) });
const aggregated = fc.oneof(
    obj({ aggFn: fc.constant("count"), mvColumn: word }, { sourceColumn: word }),
    obj({ aggFn: fc.constantFrom("sum", "avg", "quantile", "histogram"), mvColumn: word, sourceColumn: word }),
);
const materializedView = obj(
    {
        databaseName: word,
        tableName: word,
        dimensionColumns: fc.constantFrom("", "ServiceName", "ServiceName, SeverityText"),
        minGranularity: granularity,
        timestampColumn: word,
        aggregatedColumns: fc.array(aggregated, { minLength: 1, maxLength: 3 }),
    },
    { minDate: fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString()) },
);

/** The id of another source: the server takes any non-empty string there. */
const ref = fc.oneof(hex24, word);

/** The fields every kind has. */
const common = { name: text(100), connection: hex24, from: table, timestampValueExpression: word };
const commonOptional = {
    ...target,
    section: text(50),
    disabled: fc.boolean(),
    querySettings: fc.array(obj({ setting: word, value: word }), { maxLength: 3 }),
    timeouts,
};

/** The optional fields of the kinds that search rows. */
const search = {
    serviceNameExpression: word,
    resourceAttributesExpression: word,
    implicitColumnExpression: word,
    useTextIndexForImplicitColumn: fc.constantFrom("auto", "enabled", "disabled"),
    metricSourceId: ref,
    highlightedTraceAttributeExpressions: fc.array(highlighted, { maxLength: 2 }),
    highlightedRowAttributeExpressions: fc.array(highlighted, { maxLength: 2 }),
    materializedViews: fc.array(materializedView, { maxLength: 2 }),
    metadataMaterializedViews: obj({ kvRollupTable: word, granularity }, { keyRollupTable: word }),
};

/** Without the fields only the other variant stores (refused at check on this one). */
function forItsVariant(input: Input): Input {
    const other = input.variant === "managed" ? "self-hosted" : "managed";
    const foreign = new Set<string>(VARIANT_ONLY_FIELDS[other][input.kind as SourceKind]);
    return Object.fromEntries(Object.entries(input).filter(([key]) => !foreign.has(key)));
}

/** A well-formed source of any kind, with only the fields its variant stores. */
export const source: fc.Arbitrary<Input> = fc
    .oneof(
        obj(
            { kind: fc.constant("log"), ...common, defaultTableSelectExpression: word },
            {
                ...commonOptional,
                ...search,
                bodyExpression: word,
                severityTextExpression: word,
                traceSourceId: ref,
                orderByExpression: word,
                tableFilterExpression: word,
            },
        ),
        obj(
            {
                kind: fc.constant("trace"),
                ...common,
                defaultTableSelectExpression: word,
                durationExpression: word,
                traceIdExpression: word,
                spanIdExpression: word,
                parentSpanIdExpression: word,
                spanNameExpression: word,
                spanKindExpression: word,
            },
            {
                ...commonOptional,
                ...search,
                durationPrecision: fc.integer({ min: 0, max: 9 }),
                logSourceId: ref,
                sessionSourceId: ref,
                statusCodeExpression: word,
                sampleRateExpression: word,
                spanLinksValueExpression: word,
                displayedTimestampValueExpression: word,
                orderByExpression: word,
            },
        ),
        obj(
            {
                kind: fc.constant("metric"),
                ...common,
                from: obj({ databaseName: word }, { tableName: fc.constantFrom("", "otel_metrics") }),
                metricTables: obj({ gauge: word }, { sum: word, "exponential histogram": word }),
                resourceAttributesExpression: word,
            },
            { ...commonOptional, logSourceId: ref, serviceNameExpression: word, seriesTable: word },
        ),
        obj({ kind: fc.constant("session"), ...common, traceSourceId: ref }, { ...commonOptional, resourceAttributesExpression: word }),
        obj({ kind: fc.constant("promql"), ...common }, commonOptional),
    )
    .map(forItsVariant);
