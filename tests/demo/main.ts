/**
 * `npm run demo`: the root stack (Pulumi.yaml → examples/self-hosted, config from Pulumi.dev.yaml) applied
 * against the embedded emulator through Pulumi's own dynamic-provider host, as `pulumi up --stack dev`
 * would: create everything, update one changed input in place, refresh with no change, destroy. It prints
 * what happened to each resource and exits non-zero when a step does not do what it should.
 */
import path from "node:path";
import { Emulator } from "../emulator";
import { Engine, RunResult, StepRecord } from "../harness/engine";
import { ProviderHost } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { assertBuilt, ensureSelfLink } from "../harness/providerText";
import { readStackConfig } from "../harness/stackFile";

const PROJECT = "observability-demo";
const STACK = "dev";
const PROGRAM = path.join(REPO_ROOT, "examples", "self-hosted", "index.ts");

const SYMBOL: Record<StepRecord["op"], string> = { create: "+", update: "~", replace: "+-", same: " ", delete: "-", "delete-replaced": "-", refresh: "~" };

function report(title: string, result: RunResult, requests: number): void {
    console.log(`\n${title}`);
    for (const step of result.steps) {
        const [type] = step.urn.split("::").slice(-2);
        const what = step.op === "refresh" ? (step.id === "" ? "gone" : step.changed ? "drifted" : "unchanged") : step.op;
        const symbol = step.op === "refresh" && what === "unchanged" ? "" : SYMBOL[step.op];
        console.log(`  ${symbol.padEnd(2)} ${what.padEnd(9)} ${type.split(":").pop()?.padEnd(10)} ${step.name.padEnd(16)} ${step.id}`);
    }
    const counts = (["created", "updated", "replaced", "deleted", "same"] as const).map((k) => `${result[k].length} ${k}`).join(", ");
    console.log(`  ${counts}; ${requests} HTTP request(s)`);
}

function expect(condition: boolean, message: string): void {
    if (!condition) throw new Error(`demo: ${message}`);
}

async function main(): Promise<void> {
    assertBuilt();
    ensureSelfLink();
    const emu = await Emulator.start();
    // Credentials travel as environment variables, the fallback the providers and lookups read at call time.
    const env = {
        OBSERVABILITY_API_KEY: emu.credentials.apiKey,
        OBSERVABILITY_KEY_ID: emu.credentials.keyId,
        OBSERVABILITY_KEY_SECRET: emu.credentials.keySecret,
    };
    Object.assign(process.env, env);
    const config: Record<string, string> = {
        ...readStackConfig(path.join(REPO_ROOT, "Pulumi.dev.yaml")),
        "observability:apiUrl": emu.url,
        "observability:cloudUrl": emu.url,
        "demo:savedSearchId": emu.fixtures.savedSearch.id,
    };
    console.log(`Emulator on ${emu.url}; stack ${PROJECT}/${STACK}; program ${path.relative(REPO_ROOT, PROGRAM)}`);
    const host = await ProviderHost.start({ config, env, project: PROJECT });
    const engine = new Engine(host, { project: PROJECT, stack: STACK });
    const run = async (title: string, step: () => Promise<RunResult>) => {
        emu.clearRequests();
        const result = await step();
        report(title, result, emu.requests.length);
        return result;
    };
    try {
        const created = await run("pulumi up (create)", () => runProgram({ program: PROGRAM, engine, config, project: PROJECT, stack: STACK }));
        expect(created.created.length === 4, "the first up creates the dashboard and three alerts");

        config["demo:errorThreshold"] = "150";
        const updated = await run("pulumi up (demo:errorThreshold 100 → 150)", () =>
            runProgram({ program: PROGRAM, engine, config, project: PROJECT, stack: STACK }),
        );
        expect(updated.updated.join() === "errors-high" && updated.same.length === 3, "only the error alert is updated, in place");

        const refreshed = await run("pulumi refresh", () => engine.refresh());
        expect(refreshed.updated.length === 0 && refreshed.deleted.length === 0, "refresh finds no drift");
        const preview = await run("pulumi preview (after refresh)", () =>
            runProgram({ program: PROGRAM, engine, config, project: PROJECT, stack: STACK, mode: "preview" }),
        );
        expect(preview.same.length === 4, "nothing to do after a refresh");

        await run("pulumi destroy", () => engine.destroy());
        const { dashboards, alerts } = emu.inventory().selfHosted;
        expect(dashboards.count === 0 && alerts.count === 0, "destroy leaves nothing behind");
        console.log("\nDemo complete: create, in-place update, clean refresh and destroy all behaved.");
    } finally {
        await host.close();
        await emu.close();
    }
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
});
