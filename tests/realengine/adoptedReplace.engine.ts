/**
 * docs/guides/importing.md "Adopting with `adoptId`": `pulumi up --replace` of a resource that declares `adoptId`, shown by the real Pulumi
 * CLI on every target (the emulator, and the real self-hosted server when the environment names one). The program
 * (programs/single) declares one dashboard whose `adoptId` and `deleteBeforeReplace` come from stack config.
 *
 * The sentences of docs/guides/importing.md this file backs:
 * - "`pulumi up --replace` of such a resource (the engine asks the provider nothing then) adopts the same object again
 *   and keeps it: the old resource's delete leaves an object that another resource of the run adopted."
 * - "With `--refresh` the replacement fails clearly instead (the refresh showed the object managed by the resource
 *   being replaced)".
 * - "with the `deleteBeforeReplace` resource option the object is deleted before it could be adopted again: drop
 *   `adoptId` first to replace an adopted object."
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import { CliStack } from "./cliStack";
import { diagnosticsOf } from "./pulumiCli";
import { engineSuite, type SuiteContext } from "./suite";
import { opsByName } from "./assertions";

const PROGRAM = path.join(__dirname, "programs", "single");
const NOTES = { name: "Notes", x: 0, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "On call: see the runbook" } };

engineSuite("`pulumi up --replace` of an adopted dashboard (docs: Adopting with adoptId)", (ctx: SuiteContext) => {
    it("adopts the same object again and keeps it; fails clearly with --refresh; deletes it first with deleteBeforeReplace", async () => {
        const { cli, target } = ctx;
        const stack = await CliStack.init(cli, { projectDir: PROGRAM });
        const { id: made } = (await target.api("POST", "/dashboards", { name: "Web service", tiles: [NOTES] })) as { id: string };
        const exists = async (id: string) => ((await target.api("GET", "/dashboards")) as { id: string }[]).some((d) => d.id === id);
        try {
            await stack.configure(target.config());
            await stack.configSet("single:adoptId", made);
            const adopted = await stack.up();
            assert.deepEqual(opsByName(adopted.steps), { web: "create" });
            assert.equal((await stack.outputs()).id, made);
            const urn = adopted.steps[0]?.urn as string;

            const replaced = await stack.up({ args: ["--replace", urn] });
            assert.deepEqual(opsByName(replaced.steps), { web: "create-replacement,replace,delete-replaced" });
            assert.equal((await stack.outputs()).id, made, "the replacement adopted the same object");
            assert.ok(await exists(made), "and the old resource's delete left it");

            const refused = await stack.up({ args: ["--replace", urn, "--refresh"], allowFailure: true });
            assert.notEqual(refused.code, 0, "with --refresh the replacement fails");
            assert.match(
                diagnosticsOf(refused.events, "error").join("\n"),
                new RegExp(`adopt Dashboard "${made}": another resource of this stack already manages it`),
            );
            assert.ok(await exists(made), "and the object stays");
            assert.equal((await stack.outputs()).id, made);

            await stack.configSet("single:deleteBeforeReplace", "true");
            const deletedFirst = await stack.up({ args: ["--replace", urn], allowFailure: true });
            assert.notEqual(deletedFirst.code, 0, "with deleteBeforeReplace the adoption finds nothing to adopt");
            assert.equal(await exists(made), false, "the object was deleted before it could be adopted again");
            assert.match(diagnosticsOf(deletedFirst.events, "error").join("\n"), new RegExp(made));

            // The failed replacement stays planned: with adoptId dropped, the next `up` completes it with a new object.
            await stack.configSet("single:deleteBeforeReplace", "false");
            await stack.command(["config", "rm", "single:adoptId"]);
            const fresh = await stack.up();
            assert.deepEqual(opsByName(fresh.steps), { web: "create-replacement,replace,delete-replaced" });
            const replacement = (await stack.outputs()).id as string;
            assert.notEqual(replacement, made);
            assert.ok(await exists(replacement));
            await stack.destroy();
            // The team may hold other tests' objects (a real server shared by the suite's files): this test's are gone.
            assert.equal(await exists(replacement), false);
            assert.equal(await exists(made), false);
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
            if (await exists(made)) await target.api("DELETE", `/dashboards/${made}`);
        }
    });
});
