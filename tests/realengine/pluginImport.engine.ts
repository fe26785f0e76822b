/**
 * `pulumi import` through the real CLI and the provider plugin, as a user does it, for every self-hosted kind the
 * import table of docs/guides/importing.md lists: the root stack (`examples/environment`) makes the objects, then
 * - one object: `pulumi import observability:index:Dashboard <name> <id>` in a Pulumi YAML stack;
 * - the export's bulk file: `npx pulumi-observability export --import-file` then `pulumi import --file`;
 * the program `pulumi import` writes goes into the stack's `Pulumi.yaml`, and `pulumi preview --expect-no-changes` passes;
 * with the write-only values then set in the program as docs/guides/importing.md says, the next `up` updates exactly those once, and
 * the stack previews without change again. A TypeScript stack (the dynamic providers, which `pulumi import` cannot
 * reach: their type token has no plugin) takes the same objects over with the program the export writes (`adoptId`,
 * the write-only values from secret config): `pulumi up` writes nothing, and a preview plans no change. On the emulator,
 * the cloud kinds too (the root stack on the managed variant with its custom role, the data pipes' and the
 * organization's examples): a bulk import into a YAML stack of the managed variant, the pipes' secrets set in the
 * program (their `check` needs them), one update of those, then no change.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { CliStack, type Operation } from "./cliStack";
import { opsByName } from "./assertions";
import type { PulumiCli } from "./pulumiCli";
import { pluginsBlock } from "./plugin";
import { engineSuite, type SuiteContext } from "./suite";
import type { Target } from "./targets";

/** What the root stack's program takes as secrets (its webhook URL and connection password are write-only or secret). */
const SECRETS: Record<string, string> = {
    "demo:enginePassword": "engine-pw-import-2b71",
    "demo:oncallToken": "oncall-token-import-91ce",
    "demo:slackUrl": "https://hooks.slack.com/services/T0IMPORT/B0SUITE/importslacktoken3f2a",
};

/** The environment the export command reads its settings from, for a target. */
function exportEnv(target: Target): NodeJS.ProcessEnv {
    const { plain, secret } = target.config();
    const names: Record<string, string> = {
        "observability:apiUrl": "OBSERVABILITY_API_URL",
        "observability:apiKey": "OBSERVABILITY_API_KEY",
        "observability:cloudUrl": "OBSERVABILITY_CLOUD_URL",
        "observability:keyId": "OBSERVABILITY_KEY_ID",
        "observability:keySecret": "OBSERVABILITY_KEY_SECRET",
        "observability:organizationId": "OBSERVABILITY_ORGANIZATION_ID",
        "observability:serviceId": "OBSERVABILITY_SERVICE_ID",
    };
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries({ ...plain, ...secret })) if (names[key]) env[names[key]] = value;
    return env;
}

/**
 * `npx pulumi-observability export …` (the package's `bin`), with the target's settings in the environment; run
 * asynchronously, since the emulator answers from this process.
 */
async function runExport(target: Target, args: string[]): Promise<void> {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OBSERVABILITY_")));
    await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, "dist", "sdk", "cli", "main.js"), "export", ...args], {
        cwd: REPO_ROOT,
        env: { ...base, ...exportEnv(target) },
    });
}

/** One entry of a Pulumi bulk-import file. */
interface ImportEntry {
    type: string;
    name: string;
    id: string;
}

/** Points a stack at the target, its credentials as secrets. */
async function configure(stack: CliStack, target: Target): Promise<void> {
    await stack.configure(target.config());
}

/**
 * A Pulumi YAML stack that names the plugin's folder under `plugins.providers`, pointed at the target.
 * @param config the program's own config declarations (YAML lines under `config:`)
 */
async function yamlStack(cli: PulumiCli, target: Target, name: string, config: string[] = []): Promise<{ stack: CliStack; dir: string }> {
    const dir = cli.scratch(name);
    writeFileSync(path.join(dir, "Pulumi.yaml"), projectHeader(name, config));
    const stack = await CliStack.init(cli, { projectDir: dir });
    await configure(stack, target);
    return { stack, dir };
}

function projectHeader(name: string, config: string[]): string {
    return [`name: ${name}`, "runtime: yaml", pluginsBlock().trimEnd(), ...(config.length > 0 ? ["config:", ...config] : []), ""].join("\n");
}

/**
 * Puts the program `pulumi import` wrote into the project file, as the user pastes it.
 * @param edit changes the user makes to the generated program (the write-only values)
 */
function adoptGeneratedProgram(dir: string, name: string, generated: string, config: string[], edit: (program: string) => string = (p) => p): string {
    const program = edit(generated);
    writeFileSync(path.join(dir, "Pulumi.yaml"), `${projectHeader(name, config)}${program.trimEnd()}\n`);
    return program;
}

/** The webhook URL of the root stack's on-call webhook (its `Pulumi.dev.yaml`, plain config there). */
function oncallUrl(): string {
    const url = /demo:oncallUrl: (\S+)/.exec(readFileSync(path.join(REPO_ROOT, "Pulumi.dev.yaml"), "utf8"))?.[1];
    assert.ok(url, "Pulumi.dev.yaml sets demo:oncallUrl");
    return url;
}

/**
 * Adds properties under `properties:` of the generated resources of a type whose block matches.
 * @param program the program `pulumi import` wrote
 * @param type the resource type as the program spells it (`observability:Connection`)
 * @param lines the property lines to add (indented as properties)
 * @param matches a text the resource's block must hold
 */
function withProperties(program: string, type: string, lines: string[], matches = ""): string {
    const blocks = program.split(/\n(?= {2}\S)/);
    let edited = 0;
    const result = blocks.map((block) => {
        if (!block.includes(`type: ${type}\n`) || !block.includes(matches)) return block;
        edited++;
        return block.replace("    properties:\n", `    properties:\n${lines.join("\n")}\n`);
    });
    assert.equal(edited, 1, `one ${type} holding ${matches} in the generated program`);
    return result.join("\n");
}

/** Every import step of an import, by resource name. */
function imported(operation: Operation): Record<string, string> {
    return opsByName(operation.steps.filter((step) => step.type.startsWith("observability:")));
}

/** The root stack's objects, by the kind the import table names. */
const SELF_HOSTED_KINDS = ["Alert", "Connection", "Dashboard", "SavedSearch", "Source", "TeamMember", "Webhook"];

engineSuite("`pulumi import` of every self-hosted kind through the provider plugin", (ctx: SuiteContext) => {
    let seed: CliStack | undefined;
    let entries: ImportEntry[] = [];
    let importFile = "";
    let exported = "";

    before(async function () {
        const { cli, target } = ctx;
        seed = await CliStack.init(cli, { projectDir: REPO_ROOT, seedConfigFrom: "dev" });
        await configure(seed, target);
        for (const [key, value] of Object.entries(SECRETS)) await seed.configSet(key, value, true);
        await seed.up();
        exported = cli.scratch("export");
        importFile = path.join(exported, "import.json");
        await runExport(target, ["--out", exported, "--project", "observability-imported", "--import-file", importFile]);
        entries = (JSON.parse(readFileSync(importFile, "utf8")) as { resources: ImportEntry[] }).resources;
        assert.deepEqual([...new Set(entries.map((e) => e.type.split(":").pop()))].sort(), SELF_HOSTED_KINDS);
    });

    after(async function () {
        await seed?.destroy({ allowFailure: true });
        await seed?.remove();
    });

    it("imports one dashboard into a YAML stack, and the pasted program previews without change; so does the `import` option", async () => {
        const { cli, target } = ctx;
        const dashboard = entries.find((e) => e.type === "observability:index:Dashboard");
        assert.ok(dashboard);
        const { stack, dir } = await yamlStack(cli, target, "import-one");
        try {
            const out = path.join(dir, "generated.yaml");
            const result = await stack.import({ type: dashboard.type, name: "web", id: dashboard.id }, out);
            assert.deepEqual(imported(result), { web: "import" });
            adoptGeneratedProgram(dir, "import-one", readFileSync(out, "utf8"), []);
            const preview = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(preview.steps), { web: "same" });

            // The same declaration with the `import` resource option, in a stack of its own: `up` imports the object.
            const optioned = await yamlStack(cli, target, "import-option");
            try {
                const generated = readFileSync(out, "utf8");
                assert.match(generated, /\n {6}protect: true/);
                adoptGeneratedProgram(optioned.dir, "import-option", generated.replace(/\n {6}protect: true/, `\n      import: "${dashboard.id}"`), []);
                const up = await optioned.stack.up();
                assert.deepEqual(imported(up), { web: "import" });
                const again = await optioned.stack.preview({ expectNoChanges: true });
                assert.deepEqual(opsByName(again.steps), { web: "same" });
            } finally {
                await optioned.stack.remove();
            }
        } finally {
            await stack.command(["state", "unprotect", "--all", "--yes"], { allowFailure: true });
            await stack.remove();
        }
    });

    it("imports the export's bulk file into a YAML stack: no change, then one update that sends the write-only values", async () => {
        const { cli, target } = ctx;
        const config = ["  enginePassword:", "    type: string", "    secret: true", "  oncallToken:", "    type: string", "    secret: true"];
        const { stack, dir } = await yamlStack(cli, target, "import-bulk", config);
        try {
            await stack.configSet("enginePassword", SECRETS["demo:enginePassword"], true);
            await stack.configSet("oncallToken", SECRETS["demo:oncallToken"], true);
            const out = path.join(dir, "generated.yaml");
            const result = await stack.import({ file: importFile }, out);
            assert.deepEqual(imported(result), Object.fromEntries(entries.map((e) => [e.name, "import"])));
            const generated = readFileSync(out, "utf8");
            const same = Object.fromEntries(entries.map((e) => [e.name, "same"]));

            // The program as `pulumi import` wrote it.
            adoptGeneratedProgram(dir, "import-bulk", generated, config);
            const asGenerated = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(asGenerated.steps), same);

            // The write-only values the API never returns, set in the program as docs/guides/importing.md says: the provider cannot
            // tell what the server holds, so the first preview plans an update of exactly those, and after `up` sent
            // them the stack previews without change.
            const connection = entries.find((e) => e.type === "observability:index:Connection");
            const oncall = entries.find((e) => e.type === "observability:index:Webhook" && !/slack/.test(e.name));
            assert.ok(connection && oncall);
            adoptGeneratedProgram(dir, "import-bulk", generated, config, (text) =>
                withProperties(
                    withProperties(text, "observability:Connection", ["      password: ${enginePassword}"]),
                    "observability:Webhook",
                    ["      headers:", "        Authorization: Bearer ${oncallToken}"],
                    oncallUrl(),
                ),
            );
            const withWriteOnly = await stack.preview();
            assert.deepEqual(opsByName(withWriteOnly.steps), { ...same, [connection.name]: "update", [oncall.name]: "update" });
            const diffs = Object.fromEntries(
                withWriteOnly.events
                    .flatMap((event) => (event.resourcePreEvent?.metadata.op === "update" ? [event.resourcePreEvent.metadata] : []))
                    .map((step) => [step.urn.split("::").pop(), step.diffs]),
            );
            assert.deepEqual(diffs, { [connection.name]: ["password"], [oncall.name]: ["headers"] });
            const sent = await stack.up();
            assert.deepEqual(opsByName(sent.steps), { ...same, [connection.name]: "update", [oncall.name]: "update" });
            const preview = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(preview.steps), same);
        } finally {
            await stack.command(["state", "unprotect", "--all", "--yes"], { allowFailure: true });
            await stack.remove();
        }
    });

    it("cannot import into a TypeScript stack, and takes the same objects over there with the export's program, without a write", async () => {
        const { cli, target } = ctx;
        // The export's program folder, with the repository's packages (the package itself among them).
        symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(exported, "node_modules"));
        const stack = await CliStack.init(cli, { projectDir: exported });
        try {
            await configure(stack, target);
            // What docs/guides/importing.md says a TypeScript user cannot do: `pulumi import` of a dynamic-provider resource fails in
            // Pulumi's dynamic-provider host (an imported resource has no `__provider` to load).
            const dashboard = entries.find((e) => e.type === "observability:index:Dashboard");
            assert.ok(dashboard);
            const dynamicType = "pulumi-nodejs:dynamic/observability:Dashboard";
            const refused = await stack.import({ type: dynamicType, name: "web", id: dashboard.id }, path.join(cli.scratch("ts-import"), "index.ts"), {
                allowFailure: true,
            });
            assert.notEqual(refused.code, 0);
            assert.match(refused.stdout, /reading 'toJavaScript'/);
            // The secrets the export's README says to set: the webhooks' URLs, and the write-only values the API never
            // returns (the connection's password, the on-call webhook's headers).
            const readme = readFileSync(path.join(exported, "README.md"), "utf8");
            const values: [RegExp, string][] = [
                [/URL of webhook "Slack/, SECRETS["demo:slackUrl"]],
                [/URL of webhook "/, oncallUrl()],
                [/password of connection/, SECRETS["demo:enginePassword"]],
                [/headers of webhook "(?!Slack)/, JSON.stringify({ Authorization: `Bearer ${SECRETS["demo:oncallToken"]}` })],
            ];
            const set: string[] = [];
            for (const line of readme.split("\n")) {
                const key = /^pulumi config set --secret (\S+)/.exec(line)?.[1];
                const value = key ? values.find(([pattern]) => pattern.test(line))?.[1] : undefined;
                if (!key || value === undefined || key.startsWith("observability:")) continue;
                await stack.configSet(`observability-imported:${key}`, value, true);
                set.push(key);
            }
            assert.equal(set.length, 4, `the README's secrets: ${set.join(", ")}`);
            target.clearRequests();
            const adopted = await stack.up();
            assert.deepEqual(opsByName(adopted.steps), Object.fromEntries(entries.map((e) => [e.name, "create"])));
            const writes = (target.requests() ?? []).filter((r) => r.method !== "GET");
            assert.deepEqual(writes, [], "the adoption writes nothing");
            const preview = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(preview.steps), Object.fromEntries(entries.map((e) => [e.name, "same"])));
        } finally {
            await stack.remove();
        }
    });
});

/** Each data pipe's `secrets` input in a TypeScript stack's state, by the pipe's id. */
async function pipeSecrets(stack: CliStack): Promise<Map<string, unknown>> {
    const state = JSON.parse((await stack.command(["stack", "export", "--show-secrets"])).stdout) as {
        deployment: { resources?: { type: string; id?: string; inputs?: Record<string, unknown> }[] };
    };
    const found = new Map<string, unknown>();
    for (const resource of state.deployment.resources ?? []) {
        const value = resource.inputs?.secrets;
        if (!resource.type.endsWith(":DataPipe") || !resource.id || value === undefined) continue;
        const plaintext = (value as { plaintext?: string }).plaintext;
        found.set(resource.id, plaintext === undefined ? value : JSON.parse(plaintext));
    }
    return found;
}

/** Adds property lines under `properties:` of the generated resource named `name`. */
function withPropertiesOf(program: string, name: string, lines: string[]): string {
    const blocks = program.split(/\n(?= {2}\S)/);
    const index = blocks.findIndex((block) => block.startsWith(`  ${name}:\n`) || block.startsWith(`resources:\n  ${name}:\n`));
    assert.ok(index >= 0, `${name} in the generated program`);
    blocks[index] = blocks[index].replace("    properties:\n", `    properties:\n${lines.join("\n")}\n`);
    return blocks.join("\n");
}

/** The cloud API's kinds of the import table, which only the emulator serves here. */
const CLOUD_KINDS = ["DataPipe", "OrganizationSettings", "PipeReversePrivateEndpoint", "PipesCdcScaling", "QueryEndpoint", "Role"];

/** The secrets of the data-pipes example (`examples/data-pipes/Pulumi.dev.yaml` names them). */
const PIPE_SECRETS: Record<string, string> = {
    "demo:kafkaPassword": "kafka-pw-import-61c0",
    "demo:bucketSecretKey": "bucket-secret-import-7d2e",
    "demo:databasePassword": "database-pw-import-0a9b",
    "demo:mysqlPassword": "mysql-pw-import-3f4c",
};

engineSuite(
    "`pulumi import` of every cloud kind through the provider plugin",
    (ctx: SuiteContext) => {
        const seeds: CliStack[] = [];
        let entries: ImportEntry[] = [];
        let importFile = "";

        before(async function () {
            const { cli, target } = ctx;
            const emulator = target.emulator;
            assert.ok(emulator, "the cloud API is the emulator's");
            // The root stack on the managed variant (a custom role among its objects), the data pipes' and the
            // organization's examples.
            const root = await CliStack.init(cli, { projectDir: REPO_ROOT, seedConfigFrom: "dev" });
            seeds.push(root);
            await configure(root, target);
            await root.configSet("observability:variant", "managed");
            await root.configSet("demo:platformConnectionId", emulator.managedConnectionId);
            for (const [key, value] of Object.entries(SECRETS)) await root.configSet(key, value, true);
            for (const example of ["data-pipes", "organization"]) {
                const stack = await CliStack.init(cli, { projectDir: path.join(REPO_ROOT, "examples", example), seedConfigFrom: "dev" });
                seeds.push(stack);
                await configure(stack, target);
                if (example === "data-pipes") for (const [key, value] of Object.entries(PIPE_SECRETS)) await stack.configSet(key, value, true);
            }
            for (const stack of seeds) await stack.up();
            const exported = cli.scratch("export-cloud");
            importFile = path.join(exported, "import.json");
            await runExport(target, ["--variant", "managed", "--kinds", "all", "--out", exported, "--import-file", importFile]);
            entries = (JSON.parse(readFileSync(importFile, "utf8")) as { resources: ImportEntry[] }).resources;
            const kinds = new Set(entries.map((e) => e.type.split(":").pop() ?? ""));
            assert.deepEqual(
                CLOUD_KINDS.filter((kind) => !kinds.has(kind)),
                [],
            );
        });

        after(async function () {
            for (const stack of seeds.reverse()) {
                await stack.destroy({ allowFailure: true });
                await stack.remove();
            }
        });

        it("imports the export's bulk file into a YAML stack of the managed variant: with the pipes' secrets set, one update of them, then no change", async () => {
            const { cli, target } = ctx;
            const { stack, dir } = await yamlStack(cli, target, "import-cloud");
            try {
                await stack.configSet("observability:variant", "managed");
                const out = path.join(dir, "generated.yaml");
                const result = await stack.import({ file: importFile }, out);
                assert.deepEqual(imported(result), Object.fromEntries(entries.map((e) => [e.name, "import"])));
                // The pipes' write-only secrets, set in the program as docs/guides/importing.md says (here as the seed stack holds
                // them, `fn::secret` values): `check` needs them, so the program as generated does not preview.
                const secrets = await pipeSecrets(seeds[1]);
                const withSecrets = entries.filter((e) => secrets.has(e.id));
                assert.ok(withSecrets.length >= 4, "the example's pipes with secrets");
                const program = adoptGeneratedProgram(dir, "import-cloud", readFileSync(out, "utf8"), [], (text) =>
                    withSecrets.reduce(
                        (edited, e) => withPropertiesOf(edited, e.name, ["      secrets:", `        fn::secret: ${JSON.stringify(secrets.get(e.id))}`]),
                        text,
                    ),
                );
                const same = Object.fromEntries(entries.map((e) => [e.name, "same"]));
                const updates = Object.fromEntries(withSecrets.map((e) => [e.name, "update"]));
                const first = await stack.preview({ allowFailure: true });
                assert.equal(first.code, 0, `${program}\n${first.stdout}`);
                assert.deepEqual(opsByName(first.steps), { ...same, ...updates });
                const sent = await stack.up();
                assert.deepEqual(opsByName(sent.steps), { ...same, ...updates });
                const preview = await stack.preview({ expectNoChanges: true });
                assert.deepEqual(opsByName(preview.steps), same);
            } finally {
                await stack.command(["state", "unprotect", "--all", "--yes"], { allowFailure: true });
                await stack.remove();
            }
        });
    },
    { cloud: true },
);
