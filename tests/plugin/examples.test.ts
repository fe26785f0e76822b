import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { packageSchema, type ObjectTypeSpec, type PackageSchema, type PropertySpec } from "../../provider/plugin/schema";
import { functionToken, PACKAGE_NAME } from "../../provider/plugin/tokens";
import { REPO_ROOT } from "../harness/paths";

// js-yaml comes with @pulumi/pulumi, which reads stack files with it; load that copy.
const yaml = createRequire(require.resolve("@pulumi/pulumi/package.json"))("js-yaml") as { load(text: string): unknown };

const YAML_PROGRAM = path.join(REPO_ROOT, "examples", "yaml", "Pulumi.yaml");
const PYTHON_PROGRAM = path.join(REPO_ROOT, "examples", "python", "__main__.py");
const PROVIDER_TYPE = `pulumi:providers:${PACKAGE_NAME}`;

/** The YAML blocks of a Markdown page that declare resources, parsed. */
function yamlBlocksWithResources(page: string): Record<string, unknown>[] {
    const text = readFileSync(path.join(REPO_ROOT, page), "utf8");
    return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)]
        .map((block) => yaml.load(block[1]) as Record<string, unknown>)
        .filter((program) => isRecord(program) && isRecord(program.resources));
}

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
function isInterpolation(value: unknown): boolean {
    return typeof value === "string" && /^\$\{[^}]+\}$/.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every `fn::invoke` of a YAML program, with its path. */
function invokes(node: unknown, at: string, into: { at: string; call: Record<string, unknown> }[] = []): { at: string; call: Record<string, unknown> }[] {
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
function yamlProblems(program: Record<string, unknown>, schema: PackageSchema): string[] {
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

/** `source_id` → `sourceId`: a Python argument's name in the schema. */
function camel(name: string): string {
    return name.replace(/_([a-z0-9])/g, (_all, next: string) => next.toUpperCase());
}

/** `getSources` → `get_sources`. */
function snake(name: string): string {
    return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The top-level keyword arguments of the call whose arguments start at `open` (the index after its parenthesis). */
function keywordArguments(text: string, open: number): string[] {
    const names: string[] = [];
    let depth = 0;
    for (let i = open; i < text.length; i++) {
        const char = text[i];
        if ("([{".includes(char)) depth++;
        else if (")]}".includes(char)) {
            if (depth === 0) break;
            depth--;
        } else if (depth === 0) {
            const keyword = /^([a-z_][a-z0-9_]*)=(?!=)/.exec(text.slice(i));
            if (keyword && /[\s(,]/.test(text[i - 1])) {
                names.push(keyword[1]);
                i += keyword[1].length;
            }
        }
    }
    return names;
}

/** The problems of the Python program against the names the schema gives the generated SDK. */
function pythonProblems(text: string, schema: PackageSchema): string[] {
    const problems: string[] = [];
    const last = (token: string) => token.split(":").pop() as string;
    const resources = new Map(Object.entries(schema.resources).map(([token, spec]) => [last(token), spec]));
    const types = new Map<string, ObjectTypeSpec>(
        Object.entries(schema.types).flatMap(([token, spec]) => ("properties" in spec ? [[`${last(token)}Args`, spec] as const] : [])),
    );
    const functions = new Map(
        Object.entries(schema.functions).flatMap(([token, spec]) => [[snake(last(token)), spec] as const, [`${snake(last(token))}_output`, spec] as const]),
    );
    for (const match of text.matchAll(/\bobservability\.(\w+)\(/g)) {
        const name = match[1];
        const args = keywordArguments(text, (match.index as number) + match[0].length).filter((arg) => arg !== "opts");
        const known =
            name === "Provider"
                ? { properties: schema.provider.inputProperties, required: [] }
                : resources.has(name)
                  ? { properties: resources.get(name)?.inputProperties ?? {}, required: resources.get(name)?.requiredInputs ?? [] }
                  : types.has(name)
                    ? { properties: types.get(name)?.properties ?? {}, required: types.get(name)?.required ?? [] }
                    : functions.has(name)
                      ? { properties: functions.get(name)?.inputs.properties ?? {}, required: functions.get(name)?.inputs.required ?? [] }
                      : undefined;
        if (!known) {
            problems.push(`observability.${name}: the generated SDK has no such class or function`);
            continue;
        }
        for (const arg of args) if (!(camel(arg) in known.properties)) problems.push(`observability.${name}(${arg}=…): no such property`);
        for (const key of known.required) if (!args.map(camel).includes(key)) problems.push(`observability.${name}(…): the required ${snake(key)} is missing`);
    }
    return problems;
}

describe("the examples of the provider plugin, checked against schema.json", function () {
    const schema = packageSchema();

    it("examples/yaml: every resource type and function exists, every property exists and has its type, the required ones are set", function () {
        const program = yaml.load(readFileSync(YAML_PROGRAM, "utf8")) as Record<string, unknown>;
        assert.equal(program.runtime, "yaml");
        const types = Object.values(program.resources as Record<string, { type: string }>).map((resource) => resource.type);
        assert.ok(types.includes(PROVIDER_TYPE) && types.includes("observability:index:Alert"), `resources: ${types.join(", ")}`);
        assert.equal(invokes(program, "program")[0]?.call.function, functionToken("getSources"));
        assert.deepEqual(yamlProblems(program, schema), []);
    });

    it("examples/yaml: the check refuses a misspelled property, a missing required one, an unknown type and a wrong enum value", function () {
        const program = yaml.load(readFileSync(YAML_PROGRAM, "utf8")) as { resources: Record<string, { type: string; properties: Record<string, unknown> }> };
        const { dashboard, errors, oncall } = program.resources;
        dashboard.properties.tiels = dashboard.properties.tiles;
        delete errors.properties.threshold;
        (errors.properties.channel as Record<string, unknown>).severty = "critical";
        oncall.properties.service = "pager";
        program.resources.extra = { type: "observability:index:Dashbord", properties: {} };
        const tiles = dashboard.properties.tiles as { config: Record<string, unknown> }[];
        tiles[0].config.displayTyp = "line";
        assert.deepEqual(
            yamlProblems(program as unknown as Record<string, unknown>, schema).map((problem) => problem.split(":")[0]),
            [
                "resources.oncall.properties.service",
                "resources.dashboard.properties.tiles[0].config",
                "resources.dashboard.properties.tiels",
                "resources.errors.properties",
                "resources.errors.properties.channel.severty",
                "resources.extra",
            ],
        );
    });

    it("README's YAML quick start and the YAML of docs/installation-configuration.md: every type and property is in the schema", function () {
        const [quickStart, ...others] = yamlBlocksWithResources("README.md");
        assert.equal(others.length, 0, "README has one YAML program");
        assert.equal(quickStart.runtime, "yaml");
        assert.deepEqual(quickStart.plugins, { providers: [{ name: PACKAGE_NAME, path: "<the clone>/plugin" }] });
        assert.deepEqual(yamlProblems(quickStart, schema), []);
        const explicitProvider = yamlBlocksWithResources("docs/installation-configuration.md");
        assert.equal(explicitProvider.length, 1);
        assert.deepEqual(yamlProblems(explicitProvider[0], schema), []);
        const types = Object.values(explicitProvider[0].resources as Record<string, { type: string }>).map((resource) => resource.type);
        assert.ok(types.includes(PROVIDER_TYPE), `resources: ${types.join(", ")}`);
    });

    it("examples/python: every class, function and keyword argument is one the generated SDK has, the required ones are given", function () {
        const text = readFileSync(PYTHON_PROGRAM, "utf8");
        assert.match(text, /^import pulumi_observability as observability$/m);
        assert.ok((text.match(/\bobservability\.\w+\(/g) ?? []).length >= 10);
        assert.deepEqual(pythonProblems(text, schema), []);
        const broken = text.replace("dashboard_id=", "dashbord_id=").replace("observability.AlertChannelArgs(", "observability.AlertChanelArgs(");
        assert.deepEqual(pythonProblems(broken, schema), [
            "observability.Alert(dashbord_id=…): no such property",
            "observability.AlertChanelArgs: the generated SDK has no such class or function",
        ]);
    });
});
