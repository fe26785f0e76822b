/**
 * The SDKs Pulumi's own generators write from `schema.json` (`npm run sdks`, tools/sdks/), built with each language's
 * toolchain: Go compiled and vetted against Pulumi's Go SDK, Node.js type-checked against `@pulumi/pulumi`, Python
 * byte-compiled, .NET built when `dotnet` is on PATH (else the test says it was not). A generator's warning or error
 * fails its test; a schema the Go generator cannot bind fails `generateSdk`. `examples/python` is checked against the
 * generated Python package (its classes, functions and keyword arguments, statically: Python's `pulumi` package cannot
 * be installed here), and `examples/go` runs on the generated Go SDK through the plugin: `pulumi up`,
 * `preview --expect-no-changes`, `destroy`.
 */
import assert from "node:assert/strict";
import { copyFileSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { GO_MODULE_PATH, PYTHON_PACKAGE } from "../../tools/schema/languages";
import { generateSdk, SDK_LANGUAGES, type GeneratedSdk, type SdkLanguage } from "../../tools/sdks/generate";
import { opsByName, secretLeaks } from "./assertions";
import { CliStack } from "./cliStack";
import { seedLogSource, type SeededLogSource } from "./logSource";
import { pathWithPlugin, pluginBinFolder } from "./plugin";
import type { PulumiCli } from "./pulumiCli";
import { mustRun, onPath, runCommand } from "./sdkChecks/commands";
import { engineSuite, runCli } from "./suite";

const SCHEMA = path.join(REPO_ROOT, "schema.json");

/** The Go toolchain's environment: modules resolved and `go.sum` completed from the module proxy. */
const GO_ENV: NodeJS.ProcessEnv = { GOFLAGS: "-mod=mod" };

let generated: Promise<Map<SdkLanguage, GeneratedSdk>> | undefined;

/** Every language's SDK, generated once per run into a scratch folder of the CLI. */
function sdks(cli: PulumiCli): Promise<Map<SdkLanguage, GeneratedSdk>> {
    generated ??= (async () => {
        const out = cli.scratch("sdks");
        const all = new Map<SdkLanguage, GeneratedSdk>();
        for (const language of SDK_LANGUAGES) all.set(language, await generateSdk({ pulumi: cli.cli.path, schemaFile: SCHEMA, language, out }));
        return all;
    })();
    return generated;
}

/** One language's generated SDK. */
async function sdk(language: SdkLanguage): Promise<GeneratedSdk> {
    const found = (await sdks(runCli())).get(language);
    assert.ok(found, `the ${language} SDK was generated`);
    return found;
}

/** The files under a folder whose names end with `suffix`, recursively. */
function filesEnding(dir: string, suffix: string): string[] {
    return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(suffix));
}

describe("the SDKs of Pulumi's generators (`npm run sdks`), built", function () {
    for (const language of SDK_LANGUAGES) {
        it(`generates the ${language} SDK without a warning or an error`, async () => {
            const generatedSdk = await sdk(language);
            assert.deepEqual(generatedSdk.diagnostics, [], generatedSdk.output);
            const expected = { nodejs: "dashboard.ts", python: `${PYTHON_PACKAGE}/dashboard.py`, go: "observability/dashboard.go", dotnet: "Dashboard.cs" }[
                language
            ];
            assert.ok(existsSync(path.join(generatedSdk.dir, expected)), `${language} SDK holds ${expected}`);
        });
    }

    it("compiles and vets the Go SDK against Pulumi's Go SDK (go build, go vet)", async () => {
        const go = await sdk("go");
        assert.match(readFileSync(path.join(go.dir, "go.mod"), "utf8"), new RegExp(`^module ${GO_MODULE_PATH}$`, "m"));
        await mustRun("go", ["mod", "tidy"], { cwd: go.dir, env: GO_ENV });
        await mustRun("go", ["build", "./..."], { cwd: go.dir, env: GO_ENV });
        await mustRun("go", ["vet", "./..."], { cwd: go.dir, env: GO_ENV });
    });

    it("type-checks the Node.js SDK against @pulumi/pulumi (tsc --noEmit, the repository's node_modules)", async () => {
        const nodejs = await sdk("nodejs");
        if (!existsSync(path.join(nodejs.dir, "node_modules"))) symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(nodejs.dir, "node_modules"));
        await mustRun(path.join(REPO_ROOT, "node_modules", ".bin", "tsc"), ["-p", nodejs.dir, "--noEmit"], { cwd: nodejs.dir });
    });

    it("byte-compiles the Python SDK (python3 -m compileall)", async () => {
        const python = await sdk("python");
        await mustRun("python3", ["-m", "compileall", "-q", python.dir], { cwd: python.dir });
        const sources = filesEnding(path.join(python.dir, PYTHON_PACKAGE), ".py");
        const compiled = filesEnding(path.join(python.dir, PYTHON_PACKAGE), ".pyc");
        assert.ok(sources.length > 20 && compiled.length === sources.length, `${compiled.length} of ${sources.length} modules compiled`);
    });

    it("builds the .NET SDK with dotnet, or says that it is not built without dotnet on PATH", async function () {
        const dotnet = await sdk("dotnet");
        assert.ok(existsSync(path.join(dotnet.dir, "Pulumi.Observability.csproj")), "the project file");
        assert.ok(filesEnding(dotnet.dir, ".cs").length > 20, "the C# sources");
        assert.deepEqual([...readFileSync(path.join(dotnet.dir, "logo.png")).subarray(1, 4)], [...Buffer.from("PNG")], "the icon served on loopback");
        if (onPath("dotnet")) {
            await mustRun("dotnet", ["build"], { cwd: dotnet.dir });
            return;
        }
        const note = "the .NET SDK was generated but NOT compiled: no `dotnet` on PATH";
        console.log(`      ${note}`);
        if (this.test) this.test.title += ` (${note})`;
    });

    it("leaves Java out: its generator still warns on the secret configuration variables (see tools/sdks/generate.ts)", async function () {
        const cli = runCli();
        const out = cli.scratch("sdk-java");
        const result = await cli.run("schema.json", ["package", "gen-sdk", SCHEMA, "--language", "java", "--out", out], { cwd: out });
        // When this fails, the generator no longer warns: add Java to SDK_LANGUAGES.
        assert.match(result.stdout + result.stderr, /secret property apiKey \(property of config\) does not have an Output type/);
    });

    it("fails when a schema change breaks the generator, or the Go SDK it writes", async () => {
        const cli = runCli();
        const dir = cli.scratch("broken-schema");
        /** A copy of schema.json with one property of Dashboard replaced. */
        const broken = (name: string, property: string, spec: object): string => {
            const schema = JSON.parse(readFileSync(SCHEMA, "utf8")) as { resources: Record<string, { inputProperties: Record<string, object> }> };
            schema.resources["observability:index:Dashboard"].inputProperties[property] = spec;
            const file = path.join(dir, name);
            writeFileSync(file, JSON.stringify(schema));
            return file;
        };
        // A type the metaschema does not know: the generator refuses the schema.
        const unknownType = broken("unknown-type.json", "name", { type: "strin" });
        await assert.rejects(generateSdk({ pulumi: cli.cli.path, schemaFile: unknownType, language: "go", out: dir }), /unknown type kind strin/);
        // A reference to no type: the Go generator writes it without a word, and only compiling the SDK finds it.
        const dangling = broken("dangling-ref.json", "tiles", { type: "array", items: { $ref: "#/types/observability:index:NoSuchType" } });
        const go = await generateSdk({ pulumi: cli.cli.path, schemaFile: dangling, language: "go", out: dir });
        assert.deepEqual(go.diagnostics, []);
        const built = await runCommand("go", ["build", "./..."], { cwd: go.dir, env: GO_ENV });
        assert.notEqual(built.code, 0);
        assert.match(built.output, /undefined: NoSuchType/);
    });

    it("finds every class, function and keyword argument of examples/python in the generated Python package (ast)", async () => {
        const python = await sdk("python");
        const check = path.join(__dirname, "sdkChecks", "python_calls.py");
        const program = path.join(REPO_ROOT, "examples", "python", "__main__.py");
        const result = await runCommand("python3", [check, python.dir, program], { cwd: REPO_ROOT });
        const report = JSON.parse(result.output) as { calls: number; problems: string[] };
        assert.deepEqual(report.problems, []);
        assert.equal(result.code, 0);
        assert.ok(report.calls >= 14, `calls checked: ${report.calls}`);
        // The check itself: a misspelt argument and a class the package lacks are both named.
        const broken = path.join(runCli().scratch("python-broken"), "__main__.py");
        writeFileSync(broken, readFileSync(program, "utf8").replace("tile_id=", "tile_idd=").replace("AlertChannelArgs(", "AlertChanelArgs("));
        const refused = await runCommand("python3", [check, python.dir, broken], { cwd: REPO_ROOT });
        assert.equal(refused.code, 1, refused.output);
        const problems = (JSON.parse(refused.output) as { problems: string[] }).problems.join("\n");
        assert.match(problems, /Alert takes no argument tile_idd/);
        assert.match(problems, /has no class or function AlertChanelArgs/);
    });
});

const GO_EXAMPLE = path.join(REPO_ROOT, "examples", "go");

/** The webhook's URL, a secret of the program. */
const ONCALL_URL = "https://oncall.example.com/hooks/engine-suite-go-4b81d0";

/** The example's resources, by name (the explicit provider `staging` is a provider step). */
const RESOURCES = ["oncall", "dashboard", "errors", "stagingDashboard"];

/** A scratch copy of examples/go whose `go.mod` replaces the SDK's module with the generated folder. */
async function goProject(cli: PulumiCli, sdkDir: string): Promise<string> {
    const dir = cli.scratch("go-example");
    for (const file of ["Pulumi.yaml", "main.go", "go.mod", "go.sum"]) copyFileSync(path.join(GO_EXAMPLE, file), path.join(dir, file));
    await mustRun("go", ["mod", "edit", `-replace=${GO_MODULE_PATH}=${sdkDir}`], { cwd: dir, env: GO_ENV });
    return dir;
}

engineSuite("examples/go on the generated Go SDK, through the provider plugin and `pulumi`", (ctx) => {
    let seed: SeededLogSource | undefined;
    let env: NodeJS.ProcessEnv = {};

    before(async function () {
        const { cli, target } = ctx;
        env = { ...pathWithPlugin(cli, pluginBinFolder(cli)), ...GO_ENV };
        seed = await seedLogSource(cli, target, env);
    });

    after(async function () {
        await seed?.stack.destroy({ allowFailure: true });
        await seed?.stack.remove();
    });

    it("runs up, preview without change and destroy", async () => {
        const { cli, target } = ctx;
        const project = await goProject(cli, (await sdk("go")).dir);
        const stack = await CliStack.init(cli, { projectDir: project, env });
        try {
            await stack.configure(target.config());
            const { plain, secret } = target.config();
            await stack.configSet("oncallUrl", ONCALL_URL, true);
            await stack.configSet("stagingApiUrl", plain["observability:apiUrl"]);
            await stack.configSet("stagingApiKey", secret["observability:apiKey"], true);
            const before = await target.selfHostedCounts();

            const created = await stack.up();
            assert.deepEqual(opsByName(created.steps), Object.fromEntries(RESOURCES.map((name) => [name, "create"])));
            const outputs = await stack.outputs();
            assert.match(String(outputs.dashboardId), /^[0-9a-f]{24}$/);
            assert.match(String(outputs.errorsTileId), /^[0-9a-f]{24}$/);
            assert.match(String(outputs.logsSourceId), /^[0-9a-f]{24}$/, "getSources found a log source");
            const after = await target.selfHostedCounts();
            assert.deepEqual(
                { dashboards: after.dashboards - before.dashboards, alerts: after.alerts - before.alerts, webhooks: after.webhooks - before.webhooks },
                { dashboards: 2, alerts: 1, webhooks: 1 },
            );

            const preview = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(preview.steps), Object.fromEntries(RESOURCES.map((name) => [name, "same"])));
            assert.deepEqual(secretLeaks([await stack.exportState(), created.stdout, preview.stdout], [ONCALL_URL]), []);

            const destroyed = await stack.destroy();
            assert.deepEqual(opsByName(destroyed.steps), Object.fromEntries(RESOURCES.map((name) => [name, "delete"])));
            assert.deepEqual(await target.selfHostedCounts(), before);
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
        }
    });
});
