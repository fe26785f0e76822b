// The Pulumi package schema of the provider plugin, as `npm run schema` writes it
// into `schema.json` at the package root (tools/schema/ builds it from the registry's zod schemas and the SDK's
// declarations; `tests/plugin/schema.test.ts` fails while the file differs from what it builds).
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

/** The file the schema is kept in, at the package root. */
export const SCHEMA_FILE = "schema.json";

/**
 * The property holding a lookup's result when it is a list (`getSources` → `{ items: [...] }`): an invoke answers
 * an object, and every language's generated SDK reads a function's outputs as one.
 */
export const LIST_RESULT = "items";

/** One property of an object, a resource or the configuration (the metaschema's `propertySpec`, as this package uses it). */
export interface PropertySpec {
    type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
    items?: PropertySpec;
    additionalProperties?: PropertySpec;
    $ref?: string;
    oneOf?: PropertySpec[];
    discriminator?: { propertyName: string; mapping: Record<string, string> };
    description?: string;
    default?: string | number | boolean;
    const?: string | number | boolean;
    secret?: boolean;
}

/** An object type: the properties of a resource, of a function's inputs or outputs, or of a nested object. */
export interface ObjectTypeSpec {
    type: "object";
    description?: string;
    properties: Record<string, PropertySpec>;
    required?: string[];
}

/** An enum type: the values a string property takes. */
export interface EnumTypeSpec {
    type: "string" | "number" | "integer" | "boolean";
    description?: string;
    enum: { value: string | number | boolean; name?: string }[];
}

/** A resource: its inputs and outputs. */
export interface ResourceSpec {
    description?: string;
    inputProperties: Record<string, PropertySpec>;
    requiredInputs: string[];
    properties: Record<string, PropertySpec>;
    required: string[];
}

/** A lookup. */
export interface FunctionSpec {
    description?: string;
    inputs: ObjectTypeSpec;
    outputs: ObjectTypeSpec;
}

/**
 * The settings of Pulumi's SDK generators, per language (the metaschema leaves them to each generator): the names of
 * the packages `pulumi package gen-sdk` writes (tools/schema/languages.ts, docs/sdks.md).
 */
export interface LanguageSettings {
    csharp: { rootNamespace: string; namespaces: Record<string, string>; respectSchemaVersion: boolean };
    go: { importBasePath: string; respectSchemaVersion: boolean };
    nodejs: { packageName: string; respectSchemaVersion: boolean };
    python: { packageName: string; respectSchemaVersion: boolean; pyproject: { enabled: boolean } };
}

/** The package schema (the parts of Pulumi's metaschema, `pkg/codegen/schema/pulumi.json`, that this package uses). */
export interface PackageSchema {
    name: string;
    displayName: string;
    version: string;
    description: string;
    keywords: string[];
    license: string;
    config: { variables: Record<string, PropertySpec> };
    provider: { description: string; inputProperties: Record<string, PropertySpec> };
    resources: Record<string, ResourceSpec>;
    functions: Record<string, FunctionSpec>;
    types: Record<string, ObjectTypeSpec | EnumTypeSpec>;
    language: LanguageSettings;
}

/** The package root: the nearest folder above this file holding both `package.json` and the schema (from `provider/plugin/` or `dist/provider/plugin/`). */
function packageRoot(): string {
    for (let dir = __dirname; ; dir = path.dirname(dir)) {
        if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, SCHEMA_FILE))) return dir;
        if (path.dirname(dir) === dir) throw new Error(`${SCHEMA_FILE} not found above ${__dirname}: reinstall the package (it ships the file)`);
    }
}

let text: string | undefined;

/**
 * The package schema as JSON text, what the plugin's GetSchema answers (`GetSchemaResponse.schema`): `schema.json`
 * as shipped with the package, read once. `npm run schema` writes it from the zod schemas of the registry's kinds
 * and the lookups, with the SDK's JSDoc.
 */
export function packageSchemaText(): string {
    text ??= readFileSync(path.join(packageRoot(), SCHEMA_FILE), "utf8");
    return text;
}

/** The package schema (a fresh copy each call): {@link packageSchemaText}, parsed. */
export function packageSchema(): PackageSchema {
    return JSON.parse(packageSchemaText()) as PackageSchema;
}
