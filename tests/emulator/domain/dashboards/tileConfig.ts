import { ContractViolation } from "../../http/apiError";
import type { JsonObject, TileConfig } from "../../store/types";
import { declaredKeys, type OpenApiDocument } from "../../validation/openapiDocs";
import { asArray, asObject, isObject, pick } from "../json";

/** displayType → the self-hosted schema names of its builder and raw-SQL variants. */
const VARIANTS: Record<string, { builder: string; sql?: string }> = {
    line: { builder: "LineBuilderChartConfig", sql: "LineRawSqlChartConfig" },
    stacked_bar: { builder: "BarBuilderChartConfig", sql: "BarRawSqlChartConfig" },
    table: { builder: "TableBuilderChartConfig", sql: "TableRawSqlChartConfig" },
    number: { builder: "NumberBuilderChartConfig", sql: "NumberRawSqlChartConfig" },
    pie: { builder: "PieBuilderChartConfig", sql: "PieRawSqlChartConfig" },
    bar: { builder: "CategoricalBarBuilderChartConfig", sql: "CategoricalBarRawSqlChartConfig" },
    heatmap: { builder: "HeatmapChartConfig" },
    search: { builder: "SearchChartConfig" },
    event_patterns: { builder: "EventPatternsChartConfig" },
    markdown: { builder: "MarkdownChartConfig" },
};

const ALERTABLE = new Set(["line", "stacked_bar", "number"]);
const SELECT_LIST_TYPES = new Set(["line", "stacked_bar", "table", "number", "pie", "bar"]);

export const isRawSql = (config: JsonObject): boolean => config.configType === "sql";
/** Tiles that can carry alerts (builder or raw SQL). */
export const isAlertable = (config: JsonObject): boolean => ALERTABLE.has(String(config.displayType));

/** Request-shape rules of one tile config that the OpenAPI document cannot express (§2.4). */
export function checkTileConfig(config: JsonObject, path: string): void {
    checkLimitsAndFormats(config, path);
    const displayType = String(config.displayType);
    if (isRawSql(config) || !SELECT_LIST_TYPES.has(displayType)) return;
    const select = asArray(config.select);
    const formulas = asArray(config.formulas);
    select.forEach((item, j) => checkSelectItem(asObject(item), `${path}.select.${j}`));
    if (displayType === "number" && formulas.length === 0 && select.length !== 1)
        throw new ContractViolation(`${path}.select`, "Number tiles need exactly one select item unless formulas are set");
    if ((displayType === "pie" || displayType === "bar") && select.length !== 1)
        throw new ContractViolation(`${path}.select`, "Array must contain exactly 1 element(s)");
    formulas.forEach((formula, j) => checkFormulaRefs(asObject(formula), select.length, `${path}.formulas.${j}.expression`));
    if (config.asRatio === true) {
        if (select.length !== 2) throw new ContractViolation(`${path}.asRatio`, "asRatio requires exactly two select items");
        if (formulas.length > 0) throw new ContractViolation(`${path}.asRatio`, "asRatio cannot be combined with formulas");
    }
}

/**
 * The server's own schema where the document is silent or looser: a series or group limit is a whole number when
 * given, never `null` (external API zod `seriesLimit`/`limit`: `.optional()`), and a number format names its `output`.
 */
function checkLimitsAndFormats(config: JsonObject, path: string): void {
    for (const key of ["seriesLimit", "limit"]) {
        const value = config[key];
        if (value !== undefined && !(typeof value === "number" && Number.isInteger(value) && value >= 0))
            throw new ContractViolation(`${path}.${key}`, value === null ? "Expected number, received null" : "Expected a whole number ≥ 0");
    }
    const formats: [unknown, string][] = [
        [config.numberFormat, `${path}.numberFormat`],
        ...asArray(config.select).map((item, j): [unknown, string] => [isObject(item) ? item.numberFormat : undefined, `${path}.select.${j}.numberFormat`]),
        ...asArray(config.formulas).map((f, j): [unknown, string] => [isObject(f) ? f.numberFormat : undefined, `${path}.formulas.${j}.numberFormat`]),
    ];
    for (const [format, at] of formats) if (isObject(format) && format.output === undefined) throw new ContractViolation(`${at}.output`, "Required");
}

/** A formula may only name the tile's series: `A` is select[0]; a letter past the last item is refused. */
function checkFormulaRefs(formula: JsonObject, seriesCount: number, path: string): void {
    const expression = typeof formula.expression === "string" ? formula.expression : "";
    const refs = [...new Set(expression.match(/(?<![A-Za-z])[A-Z](?![A-Za-z])/g) ?? [])];
    const last = String.fromCharCode(64 + seriesCount);
    const unknown = refs
        .filter((ref) => ref.charCodeAt(0) - 65 >= seriesCount)
        .map((ref) => `Unknown series "${ref}" — ${seriesCount > 0 ? `this chart only has series A through ${last}` : "this chart has no series"}`);
    if (unknown.length) throw new ContractViolation(path, unknown.join("; "));
}

function checkSelectItem(item: JsonObject, path: string): void {
    const valueExpression = typeof item.valueExpression === "string" ? item.valueExpression : "";
    if (item.aggFn === "count" && valueExpression !== "")
        throw new ContractViolation(`${path}.valueExpression`, "valueExpression must be omitted or empty when aggFn is count");
    if (item.aggFn !== "count" && valueExpression === "")
        throw new ContractViolation(`${path}.valueExpression`, "valueExpression is required unless aggFn is count");
    if (item.level !== undefined && item.aggFn !== "quantile") throw new ContractViolation(`${path}.level`, "level is only allowed when aggFn is quantile");
}

/** Drops unknown keys and fills the server-side defaults, so the stored config is the read shape (§2.10). */
export function normalizeTileConfig(doc: OpenApiDocument, input: JsonObject): TileConfig {
    const displayType = String(input.displayType);
    const variant = VARIANTS[displayType];
    const schema = variant ? (isRawSql(input) && variant.sql ? variant.sql : variant.builder) : undefined;
    const config = (schema ? pick(input, knownKeys(doc, schema)) : structuredClone(input)) as TileConfig;
    const builder = !isRawSql(config);
    if (builder && SELECT_LIST_TYPES.has(displayType) && Array.isArray(config.select))
        config.select = config.select.map((item) => normalizeSelectItem(doc, asObject(item)));
    if (displayType === "line" || displayType === "stacked_bar") {
        // Builder or raw SQL, the read always carries fillNulls. Raw-SQL time series also keep seriesLimit, which
        // the server's schema has although its OpenAPI document leaves it out.
        config.fillNulls = config.fillNulls !== false;
        if (builder) config.asRatio = config.asRatio === true;
        else if (input.seriesLimit !== undefined) config.seriesLimit = input.seriesLimit;
    }
    if (builder && displayType === "table") config.asRatio = config.asRatio === true;
    if (displayType === "heatmap" || displayType === "search" || displayType === "event_patterns") config.where ??= "";
    if (displayType === "event_patterns") config.select ??= "";
    if (Array.isArray(config.formulas) && config.formulas.length === 0) delete config.formulas;
    if (displayType === "number") delete config.showOperandSeries;
    return config;
}

function normalizeSelectItem(doc: OpenApiDocument, input: JsonObject): JsonObject {
    const item = pick(input, knownKeys(doc, "SelectItem"));
    item.where ??= "";
    item.whereLanguage ??= "lucene";
    if (item.aggFn === "count") item.valueExpression = "";
    if (item.aggFn !== "quantile") delete item.level;
    return item;
}

/** Legacy v1 `series` tiles are converted to `config` on save. */
export function configFromLegacySeries(seriesInput: unknown[], asRatio: unknown): JsonObject {
    const series = seriesInput.map(asObject);
    const first = series[0] ?? {};
    const select = series.map((s) => {
        const item: JsonObject = { aggFn: s.aggFn ?? "count", valueExpression: typeof s.field === "string" ? s.field : "" };
        for (const key of ["level", "alias", "where", "whereLanguage", "metricName", "numberFormat"]) if (s[key] !== undefined) item[key] = s[key];
        if (s.metricDataType !== undefined) item.metricType = s.metricDataType;
        return item;
    });
    const groupBy = asArray(first.groupBy).join(", ");
    switch (first.type) {
        case "markdown":
            return { displayType: "markdown", markdown: first.content ?? "" };
        case "search":
            return {
                displayType: "search",
                sourceId: first.sourceId ?? "",
                select: asArray(first.fields).join(", "),
                where: first.where ?? "",
                whereLanguage: first.whereLanguage ?? "lucene",
            };
        case "number":
            return { displayType: "number", sourceId: first.sourceId ?? "", select: select.slice(0, 1) };
        case "table":
            return { displayType: "table", sourceId: first.sourceId ?? "", select, ...(groupBy ? { groupBy } : {}), asRatio: asRatio === true };
        default:
            return {
                displayType: isObject(first) && first.displayType === "stacked_bar" ? "stacked_bar" : "line",
                sourceId: first.sourceId ?? "",
                select,
                ...(groupBy ? { groupBy } : {}),
                asRatio: asRatio === true,
            };
    }
}

const keyCache = new WeakMap<OpenApiDocument, Map<string, Set<string>>>();

function knownKeys(doc: OpenApiDocument, schema: string): Set<string> {
    let perDoc = keyCache.get(doc);
    if (!perDoc) keyCache.set(doc, (perDoc = new Map()));
    let keys = perDoc.get(schema);
    if (!keys) perDoc.set(schema, (keys = declaredKeys(doc, schema)));
    return keys;
}
