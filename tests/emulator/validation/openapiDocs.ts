import { readFileSync } from "node:fs";
import * as path from "node:path";

/** An OpenAPI document, loosely typed: only the parts the emulator reads. */
export interface OpenApiDocument {
    openapi: string;
    paths: Record<string, Record<string, OpenApiOperation | unknown>>;
    components: { schemas: Record<string, SchemaNode> };
}

export interface OpenApiParameter {
    name: string;
    in: "path" | "query" | "header" | "cookie";
    required?: boolean;
    schema?: SchemaNode;
}

export interface OpenApiOperation {
    operationId?: string;
    parameters?: OpenApiParameter[];
    requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaNode }> };
}

export type SchemaNode = { [key: string]: unknown };

export interface OpenApiDocuments {
    selfHosted: OpenApiDocument;
    cloud: OpenApiDocument;
}

/** `$OBSERVABILITY_OPENAPI_DIR`, else the copies kept with the emulator (`tests/emulator/openapi`). */
export function openApiDirectory(): string {
    return process.env.OBSERVABILITY_OPENAPI_DIR ?? path.resolve(__dirname, "..", "openapi");
}

let cached: { dir: string; docs: OpenApiDocuments } | undefined;

/** Loads both documents once per directory. */
export function loadOpenApiDocuments(dir = openApiDirectory()): OpenApiDocuments {
    if (cached?.dir === dir) return cached.docs;
    const read = (file: string): OpenApiDocument => {
        const full = path.join(dir, file);
        try {
            return JSON.parse(readFileSync(full, "utf8")) as OpenApiDocument;
        } catch (error) {
            throw new Error(`emulator: cannot read the OpenAPI document ${full} (set OBSERVABILITY_OPENAPI_DIR): ${String(error)}`);
        }
    };
    const docs = { selfHosted: read("self-hosted.json"), cloud: read("cloud.json") };
    cached = { dir, docs };
    return docs;
}

/** Resolves a local `#/components/schemas/X` reference. */
export function resolveRef(doc: OpenApiDocument, node: SchemaNode): SchemaNode {
    const ref = node.$ref;
    if (typeof ref !== "string") return node;
    const name = ref.replace("#/components/schemas/", "");
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`emulator: unresolved reference ${ref}`);
    return resolveRef(doc, target);
}

/** Property names a schema declares, through `$ref` and `allOf` (used to drop unknown keys like the server). */
export function declaredKeys(doc: OpenApiDocument, schemaName: string): Set<string> {
    const keys = new Set<string>();
    const visit = (node: SchemaNode): void => {
        const resolved = resolveRef(doc, node);
        for (const key of Object.keys((resolved.properties as SchemaNode | undefined) ?? {})) keys.add(key);
        for (const part of (resolved.allOf as SchemaNode[] | undefined) ?? []) visit(part);
    };
    visit({ $ref: `#/components/schemas/${schemaName}` });
    return keys;
}
