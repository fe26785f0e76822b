// The differential check of the emulator (`npm run test:live`): the corpus sent to the real self-hosted server and to
// the emulator, every difference reported per kind.
import assert from "node:assert/strict";
import { Emulator } from "../emulator";
import { CORPUS, type CorpusKind } from "./corpus";
import { type DifferentialReport, runDifferential } from "./differential";
import { sharedRawClient } from "./hooks";
import { PacedClient, RUN_PREFIX } from "./server";

describe("Differential check: the real self-hosted server and the emulator answer the same corpus alike", function () {
    this.timeout(15 * 60_000);
    let emu: Emulator;
    let report: DifferentialReport;

    before(async function () {
        const raw = sharedRawClient();
        // The pages the corpus compares must hold its own objects only.
        for (const list of ["/webhooks", "/alerts", "/saved-searches"]) {
            const others = (await raw.data("GET", list)) as unknown[];
            assert.deepEqual(others, [], `the differential check needs a team with no ${list.slice(1)} (a fresh server): ${list} lists others`);
        }
        emu = await Emulator.start({ fixtures: "empty", rateLimits: false });
        const emulator = new PacedClient({ apiUrl: emu.url, apiKey: emu.credentials.apiKey });
        report = await runDifferential(CORPUS, raw, emulator, `${RUN_PREFIX}-diff`);
        console.log(`  requests compared, by kind: ${JSON.stringify(report.compared)} (steps: ${JSON.stringify(report.steps)})`);
    });
    after(async function () {
        await emu?.close();
    });

    const kinds: CorpusKind[] = ["connection", "source", "dashboard", "savedSearch", "webhook", "alert", "teamMember"];
    for (const kind of kinds) {
        it(`${kind}: the same statuses, error texts, answers and stored objects`, function () {
            assert.ok((report.steps[kind] ?? 0) > 0, `the corpus has ${kind} requests`);
            assert.deepEqual(
                report.differences.filter((d) => d.kind === kind),
                [],
            );
        });
    }
});
