/**
 * `npm run bench -- --engine cli`: the bench's stack through the real Pulumi CLI (the `pulumi` on `PATH`, with its
 * Node.js and YAML language hosts), both hosts side by side: the SDK's classes through Pulumi's dynamic-provider host,
 * and a Pulumi YAML program through the provider plugin `pulumi-resource-observability` (found on `PATH`, as the
 * package's `bin` installs it). Per run and host: the 200-resource stack created at the CLI's default parallelism
 * against the emulator with its documented limits, a no-change preview, and a refresh once the create's windows are
 * over. `--scale` adds the same stack at 2,000 and 10,000 resources with the limits raised (`--factors 10` for 2,000
 * only), `--parallel 64` as the engine model's scale run, and the file backend writing the state once per command
 * (`PULUMI_SKIP_CHECKPOINTS`; stackRun.ts says why). Prints a table and the issue's targets, and writes every
 * figure to `.bench/cli-results.json`. With `--profile`, each scale run previews once more with its provider processes
 * profiled (`node --cpu-prof`; `.bench/profiles/<host>-<resources>/`), and the self time of the
 * provider process's profile is printed (`--runs 0 --scale --factors 10 --profile`: 2,000 resources only).
 * `--parallel N` passes `--parallel N` to the 200-resource runs' commands. With `--api-url URL --api-key KEY` the
 * 200-resource runs go against that real self-hosted server instead of the emulator, with the stack's self-hosted part
 * (150 dashboards and alerts; the pipes need the cloud API), each destroyed at its end and each create started at the
 * start of a rate-limit window (realServer.ts); the server's requests are not seen, and are reported as unknown.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../harness/paths";
import { PulumiCli, pulumiOnPath } from "../../realengine/pulumiCli";
import { FULL_SIZE, QUICK_SIZE, resourceCount, sdkProviderTexts } from "../../support/bigStack";
import { printProfile, summarizeProfile } from "./cpuProfile";
import { SCALE_PARALLEL, scaledSize } from "../scale";
import { cliTargets, parallelLabel, printCliTable, printTargets, type TargetLine } from "./report";
import { HOST_LABEL, type HostKind, stackRun, type StackRunFigures } from "./stackRun";
import { realServer } from "./realServer";
import type { LiveServer } from "../../live/server";

/** What `--engine cli` needs, said at once when it is missing. */
export const NO_CLI_BENCH_MESSAGE = [
    "`npm run bench -- --engine cli` runs the Pulumi CLI and found no `pulumi` on PATH.",
    "Install the Pulumi CLI (3.259 or later, with its Node.js and YAML language hosts) and put it first on PATH,",
    "or run `npm run bench` without `--engine cli` for the engine model, which needs no CLI.",
].join(" ");

/** The CLI's own `pulumi`, or the error that says what is needed. */
export function cliForBench(): { path: string; version: string } {
    try {
        return pulumiOnPath();
    } catch {
        throw new Error(NO_CLI_BENCH_MESSAGE);
    }
}

/** The CLI bench's arguments (parsed by the bench's main). */
export interface CliBenchArgs {
    runs: number;
    quick: boolean;
    scale: boolean;
    /** Multiples of the 200-resource stack for `--scale` (default 10 and 50). */
    factors: number[];
    /** The hosts to run (default both). */
    hosts: HostKind[];
    /** `--profile`: each scale run previews once more with its node processes profiled (`.bench/profiles/<host>-<n>/`). */
    profile: boolean;
    /** `--parallel` of the 200-resource runs' commands (absent: not passed, the CLI's default of 4 × CPUs). */
    parallel?: number;
    /** `--api-url`, `--api-key`: the 200-resource runs go against this real self-hosted server, with the stack's self-hosted part. */
    server?: LiveServer;
    out: string;
}

/** The default factors of `--scale`. */
export const CLI_SCALE_FACTORS = [10, 50];

/** Prints the self time of each provider profile of the runs. */
function printProfiles(runs: readonly StackRunFigures[]): void {
    for (const run of runs) {
        for (const file of run.profiledPreview?.providerProfiles ?? []) {
            printProfile(`${HOST_LABEL[run.host]}, no-change preview of ${run.resources} resources, ${path.relative(REPO_ROOT, file)}`, summarizeProfile(file));
        }
    }
}

/** Runs the CLI bench; resolves to whether every run created its stack whole and previewed without a request. */
export async function cliBench(args: CliBenchArgs): Promise<boolean> {
    const found = cliForBench();
    const providers = await sdkProviderTexts();
    const cli = new PulumiCli(found);
    const size = args.quick ? QUICK_SIZE : FULL_SIZE;
    const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
    console.log(
        `bench --engine cli: ${found.version} at ${found.path}; ${resourceCount(size)} resources, ${args.runs} run(s), hosts ${args.hosts.join(", ")}, ` +
            parallelLabel(args.parallel ?? "default"),
    );
    const all: StackRunFigures[] = [];
    const environment = {
        pulumi: found.version,
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        sdk: (require("@pulumi/pulumi/package.json") as { version: string }).version,
        ...(args.server ? { realServer: args.server.apiUrl } : {}),
    };
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    // Written after every run, so that a long run stopped midway keeps what it measured.
    const write = (targets?: TargetLine[]) =>
        fs.writeFileSync(
            args.out,
            `${JSON.stringify({ date: new Date().toISOString(), environment, loadAverage: os.loadavg(), parallel: args.parallel ?? "default", targets, runs: all }, null, 2)}\n`,
        );
    const server = args.server ? await realServer(args.server) : undefined;
    if (server) log(`real self-hosted server ${args.server?.apiUrl}: a log source and a webhook made for the stack; the pipes are left out`);
    try {
        for (let run = 1; run <= args.runs; run++) {
            for (const host of args.hosts) {
                all.push(await stackRun(cli, { host, size, providers, limits: "documented", parallel: args.parallel, server, log }));
                write();
            }
        }
        if (args.scale) {
            for (const factor of args.factors) {
                for (const host of args.hosts) {
                    const profileDir = args.profile ? path.join(path.dirname(args.out), "profiles", `${host}-${resourceCount(scaledSize(factor))}`) : undefined;
                    if (profileDir) {
                        fs.rmSync(profileDir, { recursive: true, force: true });
                        fs.mkdirSync(profileDir, { recursive: true });
                    }
                    all.push(
                        await stackRun(cli, {
                            host,
                            size: scaledSize(factor),
                            providers,
                            limits: "raised",
                            parallel: SCALE_PARALLEL,
                            skipCheckpoints: true,
                            profileDir,
                            log,
                        }),
                    );
                    write();
                }
            }
        }
    } finally {
        await server?.remove();
        cli.dispose();
    }
    printCliTable(all);
    printProfiles(all);
    const targets = cliTargets(all, resourceCount(scaledSize(Math.max(...CLI_SCALE_FACTORS))));
    printTargets(targets);
    write(targets);
    console.log(`\nwrote ${path.relative(REPO_ROOT, args.out)}`);
    return all.every(
        (r) =>
            r.create.inventoryProblems.length === 0 &&
            (r.create.steps.create ?? 0) === r.resources &&
            (r.preview.requests ?? 0) === 0 &&
            (r.destroy?.leftBehind.length ?? 0) === 0,
    );
}
