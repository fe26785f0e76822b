import assert from "node:assert/strict";
import { cliTargets } from "./report";
import type { StackRunFigures } from "./stackRun";

/** A run with only the figures the targets read. */
function run(host: "dynamic" | "plugin", lowerBoundMs: number, wallMs: number): StackRunFigures {
    const command = { wallMs, requests: 0, provider: { cpuMs: 100, peakRssBytes: 1 }, cli: { cpuMs: 1, peakRssBytes: 1 } };
    return {
        host,
        target: "emulator",
        resources: 40,
        limits: "documented",
        parallel: "default",
        create: { ...command, lowerBoundMs, inventoryProblems: [] },
        preview: command,
        refresh: command,
    } as unknown as StackRunFigures;
}

describe("the CLI bench's targets", function () {
    it("measure a create against its bound, and leave out a stack that fits in one window (no bound)", function () {
        const lines = cliTargets([run("plugin", 60_000, 66_000), run("dynamic", 0, 5_000)], 40);
        const creates = lines.filter((line) => line.target.startsWith("create"));
        assert.deepEqual(
            creates.map((line) => [line.target.includes("plugin"), line.pass]),
            [[true, true]],
        );
        assert.match(creates[0].figure, /= 1\.10$/);
    });
});
