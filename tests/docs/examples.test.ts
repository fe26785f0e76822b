import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { registry } from "../../provider";
import { packageSchema } from "../../provider/plugin/schema";
import { CONVERTED_LANGUAGES, convertedPath, EXAMPLES_DIR, exampleSources } from "../../tools/docs/exampleFiles";
import { generatePages, pageExamples, pageOfExample, ROOT } from "../../tools/docs/pages";
import { isRecord, yaml, yamlProblems } from "../support/pulumiYaml";

const CONVERT = "run `npm run docs:examples` (needs the Pulumi CLI), then `npm run docs`, and commit the result";

/** Every file under the examples folder, relative to the root. */
function filesUnder(dir: string): string[] {
    return fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .flatMap((entry) => (entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]));
}

describe("the docs examples (docs/examples: written in YAML, converted by `pulumi convert`, embedded by `npm run docs`)", function () {
    const sources = exampleSources();
    const schema = packageSchema();

    it("has a YAML example for every page: each resource kind, each function, the overview", function () {
        const kinds = Object.keys(registry).map((key) => `resources/${key}`);
        const functions = Object.keys(schema.functions).map((token) => `functions/${token.split(":").pop() as string}`);
        const have = new Set(sources.map((source) => source.page));
        assert.deepEqual(
            [...kinds, ...functions, "overview"].filter((page) => !have.has(page)),
            [],
        );
    });

    it("uses in every YAML example only resource types, functions and properties of schema.json, their required ones set", function () {
        const problems = sources.flatMap((source) => {
            const program = yaml.load(source.yaml);
            if (!isRecord(program)) return [`${source.page}.yaml: not a YAML mapping`];
            const fragment = ["name", "runtime"].filter((key) => key in program).map((key) => `${source.page}.yaml: ${key} is added by the converter script`);
            return [...fragment, ...yamlProblems(program, schema).map((problem) => `${source.page}.yaml: ${problem}`)];
        });
        assert.deepEqual(problems, []);
    });

    it("refuses a YAML example with a misspelled property (the check above can fail)", function () {
        const source = sources.find((candidate) => candidate.page === "resources/webhook");
        assert.ok(source);
        const program = yaml.load(source.yaml.replace("description:", "descripton:")) as Record<string, unknown>;
        assert.match(yamlProblems(program, schema).join("\n"), /descripton: no such property/);
    });

    it("commits every example's conversion to every language, and nothing else, under docs/examples", function () {
        const expected = new Set([
            ...sources.flatMap((source) => [`${EXAMPLES_DIR}/${source.page}.yaml`, ...CONVERTED_LANGUAGES.map((l) => convertedPath(source.page, l))]),
        ]);
        expected.add(`${EXAMPLES_DIR}/overview.ts`);
        const committed = filesUnder(EXAMPLES_DIR);
        assert.deepEqual(
            [...expected].filter((file) => !committed.includes(file)),
            [],
            `missing conversions; ${CONVERT}`,
        );
        assert.deepEqual(
            committed.filter((file) => !expected.has(file)),
            [],
            "files no example accounts for (an example removed? remove its folder)",
        );
    });

    it("embeds in each page exactly the committed YAML and conversions", function () {
        const { pages } = generatePages();
        const problems: string[] = [];
        for (const [page, example] of pageExamples()) {
            const committed = fs.readFileSync(path.join(ROOT, pageOfExample(page)), "utf8");
            const blocks = [
                ["yaml", example.yaml],
                ...CONVERTED_LANGUAGES.map((language) => [language.fence, example.conversions.get(language) ?? "<missing>"]),
            ];
            for (const [fence, code] of blocks)
                if (!committed.includes(`\`\`\`${fence}\n${code.trimEnd()}\n\`\`\``)) problems.push(`${pageOfExample(page)} lacks the ${fence} of ${page}`);
            if (pages.get(pageOfExample(page)) !== committed) problems.push(`${pageOfExample(page)} is stale`);
        }
        assert.deepEqual(problems, [], CONVERT);
    });
});
