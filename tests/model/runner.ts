/**
 * The real side of the model-based test: an emulator, Pulumi's dynamic-provider host and the engine model, a step that
 * runs the model's program through them, and the checks every step must pass.
 */
import assert from "node:assert/strict";
import { ManualClock } from "../emulator/clock";
import { pipesState } from "../emulator/routes/pipes";
import { rolesState } from "../emulator/routes/observability/roles";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import type { TeamStore } from "../emulator/store/teamStore";
import type { DeclaredResource, ResourceState, RunResult } from "../harness/engine";
import { parseUrn, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { type EmulatedStack, newProcess, startEmulatedStack } from "../support/stackStart";
import { declareAlert } from "./kinds/alert";
import { declareConnection } from "./kinds/connection";
import { declareDashboard } from "./kinds/dashboard";
import { declareDataPipe } from "./kinds/dataPipe";
import type { DeclareEnv } from "./kinds/env";
import { declareQueryEndpoint } from "./kinds/queryEndpoint";
import { declareRoles } from "./kinds/role";
import { declareTeamMembers } from "./kinds/teamMember";
import { declareSavedSearch } from "./kinds/savedSearch";
import { declareSource } from "./kinds/source";
import { declareWebhook } from "./kinds/webhook";
import { type Collection, COLLECTIONS, type Model, type Variant, VARIANTS } from "./model";

/** The resource type of each collection. */
export const TYPE_OF: Record<Collection, string> = {
    connections: "Connection",
    sources: "Source",
    webhooks: "Webhook",
    savedSearches: "SavedSearch",
    dashboards: "Dashboard",
    alerts: "Alert",
};
const COLLECTION_OF = new Map(Object.entries(TYPE_OF).map(([collection, type]) => [type, collection as Collection]));

/** The inventory key of the kinds that live in no observability team collection. */
const CLOUD_KEYS: Record<string, string | undefined> = { QueryEndpoint: "queryEndpoint", TeamMember: "teamMembers", DataPipe: "pipes", Role: "roles" };

/** Ids per `variant/collection`, the query endpoint's id, the team members, the pipes and the managed team's roles. */
type Inventory = Record<string, string[]>;

/**
 * What the runner drives a stack with: the engine model (`stack.engine`, tests/harness/engine.ts) or the real engine
 * through the Pulumi CLI (tests/realengine/cliEngine.ts), whose results and state take the same shape.
 */
export interface StackEngine {
    /** The stack's resources by URN, as the last command left them. */
    readonly state: ReadonlyMap<string, ResourceState>;
    up(program: DeclaredResource[]): Promise<RunResult>;
    preview(program: DeclaredResource[]): Promise<RunResult>;
    refresh(): Promise<RunResult>;
    destroy(): Promise<RunResult>;
}

/** One command an engine ran for a step of the sequence. */
export interface EngineRun {
    /** The model's command (or the closing destroy) it ran for. */
    what: string;
    /** `refresh` before the `up`, `up`, the checks' `refresh` and `preview`, `destroy`. */
    command: "refresh" | "up" | "check refresh" | "check preview" | "destroy";
    result: RunResult;
}

/** How a world runs its steps (see {@link startWorld}). */
export interface WorldOptions {
    /** Makes the engine the steps run through, given the emulated stack (default: its engine model). */
    engine?: (stack: EmulatedStack) => Promise<StackEngine>;
    /** Whether every step is checked (default: yes), or only the last one. */
    checkEveryStep?: boolean;
}

/** One run's world: the emulated stack and what its teams held before the run. */
export interface World {
    stack: EmulatedStack;
    /** The engine the steps run through instead of the engine model `stack.engine`, when given. */
    engine?: StackEngine;
    /**
     * Whether every step is checked ({@link checkStack}: a refresh and a preview after its `up`); otherwise the sequence's
     * runner checks once, after the last step.
     */
    checkEveryStep: boolean;
    /** Every command the engine ran, in order. */
    runs: EngineRun[];
    /**
     * The emulator's clock: it only moves when a command moves it (to release answers it held), so every object is made
     * at the instant the run started.
     */
    clock: ManualClock;
    env: DeclareEnv;
    initial: Inventory;
    /** What happened, step by step, for the failure message. */
    log: string[];
}

/**
 * Starts an emulator (fresh fixtures) with a host and an engine; the host's default variant is self-hosted.
 * @param parallel how many steps the engine runs at once (default: the CLI's default)
 * @param options the engine the steps run through, made for the emulated stack (default: its engine model), and
 * whether every step is checked (default: yes)
 */
export async function startWorld(parallel?: number, options: WorldOptions = {}): Promise<World> {
    const clock = new ManualClock(Date.now());
    // Pipes are looked at again 1 ms after each write: their waits cost no real time.
    const stack = await startEmulatedStack({ emulator: { clock }, config: { "observability:pollIntervalMs": "1" } });
    if (parallel !== undefined) stack.engine.parallel = parallel;
    const keys = ["connection", "source", "webhook", "savedSearch", "dashboard", "alert", "dataPipe", "queryEndpoint", "teamMember", "role"];
    const env: DeclareEnv = {
        fixtures: { "self-hosted": stack.emu.fixturesOf("self-hosted"), managed: stack.emu.fixturesOf("managed") },
        managedConnectionId: stack.emu.managedConnectionId,
        providers: Object.fromEntries(keys.map((key) => [key, packageProviderText(key)])),
    };
    const world: World = { stack, clock, env, initial: inventory(stack), log: [], runs: [], checkEveryStep: options.checkEveryStep ?? true };
    try {
        if (options.engine) world.engine = await options.engine(stack);
    } catch (error) {
        await stack.close();
        throw error;
    }
    return world;
}

/** The engine a world's steps run through. */
export function engineOf(world: World): StackEngine {
    return world.engine ?? world.stack.engine;
}

/** Runs one command of the world's engine and records it in {@link World.runs}. */
async function recorded(world: World, what: string, command: EngineRun["command"], run: (engine: StackEngine) => Promise<RunResult>): Promise<RunResult> {
    const result = await run(engineOf(world));
    world.runs.push({ what, command, result });
    return result;
}

/** The team store of a variant. */
export function teamOf(world: World, variant: Variant): TeamStore {
    return variant === "self-hosted" ? world.stack.emu.store.selfHosted : world.stack.emu.store.managed;
}

/** The model's program, in declaration order (a resource after those it references). */
export function declareProgram(model: Model, env: DeclareEnv): DeclaredResource[] {
    const program: DeclaredResource[] = [
        ...[...model.connections].map(([name, r]) => declareConnection(name, r, env)),
        ...[...model.sources].map(([name, r]) => declareSource(name, r, env)),
        ...[...model.webhooks].map(([name, r]) => declareWebhook(name, r, env)),
        ...[...model.savedSearches].map(([name, r]) => declareSavedSearch(name, r, env)),
        ...[...model.dashboards].map(([name, r]) => declareDashboard(name, r, env)),
        ...[...model.alerts].map(([name, r]) => declareAlert(name, r, env)),
    ];
    program.push(...[...model.dataPipes].map(([name, r]) => declareDataPipe(name, r, env)));
    if (model.queryEndpoint) program.push(declareQueryEndpoint(model.queryEndpoint, env));
    program.push(...declareTeamMembers(model.teamMembers, env));
    program.push(...declareRoles(model.roles, env));
    return program;
}

/** The state of a model resource; fails when the stack lacks it. */
export function stateOf(world: World, collection: Collection, name: string) {
    const state = engineOf(world).state.get(urn(TYPE_OF[collection], name));
    assert.ok(state, `${collection}/${name} is in the stack`);
    return state;
}

function inventory(stack: EmulatedStack): Inventory {
    const out: Inventory = {};
    for (const variant of VARIANTS) {
        const team = variant === "self-hosted" ? stack.emu.store.selfHosted : stack.emu.store.managed;
        for (const collection of COLLECTIONS) out[`${variant}/${collection}`] = [...team[collection].keys()].sort();
    }
    const endpoint = queryEndpointState(stack.emu.cloud).endpoint;
    out.queryEndpoint = endpoint ? [endpoint.id] : [];
    out.pipes = [...pipesState(stack.emu.cloud).pipes.keys()].sort();
    // A team member is its email, whether still invited or already a member.
    const team = stack.emu.store.selfHosted;
    out.teamMembers = [...[...team.members.values()].map((user) => user.email), ...[...team.invitations.values()].map((i) => i.email)].sort();
    // The managed team's roles, the predefined ones included (which no stack may change or delete).
    out.roles = [...rolesState(stack.emu.cloud).roles.keys()].sort();
    return out;
}

/** What the teams must hold: what they held before, the strangers, and the stack's own objects. */
function expectedInventory(world: World, model: Model): Inventory {
    const out: Inventory = structuredClone(world.initial);
    const add = (key: string, id: string) => (out[key] = [...(out[key] ?? []), id].sort());
    for (const s of model.strangers) add(`${s.variant}/${s.collection}`, s.id);
    for (const [u, state] of engineOf(world).state) {
        const type = parseUrn(u).type.split(":").pop() ?? "";
        const cloudKey = CLOUD_KEYS[type];
        if (cloudKey !== undefined) {
            add(cloudKey, state.id);
            continue;
        }
        const variant = (state.outputs.variant as Variant | undefined) ?? "self-hosted";
        add(`${variant}/${COLLECTION_OF.get(type)}`, state.id);
    }
    return out;
}

/** Names of the resources a run touched, by outcome (for messages). */
function outcome(run: RunResult): string {
    return JSON.stringify({ created: run.created, updated: run.updated, replaced: run.replaced, deleted: run.deleted });
}

/**
 * Runs the model's program: `refresh` first when something changed out of band (what a user does then), then `up`,
 * which must succeed; then checks the stack against the emulator (see {@link checkStack}).
 * @param what the command, for messages
 * @param refreshFirst whether to refresh before the `up`
 */
export async function step(world: World, model: Model, what: string, refreshFirst = false): Promise<RunResult | undefined> {
    world.log.push(what);
    const program = declareProgram(model, world.env);
    // Every `pulumi` command starts its own provider host; the engine model's is started anew here.
    if (refreshFirst && !world.engine) await newProcess(world.stack);
    const refreshed = refreshFirst ? await recorded(world, what, "refresh", (engine) => engine.refresh()) : undefined;
    const run = await recorded(world, what, "up", (engine) => engine.up(program));
    world.log.push(`  up: ${outcome(run)}`);
    if (world.checkEveryStep) await checkStack(world, model, program, what);
    return refreshed;
}

/**
 * After an `up`: the teams hold exactly what they held before plus the strangers plus the stack's objects; every
 * alert is where the program puts it; a refresh finds nothing to change; a preview plans nothing and sends nothing;
 * no request broke the API's rules and the emulator met no error.
 * @param what the command checked, as {@link World.runs} records the refresh and the preview
 */
export async function checkStack(world: World, model: Model, program: DeclaredResource[], what = "check"): Promise<void> {
    const { stack } = world;
    assert.deepEqual(inventory(stack), expectedInventory(world, model), "the teams hold what they held, the strangers, and the stack's objects");
    checkAlertPlaces(world, model);
    const before = new Map(engineOf(world).state);
    const refresh = await recorded(world, what, "check refresh", (engine) => engine.refresh());
    const drift = [...refresh.updated, ...refresh.deleted].map((name) => {
        const u = [...before.keys()].find((k) => parseUrn(k).name === name) ?? name;
        return { name, before: before.get(u)?.outputs, after: engineOf(world).state.get(u)?.outputs };
    });
    assert.deepEqual(drift, [], "a refresh right after the up finds nothing to change");
    stack.emu.clearRequests();
    const preview = await recorded(world, what, "check preview", (engine) => engine.preview(program));
    assert.deepEqual(
        preview.steps.filter((s) => s.op !== "same").map((s) => [s.op, s.name, s.replaces]),
        [],
        "a preview right after the up plans nothing",
    );
    assert.deepEqual(stack.emu.requests, [], "a no-op preview sends nothing");
    assert.deepEqual(stack.emu.invalidRequests, [], "no request broke the API's rules");
    assert.deepEqual(stack.emu.serverErrors, [], "the emulator met no error");
}

/** Every alert of the program watches, on the server, the tile or saved search and notifies the webhook the program says. */
function checkAlertPlaces(world: World, model: Model): void {
    for (const [name, alert] of model.alerts) {
        const fixtures = world.env.fixtures[alert.variant];
        const state = stateOf(world, "alerts", name);
        const stored = teamOf(world, alert.variant).alerts.get(state.id);
        assert.ok(stored, `alert ${name} (${state.id}) exists on the ${alert.variant} server`);
        if ("tile" in alert.on) {
            const board = stateOf(world, "dashboards", alert.on.tile.dashboard);
            assert.deepEqual(
                [stored.source, stored.dashboardId, stored.tileId],
                ["tile", board.id, (board.outputs.tileIds as Record<string, string>)[alert.on.tile.tile]],
                `alert ${name} watches tile ${alert.on.tile.tile} of ${alert.on.tile.dashboard}`,
            );
        } else {
            const search = alert.on.search === undefined ? fixtures.savedSearch.id : stateOf(world, "savedSearches", alert.on.search).id;
            assert.deepEqual([stored.source, stored.savedSearchId], ["saved_search", search], `alert ${name} watches its saved search`);
        }
        const webhook = alert.webhook === undefined ? fixtures.webhooks.slack.id : stateOf(world, "webhooks", alert.webhook).id;
        assert.equal(stored.channels[0]?.webhookId, webhook, `alert ${name} notifies its webhook`);
    }
}

/** Destroys the stack: the teams then hold what they held before the run, plus the strangers. */
export async function destroyAndCheck(world: World, model: Model): Promise<void> {
    world.log.push("destroy");
    await recorded(world, "destroy", "destroy", (engine) => engine.destroy());
    assert.equal(engineOf(world).state.size, 0);
    assert.deepEqual(inventory(world.stack), expectedInventory(world, model), "destroy leaves the teams as they were (strangers kept)");
}
