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
import type { DeclaredResource, RunResult } from "../harness/engine";
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

/** One run's world: the emulated stack and what its teams held before the run. */
export interface World {
    stack: EmulatedStack;
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
 */
export async function startWorld(parallel?: number): Promise<World> {
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
    return { stack, clock, env, initial: inventory(stack), log: [] };
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
    const state = world.stack.engine.state.get(urn(TYPE_OF[collection], name));
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
    for (const [u, state] of world.stack.engine.state) {
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
    const { stack } = world;
    world.log.push(what);
    const program = declareProgram(model, world.env);
    if (refreshFirst) await newProcess(world.stack);
    const refreshed = refreshFirst ? await stack.engine.refresh() : undefined;
    const run = await stack.engine.up(program);
    world.log.push(`  up: ${outcome(run)}`);
    await checkStack(world, model, program);
    return refreshed;
}

/**
 * After an `up`: the teams hold exactly what they held before plus the strangers plus the stack's objects; every
 * alert is where the program puts it; a refresh finds nothing to change; a preview plans nothing and sends nothing;
 * no request broke the API's rules and the emulator met no error.
 */
export async function checkStack(world: World, model: Model, program: DeclaredResource[]): Promise<void> {
    const { stack } = world;
    assert.deepEqual(inventory(stack), expectedInventory(world, model), "the teams hold what they held, the strangers, and the stack's objects");
    checkAlertPlaces(world, model);
    const before = new Map(stack.engine.state);
    const refresh = await stack.engine.refresh();
    const drift = [...refresh.updated, ...refresh.deleted].map((name) => {
        const u = [...before.keys()].find((k) => parseUrn(k).name === name) ?? name;
        return { name, before: before.get(u)?.outputs, after: stack.engine.state.get(u)?.outputs };
    });
    assert.deepEqual(drift, [], "a refresh right after the up finds nothing to change");
    stack.emu.clearRequests();
    const preview = await stack.engine.preview(program);
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
    await world.stack.engine.destroy();
    assert.equal(world.stack.engine.state.size, 0);
    assert.deepEqual(inventory(world.stack), expectedInventory(world, model), "destroy leaves the teams as they were (strangers kept)");
}
