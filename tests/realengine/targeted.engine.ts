/**
 * `pulumi up --target`, shown by the real Pulumi CLI on every target (the emulator, and the real self-hosted server
 * when the environment names one), with the stack of references of programs/stack.
 *
 * The sentences this file backs (docs/guides/whole-environment.md, Tile ids and alerts):
 * - "`pulumi up --target <URN>` changes the targeted resources only: the others keep what the server holds".
 * - "An alert targeted alone after its tile was renamed fails (`tileId` … required for `tile` alerts): the dashboard,
 *   not targeted, still holds the old tile name; target the dashboard too, or run `up` without `--target`."
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import { CliStack } from "./cliStack";
import { diagnosticsOf } from "./pulumiCli";
import { engineSuite, type SuiteContext } from "./suite";
import { opsByName } from "./assertions";

const PROGRAM = path.join(__dirname, "programs", "stack");

engineSuite("`pulumi up --target` of a stack of references", (ctx: SuiteContext) => {
    it("changes the targeted alert only; an alert targeted alone after its tile's rename is refused until its dashboard is targeted too", async () => {
        const { cli, target } = ctx;
        const stack = await CliStack.init(cli, { projectDir: PROGRAM });
        try {
            await stack.configure(target.config());
            const created = await stack.up();
            const urn = (name: string) => created.steps.find((s) => s.name === name)?.urn as string;
            const ids = (await stack.outputs()).ids as Record<string, string>;
            const boardPath = `/dashboards/${ids.board}`;

            await stack.configSet("stack:threshold", "150");
            await stack.configSet("stack:dashboardName", "Service v2");
            const targeted = await stack.up({ args: ["--target", urn("errors")] });
            const ops = opsByName(targeted.steps);
            assert.equal(ops.errors, "update");
            assert.ok(ops.board === undefined || ops.board === "same", JSON.stringify(ops));
            assert.equal(((await target.api("GET", boardPath)) as { name: string }).name, "Service", "the dashboard is not changed");
            assert.equal(((await target.api("GET", `/alerts/${ids.alert}`)) as { threshold: number }).threshold, 150);
            const rest = await stack.up();
            assert.deepEqual(opsByName(rest.steps), { engine: "same", logs: "same", board: "update", hook: "same", errors: "same" });

            await stack.configSet("stack:tileName", "Error count");
            const alone = await stack.up({ args: ["--target", urn("errors")], allowFailure: true });
            assert.notEqual(alone.code, 0);
            assert.match(
                diagnosticsOf(alone.events, "error").join("\n"),
                /Alert resource 'errors': property tileId value \{<nil>\} has a problem: required for `tile` alerts/,
            );
            assert.equal(opsByName(alone.steps).board, "same", "the dashboard, not targeted, keeps the old tile name");
            const both = await stack.up({ args: ["--target", urn("errors"), "--target", urn("board")] });
            assert.deepEqual(opsByName(both.steps), {
                engine: "same",
                logs: "same",
                board: "update",
                hook: "same",
                errors: "create-replacement,replace,delete-replaced",
            });
            await stack.destroy();
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
        }
    });
});
