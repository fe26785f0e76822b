/**
 * The Pulumi CLI as a user runs it, driven by the engine suite (`npm run test:engine`): the `pulumi` on `PATH`, a file
 * backend and passphrase secrets in a folder of the run's own (nothing leaves the machine), and a stack per program
 * whose configuration lives in that folder too (`--config-file`), so that no run writes into the repository's
 * `Pulumi.<stack>.yaml` files. Every command is counted per program, and each `up`, `preview`, `refresh`, `destroy` and
 * `import` writes the engine's own event log (`--event-log`), from which {@link stepsOf} reads what the engine did to
 * each resource.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { findPulumi } from "../../tools/engine/onPath";

/** The failure of a suite run without the CLI, and what it needs. */
export const NO_CLI_MESSAGE = [
    "the engine suite runs the Pulumi CLI itself and found no `pulumi` on PATH.",
    "Install the Pulumi CLI (3.259 or later, with its Node.js and YAML language hosts), put it first on PATH, and run",
    "`npm run test:engine` again.",
].join(" ");

/** The `pulumi` executable on `PATH` and its version; throws {@link NO_CLI_MESSAGE} when there is none. */
export function pulumiOnPath(): { path: string; version: string } {
    const file = findPulumi();
    if (!file) throw new Error(NO_CLI_MESSAGE);
    const version = spawnSync(file, ["version"], { encoding: "utf8", env: quietEnv(process.env) });
    if (version.status !== 0) throw new Error(`${file} version failed: ${version.stderr.trim()}. ${NO_CLI_MESSAGE}`);
    return { path: file, version: version.stdout.trim() };
}

/** The environment every command runs with: no update check, no plugin downloads, no stray credentials. */
function quietEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...base };
    for (const key of Object.keys(env)) if (key.startsWith("OBSERVABILITY_") || key.startsWith("PULUMI_")) delete env[key];
    return {
        ...env,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
        PULUMI_SKIP_CONFIRMATIONS: "true",
        NO_COLOR: "1",
        // Makes `--event-log` available, as Pulumi's Automation API does.
        PULUMI_DEBUG_COMMANDS: "true",
    };
}

/** What one command did. */
export interface CliResult {
    /** The command line after `pulumi`, for messages. */
    args: string[];
    code: number | null;
    stdout: string;
    stderr: string;
    /** The engine events it logged (empty for commands without an event log). */
    events: EngineEvent[];
}

/** One line of the engine's event log, by the fields this suite reads. */
export interface EngineEvent {
    sequence?: number;
    resourcePreEvent?: { metadata: StepMetadata };
    resOutputsEvent?: { metadata: StepMetadata };
    resOpFailedEvent?: { metadata: StepMetadata };
    diagnosticEvent?: { urn?: string; message: string; severity: string; prefix?: string };
    summaryEvent?: { resourceChanges?: Record<string, number> };
}

/** A step of the engine, as its event log describes it. */
export interface StepMetadata {
    op: string;
    urn: string;
    type: string;
    old?: { id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> } | null;
    new?: { id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> } | null;
    detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }> | null;
    diffs?: string[];
    keys?: string[];
}

/** A step the engine finished, per resource: `create`, `update`, `same`, `delete`, `replace`, … with its order. */
export interface Step {
    /** The resource's name (the last part of its URN). */
    name: string;
    /** The resource's type token. */
    type: string;
    op: string;
    urn: string;
    /** The resource's id after the step, when the event says it. */
    id?: string;
}

/** Where a command runs and what it adds to the environment. */
export interface RunOptions {
    cwd: string;
    /** Variables for this command only. */
    env?: NodeJS.ProcessEnv;
    /** Resolve with a non-zero exit code instead of throwing. */
    allowFailure?: boolean;
    /** Written to the command's standard input, which is otherwise closed. */
    input?: string;
    /** Called once the command started, with its process id (a test that kills the command mid-run). */
    started?: (pid: number) => void;
}

/**
 * One run of the suite: a private backend, secrets passphrase and Pulumi home; the commands it ran, counted per program.
 */
export class PulumiCli {
    /** How many commands ran, per program (the project folder relative to the repository, or its name). */
    readonly commandsPerProgram = new Map<string, number>();
    private readonly root: string;
    private readonly baseEnv: NodeJS.ProcessEnv;

    /** @param cli the `pulumi` executable and its version ({@link pulumiOnPath}) */
    constructor(readonly cli: { path: string; version: string } = pulumiOnPath()) {
        this.root = mkdtempSync(path.join(tmpdir(), "observability-engine-"));
        const backend = path.join(this.root, "backend");
        const home = path.join(this.root, "home");
        mkdirSync(backend);
        mkdirSync(home);
        this.baseEnv = {
            ...quietEnv(process.env),
            PULUMI_BACKEND_URL: `file://${backend}`,
            PULUMI_CONFIG_PASSPHRASE: "engine-suite-passphrase",
            PULUMI_HOME: home,
            PATH: `${path.dirname(cli.path)}${path.delimiter}${process.env.PATH ?? ""}`,
        };
    }

    /** A new folder under the run's own, for config files, event logs and programs the suite writes. */
    scratch(name: string): string {
        return mkdtempSync(path.join(this.root, `${name.replace(/[^\w.-]/g, "_")}-`));
    }

    /**
     * Runs `pulumi <args>`; rejects with the command, its exit code and its output's tail when it fails (unless
     * `allowFailure`).
     * @param program the program the command belongs to, for the per-program count
     * @param args the arguments after `pulumi`
     * @param options where it runs and with what
     */
    run(program: string, args: string[], options: RunOptions): Promise<CliResult> {
        this.commandsPerProgram.set(program, (this.commandsPerProgram.get(program) ?? 0) + 1);
        const eventLog = EVENT_COMMANDS.has(args[0]) ? path.join(this.scratch("events"), "events.jsonl") : undefined;
        const argv = eventLog ? [...args, "--event-log", eventLog] : args;
        return new Promise((resolve, reject) => {
            const child = spawn(this.cli.path, argv, { cwd: options.cwd, env: { ...this.baseEnv, ...options.env }, stdio: ["pipe", "pipe", "pipe"] });
            if (child.pid !== undefined) options.started?.(child.pid);
            let stdout = "";
            let stderr = "";
            child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
            child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
            child.stdin.end(options.input ?? "");
            child.on("error", reject);
            child.on("close", (code) => {
                const result: CliResult = { args, code, stdout, stderr, events: eventLog ? readEvents(eventLog) : [] };
                if (code === 0 || options.allowFailure) resolve(result);
                else reject(new Error(`pulumi ${args.join(" ")} exited with ${code} in ${options.cwd}:\n${tail(stdout + stderr)}`));
            });
        });
    }

    /** Removes the run's folder (backend, home, scratch). */
    dispose(): void {
        rmSync(this.root, { recursive: true, force: true });
    }
}

/** The commands that take `--event-log`. */
const EVENT_COMMANDS = new Set(["up", "preview", "refresh", "destroy", "import"]);

function readEvents(file: string): EngineEvent[] {
    let text: string;
    try {
        text = readFileSync(file, "utf8");
    } catch {
        return [];
    }
    return text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as EngineEvent);
}

function tail(text: string, lines = 60): string {
    return text.split("\n").slice(-lines).join("\n");
}

/**
 * The steps the engine finished, in the order it reported them: one per `resOutputsEvent` (a step that failed shows as
 * `failed:<op>`), the stack itself and default providers left out unless asked.
 * @param events a command's event log
 * @param options `providers: true` keeps `pulumi:providers:*` resources
 */
export function stepsOf(events: readonly EngineEvent[], options: { providers?: boolean } = {}): Step[] {
    const steps: Step[] = [];
    for (const event of events) {
        const done = event.resOutputsEvent?.metadata;
        const failed = event.resOpFailedEvent?.metadata;
        const metadata = done ?? failed;
        if (!metadata || metadata.type === "pulumi:pulumi:Stack") continue;
        if (!options.providers && metadata.type.startsWith("pulumi:providers:")) continue;
        steps.push({
            name: metadata.urn.split("::").pop() ?? metadata.urn,
            type: metadata.type,
            op: failed ? `failed:${metadata.op}` : metadata.op,
            urn: metadata.urn,
            id: metadata.new?.id ?? metadata.old?.id,
        });
    }
    return steps;
}

/** The steps planned by a preview: one per `resourcePreEvent`, as {@link stepsOf} reads them. */
export function plannedSteps(events: readonly EngineEvent[], options: { providers?: boolean } = {}): Step[] {
    return stepsOf(
        events.map((event) => (event.resourcePreEvent ? { resOutputsEvent: event.resourcePreEvent } : {})),
        options,
    );
}

/** The diagnostics (warnings and errors) of a command, as text lines. */
export function diagnosticsOf(events: readonly EngineEvent[], severity?: "warning" | "error"): string[] {
    return events
        .map((event) => event.diagnosticEvent)
        .filter((d): d is NonNullable<EngineEvent["diagnosticEvent"]> => d !== undefined && (severity === undefined || d.severity === severity))
        .map((d) => d.message.trim());
}
