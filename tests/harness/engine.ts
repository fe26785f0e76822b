/**
 * A small, honest model of what the Pulumi engine does with dynamic resources during `pulumi up`, `preview`,
 * `refresh` and `destroy`, driving a real {@link ProviderHost} (as the Pulumi CLI runs a dynamic provider).
 *
 * What it models: check with old inputs; diff against old outputs (with the engine's own input diff when the
 * provider answers DIFF_UNKNOWN); create / update / same; create-before-delete replacement with the old object
 * deleted at the end of the run, or delete-before-replace; deletion of undeclared resources in reverse dependency
 * order; unknown outputs during preview; refresh with `ReadResult.inputs`, its change being the provider's diff of the
 * refreshed state against the old inputs (not the legacy outputs diff); partial-create state (init failures);
 * `--replace` targets (check without old inputs, no provider diff, a replacement blaming `id`); state kept in memory.
 *
 * Pending creates, as in pulumi/pulumi v3.259: a create is recorded as a pending operation before the provider is
 * called and cleared when it answers (pkg/engine/journal_snapshot.go); when the run dies with the host in the middle of
 * it ({@link ProviderHost.kill}, a cancelled CI job), the operation stays in {@link Engine.pendingCreates}. The next
 * `up` or `destroy` warns about it (pkg/resource/deploy/deployment_executor.go, `printPendingOperationsWarning`), keeps
 * it (pkg/backend/snapshot.go propagates pending creates from the base snapshot) and plans the resource as a create,
 * since only the snapshot's resources are "olds" (pkg/resource/deploy/deployment.go): the provider is never told.
 * `refresh` keeps it unless asked to clear pending creates (`--clear-pending-creates`); turning one into an import
 * (`--import-pending-creates`, pkg/cmd/pulumi/operations/refresh.go) makes it a pending "importing" operation, which
 * no later snapshot keeps, so it is not modelled.
 *
 * Steps run in parallel as in Pulumi (`parallel` option, default {@link DEFAULT_PARALLEL}, the CLI's own default; 1
 * runs them one at a time): a resource is ready once the resources it depends on are done (a program registers it
 * once its inputs resolve), a delete once its dependents are deleted, and ready steps start in the order they became
 * ready, as registrations queue for the step executor's workers. After a failed step no new step starts; the steps
 * in flight finish, then the first error is thrown. Check and diff run one resource at a time whatever the
 * parallelism, as the engine's step generator calls them (counted in the provider plugin through the CLI: a no-change
 * preview never has two calls in flight); the steps themselves take the parallel slots.
 *
 * Calibrated against the engine (tests/realengine/calibration.engine.ts, `npm run test:engine`): the model-based
 * test's sequences of fixed seeds and written replacement scenarios run through this model and through `pulumi` (v3.259,
 * Automation API, the same provider host), comparing the steps per resource (create, update, same, delete, a
 * replacement's steps in their order, a refresh's outcome) of every command both ran (each `up`, the refresh before an
 * `up` after a change out of band, the refresh and the no-change preview after the last step, the destroy) and the
 * server's contents after the last command: no step differs. Not run through `pulumi`: two creates started together by holding the server's answers (the model-based
 * test's `AdoptTwice`) and a host killed in the middle of a create (pending creates), whose timing only the model can
 * hold; `--replace` targets.
 *
 * What the real engine does that this model leaves out:
 * - secrets: `additionalSecretOutputs` and `annotateSecrets` (outputs sharing a key with a secret input become
 *   secret), secret config and encrypted state; here everything is plaintext;
 * - resource options `ignoreChanges` (old values copied into news before check), `replaceOnChanges`, `protect`,
 *   `retainOnDelete`, `deletedWith`, `aliases`, `import`, `customTimeouts`, targets, `--refresh` before up;
 * - the dependents of a delete-before-replace: Pulumi replaces too, deleting them first, those whose provider's diff
 *   asks for a replacement when the inputs that read the replaced resource are unknown (pkg/resource/deploy/
 *   step_generator.go, `calculateDependentReplacements`); the model replaces none. No kind of this package asks (an
 *   alert's diff with its channel's webhook unknown is an update), so both delete a webhook an alert names first and
 *   the server refuses: the calibration (above) runs that case through both;
 * - the default provider's own lifecycle (config changes update `pulumi:providers:pulumi-nodejs`, DiffConfig);
 * - autonaming/random seeds, stack outputs, plans, state persistence and checkpoints (old objects condemned by a
 *   replacement are kept in {@link Engine.pendingDeletes} instead); of the pending operations, only pending creates
 *   are modelled (below);
 * - interpolating an unknown value into a string makes the whole string unknown in Pulumi; here the unknown
 *   marker is embedded in the string.
 */
import { availableParallelism } from "node:os";
import { isDeepStrictEqual } from "node:util";
import { DiffChanges, HostCallError, CheckFailure, PropertyMap, ProviderHost, parseUrn, urn } from "./host";

/** The value the engine sends for anything not yet known during a preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * Outputs of already-processed resources, by resource name, as seen by an input function: the provider's outputs
 * plus `id` and `urn` (in Pulumi these are the resource's own `id`/`urn` Outputs, reserved names).
 */
export type OutputsByName = Record<string, PropertyMap>;

/** A resource declared by a program. */
export interface DeclaredResource {
    /** Type name, e.g. `"Dashboard"` (token `pulumi-nodejs:dynamic/<module>:<type>`). */
    type: string;
    /** Module of the type token. Default `"observability"`. */
    module?: string;
    /** Resource name, unique within the stack; other resources' input functions refer to it. */
    name: string;
    /** The `__provider` text. */
    provider: string;
    /**
     * Inputs, or a pure function computing them from other resources' outputs. Reading `outputs.<name>` makes this
     * resource depend on `<name>` (the function is simply called again once that resource is done).
     */
    inputs: PropertyMap | ((outputs: OutputsByName) => PropertyMap);
    /** Names of resources this one depends on in addition to those its input function reads. */
    dependsOn?: string[];
    /** The `deleteBeforeReplace` resource option. */
    deleteBeforeReplace?: boolean;
    /**
     * `pulumi up --replace <urn>` names this resource: the engine checks its inputs without the old ones and, without
     * asking the provider's diff, replaces it (blaming `id`; create-before-delete unless the resource option says
     * otherwise).
     */
    replace?: boolean;
}

/** One resource in the engine's state. */
export interface ResourceState {
    /** Provider id of the object. */
    id: string;
    /** Checked inputs (`__provider` included). */
    inputs: PropertyMap;
    /** Outputs (`__provider` included). */
    outputs: PropertyMap;
    /** URNs this resource depends on. */
    dependencies: string[];
}

/** A create whose run died before the provider answered: Pulumi keeps it as a pending operation. */
export interface PendingCreate {
    /** The resource's URN. */
    urn: string;
    /** The checked inputs the create was sent. */
    inputs: PropertyMap;
}

/** An old object condemned by a create-before-delete replacement and not yet deleted. */
export interface PendingDelete extends ResourceState {
    /** URN shared with its replacement. */
    urn: string;
}

/** What happened (or, in a preview, would happen) to one resource. */
export type StepOp = "create" | "update" | "replace" | "same" | "delete" | "delete-replaced" | "refresh";

/** One step of a run. */
export interface StepRecord {
    /** The operation. */
    op: StepOp;
    /** The resource's URN. */
    urn: string;
    /** The resource's name. */
    name: string;
    /** Id after the step (for delete: the deleted id; in a preview of a create: `""`). */
    id: string;
    /** For a replace: the id of the replaced object. */
    oldId?: string;
    /** The provider's diff answer, when diff was called. */
    changes?: DiffChanges;
    /** Replace keys reported by diff. */
    replaces?: string[];
    /** For a replace: whether the old object was deleted first. */
    deleteBeforeReplace?: boolean;
    /** For refresh: whether the provider's diff of the refreshed state against the old inputs found a change. */
    changed?: boolean;
}

/** Result of a run: resource names per outcome, and every step in order. */
export interface RunResult {
    /** Names of created resources. */
    created: string[];
    /** Names of resources updated in place (for refresh: whose refreshed state differs from what the program declared). */
    updated: string[];
    /** Names of replaced resources. */
    replaced: string[];
    /** Names of deleted resources (for refresh: dropped because gone). */
    deleted: string[];
    /** Names of unchanged resources. */
    same: string[];
    /** Every step, in the order the steps started (in sequential mode: the order they ran). */
    steps: StepRecord[];
    /** The engine's own warnings (pending operations from an earlier run). */
    warnings: string[];
}

/** A run fed by a program's registrations (see {@link Engine.begin}). */
export interface ProgramRun {
    /** Steps one registered resource (plain inputs) and returns the outputs its dependents see. */
    register(decl: DeclaredResource, dependencies: string[]): Promise<PropertyMap>;
    /** Ends the run: deletes (or, in a preview, reports) what is no longer declared. */
    finish(): Promise<RunResult>;
}

/** Options of {@link Engine}. */
export interface EngineOptions {
    /** Project segment of URNs. Default `"demo"`. */
    project?: string;
    /** Stack segment of URNs. Default `"dev"`. */
    stack?: string;
    /**
     * How many steps may run at once (`pulumi up --parallel`). Default {@link DEFAULT_PARALLEL}; 1 runs the steps
     * one at a time, in the order they become ready (declaration order among those ready together).
     */
    parallel?: number;
}

/**
 * The Pulumi CLI's default of `pulumi up --parallel`: `PULUMI_PARALLEL` when set to a positive number, otherwise four
 * steps per CPU (`4 × GOMAXPROCS`, pkg/cmd/pulumi/operations/up.go; pulumi/pulumi#14989 explains the choice).
 * @param env the environment to read `PULUMI_PARALLEL` from
 * @param cpus the CPUs the process may use (Go's GOMAXPROCS defaults to them)
 */
export function pulumiDefaultParallel(env: NodeJS.ProcessEnv = process.env, cpus: number = availableParallelism()): number {
    const configured = Number(env.PULUMI_PARALLEL);
    return Number.isInteger(configured) && configured > 0 ? configured : 4 * cpus;
}

/** Steps run at once unless {@link EngineOptions.parallel} says otherwise: the CLI's default on this machine. */
export const DEFAULT_PARALLEL = pulumiDefaultParallel();

/** `check` refused the inputs of a resource. */
export class CheckFailedError extends Error {
    /** The resource's URN. */
    readonly urn: string;
    /** The failures as reported. */
    readonly failures: CheckFailure[];

    /**
     * @param resourceUrn the resource's URN
     * @param failures the check failures
     */
    constructor(resourceUrn: string, failures: CheckFailure[]) {
        super(`${resourceUrn}: check failed: ${failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
        this.name = "CheckFailedError";
        this.urn = resourceUrn;
        this.failures = failures;
    }
}

type Mode = "up" | "preview";

/** Thrown by the outputs proxy when an input function reads a resource that is not done yet. */
class NotReady {}

/** The engine model; one instance is one stack (its state lives in memory). */
export class Engine {
    /** The stack's state: URN → resource. */
    readonly state = new Map<string, ResourceState>();
    /** Old objects of create-before-delete replacements still to delete (after a failed run). */
    readonly pendingDeletes: PendingDelete[] = [];
    /** Creates interrupted by the death of their run, kept from run to run until a refresh clears them. */
    readonly pendingCreates: PendingCreate[] = [];
    private readonly host: ProviderHost;
    private readonly project: string;
    private readonly stack: string;
    /** Steps that may run at once; may be changed between runs. */
    parallel: number;
    /** The check or diff in progress: the step generator runs one at a time. */
    private generating: Promise<unknown> = Promise.resolve();

    /**
     * @param host the provider host (all dynamic resources share the one default provider, as in Pulumi)
     * @param opts project and stack segments of URNs
     */
    constructor(host: ProviderHost, opts: EngineOptions = {}) {
        this.host = host;
        this.project = opts.project ?? "demo";
        this.stack = opts.stack ?? "dev";
        this.parallel = opts.parallel ?? DEFAULT_PARALLEL;
        if (!(Number.isInteger(this.parallel) && this.parallel >= 1)) throw new RangeError(`parallel must be a positive integer, got ${this.parallel}`);
    }

    /**
     * URN of a declared resource in this stack.
     * @param decl the resource (type, module, name)
     */
    urnOf(decl: Pick<DeclaredResource, "type" | "module" | "name">): string {
        return urn(decl.type, decl.name, { module: decl.module ?? "observability", project: this.project, stack: this.stack });
    }

    /**
     * `pulumi up`: check, diff and create/update/replace every declared resource in dependency order, then delete
     * what is no longer declared (and the old objects of replacements) in reverse dependency order. The state keeps
     * every step that completed when a step fails.
     * @param declared the program's resources
     */
    async up(declared: DeclaredResource[]): Promise<RunResult> {
        const result = emptyResult();
        const before = new Map(this.state);
        const condemned = new Map<string, ResourceState>();
        this.warnPendingCreates(result);
        await this.deletePending(result);
        const declaredUrns = await this.walk(declared, "up", result, condemned);
        await this.deleteLeftovers(before, condemned, declaredUrns, result);
        return result;
    }

    /**
     * A run driven by a program (see program.ts): resources arrive one at a time, with plain inputs, as the
     * program registers them; `finish` then deletes what the program no longer declares (`up`) or reports it
     * (`preview`).
     * @param mode `up` or `preview`
     */
    async begin(mode: Mode): Promise<ProgramRun> {
        const result = emptyResult();
        const before = new Map(this.state);
        const condemned = new Map<string, ResourceState>();
        const declaredUrns = new Set<string>();
        if (mode === "up") {
            this.warnPendingCreates(result);
            await this.deletePending(result);
        }
        const slots = new Slots(this.parallel);
        const parts: RunResult[] = [];
        const keepOrder = this.stateOrderKeeper();
        return {
            register: (decl, dependencies) => {
                declaredUrns.add(this.urnOf(decl));
                // Results are reported in registration order, whatever order the steps finish in.
                const part = emptyResult();
                parts.push(part);
                return slots.run(() => this.apply(decl, decl.inputs as PropertyMap, dependencies, mode, part, condemned));
            },
            finish: async () => {
                mergeResults(result, parts);
                keepOrder([...declaredUrns]);
                if (mode === "up") await this.deleteLeftovers(before, condemned, declaredUrns, result);
                else this.reportLeftovers(declaredUrns, result);
                return result;
            },
        };
    }

    private async deleteLeftovers(
        before: Map<string, ResourceState>,
        condemned: Map<string, ResourceState>,
        declaredUrns: Set<string>,
        result: RunResult,
    ): Promise<void> {
        const doomed = reverseTopoOrder(before).filter((u) => condemned.has(u) || !declaredUrns.has(u));
        await this.deleteInOrder(before, doomed, result, async (u, part) => {
            const old = condemned.get(u);
            if (!old) return this.deleteResource(u, part);
            await this.host.delete(u, old.id, old.outputs, old.inputs);
            const index = this.pendingDeletes.findIndex((p) => p.urn === u && p.id === old.id);
            if (index >= 0) this.pendingDeletes.splice(index, 1);
            part.steps.push({ op: "delete-replaced", urn: u, name: parseUrn(u).name, id: old.id });
        });
    }

    /**
     * Runs `remove` for each of `urns` (given in reverse dependency order), a URN only once every URN among them that
     * depends on it (per `graph`) is done, up to {@link parallel} at a time.
     */
    private deleteInOrder(
        graph: ReadonlyMap<string, ResourceState>,
        urns: string[],
        result: RunResult,
        remove: (u: string, part: RunResult) => Promise<void>,
    ): Promise<void> {
        const waiting = new Set(urns);
        const dependents = new Map<string, string[]>(urns.map((u) => [u, []]));
        for (const u of urns) for (const dep of graph.get(u)?.dependencies ?? []) dependents.get(dep)?.push(u);
        return runInOrder(
            urns,
            this.parallel,
            result,
            (u) => ((dependents.get(u) ?? []).every((d) => !waiting.has(d)) ? (part) => remove(u, part).then(() => void waiting.delete(u)) : undefined),
            () => new Error("cannot order deletes"),
        );
    }

    /**
     * Keeps the state in the order a sequential run leaves it, whatever order parallel steps finished in: resources
     * that were in state keep their place, new ones follow in the order their steps started (refresh and destroy
     * walk the state in this order). Call the returned function with the URNs in start order once the steps ended.
     */
    private stateOrderKeeper(): (startOrder: readonly string[]) => void {
        const existing = [...this.state.keys()];
        return (startOrder) => {
            const order = [...new Set([...existing, ...startOrder, ...this.state.keys()])].filter((u) => this.state.has(u));
            const entries = order.map((u) => [u, this.mustGet(u)] as const);
            this.state.clear();
            for (const [u, s] of entries) this.state.set(u, s);
        };
    }

    private reportLeftovers(declaredUrns: Set<string>, result: RunResult): void {
        for (const u of reverseTopoOrder(this.state)) {
            if (declaredUrns.has(u)) continue;
            const { name } = parseUrn(u);
            result.deleted.push(name);
            result.steps.push({ op: "delete", urn: u, name, id: this.mustGet(u).id });
        }
    }

    /**
     * `pulumi preview`: only check and diff; reports what `up` would do. Outputs of resources that would be created,
     * updated or replaced are their checked inputs, with every other key unknown ({@link UNKNOWN}).
     * @param declared the program's resources
     */
    async preview(declared: DeclaredResource[]): Promise<RunResult> {
        const result = emptyResult();
        const declaredUrns = await this.walk(declared, "preview", result, new Map());
        this.reportLeftovers(declaredUrns, result);
        return result;
    }

    /**
     * `pulumi refresh`: read every resource with its outputs and inputs; an empty id drops it from state, otherwise
     * the returned properties become its outputs and returned inputs (3.216+) its stored inputs. Pending creates stay
     * unless `clearPendingCreates` (`pulumi refresh --clear-pending-creates`) drops them.
     * @param options what to do with pending creates
     */
    async refresh(options: { clearPendingCreates?: boolean } = {}): Promise<RunResult> {
        if (options.clearPendingCreates) this.pendingCreates.splice(0);
        const result = emptyResult();
        const snapshot = new Map(this.state);
        const pending = new Set(snapshot.keys());
        await runInOrder(
            topoOrder(snapshot),
            this.parallel,
            result,
            (u) =>
                (snapshot.get(u)?.dependencies ?? []).every((d) => !pending.has(d))
                    ? (part) => this.refreshResource(u, part).then(() => void pending.delete(u))
                    : undefined,
            () => new Error("cannot order refresh"),
        );
        return result;
    }

    private async refreshResource(u: string, result: RunResult): Promise<void> {
        const old = this.mustGet(u);
        const { name } = parseUrn(u);
        const read = await this.host.read(u, old.id, old.outputs, old.inputs);
        if (read.id === "") {
            this.state.delete(u);
            result.deleted.push(name);
            result.steps.push({ op: "refresh", urn: u, name, id: "", changed: true });
            return;
        }
        const next: ResourceState = { ...old, id: read.id, outputs: read.properties, inputs: read.inputs ?? old.inputs };
        this.state.set(u, next);
        // The change a refresh reports is the provider's diff of the refreshed state against the old inputs, inverted
        // (pkg/resource/deploy/step.go, RefreshStep.Apply: `diffResource(new inputs, new outputs, old inputs)`; only
        // the legacy refresh diff compares outputs): what an `up` of the unchanged program would then plan.
        const diff = await this.host.diff(u, next.id, next.outputs, old.inputs, next.inputs);
        const changes = diff.changes !== "unknown" ? diff.changes : isDeepStrictEqual(next.inputs, old.inputs) ? "none" : "some";
        const changed = next.id !== old.id || changes !== "none";
        (changed ? result.updated : result.same).push(name);
        result.steps.push({ op: "refresh", urn: u, name, id: read.id, changed });
    }

    /** `pulumi destroy`: delete every resource in reverse dependency order. */
    async destroy(): Promise<RunResult> {
        const result = emptyResult();
        this.warnPendingCreates(result);
        await this.deletePending(result);
        await this.deleteInOrder(new Map(this.state), reverseTopoOrder(this.state), result, (u, part) => this.deleteResource(u, part));
        return result;
    }

    /** Processes declared resources in dependency order; returns the set of declared URNs. */
    private async walk(declared: DeclaredResource[], mode: Mode, result: RunResult, condemned: Map<string, ResourceState>): Promise<Set<string>> {
        const byName = new Map<string, DeclaredResource>();
        for (const decl of declared) {
            if (byName.has(decl.name)) throw new Error(`duplicate resource name ${JSON.stringify(decl.name)}`);
            byName.set(decl.name, decl);
        }
        for (const decl of declared) {
            for (const dep of decl.dependsOn ?? []) {
                if (!byName.has(dep)) throw new Error(`${decl.name} depends on undeclared resource ${JSON.stringify(dep)}`);
            }
        }
        const done: OutputsByName = {};
        // A resource is ready once its dependencies are done, as a program registers it once its inputs resolve.
        const startable = (decl: DeclaredResource): ((part: RunResult) => Promise<void>) | undefined => {
            if (!(decl.dependsOn ?? []).every((dep) => dep in done)) return undefined;
            const evaluated = evaluate(decl, byName, done);
            if (!evaluated) return undefined;
            const dependencies = [...new Set([...(decl.dependsOn ?? []), ...evaluated.reads])].map((n) => this.urnOf(this.mustDeclare(byName, n)));
            return async (part) => {
                started.push(this.urnOf(decl));
                done[decl.name] = await this.apply(decl, evaluated.inputs, dependencies, mode, part, condemned);
            };
        };
        const started: string[] = [];
        const keepOrder = this.stateOrderKeeper();
        try {
            await runInOrder(
                declared,
                this.parallel,
                result,
                startable,
                (pending) => new Error(`cannot order resources (dependency cycle?): ${pending.map((d) => d.name).join(", ")}`),
            );
        } finally {
            keepOrder(started);
        }
        return new Set(declared.map((d) => this.urnOf(d)));
    }

    /** Runs a check or a diff once the one in progress ended, as the engine's step generator does. */
    private generate<T>(call: () => Promise<T>): Promise<T> {
        const result = this.generating.then(call, call);
        this.generating = result.catch(() => undefined);
        return result;
    }

    /** One declared resource: check, diff, then (in `up`) the step. Returns the outputs (with id, urn) dependents see. */
    private async apply(
        decl: DeclaredResource,
        inputs: PropertyMap,
        dependencies: string[],
        mode: Mode,
        result: RunResult,
        condemned: Map<string, ResourceState>,
    ): Promise<PropertyMap> {
        const u = this.urnOf(decl);
        const name = decl.name;
        const old = this.state.get(u);
        const targeted = decl.replace === true && old !== undefined;
        const checked = await this.generate(() => this.host.check(u, targeted ? {} : (old?.inputs ?? {}), { ...inputs, __provider: decl.provider }));
        if (checked.failures.length > 0) throw new CheckFailedError(u, checked.failures);
        const news = checked.inputs;

        if (!old) {
            result.created.push(name);
            if (mode === "preview") {
                result.steps.push({ op: "create", urn: u, name, id: "" });
                return plannedOutputs({ ...news, urn: u });
            }
            const created = await this.recordingInitFailure(u, news, dependencies, () => this.creating(u, news));
            if (created.id === "") throw new Error(`${u}: plugin returned empty resource.ID from create`);
            this.state.set(u, { id: created.id, inputs: news, outputs: created.properties, dependencies });
            result.steps.push({ op: "create", urn: u, name, id: created.id });
            return { ...created.properties, id: created.id, urn: u };
        }

        const diff = targeted
            ? { changes: "some" as const, replaces: ["id"], deleteBeforeReplace: false }
            : await this.generate(() => this.host.diff(u, old.id, old.outputs, news, old.inputs));
        // DIFF_UNKNOWN: the engine compares old and new inputs itself (`__provider` included).
        const changes = diff.changes !== "unknown" ? diff.changes : isDeepStrictEqual(old.inputs, news) ? "none" : "some";
        const step = { urn: u, name, changes: diff.changes, replaces: diff.replaces };

        if (changes === "none") {
            result.same.push(name);
            result.steps.push({ ...step, op: "same", id: old.id });
            // A same step keeps the old outputs but records the new inputs and dependencies.
            if (mode === "up") this.state.set(u, { ...old, inputs: news, dependencies });
            return { ...old.outputs, id: old.id, urn: u };
        }

        if (diff.replaces.length === 0) {
            result.updated.push(name);
            if (mode === "preview") {
                result.steps.push({ ...step, op: "update", id: old.id });
                return plannedOutputs({ ...news, id: old.id, urn: u });
            }
            const updated = await this.recordingInitFailure(u, news, dependencies, () =>
                this.host.update(u, old.id, old.outputs, news, old.inputs).then((r) => ({ id: old.id, ...r })),
            );
            this.state.set(u, { id: old.id, inputs: news, outputs: updated.properties, dependencies });
            result.steps.push({ ...step, op: "update", id: old.id });
            return { ...updated.properties, id: old.id, urn: u };
        }

        const deleteBeforeReplace = decl.deleteBeforeReplace === true || diff.deleteBeforeReplace;
        result.replaced.push(name);
        if (mode === "preview") {
            result.steps.push({ ...step, op: "replace", id: "", oldId: old.id, deleteBeforeReplace });
            return plannedOutputs({ ...news, urn: u });
        }
        if (deleteBeforeReplace) {
            await this.host.delete(u, old.id, old.outputs, old.inputs);
            this.state.delete(u);
        } else {
            // Create-before-delete: the old object is deleted at the end of the run.
            condemned.set(u, old);
            this.pendingDeletes.push({ urn: u, ...old });
        }
        const created = await this.recordingInitFailure(u, news, dependencies, () => this.creating(u, news));
        this.state.set(u, { id: created.id, inputs: news, outputs: created.properties, dependencies });
        result.steps.push({ ...step, op: "replace", id: created.id, oldId: old.id, deleteBeforeReplace });
        return { ...created.properties, id: created.id, urn: u };
    }

    /** A create, recorded as pending until the provider answers; kept pending when the host was killed meanwhile. */
    private async creating(u: string, inputs: PropertyMap): Promise<{ id: string; properties: PropertyMap }> {
        const pending: PendingCreate = { urn: u, inputs };
        this.pendingCreates.push(pending);
        try {
            return await this.host.create(u, inputs);
        } finally {
            const index = this.pendingCreates.indexOf(pending);
            if (!this.host.killed && index >= 0) this.pendingCreates.splice(index, 1);
        }
    }

    /** The warning of a deployment that starts with pending creates (deployment_executor.go, shortened). */
    private warnPendingCreates(result: RunResult): void {
        if (this.pendingCreates.length === 0) return;
        result.warnings.push(
            `Attempting to deploy or update resources with ${this.pendingCreates.length} pending operations from previous deployment.\n` +
                this.pendingCreates.map((op) => `  * ${op.urn}, interrupted while creating\n`).join("") +
                "These resources are in an unknown state because the Pulumi CLI was interrupted while waiting for changes to these resources to complete.",
        );
    }

    /** Runs a create/update; on a partial failure keeps the object in state (with its init-failure outputs). */
    private async recordingInitFailure(
        u: string,
        inputs: PropertyMap,
        dependencies: string[],
        run: () => Promise<{ id: string; properties: PropertyMap }>,
    ): Promise<{ id: string; properties: PropertyMap }> {
        try {
            return await run();
        } catch (e) {
            if (e instanceof HostCallError && e.initFailure) {
                this.state.set(u, { id: e.initFailure.id, inputs, outputs: e.initFailure.properties, dependencies });
            }
            throw e;
        }
    }

    private async deleteResource(u: string, result: RunResult): Promise<void> {
        const old = this.mustGet(u);
        await this.host.delete(u, old.id, old.outputs, old.inputs);
        this.state.delete(u);
        const { name } = parseUrn(u);
        result.deleted.push(name);
        result.steps.push({ op: "delete", urn: u, name, id: old.id });
    }

    private async deletePending(result: RunResult): Promise<void> {
        while (this.pendingDeletes.length > 0) {
            const old = this.pendingDeletes[0] as PendingDelete;
            await this.host.delete(old.urn, old.id, old.outputs, old.inputs);
            this.pendingDeletes.shift();
            result.steps.push({ op: "delete-replaced", urn: old.urn, name: parseUrn(old.urn).name, id: old.id });
        }
    }

    private mustGet(u: string): ResourceState {
        const s = this.state.get(u);
        if (!s) throw new Error(`no state for ${u}`);
        return s;
    }

    private mustDeclare(byName: Map<string, DeclaredResource>, name: string): DeclaredResource {
        const decl = byName.get(name);
        if (!decl) throw new Error(`undeclared resource ${JSON.stringify(name)}`);
        return decl;
    }
}

/**
 * Starts items as they become ready, at most `limit` at a time, in the order they became ready (items ready at the
 * same moment in list order): Pulumi's step executor takes registrations first come, first served, and a program
 * registers a resource once its dependencies are done. `startable(item)` returns the step of an item that is ready
 * now, or undefined. After a failure nothing new starts; the steps in flight finish and the first error is thrown.
 * Each step records into its own part of `result`, merged in start order, so that results do not depend on timing.
 * @param items the items, in preferred start order
 * @param limit how many steps may run at once
 * @param result where the steps' outcomes are merged
 * @param startable the step of an item if it may start now
 * @param stuck the error when nothing runs and no pending item can start
 */
async function runInOrder<T>(
    items: readonly T[],
    limit: number,
    result: RunResult,
    startable: (item: T) => ((part: RunResult) => Promise<void>) | undefined,
    stuck: (pending: T[]) => Error,
): Promise<void> {
    let pending = [...items];
    const ready: ((part: RunResult) => Promise<void>)[] = [];
    const running = new Set<Promise<void>>();
    const parts: RunResult[] = [];
    let failure: { error: unknown } | undefined;
    try {
        for (;;) {
            // Items that became ready join the queue behind those already waiting for a slot.
            pending = pending.filter((item) => {
                const step = startable(item);
                if (step) ready.push(step);
                return !step;
            });
            while (!failure && running.size < limit && ready.length > 0) {
                const step = ready.shift() as (part: RunResult) => Promise<void>;
                const part = emptyResult();
                parts.push(part);
                const started: Promise<void> = step(part)
                    .catch((error: unknown) => {
                        failure ??= { error };
                    })
                    .finally(() => running.delete(started));
                running.add(started);
            }
            if (running.size === 0) {
                if (failure) throw failure.error;
                if (pending.length === 0) return;
                throw stuck(pending);
            }
            await Promise.race(running);
        }
    } finally {
        mergeResults(result, parts);
    }
}

/** Appends the parts' outcomes and steps to `result`, part after part. */
function mergeResults(result: RunResult, parts: readonly RunResult[]): void {
    for (const part of parts) {
        for (const key of ["created", "updated", "replaced", "deleted", "same", "steps", "warnings"] as const) (result[key] as unknown[]).push(...part[key]);
    }
}

/** A counting semaphore: at most `limit` functions run at once; the others wait in arrival order. */
class Slots {
    private active = 0;
    private readonly queue: (() => void)[] = [];

    constructor(private readonly limit: number) {}

    async run<T>(fn: () => Promise<T>): Promise<T> {
        if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
        else this.active++;
        try {
            return await fn();
        } finally {
            const next = this.queue.shift();
            if (next) next();
            else this.active--;
        }
    }
}

function emptyResult(): RunResult {
    return { created: [], updated: [], replaced: [], deleted: [], same: [], steps: [], warnings: [] };
}

/**
 * Evaluates a resource's inputs against the outputs available so far. Returns `undefined` when the input function
 * reads a resource that is not done yet; otherwise the inputs (as the SDK would send them) and the names read.
 */
function evaluate(decl: DeclaredResource, byName: Map<string, DeclaredResource>, done: OutputsByName): { inputs: PropertyMap; reads: string[] } | undefined {
    const reads: string[] = [];
    let raw: PropertyMap;
    if (typeof decl.inputs === "function") {
        const outputs = new Proxy({} as OutputsByName, {
            get(_target, key) {
                if (typeof key !== "string") return undefined;
                if (!byName.has(key)) throw new Error(`${decl.name} reads outputs of undeclared resource ${JSON.stringify(key)}`);
                reads.push(key);
                if (!(key in done)) throw new NotReady();
                return done[key];
            },
        });
        try {
            raw = decl.inputs(outputs);
        } catch (e) {
            if (e instanceof NotReady) return undefined;
            throw e;
        }
    } else {
        raw = decl.inputs;
    }
    if ("__provider" in raw) throw new Error(`${decl.name}: A dynamic resource must not define the __provider key`);
    return { inputs: sdkSerialize(raw) as PropertyMap, reads };
}

// A value standing for "unknown" at any depth: every property read returns it again, and it turns into the
// unknown marker when converted to a string. Replaced by UNKNOWN before anything is sent.
const unknownProxies = new WeakSet<object>();
const DEEP_UNKNOWN: object = new Proxy(() => undefined, {
    get(_target, key) {
        if (key === Symbol.toPrimitive || key === "toString" || key === "valueOf" || key === "toJSON") return () => UNKNOWN;
        if (key === "then") return undefined;
        return DEEP_UNKNOWN;
    },
});
unknownProxies.add(DEEP_UNKNOWN);

/** Preview outputs of a resource that would change: its checked inputs (and known id/urn), any other key unknown. */
function plannedOutputs(inputs: PropertyMap): PropertyMap {
    return new Proxy(
        { ...inputs },
        {
            get(target, key) {
                // Not `then`: the outputs are awaited, and a thenable would never settle.
                if (typeof key === "string" && key !== "then" && !(key in target)) return DEEP_UNKNOWN;
                return Reflect.get(target, key);
            },
        },
    );
}

/** What the SDK sends for a value: `undefined` object keys dropped, `undefined` array items `null`, unknowns marked. */
function sdkSerialize(value: unknown): unknown {
    if (typeof value === "function" || (typeof value === "object" && value !== null)) {
        if (unknownProxies.has(value)) return UNKNOWN;
    }
    if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sdkSerialize(v)));
    if (typeof value === "object" && value !== null) {
        const out: PropertyMap = {};
        for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = sdkSerialize(v);
        return out;
    }
    return value;
}

/** URNs in dependency order (dependencies first), ties in state order; dependencies outside the map are ignored. */
function topoOrder(state: ReadonlyMap<string, ResourceState>): string[] {
    const order: string[] = [];
    const visiting = new Set<string>();
    const visit = (u: string): void => {
        if (order.includes(u) || visiting.has(u)) return;
        visiting.add(u);
        for (const dep of state.get(u)?.dependencies ?? []) if (state.has(dep)) visit(dep);
        order.push(u);
    };
    for (const u of state.keys()) visit(u);
    return order;
}

function reverseTopoOrder(state: ReadonlyMap<string, ResourceState>): string[] {
    return topoOrder(state).reverse();
}
