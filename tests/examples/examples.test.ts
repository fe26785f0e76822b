import assert from "node:assert/strict";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { readStackConfig } from "../harness/stackFile";
import { EmulatedStack, startEmulatedStack } from "../support/emulatedStack";

/**
 * The dashboard-and-alert examples as Pulumi programs: the program runs under Pulumi's mocks while every
 * resource goes through the real dynamic-provider host to the emulator, with the dev stack's settings and
 * the emulator's endpoints, credentials and seeded ids.
 */
function programConfig(stack: EmulatedStack, example: string, overrides: Record<string, string>): { config: Record<string, string>; secretKeys: string[] } {
    const config: Record<string, string> = { ...readStackConfig(path.join(REPO_ROOT, "examples", example, "Pulumi.dev.yaml")), ...overrides };
    const secretKeys: string[] = [];
    for (const [key, value] of Object.entries(stack.config)) {
        // The lookups run in the program and read the same settings as the providers.
        if (typeof value === "string") config[key] = value;
        else {
            config[key] = value.secret;
            secretKeys.push(key);
        }
    }
    return { config, secretKeys };
}

describe("examples/self-hosted and examples/managed (programs through the real host)", function () {
    let stack: EmulatedStack;
    afterEach(() => stack?.close());

    async function lifecycle(
        example: string,
        overrides: (stack: EmulatedStack) => Record<string, string>,
        expected: string[],
        store: "selfHosted" | "managed",
    ): Promise<void> {
        // The stack's settings reach both the program and the provider host, as with the CLI.
        const variant = readStackConfig(path.join(REPO_ROOT, "examples", example, "Pulumi.dev.yaml"))["observability:variant"];
        stack = await startEmulatedStack({ config: { "observability:variant": variant } });
        const { config, secretKeys } = programConfig(stack, example, overrides(stack));
        const program = path.join(REPO_ROOT, "examples", example, "index.ts");
        const run = (mode?: "preview") => runProgram({ program, engine: stack.engine, config, secretKeys, project: "demo", stack: "dev", mode });

        const first = await run();
        assert.deepEqual([...first.created].sort(), expected);
        const made = stack.emu.inventory()[store];
        assert.equal(made.dashboards.count + made.alerts.count, expected.length, `the objects live in the ${store} store`);
        assert.deepEqual(stack.emu.invalidRequests, []);

        stack.emu.clearRequests();
        const second = await run();
        assert.deepEqual([...second.same].sort(), expected);
        assert.ok(
            stack.emu.requests.every((r) => r.method === "GET"),
            "a second run only looks things up",
        );

        const refreshed = await stack.engine.refresh();
        assert.deepEqual([...refreshed.same].sort(), expected, "refresh after apply finds no drift");
        assert.deepEqual([...(await run("preview")).same].sort(), expected);

        await stack.engine.destroy();
        const left = stack.emu.inventory()[store];
        assert.equal(left.dashboards.count + left.alerts.count, 0, "destroy leaves nothing behind");
    }

    it("self-hosted: a dashboard of every common tile kind, alerts on two tiles and on a saved search", async function () {
        await lifecycle(
            "self-hosted",
            (s) => ({ "demo:savedSearchId": s.emu.fixtures.savedSearch.id }),
            ["checkout-errors", "errors-high", "latency-high", "service"],
            "selfHosted",
        );
    });

    it("managed: the same resources under the cloud API, including a raw-SQL tile in a container", async function () {
        const ids = (s: EmulatedStack) => ({ "demo:webhookId": s.emu.fixturesOf("managed").webhooks.slack.id, "demo:connectionId": s.emu.managedConnectionId });
        await lifecycle("managed", ids, ["overview", "requests-low"], "managed");
    });
});
