import { z } from "zod";
import { hex24 } from "../../common/ids";
import { containsUnknown } from "../../common/unknown";
import { formulaProblems } from "./formula";

// Tile configurations (contract §2.4). Config objects strip unknown keys, as the server does, so that a
// server that echoes a newer field never makes a refresh fail; everything else in the dashboard is strict.

/** Query language of a `where` clause. `promql` is accepted by the self-hosted API only. */
export const whereLanguage = z.enum(["lucene", "sql", "promql"]);

/** Aggregation function of a select item. */
export const aggFn = z.enum(["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum", "any", "none", "increase"]);

/** Metric type of a metric source's select item or filter. */
export const metricType = z.enum(["gauge", "histogram", "sum", "summary", "exponential histogram"]);

/** Palette colour token; raw colours and the legacy `chart-1`…`chart-10` are refused by the API. */
export const colorToken = z.enum([
    "chart-blue",
    "chart-orange",
    "chart-red",
    "chart-cyan",
    "chart-green",
    "chart-pink",
    "chart-purple",
    "chart-light-blue",
    "chart-brown",
    "chart-gray",
    "chart-success",
    "chart-warning",
    "chart-error",
]);

/** The units the server knows (data, data rate, throughput); anything else is refused with 400. */
export const numericUnit = z.enum([
    ...["bytes_iec", "bytes_si", "bits_iec", "bits_si"],
    ...["kibibytes", "kilobytes", "mebibytes", "megabytes", "gibibytes", "gigabytes", "tebibytes", "terabytes", "pebibytes", "petabytes"],
    ...["packets_sec", "bytes_sec_iec", "bytes_sec_si", "bits_sec_iec", "bits_sec_si"],
    ...["kibibytes_sec", "kibibits_sec", "kilobytes_sec", "kilobits_sec", "mebibytes_sec", "mebibits_sec", "megabytes_sec", "megabits_sec"],
    ...["gibibytes_sec", "gibibits_sec", "gigabytes_sec", "gigabits_sec", "tebibytes_sec", "tebibits_sec", "terabytes_sec", "terabits_sec"],
    ...["pebibytes_sec", "pebibits_sec", "petabytes_sec", "petabits_sec"],
    ...["cps", "ops", "rps", "reads_sec", "wps", "iops", "cpm", "opm", "rpm_reads", "wpm"],
] as const);

const longText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** How a number is displayed. */
export const numberFormat = z.strictObject({
    /** Output kind. */
    output: z.enum(["currency", "percent", "byte", "time", "duration", "number", "data_rate", "throughput"]),
    /** Unit of the raw value for byte, data-rate and throughput outputs: one of the server's fixed list, e.g. `bytes_sec_si`. */
    numericUnit: numericUnit.optional(),
    /** Decimal places. */
    mantissa: z.number().int().min(0).optional(),
    /** Whether to separate thousands. */
    thousandSeparated: z.boolean().optional(),
    /** Whether to show the value as an average. */
    average: z.boolean().optional(),
    /** Decimal (1000) rather than binary (1024) byte units. */
    decimalBytes: z.boolean().optional(),
    /** Multiplier applied before display. */
    factor: z.number().optional(),
    /** Currency symbol for `currency`. */
    currencySymbol: z.string().optional(),
    /** Free unit label. */
    unit: z.string().optional(),
});

/** One aggregated value of a chart. */
export const selectItem = z
    .strictObject({
        /** Aggregation function. */
        aggFn,
        /** Column or expression to aggregate; required unless `aggFn` is `count` (where it must be empty). */
        valueExpression: longText(10_000).optional(),
        /** Legend alias. */
        alias: longText(10_000).optional(),
        /** Percentile, only with `quantile`. */
        level: z.union([z.literal(0.5), z.literal(0.9), z.literal(0.95), z.literal(0.99)]).optional(),
        /** Filter applied before aggregation (default empty). */
        where: longText(10_000).default(""),
        /** Language of `where` (default `lucene`). */
        whereLanguage: whereLanguage.default("lucene"),
        /** Number format of this series. */
        numberFormat: numberFormat.optional(),
        /** Metric type (metric sources). */
        metricType: metricType.optional(),
        /** Metric name (metric sources). */
        metricName: z.string().optional(),
        /** Period aggregation for counters. */
        periodAggFn: z.literal("delta").optional(),
    })
    .superRefine((item, ctx) => {
        if (item.aggFn === "count" && item.valueExpression) {
            ctx.addIssue({ code: "custom", path: ["valueExpression"], message: "must be empty when aggFn is `count`" });
        }
        if (item.aggFn !== "count" && !item.valueExpression) {
            ctx.addIssue({ code: "custom", path: ["valueExpression"], message: `is required when aggFn is \`${item.aggFn}\`` });
        }
        if (item.level !== undefined && item.aggFn !== "quantile") {
            ctx.addIssue({ code: "custom", path: ["level"], message: "is only allowed when aggFn is `quantile`" });
        }
        if (item.aggFn === "quantile" && item.level === undefined) {
            ctx.addIssue({ code: "custom", path: ["level"], message: "is required when aggFn is `quantile`" });
        }
    })
    // The server echoes `valueExpression: ""` for count items.
    .transform((item) => (item.aggFn === "count" ? { ...item, valueExpression: "" } : item));

/** A formula over the select items (`A` is the first). */
export const formula = z.strictObject({
    /** Arithmetic expression over select letters, e.g. `A / B * 100`. */
    expression: z.string().min(1).max(1024),
    /** Legend alias. */
    alias: z.string().optional(),
    /** Number format of the result. */
    numberFormat: numberFormat.optional(),
});

// The server emits `formulas` only when non-empty, so an empty list is the same as none.
const formulas = z
    .array(formula)
    .max(10)
    .optional()
    .transform((list) => (list && list.length > 0 ? list : undefined));

const seriesLimit = z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((n) => n ?? undefined);

const colorRule = z.discriminatedUnion("operator", [
    z.strictObject({
        /** How the tile's value is compared: `gt`, `gte`, `lt`, `lte`, `between`, `eq` or `neq`. */
        operator: z.enum(["gt", "gte", "lt", "lte"]),
        /** The value compared with: a number; `[low, high]` for `between`; a number or text (≤ 200) for `eq` and `neq`. */
        value: z.number().finite(),
        /** Colour of the tile when the rule matches. */
        color: colorToken,
        /** Label shown when the rule matches (≤ 40 characters). */
        label: z.string().max(40).optional(),
    }),
    z.strictObject({
        operator: z.literal("between"),
        value: z.tuple([z.number().finite(), z.number().finite()]),
        color: colorToken,
        label: z.string().max(40).optional(),
    }),
    z.strictObject({
        operator: z.enum(["eq", "neq"]),
        value: z.union([z.number().finite(), z.string().max(200)]),
        color: colorToken,
        label: z.string().max(40).optional(),
    }),
]);

const onClickTarget = z.discriminatedUnion("mode", [
    z.strictObject({
        /** `id`: a fixed log or trace source (`type` `search`) or dashboard; `template`: a name template filled from the clicked row. */
        mode: z.literal("id"),
        /** The log or trace source (`type` `search`: `source.id`, not a saved search) or the dashboard (24 hexadecimal characters). */
        id: hex24,
    }),
    z.strictObject({
        mode: z.literal("template"),
        /** Template of the target source's or dashboard's name, filled from the clicked row (`{{column}}`). */
        template: z.string().min(1).max(10_000),
    }),
]);

const onClickFilter = z.strictObject({
    /** Always `expressionTemplate`. */
    kind: z.literal("expressionTemplate"),
    /** The filter expression of the target. */
    expression: z.string().min(1).max(10_000),
    /** Template of the filter's value, filled from the clicked row. */
    template: z.string().min(1).max(10_000),
});

/** The fields of a click that opens the search view or a dashboard. */
const onClickOpening = {
    /** The source or dashboard to open. */
    target: onClickTarget,
    /** Condition template applied to the opened view, filled from the clicked row. */
    whereTemplate: z.string().max(10_000).optional(),
    /** Language of `whereTemplate`. */
    whereLanguage: whereLanguage.optional(),
    /** Up to 50 filter templates set on the opened view. */
    filters: z.array(onClickFilter).max(50).optional(),
};

/** What a click on a table row opens. */
export const onClick = z.discriminatedUnion("type", [
    z.strictObject({
        /** `search`: the search view of a log or trace source (`target`); `dashboard`: a dashboard; `external`: a URL. */
        type: z.literal("search"),
        ...onClickOpening,
    }),
    z.strictObject({ type: z.literal("dashboard"), ...onClickOpening }),
    z.strictObject({
        type: z.literal("external"),
        /** URL template, filled from the clicked row; the result must be an absolute http(s) URL. */
        urlTemplate: z.string().min(1).max(10_000),
    }),
]);

const builder = { configType: z.literal("builder").optional(), sourceId: hex24 };
const selects = (min: number, max: number) => z.array(selectItem).min(min, `must have at least ${min} item(s)`).max(max, `must have at most ${max} items`);
const timeSeries = {
    ...builder,
    /** 1 to 20 aggregated values. */
    select: selects(1, 20),
    /** Grouping expression. */
    groupBy: z.string().optional(),
    /** Divide the first select item by the second (exactly two items, no formulas). */
    asRatio: z.boolean().default(false),
    /** Whether to align the time range to the chart's granularity. */
    alignDateRangeToGranularity: z.boolean().optional(),
    /** Fill missing buckets with zero (default true). */
    fillNulls: z.boolean().default(true),
    numberFormat: numberFormat.optional(),
    /** Up to 10 formulas over the select items (one on a number tile); an empty list is the same as none. */
    formulas,
    /** Whether to show the select items a formula uses as series of their own. */
    showOperandSeries: z.boolean().optional(),
    /** Top N series; 0 = unlimited; omitted = the server's cap. */
    seriesLimit,
};

/** Pie and bar charts: one value per group. */
const grouped = {
    ...builder,
    select: selects(1, 1),
    groupBy: z.string().optional(),
    orderBy: longText(10_000).optional(),
    numberFormat: numberFormat.optional(),
    /** Top N groups; 0 = unlimited; omitted = the server's cap. */
    limit: seriesLimit,
};

/** Options of line charts only. */
const lineOptions = {
    /** Whether to show the previous period beside the current one. */
    compareToPreviousPeriod: z.boolean().optional(),
    /** Whether the y axis starts at the data's minimum rather than at zero. */
    fitYAxisToData: z.boolean().optional(),
};

const builderConfig = z.discriminatedUnion("displayType", [
    z.strictObject({ displayType: z.literal("line"), ...timeSeries, ...lineOptions }),
    z.strictObject({ displayType: z.literal("stacked_bar"), ...timeSeries }),
    z.strictObject({
        /**
         * The kind of chart: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar` (builder and raw SQL), `heatmap`,
         * `search`, `event_patterns`, `markdown` (builder only).
         */
        displayType: z.literal("table"),
        ...builder,
        select: selects(1, 20),
        groupBy: z.string().optional(),
        /** Condition on the aggregated values (SQL `HAVING`). */
        having: longText(10_000).optional(),
        /** Sort expression of the rows (bar and pie: of the groups). */
        orderBy: longText(10_000).optional(),
        asRatio: z.boolean().default(false),
        numberFormat: numberFormat.optional(),
        /** Whether the group-by columns come first. */
        groupByColumnsOnLeft: z.boolean().optional(),
        /** What a click on a row opens. */
        onClick: onClick.optional(),
        formulas,
        showOperandSeries: z.boolean().optional(),
    }),
    z.strictObject({
        displayType: z.literal("number"),
        ...builder,
        /** Exactly one item, unless `formulas` is set. */
        select: selects(1, 20),
        formulas: z
            .array(formula)
            .max(1)
            .optional()
            .transform((list) => (list && list.length > 0 ? list : undefined)),
        numberFormat: numberFormat.optional(),
        /** Colour of the number. */
        color: colorToken.optional(),
        /** Up to 10 rules that colour the tile by its value; the first that matches applies. */
        colorRules: z.array(colorRule).max(10).optional(),
        /** A small chart of the value over time behind the number. */
        backgroundChart: z
            .strictObject({
                /** `line` or `area`. */
                type: z.enum(["line", "area"]),
                /** Colour of the chart. */
                color: colorToken.optional(),
            })
            .optional(),
    }),
    z.strictObject({ displayType: z.literal("pie"), ...grouped }),
    z.strictObject({ displayType: z.literal("bar"), ...grouped }),
    z.strictObject({
        displayType: z.literal("heatmap"),
        ...builder,
        /** Exactly one `{valueExpression, countExpression?, heatmapScaleType?}`; the source must be a trace source. */
        select: z
            .array(
                z.strictObject({
                    valueExpression: z.string().min(1).max(10_000),
                    countExpression: z.string().optional(),
                    heatmapScaleType: z.enum(["log", "linear"]).optional(),
                }),
            )
            .length(1, "must have exactly one item"),
        /** Filter of the rows shown (default empty). */
        where: longText(10_000).default(""),
        /** Language of `where`. */
        whereLanguage: whereLanguage.optional(),
        numberFormat: numberFormat.optional(),
    }),
    z.strictObject({
        displayType: z.literal("search"),
        ...builder,
        /** Comma-separated columns. */
        select: longText(10_000),
        where: longText(10_000).default(""),
        whereLanguage: whereLanguage.default("lucene"),
    }),
    z.strictObject({
        displayType: z.literal("event_patterns"),
        ...builder,
        select: longText(10_000).default(""),
        where: longText(10_000).default(""),
        whereLanguage: whereLanguage.optional(),
    }),
    z.strictObject({
        displayType: z.literal("markdown"),
        configType: z.literal("builder").optional(),
        /** The text, in markdown (≤ 50,000 characters). */
        markdown: longText(50_000).optional(),
    }),
]);

const rawSql = {
    /** `sql` for a raw-SQL tile; leave it out (or write `builder`) for a builder tile. */
    configType: z.literal("sql"),
    /** Team connection the SQL runs on. */
    connectionId: hex24,
    /** SQL template. */
    sqlTemplate: z.string().min(1).max(100_000),
    /** Source whose connection equals `connectionId`, used for dashboard filters. */
    sourceId: hex24.optional(),
    /** How the values are displayed. */
    numberFormat: numberFormat.optional(),
};
// The server reads raw-SQL time series back with `fillNulls` always set (true unless false was sent).
const rawSqlTimeSeries = { ...rawSql, fillNulls: z.boolean().default(true), alignDateRangeToGranularity: z.boolean().optional(), seriesLimit };

const rawSqlConfig = z.discriminatedUnion("displayType", [
    z.strictObject({ displayType: z.literal("line"), ...rawSqlTimeSeries, ...lineOptions }),
    z.strictObject({ displayType: z.literal("stacked_bar"), ...rawSqlTimeSeries }),
    z.strictObject({ displayType: z.literal("table"), ...rawSql, onClick: onClick.optional() }),
    z.strictObject({ displayType: z.literal("number"), ...rawSql, color: colorToken.optional() }),
    z.strictObject({ displayType: z.literal("pie"), ...rawSql }),
    z.strictObject({ displayType: z.literal("bar"), ...rawSql }),
]);

/**
 * A tile's chart: `displayType` picks the kind; `configType: "sql"` picks the raw-SQL variant of
 * `line`, `stacked_bar`, `table`, `number`, `pie` and `bar`.
 */
export const tileConfig = z
    .discriminatedUnion("configType", [rawSqlConfig, builderConfig])
    .superRefine((config, ctx) => {
        if (config.configType === "sql" || config.displayType === "markdown" || typeof config.select === "string") return;
        const withFormulas = "formulas" in config && config.formulas !== undefined;
        if ("asRatio" in config && config.asRatio && (config.select.length !== 2 || withFormulas)) {
            ctx.addIssue({ code: "custom", path: ["asRatio"], message: "needs exactly two select items and no formulas" });
        }
        if (withFormulas) {
            config.formulas?.forEach((f, j) => {
                if (containsUnknown(f.expression)) return;
                for (const message of formulaProblems(f.expression, config.select.length))
                    ctx.addIssue({ code: "custom", path: ["formulas", j, "expression"], message });
            });
        }
        if (config.displayType === "number" && !withFormulas && config.select.length !== 1) {
            ctx.addIssue({ code: "custom", path: ["select"], message: "must have exactly one item on a number tile without formulas" });
        }
    })
    // `configType: "builder"` is this package's explicit spelling of "no configType": never sent.
    .transform(({ configType, ...config }) => (configType === "sql" ? { configType, ...config } : config));

export type TileConfig = z.output<typeof tileConfig>;
