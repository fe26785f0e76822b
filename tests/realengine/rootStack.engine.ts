/**
 * The root stack (`Pulumi.yaml`, `main: examples/environment/`) through the real Pulumi CLI, as a pipeline runs it:
 * from an empty team with `pulumi up --yes`, a `pulumi config set` then `up` (one alert updated in place),
 * `pulumi refresh` (no change), `pulumi preview --expect-no-changes` (and no HTTP request), `pulumi destroy` (the team
 * empty again), at the CLI's default parallelism; the secrets set with `pulumi config set --secret` never in plain text
 * in the state (`pulumi stack export`), in the CLI's output or in the provider's messages.
 */
import assert from "node:assert/strict";
import { REPO_ROOT } from "../harness/paths";
import { CliStack, type Operation } from "./cliStack";
import { engineSuite, type SuiteContext } from "./suite";
import { opsByName, secretLeaks } from "./assertions";

/** What the user sets with `pulumi config set --secret` (distinct values, so a leak of any is found). */
const SECRETS: Record<string, string> = {
    "demo:enginePassword": "engine-pw-7f3a9c51e2",
    "demo:oncallToken": "oncall-token-4b8d2e6f90",
    "demo:slackUrl": "https://hooks.slack.com/services/T0ENGINE/B0SUITE/secretslacktoken5c1e",
};

/** The root stack's resources on the self-hosted variant, by name. */
const RESOURCES = ["engine", "traces", "logs", "errors", "slack", "oncall", "service", "errors-high", "errors-search", "lead", "developer"];

engineSuite("the root stack (examples/environment) through `pulumi`", (ctx: SuiteContext) => {
    it("is created from an empty team, updated by a config change, refreshed and previewed without change, and destroyed", async () => {
        const { cli, target } = ctx;
        const stack = await CliStack.init(cli, { projectDir: REPO_ROOT, seedConfigFrom: "dev" });
        const outputs: Operation[] = [];
        try {
            const { plain, secret } = target.config();
            await stack.configure({ plain, secret: { ...secret, ...SECRETS } });

            const created = await stack.up();
            outputs.push(created);
            assert.deepEqual(opsByName(created.steps), Object.fromEntries(RESOURCES.map((name) => [name, "create"])));
            assert.deepEqual(await target.selfHostedCounts(), { connections: 1, sources: 2, savedSearches: 1, webhooks: 2, dashboards: 1, alerts: 2 });

            await stack.configSet("demo:errorThreshold", "150");
            const updated = await stack.up();
            outputs.push(updated);
            assert.deepEqual(opsByName(updated.steps), { ...Object.fromEntries(RESOURCES.map((name) => [name, "same"])), "errors-high": "update" });

            const refreshed = await stack.refresh();
            outputs.push(refreshed);
            assert.deepEqual(refreshed.events.find((e) => e.summaryEvent)?.summaryEvent?.resourceChanges, { same: RESOURCES.length + 1 });

            target.clearRequests();
            const preview = await stack.preview({ expectNoChanges: true });
            outputs.push(preview);
            assert.deepEqual(opsByName(preview.steps), Object.fromEntries(RESOURCES.map((name) => [name, "same"])));
            assert.deepEqual(target.requests() ?? [], [], "a no-change preview sends no HTTP request");

            const state = await stack.exportState();
            assert.deepEqual(secretLeaks([state, ...outputs.map((o) => o.stdout + o.stderr)], Object.values(SECRETS)), []);

            const destroyed = await stack.destroy();
            outputs.push(destroyed);
            assert.deepEqual(opsByName(destroyed.steps), Object.fromEntries(RESOURCES.map((name) => [name, "delete"])));
            assert.deepEqual(await target.selfHostedCounts(), { connections: 0, sources: 0, savedSearches: 0, webhooks: 0, dashboards: 0, alerts: 0 });
            assert.deepEqual(
                secretLeaks(
                    outputs.map((o) => o.stdout + o.stderr),
                    Object.values(SECRETS),
                ),
                [],
            );
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
        }
    });
});
