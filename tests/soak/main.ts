/**
 * `npm run soak -- --model [--runs N] [--max-commands C] [--max-minutes M] [--seed S]`: the model-based test of whole
 * stacks (tests/model) with many more seeded sequences than `npm test` runs; stops after N runs or M minutes.
 *
 * `npm run soak [-- --loops N] [-- --max-minutes M] [-- --quick] [-- --seed S]`: resilience of the providers through
 * Pulumi's own dynamic-provider host, against the emulator injecting faults into 20 % of all requests (5xx, a
 * connection dropped before or after the change was applied, answers slower than the client's request timeout).
 *
 * Each loop applies the 200-resource stack, updates one field of every resource, and destroys it. After every step
 * the emulator must hold exactly the declared stack (no duplicate, no orphan, the updated values) or nothing after
 * destroy. A step that fails because a retry budget ran out is run again, as a user would run `pulumi up` again;
 * such reruns are counted. Rate limits are off (emulator and client), so that the run stays short: the limits are
 * the benchmark's subject, faults are this one's.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Emulator } from "../emulator";
import { Engine, RunResult } from "../harness/engine";
import { HostCallError, ProviderHost, type ConfigValue } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import { emulatorConfig, withoutSettingsEnv } from "../support/emulatorConfig";
import { runModel } from "../model/run";
import { bigStack, Expectation, FULL_SIZE, inventoryProblems, QUICK_SIZE, remoteObjects, resourceCount, sdkProviderTexts } from "../support/bigStack";

const FAULT_RATE = 0.2;
/** The client gives up on one exchange after this long... */
const REQUEST_TIMEOUT_MS = 2000;
/** ...and a `slow` fault answers later than that (the server still applies the change). */
const SLOW_MS = 3000;
/** Steps at once: fixed, so that the soak's figures do not depend on the machine's CPU count. */
const SOAK_PARALLEL = 16;
/** How often a failed step is run again before the soak gives up on it. */
const MAX_RERUNS = 5;

interface StepFigures {
    loop: number;
    step: "create" | "update" | "destroy";
    /** Runs of the step (1 = it succeeded the first time). */
    runs: number;
    succeeded: boolean;
    /** Errors of the runs that failed, shortened. */
    errors: string[];
    /** Inventory problems after the last run (must be empty). */
    problems: string[];
    /** Duplicates seen after any run, also a failed one (must be empty). */
    duplicates: string[];
    wallMs: number;
}

interface Counters {
    /** Provider operations the engine asked for (create, update, delete), each counted once per call. */
    attempted: Record<string, number>;
    /** Of those, the calls that failed. */
    failed: Record<string, number>;
}

interface SoakArgs {
    loops: number;
    maxMinutes: number;
    quick: boolean;
    seed: number;
    out: string;
    /** Run the model-based test instead of the fault soak. */
    model: boolean;
    /** Model sequences to run. */
    runs: number;
    /** Most commands in one model sequence. */
    maxCommands: number;
}

function parseArgs(argv: string[]): SoakArgs {
    const args: SoakArgs = {
        loops: 3,
        maxMinutes: 15,
        quick: false,
        seed: 7,
        out: path.join(REPO_ROOT, ".bench", "soak.json"),
        model: false,
        runs: 200,
        maxCommands: 40,
    };
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === "--model") args.model = true;
        else if (arg === "--runs") args.runs = Number(argv[++i]);
        else if (arg === "--max-commands") args.maxCommands = Number(argv[++i]);
        else if (arg === "--loops") args.loops = Number(argv[++i]);
        else if (arg === "--max-minutes") args.maxMinutes = Number(argv[++i]);
        else if (arg === "--quick") args.quick = true;
        else if (arg === "--seed") args.seed = Number(argv[++i]);
        else if (arg === "--out") args.out = path.resolve(argv[++i] ?? "");
        else throw new Error(`unknown argument ${arg} (use --loops N, --max-minutes M, --quick, --seed S, --out FILE; or --model, --runs N, --max-commands C)`);
    }
    if (!(Number.isInteger(args.loops) && args.loops >= 1)) throw new Error("--loops needs a positive integer");
    if (!(Number.isInteger(args.runs) && args.runs >= 1)) throw new Error("--runs needs a positive integer");
    if (!(Number.isInteger(args.maxCommands) && args.maxCommands >= 2)) throw new Error("--max-commands needs an integer of at least 2");
    if (!(args.maxMinutes > 0)) throw new Error("--max-minutes needs a positive number");
    return args;
}

/** Counts the host's create, update and delete calls and their failures. */
function countOperations(host: ProviderHost): Counters {
    const counters: Counters = { attempted: {}, failed: {} };
    for (const method of ["create", "update", "delete"] as const) {
        const original = host[method] as (...args: unknown[]) => Promise<unknown>;
        Object.assign(host, {
            [method]: async (...args: unknown[]) => {
                counters.attempted[method] = (counters.attempted[method] ?? 0) + 1;
                try {
                    return await original.apply(host, args);
                } catch (error) {
                    counters.failed[method] = (counters.failed[method] ?? 0) + 1;
                    throw error;
                }
            },
        });
    }
    return counters;
}

function duplicatesIn(emu: Emulator): string[] {
    const remote = remoteObjects(emu);
    return (["dashboards", "alerts", "pipes"] as const).flatMap((kind) =>
        [...remote[kind]].filter(([, records]) => records.length > 1).map(([name, records]) => `${records.length} ${kind} named ${JSON.stringify(name)}`),
    );
}

function shortError(error: unknown): string {
    const text = error instanceof HostCallError ? error.details : error instanceof Error ? error.message : String(error);
    return text.split("\n")[0]?.slice(0, 300) ?? "";
}

/** Runs a step until it succeeds (at most 1 + MAX_RERUNS times), then checks the emulator against `expected`. */
async function soakStep(emu: Emulator, loop: number, step: StepFigures["step"], run: () => Promise<RunResult>, expected: Expectation[]): Promise<StepFigures> {
    const figures: StepFigures = { loop, step, runs: 0, succeeded: false, errors: [], problems: [], duplicates: [], wallMs: 0 };
    const started = performance.now();
    while (figures.runs <= MAX_RERUNS && !figures.succeeded) {
        figures.runs++;
        try {
            await run();
            figures.succeeded = true;
        } catch (error) {
            figures.errors.push(shortError(error));
        }
        figures.duplicates.push(...duplicatesIn(emu));
    }
    figures.wallMs = performance.now() - started;
    figures.problems = inventoryProblems(emu, expected);
    const status = figures.succeeded && figures.problems.length === 0 ? "ok" : "PROBLEM";
    console.log(
        `loop ${loop} ${step.padEnd(7)} ${status}: ${figures.runs} run(s), ${(figures.wallMs / 1000).toFixed(1)} s` +
            (figures.problems.length > 0 ? `; ${figures.problems.length} problem(s): ${figures.problems.slice(0, 3).join("; ")}` : "") +
            (figures.errors.length > 0 ? `; rerun after: ${figures.errors[0]}` : ""),
    );
    return figures;
}

/** The model-based soak: many seeded sequences, each on a fresh emulator; the first failure stops it with its seed. */
async function modelSoak(args: SoakArgs): Promise<void> {
    console.log(`soak --model: up to ${args.runs} sequence(s) of up to ${args.maxCommands} commands or ${args.maxMinutes} min, seeds from ${args.seed}`);
    const started = performance.now();
    const runs = await runModel({
        seed: args.seed,
        runs: args.runs,
        maxCommands: args.maxCommands,
        timeLimitMs: args.maxMinutes * 60_000,
        progress: (done, seed) => console.log(`sequence ${done} (seed ${seed}) ok, ${((performance.now() - started) / 1000).toFixed(0)} s`),
    });
    console.log(`soak --model: ${runs} sequence(s) passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
    const args = parseArgs(process.argv.slice(2));
    if (args.model) return modelSoak(args);
    const size = args.quick ? QUICK_SIZE : FULL_SIZE;
    const providers = await sdkProviderTexts();
    const emu = await Emulator.start({ rateLimits: false });
    const config: Record<string, ConfigValue> = {
        ...emulatorConfig(emu),
        "observability:requestTimeoutMs": String(REQUEST_TIMEOUT_MS),
        "observability:retryBaseDelayMs": "100",
        "observability:retryBudgetMs": "15000",
        "observability:pollIntervalMs": "100",
        "observability:cloudRateLimit": "10000/1s",
        "observability:selfHostedRateLimit": "10000/1s",
    };
    const host = await ProviderHost.start({ config, env: withoutSettingsEnv(), timeoutMs: 30 * 60_000 });
    const counters = countOperations(host);
    const engine = new Engine(host, { parallel: SOAK_PARALLEL });
    const steps: StepFigures[] = [];
    const deadline = performance.now() + args.maxMinutes * 60_000;
    console.log(
        `soak: ${resourceCount(size)} resources, up to ${args.loops} loop(s) or ${args.maxMinutes} min, faults on ${FAULT_RATE * 100} % of requests ` +
            `(5xx, drop, slow ${SLOW_MS} ms > request timeout ${REQUEST_TIMEOUT_MS} ms), seed ${args.seed}, rate limits off`,
    );
    emu.faults.set({ rate: FAULT_RATE, kinds: ["5xx", "drop", "slow"], slowMs: SLOW_MS, seed: args.seed });
    const started = performance.now();
    try {
        for (let loop = 1; loop <= args.loops && performance.now() < deadline; loop++) {
            const created = bigStack(emu, providers, size, 2 * loop);
            steps.push(await soakStep(emu, loop, "create", () => engine.up(created.declared), created.expected));
            if (performance.now() >= deadline) break;
            const updated = bigStack(emu, providers, size, 2 * loop + 1);
            steps.push(await soakStep(emu, loop, "update", () => engine.up(updated.declared), updated.expected));
            steps.push(await soakStep(emu, loop, "destroy", () => engine.destroy(), []));
        }
    } finally {
        emu.faults.clear();
        await host.close();
        await emu.close();
    }
    const totals = {
        wallMs: performance.now() - started,
        loops: Math.max(0, ...steps.map((s) => s.loop)),
        steps: steps.length,
        requests: emu.requests.length,
        faultsInjected: emu.faults.stats,
        operationsAttempted: counters.attempted,
        operationsFailed: counters.failed,
        stepReruns: steps.reduce((sum, s) => sum + s.runs - 1, 0),
        stepsFailed: steps.filter((s) => !s.succeeded).length,
        inventoryProblems: steps.reduce((sum, s) => sum + s.problems.length, 0),
        duplicates: steps.reduce((sum, s) => sum + s.duplicates.length, 0),
        invalidRequests: emu.invalidRequests.filter((r) => r.rejected).length,
        serverErrors: emu.serverErrors.length,
    };
    console.log(`\n${JSON.stringify(totals, null, 2)}`);
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    fs.writeFileSync(
        args.out,
        JSON.stringify(
            { date: new Date().toISOString(), args, size, faultRate: FAULT_RATE, slowMs: SLOW_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS, totals, steps },
            null,
            2,
        ) + "\n",
    );
    console.log(`wrote ${path.relative(REPO_ROOT, args.out)}`);
    if (totals.stepsFailed > 0 || totals.inventoryProblems > 0 || totals.duplicates > 0 || totals.invalidRequests > 0 || totals.serverErrors > 0) {
        console.error("soak: the emulator did not match the declared stack after every step");
        process.exit(1);
    }
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
});
