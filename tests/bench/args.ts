/**
 * The arguments of `npm run bench` (tests/bench/main.ts), for the engine model and for `--engine cli`.
 */
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { CLI_SCALE_FACTORS } from "./cli/main";
import type { HostKind } from "./cli/stackRun";

/** What `npm run bench` was asked to run. */
export interface Args {
    runs: number;
    quick: boolean;
    scale: boolean;
    out: string;
    /**
     * A real self-hosted server: the engine model runs the shared-key scenarios against it (then nothing else runs),
     * `--engine cli` the stack's self-hosted part.
     */
    server?: { apiUrl: string; apiKey: string };
    /** Only the shared-key scenario of this name. */
    scenario?: string;
    /** `--full`: create the stack on services holding this many dashboards, alerts, saved searches and webhooks each made by hand (fullService.ts). */
    full?: number[];
    /** `--engine`: the engine model (default) or the real CLI. */
    engine: "model" | "cli";
    /** `--factors`: the scale run's multiples of the stack through the CLI. */
    factors: number[];
    /** `--hosts`: the CLI bench's hosts. */
    hosts: HostKind[];
    /** `--profile`: the CLI bench's scale runs preview once more with the provider process profiled. */
    profile: boolean;
    /** `--parallel`: the CLI bench's 200-resource runs pass it to `up`, `preview` and `refresh` (absent: the CLI's default). */
    parallel?: number;
}

/** Every argument, for the message of an unknown one. */
const USAGE =
    "use --runs N, --quick, --scale, --full N,N,…, --out FILE, --api-url URL --api-key KEY, --scenario NAME, --engine model|cli, --factors N,N, --hosts dynamic,plugin, --profile, --parallel N";

/**
 * Reads the bench's arguments; throws saying what is wrong with them.
 * @param argv the arguments after `ts-node tests/bench/main.ts`
 * @param env the environment: `OBSERVABILITY_BENCH_API_URL` and `OBSERVABILITY_BENCH_API_KEY` name a real server
 */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Args {
    const args: Args = {
        runs: 3,
        quick: false,
        scale: false,
        out: path.join(REPO_ROOT, ".bench", "results.json"),
        engine: "model",
        factors: CLI_SCALE_FACTORS,
        hosts: ["dynamic", "plugin"],
        profile: false,
    };
    let out: string | undefined;
    let apiUrl = env.OBSERVABILITY_BENCH_API_URL;
    let apiKey = env.OBSERVABILITY_BENCH_API_KEY;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === "--runs") args.runs = Number(argv[++i]);
        else if (arg === "--quick") args.quick = true;
        else if (arg === "--scale") args.scale = true;
        else if (arg === "--out") out = path.resolve(argv[++i] ?? "");
        else if (arg === "--engine") args.engine = argv[++i] === "cli" ? "cli" : argv[i] === "model" ? "model" : fail(`--engine ${argv[i]}: use model or cli`);
        else if (arg === "--profile") args.profile = true;
        else if (arg === "--factors") args.factors = (argv[++i] ?? "").split(",").map(Number);
        else if (arg === "--hosts") args.hosts = (argv[++i] ?? "").split(",").map((h) => (h === "dynamic" || h === "plugin" ? h : fail(`--hosts: ${h}?`)));
        else if (arg === "--api-url") apiUrl = argv[++i];
        else if (arg === "--api-key") apiKey = argv[++i];
        else if (arg === "--scenario") args.scenario = argv[++i];
        else if (arg === "--full") args.full = (argv[++i] ?? "").split(",").map(Number);
        else if (arg === "--parallel") args.parallel = Number(argv[++i]);
        else throw new Error(`unknown argument ${arg} (${USAGE})`);
    }
    if (!(Number.isInteger(args.runs) && args.runs >= 0)) throw new Error("--runs needs a whole number (0: only the shared-key and --scale runs)");
    if (args.full && !args.full.every((n) => Number.isInteger(n) && n >= 0)) throw new Error("--full needs whole numbers, e.g. --full 0,1000,10000");
    if ((apiUrl === undefined) !== (apiKey === undefined)) throw new Error("--api-url and --api-key go together");
    if (apiUrl !== undefined && apiKey !== undefined) args.server = { apiUrl: apiUrl.replace(/\/$/, ""), apiKey };
    if (!args.factors.every((n) => Number.isInteger(n) && n > 0)) throw new Error("--factors needs whole numbers, e.g. --factors 10,50");
    if (args.parallel !== undefined) {
        if (args.engine !== "cli") throw new Error("--parallel goes with --engine cli (the engine model creates at the CLI's default and at 64)");
        if (!(Number.isInteger(args.parallel) && args.parallel > 0)) throw new Error("--parallel needs a whole number above 0, e.g. --parallel 64");
    }
    if (args.engine === "cli" && args.server && args.scale)
        throw new Error("--scale runs against the emulator only (its limits raised): leave out --api-url, or --scale");
    args.out = out ?? path.join(REPO_ROOT, ".bench", args.engine === "cli" ? "cli-results.json" : "results.json");
    return args;
}

function fail(message: string): never {
    throw new Error(message);
}
