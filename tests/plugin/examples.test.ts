import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { packageSchema, type ObjectTypeSpec, type PackageSchema } from "../../provider/plugin/schema";
import { functionToken, PACKAGE_NAME } from "../../provider/plugin/tokens";
import { REPO_ROOT } from "../harness/paths";
import { codeBlocks, markdownFiles } from "../support/markdown";
import { invokes, isRecord, PROVIDER_TYPE, yaml, yamlProblems } from "../support/pulumiYaml";

const YAML_PROGRAM = path.join(REPO_ROOT, "examples", "yaml", "Pulumi.yaml");
const PYTHON_PROGRAM = path.join(REPO_ROOT, "examples", "python", "__main__.py");

/** The YAML blocks of a Markdown page that declare resources, parsed. */
function yamlBlocksWithResources(page: string): Record<string, unknown>[] {
    const text = readFileSync(path.join(REPO_ROOT, page), "utf8");
    return [...text.matchAll(/```yaml\n([\s\S]*?)```/g)]
        .map((block) => yaml.load(block[1]) as Record<string, unknown>)
        .filter((program) => isRecord(program) && isRecord(program.resources));
}

/** `source_id` → `sourceId`, `from_` → `from`: a Python argument's name in the schema. */
function camel(name: string): string {
    // A Python keyword gets a trailing underscore: `from_` is the schema's `from`.
    return name.replace(/_$/, "").replace(/_([a-z0-9])/g, (_all, next: string) => next.toUpperCase());
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

    it("the Python blocks of docs/ (the hand-written ones and the converter's): every class and keyword argument is one the generated SDK has, the required ones are given", function () {
        const pages = markdownFiles(REPO_ROOT, "docs").map((page) => codeBlocks(readFileSync(path.join(REPO_ROOT, page), "utf8"), "python").join("\n"));
        const text = pages.join("\n");
        assert.ok((text.match(/\bobservability\.\w+\(/g) ?? []).length >= 2, "the pages show Python");
        assert.deepEqual(pythonProblems(text, schema), []);
    });
});
