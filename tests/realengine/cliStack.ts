/**
 * A stack of one Pulumi project, run by the real CLI as a user runs it in a pipeline: `pulumi stack init`, `config set`
 * (secrets with `--secret`), `up --yes`, `preview`, `refresh`, `destroy`, `import`, `stack export`. The project is the
 * repository's own folder, untouched: the stack's configuration is a file of the run's scratch folder
 * (`--config-file`), seeded from the project's `Pulumi.<stack>.yaml` when asked.
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { type CliResult, type PulumiCli, plannedSteps, type Step, stepsOf } from "./pulumiCli";
import { REPO_ROOT } from "../harness/paths";

/** How a stack is opened. */
export interface StackOptions {
    /** The project's folder (holding `Pulumi.yaml`). */
    projectDir: string;
    /** The stack's name (the project must have no `Pulumi.<name>.yaml` of its own). Default: `engine-<n>`, unique in the run. */
    stack?: string;
    /** A `Pulumi.<name>.yaml` of the project whose configuration the stack starts from (e.g. `dev`). */
    seedConfigFrom?: string;
    /** Variables for every command of this stack (credentials as a pipeline passes them). */
    env?: NodeJS.ProcessEnv;
}

/** What `up`, `preview`, `refresh`, `destroy` and `import` return: the command and the engine's steps. */
export interface Operation extends CliResult {
    /** Steps finished (`up`, `refresh`, `destroy`, `import`) or planned (`preview`), stack and providers left out. */
    steps: Step[];
}

/** Extra arguments and options of one operation. */
export interface OperationOptions {
    /** More arguments (`--target`, `--replace`, `--refresh`, …). */
    args?: string[];
    /** Variables for this command only. */
    env?: NodeJS.ProcessEnv;
    /** Resolve on a failed command instead of throwing. */
    allowFailure?: boolean;
    /** Called with the process id once the command started. */
    started?: (pid: number) => void;
}

/** One stack of one project, through the CLI. */
export class CliStack {
    readonly stack: string;
    readonly configFile: string;
    /** The program's label in the per-program command counts. */
    readonly program: string;

    private constructor(
        private readonly cli: PulumiCli,
        private readonly options: StackOptions,
    ) {
        this.stack = options.stack ?? `engine-${++stacksMade}`;
        this.program = path.relative(REPO_ROOT, options.projectDir) || "(root)";
        this.configFile = path.join(cli.scratch(`config-${this.stack}`), `Pulumi.${this.stack}.yaml`);
        if (options.seedConfigFrom) {
            const seed = path.join(options.projectDir, `Pulumi.${options.seedConfigFrom}.yaml`);
            if (!existsSync(seed)) throw new Error(`${seed} does not exist`);
            copyFileSync(seed, this.configFile);
        }
    }

    /**
     * `pulumi stack init` of a new stack of the project.
     * @param cli the run's CLI
     * @param options the project and stack
     */
    static async init(cli: PulumiCli, options: StackOptions): Promise<CliStack> {
        const stack = new CliStack(cli, options);
        await stack.command(["stack", "init", stack.stack]);
        stack.adoptProjectStackFile();
        return stack;
    }

    /**
     * `stack init` has no `--config-file`: with passphrase secrets it writes the stack's salt (`encryptionsalt`) into the
     * project's `Pulumi.<stack>.yaml`. The salt moves to the stack's own config file, and the project is left as it was.
     */
    private adoptProjectStackFile(): void {
        const written = path.join(this.options.projectDir, `Pulumi.${this.stack}.yaml`);
        if (!existsSync(written)) return;
        const salt = readFileSync(written, "utf8");
        rmSync(written);
        const seeded = existsSync(this.configFile) ? readFileSync(this.configFile, "utf8") : "";
        writeFileSync(this.configFile, `${salt.trimEnd()}\n${seeded}`);
    }

    /**
     * `pulumi config set [--secret] <key> <value>` (the value through standard input, as a pipeline passes a secret).
     * @param key the configuration key, e.g. `observability:apiUrl`
     * @param value its value
     * @param secret whether it is set with `--secret`
     */
    async configSet(key: string, value: string, secret = false): Promise<void> {
        await this.command(["config", "set", ...(secret ? ["--secret"] : []), key], { input: value });
    }

    /**
     * `pulumi config set` of every setting given: the plain ones as they are, the secret ones with `--secret`.
     * @param config the settings, e.g. a target's `config()`
     */
    async configure(config: { plain?: Record<string, string>; secret?: Record<string, string> }): Promise<void> {
        for (const [key, value] of Object.entries(config.plain ?? {})) await this.configSet(key, value);
        for (const [key, value] of Object.entries(config.secret ?? {})) await this.configSet(key, value, true);
    }

    /** `pulumi up --yes --skip-preview`. */
    up(options: OperationOptions = {}): Promise<Operation> {
        return this.operation(["up", "--yes", "--skip-preview"], options, stepsOf);
    }

    /** `pulumi preview` (with `--expect-no-changes` when asked). */
    preview(options: OperationOptions & { expectNoChanges?: boolean } = {}): Promise<Operation> {
        const args = ["preview", ...(options.expectNoChanges ? ["--expect-no-changes"] : [])];
        return this.operation(args, options, plannedSteps);
    }

    /** `pulumi refresh --yes --skip-preview`. */
    refresh(options: OperationOptions = {}): Promise<Operation> {
        return this.operation(["refresh", "--yes", "--skip-preview"], options, stepsOf);
    }

    /** `pulumi destroy --yes --skip-preview`. */
    destroy(options: OperationOptions = {}): Promise<Operation> {
        return this.operation(["destroy", "--yes", "--skip-preview"], options, stepsOf);
    }

    /**
     * `pulumi import --yes` of one object or, with `file`, of a bulk-import file; the generated program goes to `out`.
     * @param what `{ type, name, id }` of one object, or `{ file }` for a bulk-import file
     * @param out where the generated program is written (`--out`)
     */
    import(what: { type: string; name: string; id: string } | { file: string }, out: string, options: OperationOptions = {}): Promise<Operation> {
        const target = "file" in what ? ["--file", what.file] : [what.type, what.name, what.id];
        return this.operation(["import", "--yes", "--skip-preview", ...target, "--out", out], options, stepsOf);
    }

    /** `pulumi stack export`: the state file as the backend holds it. */
    async exportState(): Promise<string> {
        return (await this.command(["stack", "export"])).stdout;
    }

    /** `pulumi stack output --json --show-secrets`. */
    async outputs(): Promise<Record<string, unknown>> {
        return JSON.parse((await this.command(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, unknown>;
    }

    /** `pulumi stack rm --yes --force`: forgets the stack (after a destroy, or to drop what a failed test left). */
    async remove(): Promise<void> {
        await this.command(["stack", "rm", "--yes", "--force", "--preserve-config"], { allowFailure: true });
    }

    /**
     * Any other `pulumi` command of this stack (`--stack` and, for commands that read config, `--config-file` added).
     * @param args the arguments after `pulumi`
     */
    command(
        args: string[],
        options: { input?: string; allowFailure?: boolean; env?: NodeJS.ProcessEnv; started?: (pid: number) => void } = {},
    ): Promise<CliResult> {
        const stackArgs = args[0] === "stack" && args[1] === "init" ? [] : ["--stack", this.stack];
        const configArgs = CONFIG_COMMANDS.has(args[0]) && !args.includes("--config-file") ? ["--config-file", this.configFile] : [];
        return this.cli.run(this.program, [...args, ...stackArgs, ...configArgs, "--non-interactive"], {
            cwd: this.options.projectDir,
            env: { ...this.options.env, ...options.env },
            input: options.input,
            allowFailure: options.allowFailure,
            started: options.started,
        });
    }

    private async operation(args: string[], options: OperationOptions, steps: (events: CliResult["events"]) => Step[]): Promise<Operation> {
        const result = await this.command([...args, ...(options.args ?? [])], options);
        return { ...result, steps: steps(result.events) };
    }
}

/** How many stacks this run made: the default stack names are unique (`engine-1`, `engine-2`, …). */
let stacksMade = 0;

/** The commands that read the stack's configuration. */
const CONFIG_COMMANDS = new Set(["up", "preview", "refresh", "destroy", "import", "config"]);
