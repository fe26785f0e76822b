// What the CLI bench checks of a real server's team after a create and after a destroy (tests/bench/cli/realServer.ts).
import assert from "node:assert/strict";
import { countProblems } from "./realServer";
import { requestsCell } from "./report";
import type { StackRunFigures } from "./stackRun";

describe("the CLI bench against a real server", () => {
    it("names each collection whose count differs from the stack's, a missing one as 0", () => {
        assert.deepEqual(countProblems({ dashboards: 50, alerts: 100, webhooks: 1 }, { dashboards: 50, alerts: 100 }), []);
        assert.deepEqual(countProblems({ dashboards: 50, alerts: 99 }, { dashboards: 50, alerts: 100 }), ["alerts: the team holds 99, expected 100"]);
        assert.deepEqual(countProblems({ alerts: 0 }, { dashboards: 0, alerts: 0 }), []);
        assert.deepEqual(countProblems({ dashboards: 2, alerts: 0 }, { dashboards: 0, alerts: 0 }), ["dashboards: the team holds 2, expected 0"]);
        assert.deepEqual(countProblems({}, { dashboards: 1 }), ["dashboards: the team holds 0, expected 1"]);
    });

    it("reports requests as unknown when a run could not see them, the median otherwise", () => {
        const runs = (...counts: (number | null)[]) => counts.map((requests) => ({ preview: { requests } }) as unknown as StackRunFigures);
        assert.equal(
            requestsCell(runs(0, 4, 2), (r) => r.preview.requests),
            "2",
        );
        assert.equal(
            requestsCell(runs(0, null), (r) => r.preview.requests),
            "unknown",
        );
    });
});
