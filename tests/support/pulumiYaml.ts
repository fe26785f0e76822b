// Checks a Pulumi YAML program against the plugin's schema.json: resource types, properties and their types, required
// properties, functions and their arguments. Used by the plugin's examples and by the docs examples (tests/docs).
import { createRequire } from "node:module";
import { packageSchema, type PackageSchema, type PropertySpec } from "../../provider/plugin/schema";
import { PACKAGE_NAME } from "../../provider/plugin/tokens";

/** js-yaml, the copy @pulumi/pulumi comes with (it reads stack files with it). */
export const yaml = createRequire(require.resolve("@pulumi/pulumi/package.json"))("js-yaml") as { load(text: string): unknown };

/** The type token of an explicit provider of this package. */
export const PROVIDER_TYPE = `pulumi:providers:${PACKAGE_NAME}`;

type Properties = Record<string, PropertySpec>;

/** Checks values written in a program against the schema; each problem names its path. */
class SchemaCheck {
    readonly problems: string[] = [];

    constructor(private readonly schema: PackageSchema) {}

    /** An object of properties: every key known, every required one present, every value of its type. */
    object(properties: Properties, required: readonly string[], value: unknown, at: string): void {
        if (isInterpolation(value)) return;
        if (!isRecord(value)) {
            this.problems.push(`${at}: an object is expected, got ${JSON.stringify(value)}`);
            return;
        }
        for (const key of required) if (!(key in value)) this.problems.push(`${at}: the required property ${key} is missing`);
        for (const [key, item] of Object.entries(value)) {
            const spec = properties[key];
            if (spec) this.value(spec, item, `${at}.${key}`);
            else this.problems.push(`${at}.${key}: no such property (known: ${Object.keys(properties).sort().join(", ")})`);
        }
    }

    /** A value of a property: its type, an enum's values, a list's elements, a union's one member. */
    value(spec: PropertySpec, value: unknown, at: string): void {
        if (isInterpolation(value)) return;
        if (spec.$ref?.startsWith("#/types/")) {
            const type = this.schema.types[spec.$ref.slice("#/types/".length)];
            if (!type) this.problems.push(`${at}: the schema has no type ${spec.$ref}`);
            else if ("enum" in type) {
                if (!type.enum.some((member) => member.value === value)) this.problems.push(`${at}: ${JSON.stringify(value)} is none of the enum's values`);
            } else this.object(type.properties, type.required ?? [], value, at);
            return;
        }
        if (spec.oneOf) {
            const tried = spec.oneOf.map((member) => {
                const inner = new SchemaCheck(this.schema);
                inner.value(member, value, at);
                return inner.problems;
            });
            if (!tried.some((problems) => problems.length === 0)) {
                const closest = [...tried].sort((a, b) => a.length - b.length)[0];
                this.problems.push(`${at}: matches no member of the union (closest: ${closest.join("; ")})`);
            }
            return;
        }
        if (spec.const !== undefined && value !== spec.const) this.problems.push(`${at}: must be ${JSON.stringify(spec.const)}`);
        switch (spec.type) {
            case "array":
                if (!Array.isArray(value)) this.problems.push(`${at}: a list is expected`);
                else value.forEach((item, i) => this.value(spec.items as PropertySpec, item, `${at}[${i}]`));
                return;
            case "object":
                if (!isRecord(value)) this.problems.push(`${at}: a map is expected`);
                else if (spec.additionalProperties)
                    for (const [key, item] of Object.entries(value)) this.value(spec.additionalProperties, item, `${at}.${key}`);
                return;
            case "integer":
                if (!Number.isInteger(value)) this.problems.push(`${at}: an integer is expected`);
                return;
            case "number":
            case "boolean":
                if (typeof value !== spec.type) this.problems.push(`${at}: a ${spec.type} is expected`);
                return;
            case "string":
                // YAML reads `5m` as a string but `100` as a number: a string property takes a scalar.
                if (typeof value === "object") this.problems.push(`${at}: a string is expected`);
                return;
        }
    }
}

/** A whole value computed by the program (`${dashboard.id}`): its type is the referenced output's. */
export function isInterpolation(value: unknown): boolean {
    return typeof value === "string" && /^\$\{[^}]+\}$/.test(value);
}

/** A plain object: not a list, not null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every `fn::invoke` of a YAML program, with its path. */
export function invokes(
    node: unknown,
    at: string,
    into: { at: string; call: Record<string, unknown> }[] = [],
): { at: string; call: Record<string, unknown> }[] {
    if (Array.isArray(node)) node.forEach((item, i) => invokes(item, `${at}[${i}]`, into));
    else if (isRecord(node)) {
        for (const [key, value] of Object.entries(node)) {
            if (key === "fn::invoke" && isRecord(value)) into.push({ at, call: value });
            else invokes(value, `${at}.${key}`, into);
        }
    }
    return into;
}

/** The problems of a Pulumi YAML program against the schema: resource types, properties, required ones, functions. */
export function yamlProblems(program: Record<string, unknown>, schema: PackageSchema = packageSchema()): string[] {
    const check = new SchemaCheck(schema);
    for (const [name, resource] of Object.entries((program.resources ?? {}) as Record<string, { type: string; properties?: unknown }>)) {
        const at = `resources.${name}`;
        if (resource.type === PROVIDER_TYPE) {
            check.object(schema.provider.inputProperties, [], resource.properties ?? {}, `${at}.properties`);
            continue;
        }
        const spec = schema.resources[resource.type];
        if (!spec) check.problems.push(`${at}: the schema has no resource ${resource.type}`);
        else check.object(spec.inputProperties, spec.requiredInputs, resource.properties ?? {}, `${at}.properties`);
    }
    for (const { at, call } of invokes(program, "program")) {
        const fn = schema.functions[String(call.function)];
        if (!fn) {
            check.problems.push(`${at}: the schema has no function ${String(call.function)}`);
            continue;
        }
        check.object(fn.inputs.properties, fn.inputs.required ?? [], call.arguments ?? {}, `${at}.arguments`);
        if (call.return !== undefined && !(String(call.return) in fn.outputs.properties))
            check.problems.push(`${at}.return: ${String(call.return)} is no output`);
    }
    return check.problems;
}
