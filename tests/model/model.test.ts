// The model-based test of whole stacks (issue 21), short: a few fixed seeds and short sequences, so a failure
// replays. `npm run soak -- --model` runs many more.
import { runModel } from "./run";

describe("Whole stacks, model-based: every valid program's up succeeds and leaves the stack and the server in agreement", function () {
    this.timeout(300_000);

    it("runs seeded sequences of user edits and out-of-band changes over every kind and both variants", async function () {
        await runModel({ seed: 21_000, runs: 6, maxCommands: 20 });
    });
});
