import { DISCRIMINATOR_MARK } from "./messages";
import type { SchemaNode } from "./openapiDocs";

/**
 * Turns OpenAPI 3.0 schema objects into JSON Schema that ajv understands:
 * - `nullable: true` becomes `anyOf: [<schema>, {type: "null"}]` (it also appears beside `$ref`);
 * - a `oneOf` with a `discriminator.mapping` becomes if/then branches keyed on the discriminator value, so an
 *   error names the failing field of the selected variant instead of "must match exactly one schema"
 *   (branches the mapping does not name apply when the property is absent, e.g. builder vs raw-SQL tiles);
 * - `example` is dropped.
 * Both: two contradictions of the cloud document are read as meant: an enum of numeric strings on a numeric type
 * (quantile `level`) names numbers, and a nullable type (`["string", "null"]`) whose enum lacks null allows null.
 * `$ref`s are rewritten to `<docId>#/components/schemas/...`.
 */
export function convertOpenApi30(node: unknown, docId: string): unknown {
    return convert(node, docId, true);
}

/** OpenAPI 3.1 is JSON Schema 2020-12 already: only rewrite `$ref`s, drop `example` and expand a `discriminator` as above. */
export function convertOpenApi31(node: unknown, docId: string): unknown {
    return convert(node, docId, false);
}

const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_VALUES = new Set([
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

function convert(node: unknown, docId: string, openApi30: boolean): unknown {
    if (Array.isArray(node)) return node.map((n) => convert(n, docId, openApi30));
    if (!node || typeof node !== "object") return node;
    const source = node as SchemaNode;
    const out: SchemaNode = {};
    for (const [key, value] of Object.entries(source)) {
        if (key === "example" || key === "discriminator" || (openApi30 && key === "nullable")) continue;
        if (key === "$ref" && typeof value === "string") out.$ref = value.startsWith("#") ? `${docId}${value}` : value;
        else if (SCHEMA_MAPS.has(key) && value && typeof value === "object")
            out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, docId, openApi30)]));
        else if (SCHEMA_VALUES.has(key) || SCHEMA_LISTS.has(key)) out[key] = convert(value, docId, openApi30);
        else out[key] = value;
    }
    repairEnum(out);
    let result = out;
    const discriminator = source.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
    if (discriminator?.mapping && Array.isArray(out.oneOf)) result = discriminatorBranches(out, discriminator, docId);
    if (openApi30 && source.nullable === true) return { anyOf: [result, { type: "null" }] };
    return result;
}

function discriminatorBranches(schema: SchemaNode, discriminator: { propertyName: string; mapping?: Record<string, string> }, docId: string): SchemaNode {
    const prop = discriminator.propertyName;
    const mapping = Object.entries(discriminator.mapping ?? {}).map(([value, ref]) => [value, `${docId}${ref}`] as const);
    const values = mapping.map(([value]) => value);
    const mappedRefs = new Set(mapping.map(([, ref]) => ref));
    const unmapped = (schema.oneOf as SchemaNode[]).filter((branch) => !mappedRefs.has(String(branch.$ref)));
    const selects = (value: string): SchemaNode => ({ required: [prop], properties: { [prop]: { const: value } } });
    const branches: SchemaNode[] = mapping.map(([value, ref]) => ({ if: selects(value), then: { $ref: ref } }));
    const known: SchemaNode = { required: [prop], properties: { [prop]: { enum: values, [DISCRIMINATOR_MARK]: values } }, [DISCRIMINATOR_MARK]: values };
    if (unmapped.length > 0) branches.push({ if: { not: known }, then: unmapped.length === 1 ? unmapped[0] : { oneOf: unmapped } });
    else branches.push(known);
    const rest = { ...schema };
    delete rest.oneOf;
    return { ...rest, allOf: [...((rest.allOf as SchemaNode[] | undefined) ?? []), ...branches] };
}

function repairEnum(schema: SchemaNode): void {
    const values = schema.enum;
    if (!Array.isArray(values)) return;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const numeric = types.includes("number") || types.includes("integer");
    if (numeric && values.every((v) => typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)))) schema.enum = values.map(Number);
    if (types.includes("null") && !values.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
}
