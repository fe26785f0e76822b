/**
 * Every other TypeScript example program through the real Pulumi CLI, as its README runs it: its `Pulumi.dev.yaml`
 * with the target's endpoints and credentials (and the ids of what the example expects to exist) set with
 * `pulumi config set`, its secrets with `--secret`; then `pulumi up` creates every resource, `pulumi refresh` finds
 * nothing changed, `pulumi preview --expect-no-changes` plans nothing, and `pulumi destroy` deletes what `up` made.
 * The secrets are nowhere in plain text in the state or the CLI's output.
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import type { Emulator } from "../emulator";
import { REPO_ROOT } from "../harness/paths";
import { opsByName, secretLeaks } from "./assertions";
import { CliStack, type Operation } from "./cliStack";
import { engineSuite } from "./suite";

/** An example program and what its dev stack needs besides the target's settings. */
interface Example {
    /** Its folder under `examples/`. */
    dir: string;
    /** Config the example reads that names objects of the emulator's seeded team. */
    ids?: (emu: Emulator) => Record<string, string>;
    /** What a user sets with `pulumi config set --secret`. */
    secrets?: Record<string, string>;
    /** The cloud API's kinds: the emulator only. */
    cloud: boolean;
}

const EXAMPLES: Example[] = [
    { dir: "self-hosted", cloud: false, ids: (emu) => ({ "demo:savedSearchId": emu.fixtures.savedSearch.id }) },
    {
        dir: "managed",
        cloud: true,
        ids: (emu) => ({ "demo:webhookId": emu.fixturesOf("managed").webhooks.slack.id, "demo:connectionId": emu.managedConnectionId }),
    },
    {
        dir: "data-pipes",
        cloud: true,
        secrets: {
            "demo:kafkaPassword": "kafka-pw-2d9e71c4b0",
            "demo:bucketSecretKey": "bucket-secret-8a3f06d5e1",
            "demo:databasePassword": "database-pw-5c7b19e2a4",
            "demo:mysqlPassword": "mysql-pw-0f4d8b3c96",
        },
    },
    { dir: "organization", cloud: true },
];

/** Every op of a step list, as one value per resource (`create` for each). */
function everyOp(steps: Operation["steps"], op: string): Record<string, string> {
    return Object.fromEntries(steps.map((step) => [step.name, op]));
}

for (const example of EXAMPLES) {
    engineSuite(
        `examples/${example.dir} through \`pulumi\``,
        (ctx) => {
            it("is created, refreshed and previewed without change, and destroyed", async () => {
                const { cli, target } = ctx;
                const stack = await CliStack.init(cli, { projectDir: path.join(REPO_ROOT, "examples", example.dir), seedConfigFrom: "dev" });
                const secrets = example.secrets ?? {};
                const outputs: Operation[] = [];
                try {
                    const { plain, secret } = target.config();
                    const ids = example.ids && target.emulator ? example.ids(target.emulator) : {};
                    await stack.configure({ plain: { ...plain, ...ids }, secret: { ...secret, ...secrets } });

                    const created = await stack.up();
                    outputs.push(created);
                    assert.ok(created.steps.length > 0, "the example declares resources");
                    assert.deepEqual(opsByName(created.steps), everyOp(created.steps, "create"));

                    const refreshed = await stack.refresh();
                    outputs.push(refreshed);
                    assert.deepEqual(
                        opsByName(refreshed.steps),
                        everyOp(created.steps, "same"),
                        "a refresh that finds nothing changed reports every resource `same`",
                    );
                    assert.deepEqual(refreshed.events.find((e) => e.summaryEvent)?.summaryEvent?.resourceChanges, { same: created.steps.length + 1 });

                    const preview = await stack.preview({ expectNoChanges: true });
                    outputs.push(preview);
                    assert.deepEqual(opsByName(preview.steps), everyOp(created.steps, "same"));

                    outputs.push({ ...preview, stdout: await stack.exportState(), stderr: "" });
                    const destroyed = await stack.destroy();
                    outputs.push(destroyed);
                    assert.deepEqual(opsByName(destroyed.steps), everyOp(created.steps, "delete"));
                    assert.deepEqual(
                        secretLeaks(
                            outputs.map((o) => o.stdout + o.stderr),
                            Object.values(secrets),
                        ),
                        [],
                    );
                } finally {
                    await stack.destroy({ allowFailure: true });
                    await stack.remove();
                }
            });
        },
        { seeded: example.ids !== undefined, cloud: example.cloud },
    );
}
