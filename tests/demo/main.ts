/**
 * `npm run demo`: the root stack (the program `main:` in Pulumi.yaml names, config from Pulumi.dev.yaml) applied
 * against the embedded emulator, started with an empty team, through Pulumi's own dynamic-provider host, as
 * `pulumi up --stack dev` would: create the whole environment (its two team members invited), update one changed input in place, refresh with no
 * drift, preview with no change, destroy, and check that the team is empty again. It prints what happened to each
 * resource and exits non-zero when a step does not do what it should.
 */
import path from "node:path";
import { Emulator } from "../emulator";
import type { TeamStore } from "../emulator/store/teamStore";
import { Engine, RunResult, StepRecord } from "../harness/engine";
import { ProviderHost } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { assertBuilt, ensureSelfLink } from "../harness/providerText";
import { projectProgram, readStackConfig } from "../harness/stackFile";

const PROJECT = "observability-demo";
const STACK = "dev";
const PROGRAM = projectProgram(path.join(REPO_ROOT, "Pulumi.yaml"));
/** What a user sets once with `pulumi config set --secret`, as Pulumi.dev.yaml says (the emulator takes any value). */
const SECRETS = { "demo:enginePassword": "demo-engine-password", "demo:oncallToken": "demo-oncall-token" };

const SYMBOL: Record<StepRecord["op"], string> = { create: "+", update: "~", replace: "+-", same: " ", delete: "-", "delete-replaced": "-", refresh: "~" };

function report(title: string, result: RunResult, requests: number): void {
    console.log(`\n${title}`);
    for (const step of result.steps) {
        const [type] = step.urn.split("::").slice(-2);
        const what = step.op === "refresh" ? (step.id === "" ? "gone" : step.changed ? "drifted" : "unchanged") : step.op;
        const symbol = step.op === "refresh" && what === "unchanged" ? "" : SYMBOL[step.op];
        console.log(`  ${symbol.padEnd(2)} ${what.padEnd(9)} ${type.split(":").pop()?.padEnd(11)} ${step.name.padEnd(14)} ${step.id}`);
    }
    const counts = (["created", "updated", "replaced", "deleted", "same"] as const).map((k) => `${result[k].length} ${k}`).join(", ");
    console.log(`  ${counts}; ${requests} HTTP request(s)`);
}

function expect(condition: boolean, message: string): void {
    if (!condition) throw new Error(`demo: ${message}`);
}

/** The team's objects, collection by collection, as `dashboards 1, alerts 2, …`. */
function teamContents(team: TeamStore): string {
    return Object.entries(team.inventory())
        .map(([collection, { count }]) => `${collection} ${count}`)
        .join(", ");
}

async function main(): Promise<void> {
    assertBuilt();
    ensureSelfLink();
    const emu = await Emulator.start({ fixtures: "empty" });
    // Credentials travel as environment variables, the fallback the providers read at call time.
    const env = { OBSERVABILITY_API_KEY: emu.credentials.apiKey };
    Object.assign(process.env, env);
    const config: Record<string, string> = {
        ...readStackConfig(path.join(REPO_ROOT, "Pulumi.dev.yaml")),
        ...SECRETS,
        "observability:apiUrl": emu.url,
    };
    const secretKeys = Object.keys(SECRETS);
    const team = emu.store.selfHosted;
    console.log(`Emulator on ${emu.url}, empty team (${teamContents(team)})`);
    console.log(`Stack ${PROJECT}/${STACK}; program ${path.relative(REPO_ROOT, PROGRAM)}`);
    const host = await ProviderHost.start({ config, env, project: PROJECT });
    const engine = new Engine(host, { project: PROJECT, stack: STACK });
    const up = (mode?: "preview") => runProgram({ program: PROGRAM, engine, config, secretKeys, project: PROJECT, stack: STACK, mode });
    const run = async (title: string, step: () => Promise<RunResult>) => {
        emu.clearRequests();
        const result = await step();
        report(title, result, emu.requests.length);
        return { result, requests: emu.requests.length };
    };
    try {
        const { result: created } = await run("pulumi up (create)", () => up());
        const declared = created.created.length;
        expect(declared === 11 && created.steps.every((step) => step.op === "create"), "the first up creates all eleven resources");
        const made = team.inventory();
        const expected = { connections: 1, sources: 2, savedSearches: 1, webhooks: 2, dashboards: 1, alerts: 2 };
        for (const [collection, count] of Object.entries(expected))
            expect(made[collection].count === count, `the team holds ${count} ${collection} after create`);
        expect(team.invitations.size === 2, "the team's two people are invited");
        console.log(`  team: ${teamContents(team)}`);

        config["demo:errorThreshold"] = "150";
        const { result: updated } = await run("pulumi up (demo:errorThreshold 100 → 150)", () => up());
        expect(updated.updated.join() === "errors-high" && updated.same.length === declared - 1, "only the error alert is updated, in place");
        const errorAlert = [...team.alerts.values()].find((alert) => alert.source === "tile");
        expect(errorAlert?.threshold === 150, "the emulator holds the new threshold");

        const { result: refreshed } = await run("pulumi refresh", () => engine.refresh());
        expect(refreshed.updated.length === 0 && refreshed.deleted.length === 0, "refresh finds no drift");
        const { result: preview, requests } = await run("pulumi preview (after refresh)", () => up("preview"));
        expect(preview.same.length === declared && requests === 0, "a preview after the refresh plans nothing and sends nothing");

        const { result: destroyed } = await run("pulumi destroy", () => engine.destroy());
        expect(destroyed.deleted.length === declared, "destroy deletes every resource");
        const left = Object.entries(team.inventory()).filter(([, { count }]) => count > 0);
        expect(left.length === 0, `destroy leaves the team empty (left: ${left.map(([c, { count }]) => `${count} ${c}`).join(", ")})`);
        expect(team.invitations.size === 0, "destroy revokes the invitations");
        console.log(`  team: ${teamContents(team)}`);
        expect(emu.invalidRequests.length === 0 && emu.serverErrors.length === 0, "every request followed the API documents");
        console.log(
            "\nDemo complete: the environment was created from an empty team, updated in place, refreshed without drift, previewed without change and destroyed; the team is empty again.",
        );
    } finally {
        await host.close();
        await emu.close();
    }
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
});
