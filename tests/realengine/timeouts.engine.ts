/**
 * docs/guides/behaviour.md, Timeouts: "Pulumi's `customTimeouts` never reaches dynamic providers; every
 * resource takes a `timeouts: { create, update, delete }` input … instead", shown by the real Pulumi CLI (emulator only:
 * the test holds the answer to a POST, which the real server cannot). The engine hands `customTimeouts` to the
 * dynamic-provider host in the create request's `timeout`, enforces nothing itself, and the host does not pass it on:
 * a create whose answer is held three times as long as its `customTimeouts.create` still succeeds. The `timeouts` input
 * of the same create ends it at its deadline, which shows that a held answer does time out an operation whose deadline
 * the provider knows.
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import { ManualClock } from "../emulator/clock";
import { eventually } from "../support/emulatorConfig";
import { CliStack, type Operation } from "./cliStack";
import { diagnosticsOf } from "./pulumiCli";
import { engineSuite, type SuiteContext } from "./suite";
import { opsByName } from "./assertions";

const PROGRAM = path.join(__dirname, "programs", "single");
/** How long the emulator holds the answer to a POST, on its clock: until the test moves it. */
const HELD_MS = 60_000;
/** The deadline each create declares, and how long (real time) the test lets a held create run past it. */
const DEADLINE = "1s";
const PAST_DEADLINE_MS = 3_000;

const clock = new ManualClock(Date.now());

engineSuite(
    "timeouts of a dynamic provider's create through `pulumi` (docs: Timeouts)",
    (ctx: SuiteContext) => {
        it("customTimeouts does not end a create held past it; the timeouts input does", async () => {
            const { cli, target } = ctx;
            const emu = target.emulator;
            assert.ok(emu);
            const dashboards = () => [...emu.store.selfHosted.dashboards.keys()];
            const stack = await CliStack.init(cli, { projectDir: PROGRAM });
            try {
                await stack.configure(target.config());

                const held = async (): Promise<{ run: Promise<Operation>; ended: () => boolean }> => {
                    emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: "/dashboards" }, { slowMs: HELD_MS });
                    let done = false;
                    const run = stack.up({ allowFailure: true }).finally(() => (done = true));
                    await Promise.race([
                        clock.untilSleeping(1),
                        run.then((ended) => Promise.reject(new Error(`the up ended before its POST was held:\n${ended.stdout}${ended.stderr}`))),
                    ]);
                    return { run, ended: () => done };
                };

                await stack.configSet("single:customCreate", DEADLINE);
                const custom = await held();
                await new Promise((resolve) => setTimeout(resolve, PAST_DEADLINE_MS));
                assert.equal(custom.ended(), false, `the create still waits ${PAST_DEADLINE_MS} ms after it started, past customTimeouts.create ${DEADLINE}`);
                clock.advance(HELD_MS);
                const created = await custom.run;
                assert.equal(created.code, 0, created.stdout);
                assert.deepEqual(opsByName(created.steps), { web: "create" });
                assert.equal((await stack.outputs()).id, dashboards()[0]);
                await stack.destroy();

                await stack.command(["config", "rm", "single:customCreate"]);
                await stack.configSet("single:timeoutCreate", DEADLINE);
                const own = await held();
                const failed = await own.run;
                assert.notEqual(failed.code, 0, "the timeouts input ends the create while the answer is held");
                assert.deepEqual(opsByName(failed.steps), { web: "failed:create" });
                const error = diagnosticsOf(failed.events, "error").join("\n");
                assert.match(error, /create Dashboard/);
                assert.match(error, /timed out|time-?out|deadline/i);
                clock.advance(HELD_MS);
                // The held POST goes on and makes its object, which the failed create never recorded.
                await eventually(() => dashboards().length === 1);
                await target.api("DELETE", `/dashboards/${dashboards()[0]}`);
            } finally {
                await stack.destroy({ allowFailure: true });
                await stack.remove();
            }
        });
    },
    { cloud: true, emulator: { clock } },
);
