import { z } from "zod";
import type { ConfigurableProvider } from "../../provider/engine/dynamicProvider";
import { UNKNOWN } from "../../provider/common/unknown";

type JsonSchema = { [key: string]: unknown };

/** A schema's JSON Schema from the user's side (before transforms); refinements JSON cannot say are left out. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Every alternative a JSON Schema node stands for (through `anyOf`, `oneOf`, `allOf`). */
function alternatives(node: JsonSchema): JsonSchema[] {
    const nested = ["anyOf", "oneOf", "allOf"].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as JsonSchema[]) : []));
    return nested.length === 0 ? [node] : nested.flatMap(alternatives);
}

/** The JSON Schema nodes at a property path (`[]` steps into list elements), across every alternative. */
export function nodesAt(root: JsonSchema, path: readonly string[]): JsonSchema[] {
    let nodes = [root];
    for (const step of path) {
        nodes = nodes.flatMap(alternatives).flatMap((node) => {
            const next = step === "[]" ? node.items : (node.properties as Record<string, JsonSchema> | undefined)?.[step];
            return next && typeof next === "object" ? [next as JsonSchema] : [];
        });
    }
    return nodes;
}

/** The `enum` and `const` values at a property path and in its list elements, in the schema's order. */
export function literalsAt(root: JsonSchema, path: readonly string[]): unknown[] {
    const values: unknown[] = [];
    const visit = (node: JsonSchema): void => {
        for (const alternative of alternatives(node)) {
            if (Array.isArray(alternative.enum)) values.push(...alternative.enum);
            if ("const" in alternative) values.push(alternative.const);
            if (alternative.items && typeof alternative.items === "object") visit(alternative.items as JsonSchema);
        }
    };
    nodesAt(root, path).forEach(visit);
    return values;
}

/** The default the schema fills in at a property path, as JSON text; undefined when there is none. */
export function defaultAt(root: JsonSchema, path: readonly string[]): string | undefined {
    const found = nodesAt(root, path).find((node) => "default" in node);
    return found && JSON.stringify(found.default);
}

/**
 * Whether changing the value at a property path replaces the object, asked of the definition's own
 * `replaceKeys` with a value not known yet at that path (the preview case, where it must answer
 * conservatively): it reports the path or one of its parents. Only paths outside lists can be asked.
 */
export function replacesOnChange(definition: ConfigurableProvider["definition"], path: readonly string[]): boolean {
    const olds: Record<string, unknown> = {};
    const news: Record<string, unknown> = {};
    let oldAt = olds;
    let newAt = news;
    path.forEach((step, i) => {
        const last = i === path.length - 1;
        newAt[step] = last ? UNKNOWN : {};
        if (!last) oldAt[step] = {};
        oldAt = oldAt[step] as Record<string, unknown>;
        newAt = newAt[step] as Record<string, unknown>;
    });
    const reported = definition.replaceKeys(olds, news, new Set([path[0]]));
    return path.some((_step, i) => reported.includes(path.slice(0, i + 1).join(".")));
}

/** The id format `adoptId` accepts, in words from its schema. */
export function idFormat(id: z.ZodType<string>): string {
    const json = inputJsonSchema(id);
    const parts: string[] = [];
    if (typeof json.pattern === "string") parts.push(`matching \`${json.pattern}\``);
    if (typeof json.minLength === "number" && typeof json.maxLength === "number") parts.push(`of ${json.minLength} to ${json.maxLength} characters`);
    return parts.length === 0 ? "a string" : `a string ${parts.join(", ")}`;
}
