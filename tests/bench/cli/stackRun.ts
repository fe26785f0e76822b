/**
 * One host's run of the bench's stack through the real CLI (`npm run bench -- --engine cli`): a fresh emulator, a stack
 * of the engine suite's kind ({@link CliStack}, private backend and home), the program of the host (the SDK's classes
 * through Pulumi's dynamic-provider host, or Pulumi YAML through the provider plugin found on `PATH`), then `up`,
 * `preview --expect-no-changes` and `refresh`, each timed and its process tree sampled ({@link ProcessTreeSampler}).
 */
import { readdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { DOCUMENTED_RATE_LIMITS, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../harness/paths";
import { CliStack, type Operation } from "../../realengine/cliStack";
import { pathWithPlugin, pluginBinFolder, yamlProject } from "../../realengine/plugin";
import type { PulumiCli } from "../../realengine/pulumiCli";
import { emulatorTarget, type Target } from "../../realengine/targets";
import { bigStack, inventoryProblems, type ProviderTexts, resourceCount, type StackSize } from "../../support/bigStack";
import { lowerBoundMs, stampArrivals } from "../measure";
import { RAISED_LIMITS } from "../scale";
import { ProcessTreeSampler, type TreeFigures } from "./processTree";
import { countProblems, type RealServer } from "./realServer";
import { API_OF, selfHostedSpec, stackSpec, type StackSpec, yamlProgram } from "./stackSpec";

/** The two ways the CLI runs the providers. */
export type HostKind = "dynamic" | "plugin";

/** The host's name in tables. */
export const HOST_LABEL: Record<HostKind, string> = { dynamic: "dynamic-provider host", plugin: "provider plugin" };

/** The TypeScript program of the dynamic-provider host. */
const PROGRAM_DIR = path.join(REPO_ROOT, "tests", "bench", "cli", "program");

/** `observability:pollIntervalMs` of every run, as the engine model's bench sets it. */
const POLL_INTERVAL_MS = "1000";

/** What one command cost. */
export interface CommandFigures {
    wallMs: number;
    /** HTTP requests the emulator received during the command; null against a real server, whose requests the bench does not see. */
    requests: number | null;
    /** From the command's start to the first and to the last request the emulator received (none: undefined). */
    firstRequestMs?: number;
    lastRequestMs?: number;
    /** Each request: ms from the command's start, API, method, path (ids as `:id`), status. */
    requestLog: [number, string, string, string, number][];
    /** Resources the command reported, by step (`create`, `same`, …). */
    steps: Record<string, number>;
    /** The provider process(es): CPU (sum), peak memory (largest), how many ran. */
    provider: { cpuMs: number; peakRssBytes: number; processes: number };
    /** The `pulumi` process itself. */
    cli: { cpuMs: number; peakRssBytes: number };
    /** Everything else of the tree by role: language host, program, the dynamic host's launcher. */
    others: Record<string, { cpuMs: number; peakRssBytes: number }>;
    tree: Omit<TreeFigures, "processes">;
    /** Every process of the tree, as sampled. */
    processes: TreeFigures["processes"];
}

/** What one host's run of one size cost. */
export interface StackRunFigures {
    host: HostKind;
    /** What the stack ran against: the emulator (the whole stack), or a real self-hosted server (its self-hosted part). */
    target: "emulator" | "real-server";
    resources: number;
    /** `documented`: the emulator's documented limits, the providers' defaults; `raised`: no limit on either side. */
    limits: "documented" | "raised";
    parallel: number | "default";
    /** Whether the file backend wrote the state only at each command's end (`PULUMI_SKIP_CHECKPOINTS`). */
    skipCheckpoints: boolean;
    create: CommandFigures & { lowerBoundMs: number; inventoryProblems: string[] };
    preview: CommandFigures;
    /** The profiled preview, when asked: its figures (the profiler's cost included) and its provider's profiles. */
    profiledPreview?: CommandFigures & { providerProfiles: string[] };
    refresh: CommandFigures;
    /** Against a real server: the destroy that empties its team again, and what the team still holds after it. */
    destroy?: CommandFigures & { leftBehind: string[] };
}

/**
 * Names a process of a command's tree by its command line: `cli` (the `pulumi` process), `provider` (the plugin, or
 * the dynamic-provider host's node process), `provider launcher` (the dynamic host's shell script and the node it runs
 * to find the host's script), `language host` (with the tools the Node.js host runs: npm, `node -e`), `program`.
 */
export function roleOf(command: string): string {
    if (/pulumi-resource-pulumi-nodejs|require\.resolve\('@pulumi\/pulumi\/cmd\/dynamic-provider'\)/.test(command)) return "provider launcher";
    if (/pulumi-resource-observability|dist\/provider\/plugin\/main\.js|cmd\/dynamic-provider\/index\.js/.test(command)) return "provider";
    if (/@pulumi\/pulumi\/cmd\/run|run-plugin/.test(command)) return "program";
    if (/pulumi-language-(nodejs|yaml)|^npm\b|^node (-e|--version)/.test(command)) return "language host";
    if (/(^|\/)pulumi( |$)/.test(command)) return "cli";
    return "other";
}

/**
 * The provider processes the engine ran for the deployment are given the engine's address, as the language hosts are;
 * any other (the plugin that the CLI runs on an address of its own to load the package's schema for Pulumi YAML) is
 * named `provider (schema)`.
 */
function withSchemaLoaders(processes: TreeFigures["processes"]): TreeFigures["processes"] {
    const address = (p: { command: string }) => p.command.split(" ").pop();
    const engineAddresses = new Set(processes.filter((p) => p.role === "language host").map(address));
    return processes.map((p) => (p.role === "provider" && !engineAddresses.has(address(p)) ? { ...p, role: "provider (schema)" } : p));
}

/** The least time the stack's create can take under the documented limits (one POST per resource; measure.ts). */
export function createLowerBoundMs(spec: StackSpec): number {
    const perApi: Record<string, number> = {};
    for (const r of spec) perApi[API_OF[r.type] as string] = (perApi[API_OF[r.type] as string] ?? 0) + 1;
    return Math.max(0, ...Object.entries(perApi).map(([api, n]) => lowerBoundMs(n, DOCUMENTED_RATE_LIMITS[api as keyof typeof DOCUMENTED_RATE_LIMITS])));
}

/** Runs a command of the stack with its tree sampled, and what it cost. */
async function measured(target: Target, run: (started: (pid: number) => void) => Promise<Operation>): Promise<CommandFigures> {
    target.clearRequests();
    const requests = target.emulator?.requests ?? [];
    const arrivals = stampArrivals(requests);
    let sampler: ProcessTreeSampler | undefined;
    const started = performance.now();
    const operation = await run((pid) => (sampler = new ProcessTreeSampler(pid, roleOf)));
    const wallMs = performance.now() - started;
    const times = arrivals.of(requests).map((t) => t - started);
    const requestLog = requests.map((r, i): [number, string, string, string, number] => [
        Math.round(times[i] ?? -1),
        r.api,
        r.method,
        r.path.replace(/\/[0-9a-f-]{20,}(?=\/|$)/g, "/:id"),
        r.status,
    ]);
    const { processes: sampled, ...tree } = (sampler as ProcessTreeSampler).stop();
    const processes = withSchemaLoaders(sampled);
    const byRole = (role: string) => processes.filter((p) => p.role === role);
    const sum = (role: string) => ({
        cpuMs: byRole(role).reduce((s, p) => s + p.cpuMs, 0),
        peakRssBytes: Math.max(0, ...byRole(role).map((p) => p.peakRssBytes)),
    });
    const steps: Record<string, number> = {};
    for (const step of operation.steps) steps[step.op] = (steps[step.op] ?? 0) + 1;
    const otherRoles = [...new Set(processes.map((p) => p.role))].filter((r) => r !== "provider" && r !== "cli");
    return {
        wallMs,
        requests: target.requests()?.length ?? null,
        ...(times.length > 0 ? { firstRequestMs: Math.min(...times), lastRequestMs: Math.max(...times) } : {}),
        steps,
        provider: { ...sum("provider"), processes: byRole("provider").length },
        cli: sum("cli"),
        others: Object.fromEntries(otherRoles.map((r) => [r, sum(r)])),
        tree,
        processes,
        requestLog,
    };
}

/** The profiles (`CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile`) the given processes wrote into `dir`. */
function profilesOf(dir: string, processes: readonly { pid: number }[]): string[] {
    const pids = new Set(processes.map((p) => String(p.pid)));
    return readdirSync(dir)
        .filter((file) => file.endsWith(".cpuprofile") && pids.has(file.split(".")[3] ?? ""))
        .map((file) => path.join(dir, file));
}

/**
 * A folder holding a `node` that profiles the provider processes only: Node 20 refuses `--cpu-prof` in `NODE_OPTIONS`,
 * so a command's `PATH` starts with this folder, whose `node` (a shell script) adds `--cpu-prof` when it runs the
 * plugin (whose `#!/usr/bin/env node` finds it) or the dynamic-provider host's script, and runs every other node as
 * it is.
 * @param dir where the profiles go
 */
function profilingNode(cli: PulumiCli, dir: string): string {
    const folder = cli.scratch("profiling-node");
    const script = [
        "#!/bin/sh",
        `case "$1" in *pulumi-resource-observability|*dist/provider/plugin/main.js|*cmd/dynamic-provider/index.js)`,
        `  exec ${JSON.stringify(process.execPath)} --cpu-prof --cpu-prof-dir=${JSON.stringify(dir)} "$@" ;;`,
        "esac",
        `exec ${JSON.stringify(process.execPath)} "$@"`,
        "",
    ].join("\n");
    writeFileSync(path.join(folder, "node"), script, { mode: 0o755 });
    return folder;
}

/** How a run goes. */
export interface StackRunOptions {
    host: HostKind;
    size: StackSize;
    providers: ProviderTexts;
    limits: "documented" | "raised";
    /** `--parallel` of every command; the CLI's own default when absent. */
    parallel?: number;
    /**
     * `PULUMI_SKIP_CHECKPOINTS=true` for every command: the file backend then writes the state once at the end of a
     * command instead of after each step (the whole state each time, quadratic in the stack: at 2,000 resources the
     * CLI spent over six minutes of CPU on it within 21 minutes of a create, before it was stopped). A preview writes
     * none either way.
     */
    skipCheckpoints?: boolean;
    /**
     * After the measured preview, a second no-change preview with its provider processes profiled (`node --cpu-prof`,
     * {@link profilingNode}) into this folder; their profiles are named in the figures.
     */
    profileDir?: string;
    /**
     * A real self-hosted server to run the stack's self-hosted part against (documented limits only), instead of a fresh
     * emulator; the run then destroys the stack, so that the team is empty again.
     */
    server?: RealServer;
    /** Called with each step's summary line. */
    log(line: string): void;
}

/** A command's requests for a log line: the count, or that the server does not show them. */
function requestsText(figures: CommandFigures): string {
    return figures.requests === null ? "unknown requests" : `${figures.requests} request(s)`;
}

/**
 * Creates the stack on a fresh emulator through the host, previews it without change, and refreshes it once the
 * create's rate-limit windows are over (documented limits), then destroys nothing: the emulator and the stack's
 * backend are thrown away. Against a real server ({@link StackRunOptions.server}) the same with the stack's
 * self-hosted part, which is then destroyed.
 */
export async function stackRun(cli: PulumiCli, options: StackRunOptions): Promise<StackRunFigures> {
    const { host, size, limits, server } = options;
    if (server && limits !== "documented") throw new Error("a real server runs at its own limits only");
    const target = server?.target ?? (await emulatorTarget({ fixtures: "seeded", rateLimits: limits === "documented" }));
    const emu = target.emulator;
    const stackName = `bench-${host}-${resourceCount(size)}`;
    let stack: CliStack | undefined;
    try {
        const { declared, expected } = bigStack(server?.fixtures ?? (emu as Emulator), options.providers, size);
        const spec = server ? selfHostedSpec(stackSpec(declared)) : stackSpec(declared);
        const held = { dashboards: spec.filter((r) => r.type === "Dashboard").length, alerts: spec.filter((r) => r.type === "Alert").length };
        const teamProblems = async (want: Record<string, number>) => countProblems(await target.selfHostedCounts(), want);
        let pathEnv = [path.dirname(cli.cli.path), process.env.PATH ?? ""].join(path.delimiter);
        const checkpoints: NodeJS.ProcessEnv = options.skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {};
        if (host === "dynamic") {
            stack = await CliStack.init(cli, { projectDir: PROGRAM_DIR, stack: stackName, env: checkpoints });
            const specFile = path.join(cli.scratch("spec"), "stack.json");
            writeFileSync(specFile, JSON.stringify(spec));
            await stack.configSet("bench:specFile", specFile);
        } else {
            const projectDir = yamlProject(cli, "bench-yaml", yamlProgram(spec, "bench-cli-yaml"), false);
            const env = pathWithPlugin(cli, pluginBinFolder(cli));
            pathEnv = env.PATH as string;
            stack = await CliStack.init(cli, { projectDir, stack: stackName, env: { ...env, ...checkpoints } });
        }
        await stack.configure(target.config());
        await stack.configSet("observability:pollIntervalMs", POLL_INTERVAL_MS);
        if (limits === "raised") for (const [key, value] of Object.entries(RAISED_LIMITS)) await stack.configSet(key, value);

        const args = options.parallel === undefined ? [] : ["--parallel", String(options.parallel)];
        const s = stack;
        const label = `${HOST_LABEL[host]}, ${spec.length} resources${server ? ", real self-hosted server" : ""}`;
        // The create starts with fresh rate-limit windows: the bound counts whole windows from the command's start. The
        // emulator's are restarted; a real server's run on its own clock, so the bench waits for its next one.
        if (server) {
            options.log("waiting for the key's next rate-limit window to begin");
            await server.freshWindow();
        } else if (emu && limits === "documented") emu.rateLimits.reset();
        const create = await measured(target, (started) => s.up({ args, started }));
        const createEnded = performance.now();
        // Against a real server, the team's lists: 6 requests of the bench's own, between the create and the preview.
        const problems = emu ? inventoryProblems(emu, expected) : await teamProblems(held);
        options.log(`${label}: created ${create.steps.create ?? 0} in ${(create.wallMs / 1000).toFixed(1)} s, ${problems.length} inventory problem(s)`);

        const preview = await measured(target, (started) => s.preview({ expectNoChanges: true, args, started }));
        options.log(
            `${label}: preview ${requestsText(preview)} in ${(preview.wallMs / 1000).toFixed(1)} s, provider ` +
                `${(preview.provider.cpuMs / spec.length).toFixed(2)} ms CPU per resource and ${(preview.provider.peakRssBytes / 2 ** 20).toFixed(0)} MiB, ` +
                `CLI ${(preview.cli.cpuMs / spec.length).toFixed(2)} ms and ${(preview.cli.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
        );
        let profiledPreview: StackRunFigures["profiledPreview"];
        const profileDir = options.profileDir;
        if (profileDir) {
            const env = { PATH: [profilingNode(cli, profileDir), pathEnv].join(path.delimiter) };
            const figures = await measured(target, (started) => s.preview({ expectNoChanges: true, args, started, env }));
            profiledPreview = {
                ...figures,
                providerProfiles: profilesOf(
                    profileDir,
                    figures.processes.filter((p) => p.role === "provider"),
                ),
            };
            options.log(`${label}: profiled preview, ${profiledPreview.providerProfiles.length} provider profile(s) in ${profileDir}`);
        }

        if (limits === "documented") {
            // The refresh is measured on its own: once the create's windows are over on both APIs.
            const windowsOver = createEnded + Math.max(...Object.values(DOCUMENTED_RATE_LIMITS).map((l) => l.windowMs)) + 500;
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowsOver - performance.now())));
        }
        const refresh = await measured(target, (started) => s.refresh({ args, started }));
        options.log(`${label}: refresh ${requestsText(refresh)} in ${(refresh.wallMs / 1000).toFixed(1)} s`);
        let destroy: StackRunFigures["destroy"];
        if (server) {
            const figures = await measured(target, (started) => s.destroy({ started }));
            destroy = { ...figures, leftBehind: await teamProblems({ dashboards: 0, alerts: 0 }) };
            options.log(
                `${label}: destroyed ${figures.steps.delete ?? 0} in ${(figures.wallMs / 1000).toFixed(1)} s, ${destroy.leftBehind.length} problem(s) left`,
            );
        }
        return {
            host,
            target: server ? "real-server" : "emulator",
            resources: spec.length,
            limits,
            parallel: options.parallel ?? "default",
            skipCheckpoints: options.skipCheckpoints ?? false,
            create: { ...create, lowerBoundMs: createLowerBoundMs(spec), inventoryProblems: problems },
            preview,
            ...(profiledPreview ? { profiledPreview } : {}),
            refresh,
            ...(destroy ? { destroy } : {}),
        };
    } finally {
        await stack?.remove();
        if (!server) await target.close();
    }
}
