import { z } from "zod";
import { hex24 } from "../../common/ids";
import { timeoutsSchema } from "../../common/fields";
import { ResolvedTarget, targetSchema } from "../../settings/location";
import { aggFn, metricType } from "../dashboard/tileConfig";

// Every optional field is omitted when unset: the server refuses `null` for all of them (contract-extended §2.3).
const required = z.string().min(1, "must not be empty");
/** An optional expression; the server's `""` (what the web UI stores) reads back as unset. */
const expression = required.optional();
/** An id of another source (`source.id`): the server stores any non-empty string there, without checking it. */
const sourceRef = expression;

const LONG_GRANULARITY = /^(\d+) (second|minute|hour|day)$/;
/** `5m` or `5 minute`: the server stores the long form and always reads back the short one, so both sides use it. */
const granularity = z
    .string()
    .regex(/^(\d+)(s|m|h|d)$|^(\d+) (second|minute|hour|day)$/, "must be a granularity such as `5m`, `1h` or `5 minute`")
    .transform((text) => text.replace(LONG_GRANULARITY, (_all, n: string, unit: string) => `${n}${unit[0]}`));

/** A highlighted attribute shown with each row or trace. */
export const highlightedAttributeSchema = z.strictObject({
    /** SQL expression of the attribute. */
    sqlExpression: required,
    /** Lucene form of the expression, used when searching for its value; the web UI stores `""` for none. */
    luceneExpression: z.string().optional(),
    /** Label shown instead of the expression; the web UI stores `""` for none. */
    alias: z.string().optional(),
});

/** A pre-aggregated column of a materialized view. */
export const aggregatedColumnSchema = z
    .strictObject({
        /** The column aggregated; required unless `aggFn` is `count` (the web UI stores `""` then). */
        sourceColumn: z.string().optional(),
        /** The aggregation. */
        aggFn: z.enum([...aggFn.options, "histogram"]),
        /** The view's column holding the aggregate. */
        mvColumn: required,
    })
    .refine((column) => column.aggFn === "count" || (column.sourceColumn ?? "") !== "", {
        path: ["sourceColumn"],
        message: "is required unless aggFn is `count`",
    });

/** A materialized view the source's queries may use instead of the table. */
export const materializedViewSchema = z.strictObject({
    /** Database of the view. */
    databaseName: required,
    /** Table of the view. */
    tableName: required,
    /** Columns kept as they are (for filtering and grouping), comma-separated. */
    dimensionColumns: z.string(),
    /** Granularity of the timestamp column (`5m`; `5 minute` is read back as `5m`). */
    minGranularity: granularity,
    /** Earliest time the view holds data for (ISO 8601); omitted = as far back as the table. */
    minDate: z.iso
        .datetime({ offset: true, message: "must be an ISO 8601 date and time" })
        .transform((date) => new Date(date).toISOString())
        .optional(),
    /** Timestamp column of the view. */
    timestampColumn: required,
    /** At least one pre-aggregated column. */
    aggregatedColumns: z.array(aggregatedColumnSchema).min(1, "must have at least one column"),
});

/** The rollup tables that serve field discovery and value autocompletion. */
export const metadataMaterializedViewsSchema = z.strictObject({
    /** Key rollup table (field discovery); the web UI stores `""` for none. */
    keyRollupTable: z.string().optional(),
    /** Key-value rollup table (value autocompletion). */
    kvRollupTable: required,
    /** Time granularity of the rollup tables (`15m`). */
    granularity,
});

/** Managed variant only: the columns offered as filters in the web UI. */
export const filterSettingsSchema = z.strictObject({
    /** Database of the filter columns. */
    databaseName: required,
    /** Table of the filter columns. */
    tableName: required,
    /** Up to 10 columns, each with the label shown. */
    columns: z
        .array(
            z.strictObject({
                /** Name of the column. */
                name: required,
                /** Label shown for the column. */
                label: required,
            }),
        )
        .max(10, "must have at most 10 columns"),
});

/** The fields every kind has. */
const commonFields = {
    ...targetSchema,
    /** Display name (not unique). */
    name: required,
    /**
     * Id of the connection the source reads through: `connection.id` of a {@link Connection} (self-hosted), or the
     * platform connection's id on the managed variant (the `connection` of an existing source, see `getSources`).
     */
    connection: hex24,
    /** Database and table of the data. */
    from: z.strictObject({
        /** Database of the table. */
        databaseName: required,
        /** Table holding the data. */
        tableName: required,
    }),
    /** The DateTime column or expression that is part of the table's sorting key. */
    timestampValueExpression: required,
    /** Grouping label in the source picker (≤ 256 characters). */
    section: z.string().min(1).max(256, "must be at most 256 characters").optional(),
    /** Hides the source from the source pickers. Default false. */
    disabled: z.boolean().default(false),
    /** Up to 10 engine settings applied to every query of the source. Default none. */
    querySettings: z
        .array(
            z.strictObject({
                /** Name of the engine setting. */
                setting: required,
                /** Value of the setting. */
                value: required,
            }),
        )
        .max(10, "must have at most 10 settings")
        .default([]),
    /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers). */
    timeouts: timeoutsSchema,
};

/** Fields of the kinds that search rows (logs and traces). */
const searchFields = {
    /** Columns selected by default in the search view. */
    defaultTableSelectExpression: required,
    /** The column or SQL expression holding the service name. */
    serviceNameExpression: expression,
    /** Self-hosted only: the column or SQL expression holding the service version. */
    serviceVersionExpression: expression,
    /** The column or SQL expression holding the resource attributes (a map). */
    resourceAttributesExpression: expression,
    /** The column or SQL expression holding the row's own attributes (a map). */
    eventAttributesExpression: expression,
    /** Column searched by free text. */
    implicitColumnExpression: expression,
    /** Comma-separated list of the columns known to the search view (offered without discovery). */
    knownColumnsListExpression: expression,
    /** Whether free-text search uses the text index: `auto`, `enabled` or `disabled`. */
    useTextIndexForImplicitColumn: z.enum(["auto", "enabled", "disabled"]).optional(),
    /** Id of the metric source correlated with this one (`source.id`). */
    metricSourceId: sourceRef,
    /** Attributes highlighted on traces. Default none. */
    highlightedTraceAttributeExpressions: z.array(highlightedAttributeSchema).default([]),
    /** Attributes highlighted on rows. Default none. */
    highlightedRowAttributeExpressions: z.array(highlightedAttributeSchema).default([]),
    /** Materialized views the queries may use. Default none. */
    materializedViews: z.array(materializedViewSchema).default([]),
    /** Rollup tables for field discovery and value autocompletion. */
    metadataMaterializedViews: metadataMaterializedViewsSchema.optional(),
    /** Managed variant only: columns offered as filters. */
    filterSettings: filterSettingsSchema.optional(),
};

/** A log source. */
export const logSourceSchema = z.strictObject({
    /** `log`: a log source. */
    kind: z.literal("log"),
    ...commonFields,
    ...searchFields,
    /** The column or SQL expression holding the severity text (level). */
    severityTextExpression: expression,
    /** The column or SQL expression holding the log message body. */
    bodyExpression: expression,
    /** The column or SQL expression of the timestamp displayed (e.g. a higher-precision one than `timestampValueExpression`). */
    displayedTimestampValueExpression: expression,
    /** The column or SQL expression holding the trace id. */
    traceIdExpression: expression,
    /** The column or SQL expression holding the span id. */
    spanIdExpression: expression,
    /** Id of the trace source correlated with this one (`source.id`). */
    traceSourceId: sourceRef,
    /** Self-hosted only: the ORDER BY expression of the search view (the table's sorting key when omitted). */
    orderByExpression: expression,
    /** Self-hosted only, deprecated by the server (prefer a row policy): a SQL condition added to every query. */
    tableFilterExpression: expression,
});

/** A trace source. */
export const traceSourceSchema = z.strictObject({
    /** `trace`: a trace source. */
    kind: z.literal("trace"),
    ...commonFields,
    ...searchFields,
    /** The column or SQL expression holding the span's duration (in the unit given by `durationPrecision`). */
    durationExpression: required,
    /** Decimal digits of the duration's unit (0 = seconds, 3 = milliseconds, 9 = nanoseconds). Default 3. */
    durationPrecision: z.number().int().min(0).max(9).default(3),
    /** The column or SQL expression holding the trace id. */
    traceIdExpression: required,
    /** The column or SQL expression holding the span id. */
    spanIdExpression: required,
    /** The column or SQL expression holding the parent span's id. */
    parentSpanIdExpression: required,
    /** The column or SQL expression holding the span name. */
    spanNameExpression: required,
    /** The column or SQL expression holding the span kind. */
    spanKindExpression: required,
    /** The column or SQL expression holding the status code. */
    statusCodeExpression: expression,
    /** The column or SQL expression holding the status message. */
    statusMessageExpression: expression,
    /** The column or SQL expression holding the span events. */
    spanEventsValueExpression: expression,
    /** Id of the log source correlated with this one (`source.id`). */
    logSourceId: sourceRef,
    /** Id of the session source correlated with this one (`source.id`). */
    sessionSourceId: sourceRef,
    /** Self-hosted only: the column or SQL expression holding the sample rate of each span. */
    sampleRateExpression: expression,
    /** Self-hosted only: the column or SQL expression holding the span links. */
    spanLinksValueExpression: expression,
    /** Self-hosted only: the column or SQL expression of the timestamp displayed. */
    displayedTimestampValueExpression: expression,
    /** Self-hosted only: the ORDER BY expression of the search view (the table's sorting key when omitted). */
    orderByExpression: expression,
});

/** The metric table of each metric type (the keys of `metricType`). */
type MetricTablesShape = Record<z.infer<typeof metricType>, typeof expression> & {
    /** Table of the sum (counter) metrics. */
    sum: typeof expression;
    /** Table of the histogram metrics. */
    histogram: typeof expression;
    /** Table of the gauge metrics. */
    gauge: typeof expression;
    /** Table of the summary metrics. */
    summary: typeof expression;
    /** Table of the exponential histogram metrics. */
    "exponential histogram": typeof expression;
};

/** The metric tables by metric type; at least one. */
const metricTablesSchema = z
    .strictObject(Object.fromEntries(metricType.options.map((type) => [type, expression])) as MetricTablesShape)
    .refine((tables) => Object.values(tables).some((table) => table !== undefined), "must name at least one table");

/** A metric source (one table per metric type). */
export const metricSourceSchema = z.strictObject({
    /** `metric`: a metric source. */
    kind: z.literal("metric"),
    ...commonFields,
    /** The database; `tableName` is unused (the tables are in `metricTables`) and defaults to `""`. */
    from: z.strictObject({ databaseName: required, tableName: z.string().default("") }),
    /** The table of each metric type (`gauge`, `histogram`, `sum`, `summary`, `exponential histogram`); at least one. */
    metricTables: metricTablesSchema,
    /** The column or SQL expression holding the resource attributes (a map). */
    resourceAttributesExpression: required,
    /** Id of the log source correlated with this one (`source.id`). */
    logSourceId: sourceRef,
    /** Self-hosted only: the column or SQL expression holding the service name. */
    serviceNameExpression: expression,
    /** Self-hosted only: the unified metrics series table (when the team has it enabled). */
    seriesTable: expression,
});

/** A session-replay source. */
export const sessionSourceSchema = z.strictObject({
    /** `session`: a session-replay source. */
    kind: z.literal("session"),
    ...commonFields,
    /** Id of the trace source the sessions belong to (`source.id`). */
    traceSourceId: required,
    /** Self-hosted only: the column or SQL expression holding the resource attributes (a map). */
    resourceAttributesExpression: expression,
});

/**
 * A PromQL source, queried through a Prometheus connection (`isPrometheusEndpoint: true`). `from` and
 * `timestampValueExpression` are required by the API but unused: any non-empty placeholder (e.g. `default`) does.
 */
export const promqlSourceSchema = z.strictObject({
    /** `promql`: a PromQL source. */
    kind: z.literal("promql"),
    ...commonFields,
});

/** A source of any kind: the `kind` chooses the fields. */
export const sourceSchema = z.discriminatedUnion("kind", [logSourceSchema, traceSourceSchema, metricSourceSchema, sessionSourceSchema, promqlSourceSchema]);

export type SourceKind = z.output<typeof sourceSchema>["kind"];

/**
 * Fields only one variant stores: the other drops them silently, which would show as a change forever, so a
 * declaration that sets one for the other variant is refused before anything is sent.
 */
export const VARIANT_ONLY_FIELDS: Record<"self-hosted" | "managed", Record<SourceKind, readonly string[]>> = {
    "self-hosted": {
        log: ["serviceVersionExpression", "orderByExpression", "tableFilterExpression"],
        trace: ["serviceVersionExpression", "sampleRateExpression", "spanLinksValueExpression", "displayedTimestampValueExpression", "orderByExpression"],
        metric: ["serviceNameExpression", "seriesTable"],
        session: ["resourceAttributesExpression"],
        promql: [],
    },
    managed: { log: ["filterSettings"], trace: ["filterSettings"], metric: [], session: [], promql: [] },
};

/** The schema of one kind, or undefined for a kind this package does not know. */
export function kindSchema(kind: unknown): (typeof sourceSchema.options)[number] | undefined {
    return sourceSchema.options.find((option) => option.shape.kind.value === kind);
}

/** What the program declares (the public argument type derives from it). */
export type SourceArgs = z.input<typeof sourceSchema>;
/** The checked, normalized inputs. */
export type SourceInputs = z.output<typeof sourceSchema>;
/** Source outputs: the normalized inputs and where the source lives. */
export type SourceOutputs = SourceInputs & {
    /** Where the source lives: the variant and, for managed, the organization and service. */
    target: ResolvedTarget;
};
