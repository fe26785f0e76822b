// The model-based test of whole stacks (issue 21), short: a few fixed seeds and short sequences, so a failure
// replays. `npm run soak -- --model` runs many more. The engine runs steps at the CLI's default parallelism
// (`4 × CPUs`, pkg/cmd/pulumi/operations/up.go) and at four times it (issue 30).
import { DEFAULT_PARALLEL } from "../harness/engine";
import { AdoptTwice } from "./commands";
import { runModel, runSequence } from "./run";

describe("Whole stacks, model-based: every valid program's up succeeds and leaves the stack and the server in agreement", function () {
    this.timeout(300_000);

    it("runs seeded sequences of user edits and out-of-band changes over every kind and both variants", async function () {
        await runModel({ seed: 21_000, runs: 6, maxCommands: 20 });
    });

    it("runs them with four times the CLI's default parallelism", async function () {
        // Seed 30010 brings two adoptions of one id started together (AdoptTwice).
        await runModel({ seed: 30_010, runs: 2, maxCommands: 14, parallel: 4 * DEFAULT_PARALLEL });
    });

    it("refuses the second of two adoptions of one id started together, and keeps the object once, at either parallelism", async function () {
        for (const parallel of [DEFAULT_PARALLEL, 4 * DEFAULT_PARALLEL]) {
            await runSequence([new AdoptTwice("self-hosted", 1), new AdoptTwice("managed", 2)], parallel, `parallel ${parallel}`);
        }
    });
});
