/**
 * `npm run bench -- --engine cli`: the bench's stack through the real Pulumi CLI (the `pulumi` on `PATH`, with its
 * Node.js and YAML language hosts), both hosts side by side: the SDK's classes through Pulumi's dynamic-provider host,
 * and a Pulumi YAML program through the provider plugin `pulumi-resource-observability` (found on `PATH`, as the
 * package's `bin` installs it). Per run and host: the 200-resource stack created at the CLI's default parallelism
 * against the emulator with its documented limits, a no-change preview, and a refresh once the create's windows are
 * over. `--profile` runs only the CPU profile of each host's provider process in a no-change preview of 2,000
 * resources (`node --cpu-prof`; the profiles go to `.bench/profiles/<host>/`, a summary of self time is printed).
 * `--scale` adds the same stack at 2,000 and 10,000 resources with the limits raised (`--factors 10` for 2,000
 * only), `--parallel 64` as the engine model's scale run. Prints a table and the targets, and writes every
 * figure to `.bench/cli-results.json`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../harness/paths";
import { PulumiCli, pulumiOnPath } from "../../realengine/pulumiCli";
import { FULL_SIZE, type ProviderTexts, QUICK_SIZE, resourceCount, sdkProviderTexts } from "../../support/bigStack";
import { printProfile, summarizeProfile } from "./cpuProfile";
import { SCALE_PARALLEL, scaledSize } from "../scale";
import { cliTargets, printCliTable, printTargets } from "./report";
import { HOST_LABEL, type HostKind, stackRun, type StackRunFigures } from "./stackRun";

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
    /** `--profile`: only a CPU profile of each host's provider process in the no-change preview of 2,000 resources. */
    profile: boolean;
    out: string;
}

/** The default factors of `--scale`. */
export const CLI_SCALE_FACTORS = [10, 50];

/** The profile runs: per host, 2,000 resources (limits raised), the no-change preview's provider process profiled. */
async function profileRuns(cli: PulumiCli, args: CliBenchArgs, providers: ProviderTexts, log: (line: string) => void): Promise<void> {
    const size = scaledSize(args.quick ? 1 : PROFILE_FACTOR);
    for (const host of args.hosts) {
        const profileDir = path.join(path.dirname(args.out), "profiles", host);
        fs.rmSync(profileDir, { recursive: true, force: true });
        fs.mkdirSync(profileDir, { recursive: true });
        const run = await stackRun(cli, { host, size, providers, limits: "raised", parallel: SCALE_PARALLEL, profileDir, log });
        const profiles = run.preview.providerProfiles ?? [];
        log(
            `${HOST_LABEL[host]}: preview provider CPU ${run.preview.provider.cpuMs} ms (profiled), ${profiles.length} provider profile(s) in ${path.relative(REPO_ROOT, profileDir)}`,
        );
        for (const file of profiles) printProfile(`${HOST_LABEL[host]}, ${run.resources} resources, ${path.basename(file)}`, summarizeProfile(file));
    }
}

/** The profile run's multiple of the 200-resource stack: 2,000 resources. */
const PROFILE_FACTOR = 10;

/** Runs the CLI bench; resolves to whether every run created its stack whole and previewed without a request. */
export async function cliBench(args: CliBenchArgs): Promise<boolean> {
    const found = cliForBench();
    const providers = await sdkProviderTexts();
    const cli = new PulumiCli(found);
    const size = args.quick ? QUICK_SIZE : FULL_SIZE;
    const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);
    console.log(`bench --engine cli: ${found.version} at ${found.path}; ${resourceCount(size)} resources, ${args.runs} run(s), hosts ${args.hosts.join(", ")}`);
    const all: StackRunFigures[] = [];
    try {
        if (args.profile) {
            await profileRuns(cli, args, providers, log);
            return true;
        }
        for (let run = 1; run <= args.runs; run++) {
            for (const host of args.hosts) all.push(await stackRun(cli, { host, size, providers, limits: "documented", log }));
        }
        if (args.scale) {
            for (const factor of args.factors) {
                for (const host of args.hosts) {
                    all.push(await stackRun(cli, { host, size: scaledSize(factor), providers, limits: "raised", parallel: SCALE_PARALLEL, log }));
                }
            }
        }
    } finally {
        cli.dispose();
    }
    printCliTable(all);
    const targets = cliTargets(all, resourceCount(scaledSize(Math.max(...CLI_SCALE_FACTORS))));
    printTargets(targets);
    const environment = {
        pulumi: found.version,
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadAverage: os.loadavg(),
        sdk: (require("@pulumi/pulumi/package.json") as { version: string }).version,
    };
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    fs.writeFileSync(args.out, `${JSON.stringify({ date: new Date().toISOString(), environment, targets, runs: all }, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(REPO_ROOT, args.out)}`);
    return all.every((r) => r.create.inventoryProblems.length === 0 && (r.create.steps.create ?? 0) === r.resources && r.preview.requests === 0);
}
