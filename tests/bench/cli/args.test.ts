// The bench's arguments for `--engine cli`: `--parallel` and the real server (tests/bench/args.ts).
import assert from "node:assert/strict";
import { parseArgs } from "../args";

describe("the CLI bench's arguments", () => {
    it("passes no --parallel unless asked, and the number asked", () => {
        assert.equal(parseArgs(["--engine", "cli"], {}).parallel, undefined);
        assert.equal(parseArgs(["--engine", "cli", "--parallel", "64"], {}).parallel, 64);
    });

    it("refuses a --parallel that is not a whole number above 0, or without --engine cli", () => {
        for (const value of ["0", "-2", "1.5", "many"]) assert.throws(() => parseArgs(["--engine", "cli", "--parallel", value], {}), /--parallel needs/);
        assert.throws(() => parseArgs(["--engine", "cli", "--parallel"], {}), /--parallel needs/);
        assert.throws(() => parseArgs(["--parallel", "8"], {}), /--parallel goes with --engine cli/);
    });

    it("takes the real server from the flags or the environment, and not with --scale", () => {
        assert.deepEqual(parseArgs(["--engine", "cli", "--api-url", "http://127.0.0.1:1/", "--api-key", "k"], {}).server, {
            apiUrl: "http://127.0.0.1:1",
            apiKey: "k",
        });
        const env = { OBSERVABILITY_BENCH_API_URL: "http://h:2", OBSERVABILITY_BENCH_API_KEY: "e" };
        assert.deepEqual(parseArgs(["--engine", "cli"], env).server, { apiUrl: "http://h:2", apiKey: "e" });
        assert.equal(parseArgs(["--engine", "cli"], {}).server, undefined);
        assert.throws(() => parseArgs(["--engine", "cli", "--api-url", "http://h:2"], {}), /go together/);
        assert.throws(() => parseArgs(["--engine", "cli", "--scale"], env), /--scale runs against the emulator only/);
    });
});
