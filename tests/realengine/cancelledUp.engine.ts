/**
 * docs/guides/pipelines.md "After a cancelled job", shown by the real Pulumi CLI (emulator only: the real server cannot hold an answer).
 * A `pulumi up` is cancelled as a CI runner cancels a job, SIGINT twice (the first asks the CLI to cancel and wait for
 * the operations in flight, the second terminates it; GitHub Actions sends SIGINT, then SIGTERM and SIGKILL later),
 * while the emulator holds its answer to the create's POST on a clock the test moves; the POST then makes its object.
 * SIGINT twice leaves the create pending in the state, and the CLI shuts its plugins down; a SIGKILL of the `pulumi`
 * process leaves it pending too, but orphans the language host and the dynamic-provider host (each in a process group
 * of its own), so the test cancels as CI does.
 *
 * The sentences of docs/guides/pipelines.md this file backs:
 * - Pulumi keeps the interrupted create as a pending operation; every later `up` and `destroy` warns about it
 *   ("Attempting to deploy or update resources with 1 pending operations from previous deployment. * urn:…::web,
 *   interrupted while creating"), and the next `up` plans the resource as a create again: both tests.
 * - `pulumi refresh --import-pending-creates <urn> <id>` does not bring it into the stack (it drops the pending
 *   operation, as `--clear-pending-creates` does): the webhook's test.
 * - Dashboard: the next `up` creates it, then warns, naming the new object and the earlier one: the dashboard's test.
 * - Keep the earlier one: `adoptId` and `pulumi up --replace <urn>`, the replacement adopts it and deletes the new one:
 *   the dashboard's test.
 * - `pulumi refresh --clear-pending-creates` clears the pending operation (a refresh without it keeps it); until then
 *   every `up` repeats Pulumi's warning: the dashboard's test.
 * - Webhook: the next `up` fails before posting, naming the earlier one; `adoptId` and `pulumi up` adopt it without a
 *   write: the webhook's test.
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import { ManualClock } from "../emulator/clock";
import { eventually } from "../support/emulatorConfig";
import { CliStack, type Operation } from "./cliStack";
import { diagnosticsOf } from "./pulumiCli";
import { engineSuite, type SuiteContext } from "./suite";
import type { Target } from "./targets";
import { opsByName } from "./assertions";

const PROGRAM = path.join(__dirname, "programs", "single");
/** How long the emulator holds the answer to the cancelled run's POST, on its clock. */
const HELD_MS = 60_000;
const PENDING_WARNING = "Attempting to deploy or update resources with 1 pending operations from previous deployment.";

/** The shared clock of the emulator: starts now, so that the servers' creation times read as today's. */
const clock = new ManualClock(Date.now());

interface PendingOperation {
    type: string;
    resource: { urn: string };
}

/** The stack's state: its pending operations and its resources' ids by name. */
async function stateOf(stack: CliStack): Promise<{ pending: PendingOperation[]; ids: Record<string, string> }> {
    const { deployment } = JSON.parse(await stack.exportState()) as {
        deployment: { pending_operations?: PendingOperation[]; resources?: { urn: string; id?: string; custom?: boolean }[] };
    };
    const ids: Record<string, string> = {};
    for (const r of deployment.resources ?? []) if (r.custom && !r.urn.includes("::pulumi:providers:")) ids[r.urn.split("::").pop() as string] = r.id as string;
    return { pending: deployment.pending_operations ?? [], ids };
}

/** A new stack of the one-resource program pointed at the target. */
async function newStack(target: Target, ctx: SuiteContext, kind: "dashboard" | "webhook"): Promise<CliStack> {
    const stack = await CliStack.init(ctx.cli, { projectDir: PROGRAM });
    await stack.configure(target.config());
    await stack.configSet("single:kind", kind);
    return stack;
}

/**
 * `pulumi up`, cancelled with SIGINT twice while the emulator holds its answer to the POST to `collection`; then the
 * held POST goes on and makes its object. Resolves with that object's id and the cancelled command.
 */
async function cancelledUp(stack: CliStack, target: Target, collection: string, ids: () => string[]): Promise<{ leftover: string; cancelled: Operation }> {
    const emu = target.emulator;
    assert.ok(emu);
    emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: `/${collection}` }, { slowMs: HELD_MS });
    let pid: number | undefined;
    const run = stack.up({ allowFailure: true, started: (started) => (pid = started) });
    // The POST reached the server, which holds its answer (or the command ended first: a failure the test reports).
    await Promise.race([
        clock.untilSleeping(1),
        run.then((ended) => Promise.reject(new Error(`the up ended before its POST was held:\n${ended.stdout}${ended.stderr}`))),
    ]);
    assert.ok(pid);
    process.kill(pid, "SIGINT");
    // The CLI reads its signals one at a time: the second, a second later, is the one that terminates it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    process.kill(pid, "SIGINT");
    const cancelled = await run;
    assert.notEqual(cancelled.code, 0);
    assert.match(cancelled.stdout, /\^C received; cancelling\./);
    assert.match(cancelled.stdout, /\^C received; terminating/);
    assert.deepEqual(ids(), [], "the held POST has made nothing yet");
    clock.advance(HELD_MS);
    await eventually(() => ids().length > 0);
    assert.equal(ids().length, 1, "the cancelled run's POST made one object");
    return { leftover: ids()[0] as string, cancelled };
}

/** Pulumi's warning about the pending create of `name`, in a command's output and its diagnostics. */
function assertPendingWarning(operation: Operation, name: string): void {
    const warning = diagnosticsOf(operation.events, "warning").find((line) => line.startsWith(PENDING_WARNING));
    assert.ok(warning, `pulumi ${operation.args[0]} warns about the pending create`);
    assert.match(warning, new RegExp(`\\n {2}\\* urn:pulumi:[^\\n]*::${name}, interrupted while creating`));
}

function assertNoPendingWarning(operation: Operation): void {
    assert.equal(
        diagnosticsOf(operation.events, "warning").find((line) => line.startsWith(PENDING_WARNING)),
        undefined,
        `pulumi ${operation.args[0]} warns no more`,
    );
}

engineSuite(
    "a `pulumi up` cancelled while the server holds the answer to its create (docs: After a cancelled job)",
    (ctx: SuiteContext) => {
        it("dashboard: pending create, created again with a warning naming the earlier one, kept by adoptId and --replace, cleared", async () => {
            const { target } = ctx;
            const emu = target.emulator;
            assert.ok(emu);
            const dashboards = () => [...emu.store.selfHosted.dashboards.keys()];
            const stack = await newStack(target, ctx, "dashboard");
            try {
                const { leftover } = await cancelledUp(stack, target, "dashboards", dashboards);
                const killed = await stateOf(stack);
                assert.deepEqual(killed.ids, {}, "the cancelled run recorded no resource");
                assert.deepEqual(
                    killed.pending.map((op) => [op.type, op.resource.urn.split("::").pop()]),
                    [["creating", "web"]],
                );
                const urn = (killed.pending[0] as PendingOperation).resource.urn;

                const next = await stack.up();
                assertPendingWarning(next, "web");
                assert.deepEqual(opsByName(next.steps), { web: "create" }, "the next up plans the create again");
                const made = (await stateOf(stack)).ids.web as string;
                assert.notEqual(made, leftover);
                assert.deepEqual(dashboards().sort(), [leftover, made].sort());
                // The dynamic-provider host's warnings reach the engine's log as messages of the program's stack.
                const named = diagnosticsOf(next.events).filter((line) =>
                    line.includes(`create Dashboard "Web service": created ${made}, although ${leftover} already existed with the same name and tiles`),
                );
                assert.equal(named.length, 1, "the provider's warning names the new object and the earlier one");
                assert.match(named[0] as string, new RegExp(`set \`adoptId: "${leftover}"\` on this resource and run \`pulumi up --replace\``));

                await stack.refresh();
                assert.equal((await stateOf(stack)).pending.length, 1, "a refresh without --clear-pending-creates keeps it");

                // Keep the earlier one: adoptId, then `pulumi up --replace <urn>`.
                await stack.configSet("single:adoptId", leftover);
                emu.clearRequests();
                const kept = await stack.up({ args: ["--replace", urn] });
                assertPendingWarning(kept, "web");
                assert.deepEqual(opsByName(kept.steps), { web: "create-replacement,replace,delete-replaced" });
                assert.equal((await stateOf(stack)).ids.web, leftover, "the replacement adopted the earlier dashboard");
                assert.deepEqual(dashboards(), [leftover], "and deleted the new one");
                assert.deepEqual(
                    emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`),
                    [`DELETE /api/v2/dashboards/${made}`],
                    "nothing written to the adopted one (it matches the declaration)",
                );

                await stack.refresh({ args: ["--clear-pending-creates"] });
                assert.deepEqual((await stateOf(stack)).pending, []);
                const quiet = await stack.up();
                assertNoPendingWarning(quiet);
                assert.deepEqual(opsByName(quiet.steps), { web: "same" });

                emu.clearRequests();
                const destroyed = await stack.destroy();
                assertNoPendingWarning(destroyed);
                assert.deepEqual(dashboards(), []);
                assert.deepEqual(
                    emu.requests.filter((r) => r.method === "DELETE").map((r) => r.path),
                    [`/api/v2/dashboards/${leftover}`],
                );
            } finally {
                await stack.destroy({ allowFailure: true });
                await stack.remove();
            }
        });

        it("webhook: `destroy` warns too, --import-pending-creates drops it, the next `up` fails before posting naming the earlier one; adoptId adopts it", async () => {
            const { target } = ctx;
            const emu = target.emulator;
            assert.ok(emu);
            const webhooks = () => [...emu.store.selfHosted.webhooks.keys()];
            const stack = await newStack(target, ctx, "webhook");
            try {
                const { leftover } = await cancelledUp(stack, target, "webhooks", webhooks);

                const destroyed = await stack.destroy();
                assertPendingWarning(destroyed, "alerts");
                assert.deepEqual(destroyed.steps, [], "destroy has nothing to delete: the stack holds no webhook");
                const { pending } = await stateOf(stack);
                assert.equal(pending.length, 1, "and keeps the pending create");

                // `--import-pending-creates <urn> <id>` makes the pending create a pending import, which the refresh then
                // drops, bringing nothing into the stack: as `--clear-pending-creates` would, and Pulumi's warning is gone.
                const urn = (pending[0] as PendingOperation).resource.urn;
                await stack.refresh({ args: ["--import-pending-creates", urn, "--import-pending-creates", leftover] });
                assert.deepEqual(await stateOf(stack), { pending: [], ids: {} }, "no webhook in the stack, and nothing pending");

                emu.clearRequests();
                const refused = await stack.up({ allowFailure: true });
                assert.notEqual(refused.code, 0);
                assertNoPendingWarning(refused);
                assert.match(
                    diagnosticsOf(refused.events, "error").join("\n"),
                    new RegExp(
                        `create Webhook "On-call": ${leftover} already existed with the same service and name, and no resource of this stack ` +
                            `manages it, and the server refuses a second one\\..*set \`adoptId: "${leftover}"\` on this resource and run \`pulumi up\` again`,
                        "s",
                    ),
                );
                assert.deepEqual(
                    emu.requests.filter((r) => r.method !== "GET"),
                    [],
                    "nothing was posted",
                );

                await stack.configSet("single:adoptId", leftover);
                emu.clearRequests();
                const adopted = await stack.up();
                assert.deepEqual(opsByName(adopted.steps), { alerts: "create" });
                assert.equal((await stateOf(stack)).ids.alerts, leftover);
                assert.deepEqual(
                    emu.requests.filter((r) => r.method !== "GET"),
                    [],
                    "adopted without a write",
                );

                await stack.destroy();
                assert.deepEqual(webhooks(), []);
            } finally {
                await stack.destroy({ allowFailure: true });
                await stack.remove();
            }
        });
    },
    { cloud: true, emulator: { clock } },
);
