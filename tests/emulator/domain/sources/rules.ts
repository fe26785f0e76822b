import { ContractViolation } from "../../http/apiError";
import type { JsonObject } from "../../store/types";
import type { OpenApiDocument, SchemaNode } from "../../validation/openapiDocs";
import { resolveRef } from "../../validation/openapiDocs";
import { asArray, asObject, isObject } from "../json";
import { codeOnlyKeys, selfHostedKindSchema, type SourceKind } from "./kindSchemas";

/** `aggFn` of a materialized view's aggregated column (§2.4). */
const MV_AGG_FNS = ["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum", "any", "none", "increase", "histogram"];
const SHORT_GRANULARITY = /^(\d+)(s|m|h|d)$/;
const LONG_GRANULARITY = /^(\d+) (second|minute|hour|day)$/;

const fail = (path: string, issue: string): never => {
    throw new ContractViolation(path, issue);
};
const atLeastOne = (value: unknown, path: string): void => {
    if (value === undefined) fail(path, "Required");
    if (typeof value === "string" && value.length < 1) fail(path, "String must contain at least 1 character(s)");
};

/** A granularity in its short form (`5m`): the input takes `5m` or `5 minute`, the read is always short (§2.4). */
export function shortGranularity(value: unknown, path: string): string {
    const text = String(value);
    if (SHORT_GRANULARITY.test(text)) return text;
    const long = LONG_GRANULARITY.exec(text);
    if (!long) return fail(path, "Invalid granularity: expected <n>s|m|h|d or <n> second|minute|hour|day");
    return `${long[1]}${long[2][0]}`;
}

/** The JSON type a property of the kind's schema names (for the code's `Expected <type>, received null`). */
function expectedType(doc: OpenApiDocument, schema: SchemaNode, key: string): string {
    const property = resolveRef(doc, ((schema.properties as Record<string, SchemaNode>)[key] ?? {}) as SchemaNode);
    const type = property.type ?? "object";
    return String(Array.isArray(type) ? type.find((t) => t !== "null") : type);
}

/**
 * The running code's rules beyond the OpenAPI document (§2.2 – §2.4, §8): the document's nullable optional fields
 * and the code-only fields refuse `null` (trace `logSourceId` excepted), required strings are non-empty, session sources need a timestamp,
 * metric sources the `from.tableName` key, and the nested shapes their code-only constraints.
 */
export function checkSourceBody(doc: OpenApiDocument, kind: SourceKind, body: JsonObject): void {
    const schema = selfHostedKindSchema(doc, kind);
    for (const [key, value] of Object.entries(body)) {
        if (value !== null || key === "id" || (kind === "trace" && key === "logSourceId")) continue;
        if (key in ((schema.properties as object) ?? {})) fail(key, `Expected ${expectedType(doc, schema, key)}, received null`);
        // The code-only fields are optional strings too (the server's source schema).
        if (codeOnlyKeys(kind).includes(key)) fail(key, "Expected string, received null");
    }
    const required = new Set([...((schema.required as string[]) ?? []), "timestampValueExpression"]);
    for (const key of required) if (key !== "kind" && key !== "connection" && expectedType(doc, schema, key) === "string") atLeastOne(body[key], key);
    checkFrom(kind, asObject(body.from));
    if (typeof body.section === "string" && body.section.length > 256) fail("section", "String must contain at most 256 character(s)");
    checkQuerySettings(body.querySettings);
    for (const key of ["highlightedTraceAttributeExpressions", "highlightedRowAttributeExpressions"]) checkHighlighted(body[key], key);
    asArray(body.materializedViews).forEach((view, i) => checkMaterializedView(asObject(view), `materializedViews.${i}`));
    if (isObject(body.metadataMaterializedViews)) checkMetadataViews(body.metadataMaterializedViews);
    if (kind === "trace" && body.durationPrecision !== undefined) {
        const precision = body.durationPrecision;
        if (typeof precision !== "number" || !Number.isInteger(precision) || precision < 0 || precision > 9)
            fail("durationPrecision", "Number must be an integer between 0 and 9");
    }
    if (kind === "metric" && !Object.values(asObject(body.metricTables)).some((table) => typeof table === "string" && table !== ""))
        fail("metricTables", "At least one metric table must be specified");
}

function checkFrom(kind: SourceKind, from: JsonObject): void {
    atLeastOne(from.databaseName, "from.databaseName");
    if (kind !== "metric") return atLeastOne(from.tableName, "from.tableName");
    if (from.tableName === undefined) fail("from.tableName", "Required");
    if (typeof from.tableName !== "string") fail("from.tableName", `Expected string, received ${from.tableName === null ? "null" : typeof from.tableName}`);
}

function checkQuerySettings(value: unknown): void {
    const settings = asArray(value);
    if (settings.length > 10) fail("querySettings", "Array must contain at most 10 element(s)");
    settings.forEach((raw, i) => {
        const setting = asObject(raw);
        atLeastOne(setting.setting, `querySettings.${i}.setting`);
        atLeastOne(setting.value, `querySettings.${i}.value`);
    });
}

function checkHighlighted(value: unknown, path: string): void {
    asArray(value).forEach((raw, i) => {
        const item = asObject(raw);
        atLeastOne(item.sqlExpression, `${path}.${i}.sqlExpression`);
        for (const key of ["luceneExpression", "alias"]) if (item[key] === null) fail(`${path}.${i}.${key}`, "Expected string, received null");
    });
}

function checkMaterializedView(view: JsonObject, path: string): void {
    shortGranularity(view.minGranularity, `${path}.minGranularity`);
    const columns = asArray(view.aggregatedColumns);
    if (columns.length < 1) fail(`${path}.aggregatedColumns`, "Array must contain at least 1 element(s)");
    columns.forEach((raw, i) => {
        const column = asObject(raw);
        if (!MV_AGG_FNS.includes(String(column.aggFn)))
            fail(`${path}.aggregatedColumns.${i}.aggFn`, `Invalid enum value. Expected ${MV_AGG_FNS.map((f) => `'${f}'`).join(" | ")}`);
        if (column.aggFn !== "count" && (typeof column.sourceColumn !== "string" || column.sourceColumn === ""))
            fail(`${path}.aggregatedColumns.${i}.sourceColumn`, "Source column is required unless aggFn is count");
    });
}

function checkMetadataViews(views: JsonObject): void {
    atLeastOne(views.kvRollupTable, "metadataMaterializedViews.kvRollupTable");
    if (views.granularity === undefined) fail("metadataMaterializedViews.granularity", "Required");
    shortGranularity(views.granularity, "metadataMaterializedViews.granularity");
}
