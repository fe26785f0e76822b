/**
 * The engine model's interface ({@link StackEngine}: `up`, `preview`, `refresh`, `destroy` and the stack's state) served
 * by the real engine: the `pulumi` on `PATH` driven by Pulumi's Automation API, the program run inline in this process
 * ({@link inlineProgram}), a file backend and passphrase secrets in a folder of its own. What each command did comes from
 * the engine's events, as the model's {@link RunResult}; the state is read back with `pulumi stack export` after each.
 *
 * The URNs are the model's (project `demo`, stack `dev`), so that the model's commands find their resources by the
 * same URNs in either engine; each {@link CliEngine} has its own backend, so that stacks of one name never meet.
 */
import { mkdirSync, symlinkSync } from "node:fs";
import * as path from "node:path";
import { type EngineEvent, LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { DeclaredResource, ResourceState, RunResult, StepRecord } from "../harness/engine";
import { type ConfigValue, parseUrn } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import type { StackEngine } from "../model/runner";
import { inlineProgram } from "./inlineProgram";

/** A command's result with the engine's own steps per resource: its ops in the order of their events, joined by `,`. */
export interface CliRunResult extends RunResult {
    /** `{ <resource name>: "create-replacement,replace,delete-replaced" }`, as the engine reported the steps. */
    engineOps: Record<string, string>;
}

/** What a {@link CliEngine} runs with. */
export interface CliEngineOptions {
    /** A folder of its own: the backend, the Pulumi home and the program's work directory go there. */
    dir: string;
    /** The stack's configuration (a `{ secret }` is set as a secret). */
    config: Record<string, ConfigValue>;
    /** `--parallel` of every command. */
    parallel: number;
}

/** One stack run by the real engine, driven as the engine model is. */
export class CliEngine implements StackEngine {
    /** The stack's resources as `pulumi stack export` shows them after the last command, by URN (outputs' secrets encrypted). */
    state = new Map<string, ResourceState>();

    private constructor(
        private readonly stack: Stack,
        private readonly parallel: number,
        /** The program the next `up` or `preview` runs (the inline program reads it when the CLI asks for it). */
        private readonly next: { program: readonly DeclaredResource[] },
    ) {}

    /**
     * Creates the stack `dev` of project `demo` in a new file backend under `options.dir`, and sets its configuration.
     * @param options where, and with what configuration and parallelism
     */
    static async start(options: CliEngineOptions): Promise<CliEngine> {
        const backend = path.join(options.dir, "backend");
        const workDir = path.join(options.dir, "work");
        const home = path.join(options.dir, "home");
        for (const dir of [backend, workDir, home]) mkdirSync(dir, { recursive: true });
        // Pulumi's dynamic-provider launcher resolves `@pulumi/pulumi/cmd/dynamic-provider` from the work directory, and the
        // provider texts `pulumi-observability/providers` from there too (the repository's node_modules links to itself).
        symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(workDir, "node_modules"), "dir");
        const next = { program: [] as readonly DeclaredResource[] };
        const engine = new CliEngine(
            await LocalWorkspace.createOrSelectStack(
                {
                    stackName: "dev",
                    projectName: "demo",
                    program: () => inlineProgram(next.program)(),
                },
                {
                    workDir,
                    pulumiHome: home,
                    projectSettings: { name: "demo", runtime: "nodejs", backend: { url: `file://${backend}` } },
                    secretsProvider: "passphrase",
                    envVars: {
                        PULUMI_CONFIG_PASSPHRASE: "calibration",
                        PULUMI_SKIP_UPDATE_CHECK: "true",
                        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
                        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
                    },
                },
            ),
            options.parallel,
            next,
        );
        await engine.stack.setAllConfig(
            Object.fromEntries(
                Object.entries(options.config).map(([key, value]) => [key, typeof value === "string" ? { value } : { value: value.secret, secret: true }]),
            ),
        );
        return engine;
    }

    /**
     * `pulumi up` of the program.
     * @param program the engine model's program
     */
    async up(program: DeclaredResource[]): Promise<CliRunResult> {
        this.next.program = program;
        const events: EngineEvent[] = [];
        try {
            await this.stack.up({ parallel: this.parallel, color: "never", onEvent: (event) => events.push(event) });
        } finally {
            await this.readState();
        }
        return resultOf(events, "resOutputsEvent");
    }

    /**
     * `pulumi preview` of the program: the planned steps.
     * @param program the engine model's program
     */
    async preview(program: DeclaredResource[]): Promise<CliRunResult> {
        this.next.program = program;
        const events: EngineEvent[] = [];
        await this.stack.preview({ parallel: this.parallel, color: "never", onEvent: (event) => events.push(event) });
        return resultOf(events, "resourcePreEvent");
    }

    /** `pulumi refresh`. */
    async refresh(): Promise<CliRunResult> {
        const events: EngineEvent[] = [];
        try {
            await this.stack.refresh({ parallel: this.parallel, color: "never", onEvent: (event) => events.push(event) });
        } finally {
            await this.readState();
        }
        return resultOf(events, "resOutputsEvent", true);
    }

    /** `pulumi destroy`. */
    async destroy(): Promise<CliRunResult> {
        const events: EngineEvent[] = [];
        try {
            await this.stack.destroy({ parallel: this.parallel, color: "never", onEvent: (event) => events.push(event) });
        } finally {
            await this.readState();
        }
        return resultOf(events, "resOutputsEvent");
    }

    private async readState(): Promise<void> {
        const exported = (await this.stack.exportStack()) as { deployment?: { resources?: ExportedResource[] } };
        this.state = new Map(
            (exported.deployment?.resources ?? [])
                .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/") && !r.delete)
                .map((r) => [r.urn, { id: r.id ?? "", inputs: r.inputs ?? {}, outputs: r.outputs ?? {}, dependencies: r.dependencies ?? [] }]),
        );
    }
}

/** A resource of `pulumi stack export`, by the fields read here. */
interface ExportedResource {
    urn: string;
    type: string;
    id?: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
    dependencies?: string[];
    /** An old object of a replacement still to delete. */
    delete?: boolean;
}

/**
 * What the engine's events say a command did, in the model's terms: a replacement is one `replace` step (delete-before-
 * replace when its `delete-replaced` came first), a create-before-delete's later `delete-replaced` a step of its own; a
 * refreshed resource is a `refresh` step, changed unless the engine reported it `same` (a refresh's event carries the
 * outcome: same, update or delete). The stack and the default provider are left out.
 * @param events the command's engine events
 * @param kind `resOutputsEvent` for steps done, `resourcePreEvent` for steps planned
 * @param refresh whether the command was a refresh
 */
export function resultOf(events: readonly EngineEvent[], kind: "resOutputsEvent" | "resourcePreEvent", refresh = false): CliRunResult {
    const result: CliRunResult = { created: [], updated: [], replaced: [], deleted: [], same: [], steps: [], warnings: [], engineOps: {} };
    const deletedFirst = new Set<string>();
    const replaced = new Set<string>();
    for (const event of events) {
        const metadata = event[kind]?.metadata ?? (kind === "resOutputsEvent" ? event.resOpFailedEvent?.metadata : undefined);
        if (!metadata || metadata.type === "pulumi:pulumi:Stack" || metadata.type.startsWith("pulumi:providers:")) continue;
        const { name } = parseUrn(metadata.urn);
        const failed = kind === "resOutputsEvent" && !event.resOutputsEvent;
        const op = failed ? `failed:${metadata.op}` : metadata.op;
        result.engineOps[name] = result.engineOps[name] === undefined ? op : `${result.engineOps[name]},${op}`;
        const id = metadata.new?.id ?? metadata.old?.id ?? "";
        const step = (record: Omit<StepRecord, "urn" | "name">) => result.steps.push({ ...record, urn: metadata.urn, name });
        if (refresh) {
            const outcome = op === "delete" ? "deleted" : op === "same" ? "same" : "updated";
            result[outcome].push(name);
            step({ op: "refresh", id: op === "delete" ? "" : id, changed: op !== "same" });
        } else if (op === "create" || op === "update" || op === "same" || op === "delete") {
            result[({ create: "created", update: "updated", same: "same", delete: "deleted" } as const)[op]].push(name);
            step({ op, id });
        } else if (op === "replace") {
            replaced.add(name);
            result.replaced.push(name);
            step({ op: "replace", id: metadata.new?.id ?? "", oldId: metadata.old?.id, deleteBeforeReplace: deletedFirst.has(name) });
        } else if (op === "delete-replaced") {
            if (replaced.has(name)) step({ op: "delete-replaced", id: metadata.old?.id ?? "" });
            else deletedFirst.add(name);
        } else if (op !== "create-replacement") {
            step({ op: op as StepRecord["op"], id });
        }
    }
    return result;
}

/**
 * The engine model's steps in the engine's terms, as {@link CliRunResult.engineOps} gives them: a create-before-delete
 * replacement is `create-replacement,replace` (its old object's `delete-replaced` follows when the run deletes it), a
 * delete-before-replace `delete-replaced,replace,create-replacement`; a refreshed resource is `same`, `update` (its
 * refreshed state differs) or `delete` (gone).
 * @param result a result of the engine model
 */
export function engineOpsOf(result: RunResult): Record<string, string> {
    const ops: Record<string, string> = {};
    for (const step of result.steps) {
        const op =
            step.op === "replace"
                ? step.deleteBeforeReplace
                    ? "delete-replaced,replace,create-replacement"
                    : "create-replacement,replace"
                : step.op === "refresh"
                  ? step.id === ""
                      ? "delete"
                      : step.changed
                        ? "update"
                        : "same"
                  : step.op;
        ops[step.name] = ops[step.name] === undefined ? op : `${ops[step.name]},${op}`;
    }
    return ops;
}
