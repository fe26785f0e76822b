/**
 * The docs examples through the real converter: every docs/examples/<page>.yaml converted again by `pulumi convert`
 * must give the committed files byte for byte (`npm run docs:examples` wrote them); the Python must byte-compile and
 * the Go must build and vet against a Go SDK generated from schema.json, except where the converter itself writes Go
 * that cannot build (`GO_CONVERTER_GAPS`, `GO_NOT_BUILDING`). C# and Java are not compiled: no .NET SDK here, and the
 * Java build needs Maven Central. Nothing is normalized before the comparison: the kept program files hold no path and
 * no version (the converter's go.mod, requirements.txt, pom.xml and .csproj, which do, are not kept).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { convertAll, type Conversion } from "../../tools/docs/convert";
import { CONVERTED_LANGUAGES, convertedPath, exampleSources, GO_CONVERTER_GAPS, GO_NOT_BUILDING } from "../../tools/docs/exampleFiles";
import { GO_MODULE_PATH } from "../../tools/schema/languages";
import { generateSdk } from "../../tools/sdks/generate";
import { REPO_ROOT } from "../harness/paths";
import { firstDifference } from "../support/firstDifference";
import { runCommand } from "./sdkChecks/commands";
import { runCli } from "./suite";

/** `resources/alert` → `resources_alert`: a page as a Go package folder. */
function goFolder(page: string): string {
    return page.replace(/[^A-Za-z0-9]+/g, "_");
}

/** The compiler's messages per package folder, from `go build ./...` output (`path/main.go:12:11: message`). */
function goErrors(output: string): Map<string, string[]> {
    const errors = new Map<string, string[]>();
    for (const match of output.matchAll(/^(?:vet: )?([\w.]+)\/main\.go:\d+:\d+: (.*)$/gm)) errors.set(match[1], [...(errors.get(match[1]) ?? []), match[2]]);
    return errors;
}

describe("the docs examples through `pulumi convert` (docs/examples)", function () {
    let conversions: Conversion[] = [];
    const scratch = () => runCli().scratch("doc-examples");

    before(async function () {
        // About a hundred conversions, each starting the CLI, the converter and the plugin several times.
        this.timeout(60 * 60_000);
        const cli = runCli();
        conversions = await convertAll(cli.cli.path, exampleSources(), { parallel: 2, env: { ...process.env, PULUMI_HOME: cli.scratch("home") } });
    });

    it("converts every example to the committed files, byte for byte", function () {
        const stale = conversions.flatMap(({ page, language, text }) => {
            const file = path.join(REPO_ROOT, convertedPath(page, language));
            if (!fs.existsSync(file)) return [`${convertedPath(page, language)} is missing`];
            const committed = fs.readFileSync(file, "utf8");
            return committed === text ? [] : [`${convertedPath(page, language)} differs (${firstDifference(committed, text, "converted")})`];
        });
        assert.equal(conversions.length, exampleSources().length * CONVERTED_LANGUAGES.length);
        assert.deepEqual(stale, [], "run `npm run docs:examples`, then `npm run docs`, and commit the result");
    });

    it("byte-compiles every committed Python example", async function () {
        const files = exampleSources().map((source) => path.join(REPO_ROOT, convertedPath(source.page, CONVERTED_LANGUAGES[0])));
        // py_compile writes __pycache__ next to each file; compile copies in the scratch folder instead.
        const dir = scratch();
        const copies = files.map((file, i) => {
            const copy = path.join(dir, `example_${i}.py`);
            fs.copyFileSync(file, copy);
            return copy;
        });
        const result = await runCommand("python3", ["-m", "py_compile", ...copies], { cwd: dir });
        assert.equal(result.code, 0, result.output);
    });

    it("builds and vets every committed Go example against a Go SDK generated from schema.json, but for the converter's own gaps", async function () {
        // The first build compiles the Pulumi Go SDK and its dependencies.
        this.timeout(30 * 60_000);
        const cli = runCli();
        const dir = scratch();
        // The generated SDK is the module the schema names (with a go.mod requiring Pulumi's Go SDK at the CLI's version).
        const sdk = await generateSdk({ pulumi: cli.cli.path, schemaFile: path.join(REPO_ROOT, "schema.json"), language: "go", out: path.join(dir, "sdk") });
        const go = CONVERTED_LANGUAGES.find((language) => language.language === "go");
        assert.ok(go);
        const pages = exampleSources().map((source) => source.page);
        const programs = new Map(pages.map((page) => [page, fs.readFileSync(path.join(REPO_ROOT, convertedPath(page, go)), "utf8")]));
        assert.match(
            [...programs.values()].join("\n"),
            new RegExp(`"${GO_MODULE_PATH}/observability"`),
            "the converted Go imports the generated SDK's package",
        );
        const sdkVersion = `v${cli.cli.version.replace(/^v/, "")}`;
        const module = path.join(dir, "examples");
        fs.mkdirSync(module);
        for (const [page, text] of programs) {
            fs.mkdirSync(path.join(module, goFolder(page)));
            fs.writeFileSync(path.join(module, goFolder(page), "main.go"), text);
        }
        fs.writeFileSync(
            path.join(module, "go.mod"),
            `module docexamples\n\ngo 1.25\n\nrequire (\n\tgithub.com/pulumi/pulumi/sdk/v3 ${sdkVersion}\n\t${GO_MODULE_PATH} v0.0.0\n)\n\nreplace ${GO_MODULE_PATH} => ${sdk.dir}\n`,
        );
        const env = { GOFLAGS: "-mod=mod" };
        for (const folder of [sdk.dir, module]) {
            const tidy = await runCommand("go", ["mod", "tidy"], { cwd: folder, env });
            assert.equal(tidy.code, 0, `go mod tidy in ${folder}:\n${tidy.output}`);
        }
        const build = await runCommand("go", ["build", "-gcflags=-e", "./..."], { cwd: module, env });
        const errors = goErrors(build.output);
        const problems: string[] = [];
        for (const page of pages) {
            const messages = errors.get(goFolder(page)) ?? [];
            if (!GO_NOT_BUILDING.has(page)) {
                problems.push(...messages.map((message) => `${page}: ${message}`));
                continue;
            }
            if (messages.length === 0)
                problems.push(`${page}: builds now; remove it from GO_NOT_BUILDING (tools/docs/exampleFiles.ts) and run \`npm run docs\``);
            const unknown = messages.filter((message) => !GO_CONVERTER_GAPS.some(({ pattern }) => pattern.test(message)));
            problems.push(...unknown.map((message) => `${page}: ${message} (no known converter gap)`));
        }
        assert.deepEqual(problems, [], build.output);
        const building = pages.filter((page) => !GO_NOT_BUILDING.has(page)).map((page) => `./${goFolder(page)}`);
        const vet = await runCommand("go", ["vet", ...building], { cwd: module, env });
        assert.equal(vet.code, 0, vet.output);
    });
});
