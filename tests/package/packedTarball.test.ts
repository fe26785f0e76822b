import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../harness/paths";
import { printsPort } from "../plugin/pluginProcess";

const run = promisify(execFile);
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

/** The version installed for the tests, so the scratch install finds it in the local npm cache. */
function installedVersion(name: string): string {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/** The first TypeScript block under the README's `## Quick start` heading. */
function quickStart(): string {
    const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("\n## Quick start"));
    const block = /```ts\n([\s\S]*?)```/.exec(section);
    assert.ok(block, "README.md has a ```ts block under ## Quick start");
    return block[1];
}

/** The examples written in TypeScript (`examples/yaml` and `examples/python` use the provider plugin). */
function typeScriptExamples(): string[] {
    return readdirSync(path.join(REPO_ROOT, "examples")).filter((example) => existsSync(path.join(REPO_ROOT, "examples", example, "index.ts")));
}

/** `npm install` from the local cache alone when it holds everything, else from the registry as needed. */
async function npmInstall(cwd: string, specs: string[]): Promise<void> {
    const args = ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save", ...specs];
    try {
        await run(NPM, [...args, "--offline"], { cwd });
    } catch {
        await run(NPM, [...args, "--prefer-offline"], { cwd });
    }
}

describe("the packed package, as a user installs it", function () {
    this.timeout(300_000);
    let scratch: string;
    let files: string[];

    before(async function () {
        scratch = mkdtempSync(path.join(tmpdir(), "observability-pack-"));
        // `prepack` cleans and builds: the tarball is what `npm publish` would upload.
        const { stdout } = await run(NPM, ["pack", "--json", "--pack-destination", scratch], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
        const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
        files = packed.files.map((file) => file.path);
        writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true }));
        await npmInstall(scratch, [
            `./${packed.filename}`,
            `@pulumi/pulumi@${installedVersion("@pulumi/pulumi")}`,
            `@types/node@${installedVersion("@types/node")}`,
        ]);
    });

    after(function () {
        if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it("ships the compiled package with its declarations, the plugin folder and schema, LICENSE, CHANGELOG and README, and nothing else", function () {
        for (const file of [
            "LICENSE",
            "CHANGELOG.md",
            "README.md",
            "package.json",
            "dist/sdk/index.js",
            "dist/sdk/index.d.ts",
            "dist/provider/index.js",
            "dist/provider/index.d.ts",
            "dist/sdk/cli/main.js",
            "schema.json",
            "dist/provider/plugin/main.js",
            "plugin/PulumiPlugin.yaml",
            "plugin/index.js",
            "plugin/pulumi-resource-observability",
        ]) {
            assert.ok(files.includes(file), `the tarball holds ${file}`);
        }
        assert.deepEqual(
            files.filter(
                (file) =>
                    !/^dist\/(sdk|provider)\//.test(file) &&
                    ![
                        "LICENSE",
                        "CHANGELOG.md",
                        "README.md",
                        "package.json",
                        "schema.json",
                        "plugin/PulumiPlugin.yaml",
                        "plugin/index.js",
                        "plugin/pulumi-resource-observability",
                    ].includes(file),
            ),
            [],
        );
        assert.deepEqual(
            files.filter((file) => file.endsWith(".map") || (file.endsWith(".ts") && !file.endsWith(".d.ts"))),
            [],
            "no sources and no source maps pointing at them",
        );
        const imported = new Set<string>();
        for (const file of files.filter((name) => name.endsWith(".d.ts"))) {
            // Without comments: a JSDoc `@example` imports the package by name, and a comment imports nothing.
            const text = readFileSync(path.join(scratch, "node_modules", "pulumi-observability", file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
            for (const match of text.matchAll(/(?:from |import\()"([^".][^"]*)"/g)) imported.add(match[1]);
        }
        const allowed = /^(node:.*|@pulumi\/pulumi(\/.*)?|undici|zod(\/.*)?)$/;
        assert.deepEqual(
            [...imported].filter((name) => !allowed.test(name)),
            [],
            "declarations import only Node, the peer and the dependencies",
        );
        assert.match(readFileSync(path.join(REPO_ROOT, "LICENSE"), "utf8"), /Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/);
        const changelog = readFileSync(path.join(REPO_ROOT, "CHANGELOG.md"), "utf8");
        const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
        assert.match(changelog, new RegExp(`^## \\[${version.replace(/\./g, "\\.")}\\]`, "m"), "CHANGELOG.md has an entry for this version");
    });

    it("loads both entry points from the installed copy", async function () {
        const script =
            'const sdk = require("pulumi-observability"); const providers = require("pulumi-observability/providers"); console.log(typeof sdk.Dashboard, typeof providers.registry.dashboard.provider);';
        const { stdout } = await run(process.execPath, ["-e", script], { cwd: scratch });
        assert.equal(stdout.trim(), "function object");
    });

    it("serves the plugin's package schema from the installed copy", async function () {
        const module = path.join(scratch, "node_modules", "pulumi-observability", "dist", "provider", "plugin", "schema.js");
        const script = `const { packageSchema } = require(${JSON.stringify(module)}); console.log(JSON.stringify(packageSchema()));`;
        const { stdout } = await run(process.execPath, ["-e", script], { cwd: scratch, maxBuffer: 16 * 1024 * 1024 });
        assert.deepEqual(JSON.parse(stdout), JSON.parse(readFileSync(path.join(REPO_ROOT, "schema.json"), "utf8")));
    });

    it("starts the provider plugin from the installed bin, which prints its port first", async function () {
        await printsPort(path.join(scratch, "node_modules", ".bin", "pulumi-resource-observability"), ["127.0.0.1:1"], scratch);
    });

    it("type-checks the README's quick start and every example against it (tsc --noEmit --strict)", async function () {
        writeFileSync(path.join(scratch, "quickstart.ts"), quickStart());
        const examples = typeScriptExamples();
        for (const example of examples) cpSync(path.join(REPO_ROOT, "examples", example, "index.ts"), path.join(scratch, "examples", example, "index.ts"));
        // skipLibCheck spares checking @pulumi/pulumi's own declarations; ours are checked where the programs use them,
        // and the first test keeps them from importing anything a user does not install.
        const compilerOptions = {
            target: "ES2022",
            module: "node16",
            moduleResolution: "node16",
            lib: ["ES2022"],
            types: ["node"],
            esModuleInterop: true,
            skipLibCheck: true,
        };
        writeFileSync(path.join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["quickstart.ts", "examples/*/index.ts"] }));
        let listed: string;
        try {
            listed = (await run(process.execPath, [TSC, "-p", "tsconfig.json", "--noEmit", "--strict", "--listFiles"], { cwd: scratch })).stdout;
        } catch (error) {
            const { stdout, stderr } = error as { stdout?: string; stderr?: string };
            // Leave out the file list (absolute paths): keep tsc's diagnostics.
            const diagnostics = `${stdout ?? ""}${stderr ?? ""}`
                .split("\n")
                .filter((line) => !path.isAbsolute(line))
                .join("\n");
            assert.fail(`tsc --noEmit --strict failed in the scratch project:\n${diagnostics || String(error)}`);
        }
        // The programs compile against the installed package, not against sources next to them.
        assert.ok(listed.includes(path.join("node_modules", "pulumi-observability", "dist", "sdk", "index.d.ts")), "the installed declarations are used");
        for (const example of examples) assert.ok(listed.includes(path.join("examples", example, "index.ts")), `examples/${example} is checked`);
    });
});
