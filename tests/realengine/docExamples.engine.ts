/**
 * The docs examples through the real converter: every docs/examples/<page>.yaml converted again by `pulumi convert`
 * must give the committed files byte for byte (`npm run docs:examples` wrote them); the Python must byte-compile and
 * the Go must build and vet against a Go SDK generated from schema.json, except where the converter itself writes Go
 * that cannot build (`GO_CONVERTER_GAPS`, `GO_NOT_BUILDING`). C# and Java are not compiled: no .NET SDK here, and the
 * Java build needs Maven Central. Nothing is normalized before the comparison: the kept program files hold no path and
 * no version (the converter's go.mod, requirements.txt, pom.xml and .csproj, which do, are not kept).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { convertAll, type Conversion } from "../../tools/docs/convert";
import { CONVERTED_LANGUAGES, convertedPath, exampleSources, GO_CONVERTER_GAPS, GO_NOT_BUILDING } from "../../tools/docs/exampleFiles";
import { REPO_ROOT } from "../harness/paths";
import { runCli } from "./suite";

/** A command's exit code and output; never rejects. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
    return new Promise((resolve) =>
        execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
        ),
    );
}

/** Where two texts first differ. */
function firstDifference(committed: string, converted: string): string {
    const [old, now] = [committed.split("\n"), converted.split("\n")];
    const line = old.findIndex((text, i) => text !== now[i]);
    const at = line < 0 ? old.length : line;
    return `line ${at + 1}: committed ${JSON.stringify(old[at] ?? "<end of file>")}, converted ${JSON.stringify(now[at] ?? "<end of file>")}`;
}

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
            return committed === text ? [] : [`${convertedPath(page, language)} differs (${firstDifference(committed, text)})`];
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
        const result = await run("python3", ["-m", "py_compile", ...copies], dir);
        assert.equal(result.code, 0, result.output);
    });

    it("builds and vets every committed Go example against a Go SDK generated from schema.json, but for the converter's own gaps", async function () {
        // The first build compiles the Pulumi Go SDK and its dependencies.
        this.timeout(30 * 60_000);
        const cli = runCli();
        const dir = scratch();
        const sdk = path.join(dir, "sdk");
        await cli.run("schema.json", ["package", "gen-sdk", path.join(REPO_ROOT, "schema.json"), "--language", "go", "--out", sdk], { cwd: dir });
        const go = CONVERTED_LANGUAGES.find((language) => language.language === "go");
        assert.ok(go);
        const pages = exampleSources().map((source) => source.page);
        const programs = new Map(pages.map((page) => [page, fs.readFileSync(path.join(REPO_ROOT, convertedPath(page, go)), "utf8")]));
        // The import path the converter gives the package, replaced by the generated folder. Without `language.go` in
        // schema.json, gen-sdk writes no go.mod: the SDK's module is then what precedes `/go/observability`. With a
        // `generateGoMod` setting it writes one in the package folder, which is then the module.
        const imported = /"([^"]+\/go\/observability)"/.exec([...programs.values()].join("\n"))?.[1];
        assert.ok(imported, "no import of the observability package in the converted Go");
        const sdkVersion = `v${cli.cli.version.replace(/^v/, "")}`;
        const generatedMod = fs.existsSync(path.join(sdk, "go", "observability", "go.mod"));
        const [sdkModule, sdkFolder] = generatedMod ? [imported, path.join(sdk, "go", "observability")] : [imported.replace(/\/go\/observability$/, ""), sdk];
        if (!generatedMod)
            fs.writeFileSync(path.join(sdk, "go.mod"), `module ${sdkModule}\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 ${sdkVersion}\n`);
        const module = path.join(dir, "examples");
        fs.mkdirSync(module);
        for (const [page, text] of programs) {
            fs.mkdirSync(path.join(module, goFolder(page)));
            fs.writeFileSync(path.join(module, goFolder(page), "main.go"), text);
        }
        fs.writeFileSync(
            path.join(module, "go.mod"),
            `module docexamples\n\ngo 1.25\n\nrequire (\n\tgithub.com/pulumi/pulumi/sdk/v3 ${sdkVersion}\n\t${sdkModule} v0.0.0\n)\n\nreplace ${sdkModule} => ${sdkFolder}\n`,
        );
        const env = { ...process.env, GOFLAGS: "-mod=mod" };
        for (const folder of [sdkFolder, module]) {
            const tidy = await run("go", ["mod", "tidy"], folder, env);
            assert.equal(tidy.code, 0, `go mod tidy in ${folder}:\n${tidy.output}`);
        }
        const build = await run("go", ["build", "-gcflags=-e", "./..."], module, env);
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
        const vet = await run("go", ["vet", ...building], module, env);
        assert.equal(vet.code, 0, vet.output);
    });
});
