/**
 * The provider plugin through the real Pulumi CLI, with the Pulumi YAML program of `examples/yaml` as it is: `pulumi up`
 * from an empty team (a webhook, a dashboard, an alert on one of its tiles, a dashboard of a second environment through
 * an explicit provider, a `getSources` lookup through `fn::invoke`), an update by a config change, `refresh` and
 * `preview --expect-no-changes`, then `destroy`. The plugin is found both ways a user installs it: the package's `bin`
 * on `PATH`, and the `plugin/` folder under `plugins.providers` in `Pulumi.yaml`. A typo in the program is refused at
 * preview (by Pulumi YAML's type check against `schema.json`, before the provider's `check`) with the program's line and
 * the property's path, before any request; a resource's `customTimeouts` is the deadline of its create.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { CliStack } from "./cliStack";
import { opsByName, secretLeaks } from "./assertions";
import { seedLogSource, SEED_SOURCE_NAME } from "./logSource";
import { diagnosticsOf } from "./pulumiCli";
import { copiedYamlProject, pathWithPlugin, pluginBinFolder, yamlProject } from "./plugin";
import { engineSuite, type SuiteContext } from "./suite";
import type { Target } from "./targets";

const EXAMPLE = path.join(REPO_ROOT, "examples", "yaml");

/** The webhook's URL, a secret of the program. */
const ONCALL_URL = "https://oncall.example.com/hooks/engine-suite-7c2e91";

/** Points a stack at the target (its credentials as secrets), and the explicit provider's environment at it too. */
async function configure(stack: CliStack, target: Target): Promise<void> {
    await stack.configure(target.config());
}

/** The example's own configuration: the source, the webhook's URL, the second environment (the same server here). */
async function configureExample(stack: CliStack, target: Target, logsSourceId: string): Promise<void> {
    await configure(stack, target);
    const { plain, secret } = target.config();
    await stack.configSet("logsSourceId", logsSourceId);
    await stack.configSet("oncallUrl", ONCALL_URL, true);
    await stack.configSet("stagingApiUrl", plain["observability:apiUrl"]);
    await stack.configSet("stagingApiKey", secret["observability:apiKey"], true);
}

/** The example's resources, by name (the explicit provider `staging` is a provider step). */
const RESOURCES = ["oncall", "dashboard", "errors", "stagingDashboard"];

engineSuite("examples/yaml through the provider plugin and `pulumi`", (ctx: SuiteContext) => {
    let seed: CliStack | undefined;
    let logsSourceId = "";
    let pathEnv: NodeJS.ProcessEnv = {};

    before(async function () {
        const { cli, target } = ctx;
        pathEnv = pathWithPlugin(cli, pluginBinFolder(cli));
        ({ stack: seed, logsSourceId } = await seedLogSource(cli, target, pathEnv));
    });

    after(async function () {
        await seed?.destroy({ allowFailure: true });
        await seed?.remove();
    });

    it("runs up, an update, refresh, preview without change and destroy with the package's bin on PATH", async () => {
        const { cli, target } = ctx;
        const stack = await CliStack.init(cli, { projectDir: EXAMPLE, env: pathEnv });
        try {
            await configureExample(stack, target, logsSourceId);
            const before = await target.selfHostedCounts();

            const created = await stack.up();
            assert.deepEqual(opsByName(created.steps), Object.fromEntries(RESOURCES.map((name) => [name, "create"])));
            assert.ok(
                diagnosticsOf(created.events, "warning").some((line) => line.includes("using pulumi-resource-observability from $PATH")),
                "the engine ran the plugin found on PATH",
            );
            const outputs = await stack.outputs();
            assert.match(String(outputs.dashboardId), /^[0-9a-f]{24}$/);
            assert.match(String(outputs.errorsTileId), /^[0-9a-f]{24}$/);
            const sources = outputs.sources as { id: string; name: string }[];
            assert.ok(
                sources.some((source) => source.id === logsSourceId && source.name === SEED_SOURCE_NAME),
                "fn::invoke getSources lists the team's sources",
            );
            const after = await target.selfHostedCounts();
            // Two dashboards: one through the default provider, one through the explicit provider `staging`.
            assert.deepEqual(
                { dashboards: after.dashboards - before.dashboards, alerts: after.alerts - before.alerts, webhooks: after.webhooks - before.webhooks },
                { dashboards: 2, alerts: 1, webhooks: 1 },
            );

            await stack.configSet("service", "payments");
            const updated = await stack.up();
            assert.deepEqual(opsByName(updated.steps), Object.fromEntries(RESOURCES.map((name) => [name, "update"])));

            const refreshed = await stack.refresh();
            assert.deepEqual(opsByName(refreshed.steps), Object.fromEntries(RESOURCES.map((name) => [name, "same"])));

            target.clearRequests();
            const preview = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(preview.steps), Object.fromEntries(RESOURCES.map((name) => [name, "same"])));
            // The only requests of a no-change preview are the lookup's (`fn::invoke` runs at preview too).
            assert.deepEqual(
                (target.requests() ?? []).filter((r) => !(r.method === "GET" && r.path.endsWith("/sources"))),
                [],
                "a no-change preview sends no request but the lookup's",
            );
            assert.deepEqual(secretLeaks([await stack.exportState(), created.stdout, updated.stdout, preview.stdout], [ONCALL_URL]), []);

            const destroyed = await stack.destroy();
            assert.deepEqual(opsByName(destroyed.steps), Object.fromEntries(RESOURCES.map((name) => [name, "delete"])));
            assert.deepEqual(await target.selfHostedCounts(), before);
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
        }
    });

    it("runs up, preview without change and destroy with the plugin's folder under plugins.providers", async () => {
        const { cli, target } = ctx;
        // A copy of the example's project file with the `plugins.providers` block; nothing on PATH names the plugin.
        const stack = await CliStack.init(cli, { projectDir: copiedYamlProject(cli, EXAMPLE, true) });
        try {
            await configureExample(stack, target, logsSourceId);
            const created = await stack.up();
            assert.deepEqual(opsByName(created.steps), Object.fromEntries(RESOURCES.map((name) => [name, "create"])));
            assert.ok(!diagnosticsOf(created.events, "warning").some((line) => line.includes("from $PATH")), "no plugin from PATH");
            const preview = await stack.preview({ expectNoChanges: true });
            assert.deepEqual(opsByName(preview.steps), Object.fromEntries(RESOURCES.map((name) => [name, "same"])));
            const destroyed = await stack.destroy();
            assert.deepEqual(opsByName(destroyed.steps), Object.fromEntries(RESOURCES.map((name) => [name, "delete"])));
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
        }
    });

    it("refuses a typo in the program at preview, naming its property path, and sends nothing", async () => {
        const { cli, target } = ctx;
        const project = copiedYamlProject(cli, EXAMPLE, false);
        const file = path.join(project, "Pulumi.yaml");
        const text = readFileSync(file, "utf8");
        assert.ok(text.includes("markdown: Page the owning team first."));
        writeFileSync(file, text.replace("markdown: Page the owning team first.", "markdwn: Page the owning team first."));
        const stack = await CliStack.init(cli, { projectDir: project, env: pathEnv });
        try {
            await configureExample(stack, target, logsSourceId);
            target.clearRequests();
            const preview = await stack.preview({ allowFailure: true });
            assert.notEqual(preview.code, 0);
            // Pulumi YAML type-checks the program against the package schema before the provider sees it: it names the
            // program's line, the path (`tiles`, then the tile's `config`) and, per member of the tile config's union,
            // the properties that exist.
            const said = (preview.stdout + preview.stderr).replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
            assert.match(said, /\d+: +markdwn: Page the owning team first\./);
            assert.match(said, /tiles: Cannot assign/);
            assert.match(said, /config: Cannot assign '\{displayType: string, markdwn: string\}'/);
            assert.match(said, /to 'observability:index:DashboardTilesConfigBuilderMarkdown':\s+Existing properties are: markdown, configType, displayType/);
            assert.deepEqual(
                (target.requests() ?? []).filter((r) => !(r.method === "GET" && r.path.endsWith("/sources"))),
                [],
                "a refused program sends nothing",
            );
        } finally {
            await stack.remove();
        }
    });
});

engineSuite(
    "customTimeouts through the provider plugin and `pulumi`",
    (ctx: SuiteContext) => {
        it("ends a create at the resource's customTimeouts, not the provider's own default", async () => {
            const { cli, target } = ctx;
            const emulator = target.emulator;
            assert.ok(emulator, "the emulator slows the create down");
            const program = `name: observability-yaml-timeouts
runtime: yaml
resources:
  board:
    type: observability:index:Dashboard
    properties:
      name: slow board
      tiles:
        - name: Notes
          x: 0
          y: 0
          w: 24
          h: 4
          config:
            displayType: markdown
            markdown: Slow.
    options:
      customTimeouts:
        create: 3s
`;
            const stack = await CliStack.init(cli, { projectDir: yamlProject(cli, "yaml-timeouts", program, true) });
            try {
                await configure(stack, target);
                // The create's POST is answered after 120 s, far beyond 3 s and within the provider's default deadline.
                emulator.faults.failNext(1, "slow", { method: "POST", pathIncludes: "/dashboards" }, { slowMs: 120_000 });
                const failed = await stack.up({ allowFailure: true });
                assert.notEqual(failed.code, 0);
                assert.deepEqual(opsByName(failed.steps), { board: "failed:create" });
                const errors = diagnosticsOf(failed.events, "error").join("\n");
                assert.match(errors, /create Dashboard/);
                assert.match(errors, /3 ?s|deadline|timed out|timeout/i);
            } finally {
                emulator.faults.clear();
                await stack.destroy({ allowFailure: true });
                await stack.remove();
            }
        });
    },
    { cloud: true },
);
