// Mocha's spec reporter plus one closing line, `N passed, N failed`, that CI reads as the test summary.
"use strict";
const Mocha = require("mocha");

class SummaryReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
            const { passes, failures, pending } = runner.stats;
            const skipped = pending > 0 ? `, ${pending} skipped` : "";
            process.stdout.write(`\n${passes} passed, ${failures} failed${skipped}\n`);
        });
    }
}

module.exports = SummaryReporter;
