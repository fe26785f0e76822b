/**
 * Where the cloud document allows `null` in a request body: for the null audit of what the providers send to the
 * cloud routes (pipes, CDC scaling, reverse private endpoints, the organization, the query endpoint).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

type Node = Record<string, unknown>;

const document = JSON.parse(readFileSync(path.join(__dirname, "..", "emulator", "openapi", "cloud.json"), "utf8")) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Node }> } }>>;
    components: { schemas: Record<string, Node> };
};

function resolve(node: Node | undefined): Node | undefined {
    let current = node;
    while (current && typeof current.$ref === "string") current = document.components.schemas[current.$ref.split("/").pop() ?? ""];
    return current;
}

/** The branches of a node: itself, or the alternatives of its `oneOf` / `anyOf`, resolved. */
function branches(node: Node | undefined): Node[] {
    const resolved = resolve(node);
    if (!resolved) return [];
    const alternatives = (resolved.oneOf ?? resolved.anyOf) as Node[] | undefined;
    return alternatives ? alternatives.flatMap(branches) : [resolved];
}

function allowsNull(node: Node | undefined): boolean {
    return branches(node).some(
        (b) =>
            b.type === "null" || (Array.isArray(b.type) && b.type.includes("null")) || b.nullable === true || (Array.isArray(b.enum) && b.enum.includes(null)),
    );
}

function child(node: Node | undefined, key: string | number): Node | undefined {
    for (const b of branches(node)) {
        if (typeof key === "number" && b.items) return b.items as Node;
        const properties = b.properties as Record<string, Node> | undefined;
        if (typeof key === "string" && properties?.[key]) return properties[key];
    }
    return undefined;
}

/** The request schema of a cloud operation, by method and concrete path. */
function requestSchema(method: string, concrete: string): Node | undefined {
    for (const [template, operations] of Object.entries(document.paths)) {
        const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
        if (!pattern.test(concrete.split("?")[0])) continue;
        return operations[method.toLowerCase()]?.requestBody?.content?.["application/json"]?.schema;
    }
    return undefined;
}

/**
 * The property paths of `body` holding a `null` the document's request schema of the operation does not allow
 * there (a path the schema does not describe counts as not allowing it).
 */
export function refusedNulls(method: string, concrete: string, body: unknown): string[] {
    const problems: string[] = [];
    const walk = (value: unknown, node: Node | undefined, at: string) => {
        if (value === null) {
            if (!allowsNull(node)) problems.push(at || "(body)");
            return;
        }
        if (Array.isArray(value)) value.forEach((item, i) => walk(item, child(node, i), `${at}[${i}]`));
        else if (typeof value === "object")
            for (const [key, item] of Object.entries(value as Record<string, unknown>)) walk(item, child(node, key), at ? `${at}.${key}` : key);
    };
    walk(body, requestSchema(method, concrete), "");
    return problems;
}

/** Whether the document's schema `name` marks `property` deprecated. */
export function isDeprecated(name: string, property: string): boolean {
    const properties = document.components.schemas[name]?.properties as Record<string, Node> | undefined;
    return properties?.[property]?.deprecated === true;
}
