import fc from "fast-check";
import { finite, hex24, Input, obj, text, timeouts, uuid, word } from "./common";

// Well-formed dashboards and alerts: every display type of both tile config kinds, containers with tabs that
// tiles reference, filters in every mode. Each value is one the schema must accept.

const whereLanguage = fc.constantFrom("lucene", "sql", "promql");
const colorToken = fc.constantFrom("chart-blue", "chart-orange", "chart-red", "chart-cyan", "chart-success", "chart-error");
const expression = fc.string({ minLength: 1, maxLength: 40 });

const numberFormat = obj(
    { output: fc.constantFrom("currency", "percent", "byte", "time", "duration", "number", "data_rate", "throughput") },
    {
        // One of the server's fixed units (free text is refused).
        numericUnit: fc.constantFrom("bytes_sec_si", "rps", "gibibytes"),
        mantissa: fc.nat(10),
        thousandSeparated: fc.boolean(),
        average: fc.boolean(),
        decimalBytes: fc.boolean(),
        factor: finite,
        currencySymbol: fc.constantFrom("$", "€", "¥"),
        unit: fc.string({ maxLength: 8 }),
    },
);

const selectCommon = {
    alias: fc.string({ maxLength: 30 }),
    where: fc.string({ maxLength: 40 }),
    whereLanguage,
    numberFormat,
    metricType: fc.constantFrom("gauge", "histogram", "sum", "summary", "exponential histogram"),
    metricName: word,
    periodAggFn: fc.constant("delta"),
};

/** A select item obeying the aggregation rules (count has no expression, quantile needs a level). */
const selectItem = fc.oneof(
    obj({ aggFn: fc.constant("count") }, { ...selectCommon, valueExpression: fc.constant("") }),
    obj({ aggFn: fc.constant("quantile"), valueExpression: expression, level: fc.constantFrom(0.5, 0.9, 0.95, 0.99) }, selectCommon),
    obj(
        { aggFn: fc.constantFrom("avg", "count_distinct", "last_value", "max", "min", "sum", "any", "none", "increase"), valueExpression: expression },
        selectCommon,
    ),
);

// Every tile has a first select item, so formulas name only `A` (a letter past the last item is refused).
const formula = obj({ expression: fc.constantFrom("A", "A / (A + 1) * 100", "-A + 1") }, { alias: fc.string({ maxLength: 20 }), numberFormat });
const seriesLimit = fc.oneof(fc.nat(1000), fc.constant(null));

const onClick = fc.oneof(
    obj(
        {
            type: fc.constantFrom("search", "dashboard"),
            target: fc.oneof(obj({ mode: fc.constant("id"), id: hex24 }), obj({ mode: fc.constant("template"), template: expression })),
        },
        {
            whereTemplate: fc.string({ maxLength: 40 }),
            whereLanguage,
            filters: fc.array(obj({ kind: fc.constant("expressionTemplate"), expression, template: expression }), { maxLength: 3 }),
        },
    ),
    obj({ type: fc.constant("external"), urlTemplate: fc.webUrl() }),
);

const colorRule = fc.oneof(
    obj({ operator: fc.constantFrom("gt", "gte", "lt", "lte"), value: finite, color: colorToken }, { label: fc.string({ maxLength: 40 }) }),
    fc
        .tuple(finite, finite)
        .chain(([a, b]) => obj({ operator: fc.constant("between"), value: fc.constant([Math.min(a, b), Math.max(a, b)]), color: colorToken })),
    obj({ operator: fc.constantFrom("eq", "neq"), value: fc.oneof(finite, fc.string({ maxLength: 200 })), color: colorToken }),
);

const builder = { sourceId: hex24 };
const builderOptional = { configType: fc.constant("builder") };

/** Time-series fields; `asRatio` only where it holds (two items, no formulas). */
function timeSeries(displayType: "line" | "stacked_bar"): fc.Arbitrary<Input> {
    const extra: Record<string, fc.Arbitrary<unknown>> = displayType === "line" ? { compareToPreviousPeriod: fc.boolean(), fitYAxisToData: fc.boolean() } : {};
    const optional = {
        ...builderOptional,
        ...extra,
        groupBy: word,
        fillNulls: fc.boolean(),
        alignDateRangeToGranularity: fc.boolean(),
        numberFormat,
        showOperandSeries: fc.boolean(),
        seriesLimit,
    };
    return fc.oneof(
        obj(
            { displayType: fc.constant(displayType), ...builder, select: fc.array(selectItem, { minLength: 1, maxLength: 4 }) },
            { ...optional, asRatio: fc.constant(false), formulas: fc.array(formula, { maxLength: 3 }) },
        ),
        obj(
            { displayType: fc.constant(displayType), ...builder, select: fc.array(selectItem, { minLength: 2, maxLength: 2 }), asRatio: fc.boolean() },
            optional,
        ),
    );
}

const builderConfig = fc.oneof(
    timeSeries("line"),
    timeSeries("stacked_bar"),
    obj(
        { displayType: fc.constant("table"), ...builder, select: fc.array(selectItem, { minLength: 1, maxLength: 3 }) },
        {
            ...builderOptional,
            groupBy: word,
            having: word,
            orderBy: word,
            numberFormat,
            groupByColumnsOnLeft: fc.boolean(),
            onClick,
            formulas: fc.array(formula, { maxLength: 2 }),
            showOperandSeries: fc.boolean(),
        },
    ),
    fc
        .oneof(
            obj(
                { displayType: fc.constant("number"), ...builder, select: fc.array(selectItem, { minLength: 1, maxLength: 1 }) },
                { formulas: fc.constant([]) },
            ),
            obj({
                displayType: fc.constant("number"),
                ...builder,
                select: fc.array(selectItem, { minLength: 1, maxLength: 3 }),
                formulas: fc.array(formula, { minLength: 1, maxLength: 1 }),
            }),
        )
        .chain((config) =>
            obj(
                {},
                {
                    ...builderOptional,
                    numberFormat,
                    color: colorToken,
                    colorRules: fc.array(colorRule, { maxLength: 3 }),
                    backgroundChart: obj({ type: fc.constantFrom("line", "area") }, { color: colorToken }),
                },
            ).map((more) => ({ ...config, ...more })),
        ),
    ...(["pie", "bar"] as const).map((displayType) =>
        obj(
            { displayType: fc.constant(displayType), ...builder, select: fc.array(selectItem, { minLength: 1, maxLength: 1 }) },
            { ...builderOptional, groupBy: word, orderBy: word, numberFormat, limit: seriesLimit },
        ),
    ),
    obj(
        {
            displayType: fc.constant("heatmap"),
            ...builder,
            select: fc.tuple(obj({ valueExpression: expression }, { countExpression: word, heatmapScaleType: fc.constantFrom("log", "linear") })),
        },
        { ...builderOptional, where: fc.string({ maxLength: 30 }), whereLanguage, numberFormat },
    ),
    obj(
        { displayType: fc.constant("search"), ...builder, select: fc.string({ maxLength: 40 }) },
        { ...builderOptional, where: fc.string({ maxLength: 30 }), whereLanguage },
    ),
    obj(
        { displayType: fc.constant("event_patterns"), ...builder },
        { ...builderOptional, select: fc.string({ maxLength: 40 }), where: fc.string({ maxLength: 30 }), whereLanguage },
    ),
    obj({ displayType: fc.constant("markdown") }, { ...builderOptional, markdown: fc.string({ maxLength: 200 }) }),
);

const rawSqlConfig = fc.constantFrom("line", "stacked_bar", "table", "number", "pie", "bar").chain((displayType) => {
    const optional: Record<string, fc.Arbitrary<unknown>> = { sourceId: hex24, numberFormat };
    if (displayType === "line" || displayType === "stacked_bar")
        Object.assign(optional, { fillNulls: fc.boolean(), alignDateRangeToGranularity: fc.boolean(), seriesLimit });
    if (displayType === "line") Object.assign(optional, { compareToPreviousPeriod: fc.boolean(), fitYAxisToData: fc.boolean() });
    if (displayType === "table") optional.onClick = onClick;
    if (displayType === "number") optional.color = colorToken;
    return obj(
        { configType: fc.constant("sql"), displayType: fc.constant(displayType), connectionId: hex24, sqlTemplate: fc.string({ minLength: 1, maxLength: 80 }) },
        optional,
    );
});

/** Any tile configuration the schema accepts. */
export const tileConfig = fc.oneof(builderConfig, rawSqlConfig);

const container = obj(
    { id: text(256), title: text(256) },
    {
        collapsed: fc.boolean(),
        collapsible: fc.boolean(),
        bordered: fc.boolean(),
        tabs: fc.uniqueArray(obj({ id: text(256), title: text(256) }), { selector: (tab) => tab.id, maxLength: 3 }),
    },
);

/** A tile placed on the grid, in one of `containers` (and one of its tabs) or in none. */
function tile(containers: Input[]): fc.Arbitrary<Input> {
    const placement =
        containers.length === 0
            ? fc.constant({})
            : fc.oneof(
                  fc.constant({}),
                  fc.constantFrom(...containers).chain((c) => {
                      const tabs = (c.tabs as Input[] | undefined) ?? [];
                      return tabs.length === 0
                          ? fc.constant({ containerId: c.id })
                          : fc
                                .option(fc.constantFrom(...tabs), { nil: undefined })
                                .map((tab) => (tab ? { containerId: c.id, tabId: tab.id } : { containerId: c.id }));
                  }),
              );
    return fc
        .tuple(
            obj({
                // Empty and shared names are allowed, as in the web UI.
                name: fc.oneof(text(1024), fc.constantFrom("", "Chart")),
                x: fc.integer({ min: 0, max: 23 }),
                y: fc.nat(500),
                w: fc.integer({ min: 1, max: 24 }),
                h: fc.integer({ min: 1, max: 40 }),
                config: tileConfig,
            }),
            placement,
        )
        .map(([t, place]) => ({ ...t, ...place }));
}

/** Filters with unique names and variable names, each broadcasting, a variable, or both. */
const filters = fc
    .uniqueArray(
        obj(
            { name: text(64), expression, sourceId: hex24, mode: fc.constantFrom("broadcast", "variable", "both") },
            {
                sourceMetricType: fc.constantFrom("gauge", "sum"),
                where: word,
                whereLanguage: fc.constantFrom("sql", "lucene"), // The contract takes any non-empty strings here (it does not check them), so they are not ids.
                appliesToSourceIds: fc.array(word, { maxLength: 2 }),
                variableName: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,8}$/),
            },
        ),
        { selector: (f) => f.name, maxLength: 3 },
    )
    .map((list) =>
        list.map(({ mode, appliesToSourceIds, variableName, ...filter }, i) => ({
            ...filter,
            ...(mode === "broadcast" ? {} : { isVariableEnabled: true }),
            ...(mode === "variable" ? { isBroadcastEnabled: false } : { ...(appliesToSourceIds !== undefined ? { appliesToSourceIds } : {}) }),
            ...(mode !== "broadcast" && variableName !== undefined ? { variableName: `${variableName}_${i}` } : {}),
        })),
    );

const savedQuery = fc.oneof(
    obj({}, { savedQuery: fc.constant(null), savedQueryLanguage: fc.constant(null) }),
    obj({ savedQuery: fc.string({ minLength: 1, maxLength: 40 }) }, { savedQueryLanguage: fc.constantFrom("lucene", "sql", "promql", null) }),
);

/** Where a dashboard or alert lives; omitted keys come from the settings. */
export const target = { variant: fc.constantFrom("self-hosted", "managed"), organizationId: uuid, serviceId: uuid };

/**
 * The tile settings only the self-hosted API has: a managed dashboard goes without them (and without the tiles built
 * on formulas, whose select items only the formulas make valid).
 */
function forItsVariant(dashboard: Input): Input {
    if (dashboard.variant !== "managed") return dashboard;
    const tiles = (dashboard.tiles as Input[])
        .filter((tile) => (tile.config as Input).formulas === undefined)
        .map((tile) => {
            const { seriesLimit: _limit, showOperandSeries: _operands, ...config } = tile.config as Input;
            return { ...tile, config };
        });
    return { ...dashboard, tiles };
}

/** A well-formed dashboard, with only the tile settings its variant has. */
export const dashboard: fc.Arbitrary<Input> = fc
    .uniqueArray(container, { selector: (c) => c.id, maxLength: 3 })
    .chain((containers) =>
        fc.tuple(
            obj(
                { name: text(1024), tiles: fc.array(tile(containers), { maxLength: 4 }) },
                {
                    ...target,
                    tags: fc.array(text(32, 6), { maxLength: 6 }),
                    filters,
                    savedFilterValues: fc.array(obj({ condition: fc.string({ maxLength: 60 }) }, { type: fc.constant("sql") }), { maxLength: 2 }),
                    timeouts,
                },
            ),
            savedQuery,
            // Tiles may reference the containers, so they are declared whenever there are any.
            fc.constant(containers.length > 0 ? { containers } : {}),
        ),
    )
    .map(([fields, query, declared]) => forItsVariant({ ...fields, ...query, ...declared }));
