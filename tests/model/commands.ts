/**
 * The commands of the model-based test: edits of the program as users make them (add, remove, rename and retype
 * tiles, move alerts, switch a resource's variant, adopt what exists) and what others do around it (edit and delete
 * objects by hand, fill a collection past one page). Each command edits the model, then runs the step (runner.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { directApi } from "../support/directApi";
import { type AlertModel, thresholdArbitrary } from "./kinds/alert";
import { connectionArbitrary } from "./kinds/connection";
import { dataPipeArbitrary, type DataPipeModel } from "./kinds/dataPipe";
import { dashboardArbitrary, dashboardBody, DISPLAY_TYPES, type DisplayType, TILE_NAMES, tileArbitrary, type TileModel } from "./kinds/dashboard";
import { queryEndpointArbitrary, type QueryEndpointModel } from "./kinds/queryEndpoint";
import { type RoleModel, rolesArbitrary } from "./kinds/role";
import { teamMembersArbitrary } from "./kinds/teamMember";
import { savedSearchArbitrary, savedSearchBody } from "./kinds/savedSearch";
import { sourceArbitrary } from "./kinds/source";
import { webhookArbitrary, webhookBody } from "./kinds/webhook";
import {
    ALERTABLE,
    alertableTiles,
    alertPlaces,
    type Collection,
    COLLECTIONS,
    component,
    type Model,
    namesOf,
    nextName,
    pick,
    rehomeAlerts,
    splitKey,
    type Variant,
    VARIANTS,
} from "./model";
import { declareDashboard } from "./kinds/dashboard";
import { declareProgram, stateOf, step, teamOf, TYPE_OF, type World } from "./runner";
import { newProcess } from "../support/stackStart";
import { startedTogether } from "../support/startedTogether";

type Command = fc.AsyncCommand<Model, World>;

/** A command that edits the program (and maybe the world), then runs a step. */
abstract class Edit implements Command {
    /** Whether the world changed out of band, so the user refreshes before the `up`. */
    protected outOfBand = false;
    abstract check(model: Readonly<Model>): boolean;
    /** Edits the model (and for out-of-band commands the world). */
    protected abstract apply(model: Model, world: World): Promise<void> | void;
    /** Checks on the refresh that ran before the `up`, for out-of-band commands. */
    protected afterRefresh(_refresh: import("../harness/engine").RunResult, _world: World): void {}
    abstract toString(): string;

    async run(model: Model, world: World): Promise<void> {
        await this.apply(model, world);
        const refresh = await step(world, model, this.toString(), this.outOfBand);
        if (refresh) this.afterRefresh(refresh, world);
    }
}

const idx = fc.nat({ max: 1000 });
const variant = fc.constantFrom(...VARIANTS);

// ---- adding resources -------------------------------------------------------------------------------------------

class Add extends Edit {
    constructor(
        private readonly collection: Collection,
        private readonly make: (model: Model) => object | undefined,
        private readonly label: string,
    ) {
        super();
    }
    check = () => true;
    apply(model: Model): void {
        const record = this.make(model);
        if (record) (model[this.collection] as Map<string, object>).set(nextName(model, TYPE_OF[this.collection].toLowerCase()), record);
    }
    toString = () => `add ${this.label}`;
}

/** A model resource of `collection` and `variant` picked by `index`, or undefined (the fixture). */
function sameVariant(model: Model, collection: Collection, v: Variant, index: number, fixtureToo = true): string | undefined {
    const names = [...(model[collection] as Map<string, { variant?: Variant }>)].filter(([, r]) => (r.variant ?? "self-hosted") === v).map(([name]) => name);
    return pick(fixtureToo ? [undefined, ...names] : names, index);
}

/** Where an alert goes: a tile two times out of three when the variant has alertable tiles, else any place. */
function placeFor(model: Model, v: Variant, index: number): AlertModel["on"] {
    const tiles = alertableTiles(model, v).map((tile) => ({ tile }));
    return pick(index % 3 !== 0 && tiles.length > 0 ? tiles : alertPlaces(model, v), index) as AlertModel["on"];
}

const addCommands: fc.Arbitrary<Command>[] = [
    connectionArbitrary.map((r) => new Add("connections", () => r, `connection ${JSON.stringify(r)}`)),
    fc
        .tuple(variant.chain(sourceArbitrary), idx)
        .map(
            ([r, i]) =>
                new Add(
                    "sources",
                    (m) => ({ ...r, connection: r.variant === "self-hosted" ? pick([undefined, ...namesOf(m, "connections")], i) : undefined }),
                    `source ${JSON.stringify(r)} #${i}`,
                ),
        ),
    variant.chain(webhookArbitrary).map((r) => new Add("webhooks", () => r, `webhook ${JSON.stringify(r)}`)),
    fc
        .tuple(variant.chain(savedSearchArbitrary), idx)
        .map(
            ([r, i]) => new Add("savedSearches", (m) => ({ ...r, source: sameVariant(m, "sources", r.variant, i) }), `saved search ${JSON.stringify(r)} #${i}`),
        ),
    fc
        .tuple(variant.chain(dashboardArbitrary), idx)
        .map(
            ([r, i]) =>
                new Add(
                    "dashboards",
                    (m) => ({ ...r, tiles: r.tiles.map((t, k) => ({ ...t, source: sameVariant(m, "sources", r.variant, i + k) })) }),
                    `dashboard ${JSON.stringify(r)} #${i}`,
                ),
        ),
    fc
        .tuple(variant, idx, idx, thresholdArbitrary)
        .map(
            ([v, place, hook, threshold]) =>
                new Add(
                    "alerts",
                    (m): AlertModel => ({ variant: v, on: placeFor(m, v, place), webhook: sameVariant(m, "webhooks", v, hook), threshold }),
                    `alert ${v} at place #${place}, webhook #${hook}, threshold ${threshold}`,
                ),
        ),
];

class SetTeamMembers extends Edit {
    constructor(private readonly emails: string[]) {
        super();
    }
    check = () => true;
    apply(model: Model): void {
        model.teamMembers = this.emails;
    }
    toString = () => `team members ${JSON.stringify(this.emails)}`;
}

/** The invited people accept, in the web UI: refresh follows each invitation to its membership. */
class AcceptInvitations extends Edit {
    protected override outOfBand = true;
    check = (model: Readonly<Model>) => model.teamMembers.length > 0;
    apply(_model: Model, world: World): void {
        for (const invitation of [...world.stack.emu.store.selfHosted.invitations.values()]) world.stack.emu.acceptInvitation(invitation.email);
    }
    toString = () => "the invited accept their invitations";
}

/** Declares the managed team's custom roles anew: some added, renamed, with other permissions, or removed. */
class SetRoles extends Edit {
    constructor(private readonly roles: Map<string, RoleModel>) {
        super();
    }
    check = () => true;
    apply(model: Model): void {
        model.roles = new Map(this.roles);
    }
    toString = () => `roles ${JSON.stringify([...this.roles])}`;
}

class SetQueryEndpoint extends Edit {
    constructor(private readonly endpoint: QueryEndpointModel | undefined) {
        super();
    }
    check = () => true;
    apply(model: Model): void {
        model.queryEndpoint = this.endpoint;
    }
    toString = () => `query endpoint ${this.endpoint ? JSON.stringify(this.endpoint.roles) : "removed"}`;
}

/** Adds a pipe, edits one (its state, its scaling, its tuning) or removes one: `record` undefined removes. */
class SetDataPipe extends Edit {
    constructor(
        private readonly index: number,
        private readonly record: DataPipeModel | undefined,
        private readonly add: boolean,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => this.add || model.dataPipes.size > 0;
    apply(model: Model): void {
        const name = this.add ? nextName(model, "pipe") : pick([...model.dataPipes.keys()], this.index);
        if (name === undefined) return;
        if (this.record) model.dataPipes.set(name, this.record);
        else model.dataPipes.delete(name);
    }
    toString = () => `${this.add ? "add" : this.record ? "edit" : "remove"} data pipe #${this.index} ${JSON.stringify(this.record ?? null)}`;
}

// ---- removing resources -----------------------------------------------------------------------------------------

/** Removes a resource; what referenced it is edited as a user must: alerts move, tiles and searches fall back to the fixtures. */
class Remove extends Edit {
    constructor(
        private readonly collection: Collection,
        private readonly index: number,
        private readonly choice: number,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => model[this.collection].size > 0;
    apply(model: Model): void {
        const name = pick(namesOf(model, this.collection), this.index) as string;
        model[this.collection].delete(name);
        if (this.collection === "dashboards") rehomeAlerts(model, (on) => "tile" in on && on.tile.dashboard === name, this.choice);
        if (this.collection === "savedSearches") rehomeAlerts(model, (on) => "search" in on && on.search === name, this.choice);
        for (const alert of model.alerts.values()) if (alert.webhook === name) alert.webhook = undefined;
        for (const search of model.savedSearches.values()) if (search.source === name) search.source = undefined;
        for (const board of model.dashboards.values()) for (const tile of board.tiles) if (tile.source === name) tile.source = undefined;
        for (const source of model.sources.values()) if (source.connection === name) source.connection = undefined;
    }
    toString = () => `remove ${this.collection} #${this.index} (alerts moved by #${this.choice})`;
}

// ---- tiles ------------------------------------------------------------------------------------------------------

/** A tile edit on a dashboard picked by index; the alerts of a tile that goes away or stops carrying alerts move. */
abstract class TileEdit extends Edit {
    constructor(
        protected readonly board: number,
        protected readonly tile: number,
        protected readonly choice: number,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => model.dashboards.size > 0;
    /** Edits `tiles`, where the tile `tile` indexes is the one the command is about. */
    protected abstract edit(tiles: TileModel[], dashboard: string, model: Model, tile: number): void;
    apply(model: Model): void {
        // Odd board numbers pick among the tiles that alerts watch, when there are some: the flows docs/guides/whole-environment.md documents.
        const watched = [...model.alerts.values()].flatMap((a) => ("tile" in a.on ? [a.on.tile] : []));
        const target = this.board % 2 === 1 ? pick(watched, this.tile) : undefined;
        const name = target?.dashboard ?? (pick(namesOf(model, "dashboards"), this.board) as string);
        const board = model.dashboards.get(name);
        assert.ok(board);
        this.edit(board.tiles, name, model, target ? board.tiles.findIndex((t) => t.name === target.tile) : this.tile);
        const alertable = new Set(board.tiles.filter((t) => ALERTABLE.has(t.displayType)).map((t) => t.name));
        rehomeAlerts(model, (on) => "tile" in on && on.tile.dashboard === name && !alertable.has(on.tile.tile), this.choice);
    }
}

class AddTile extends TileEdit {
    constructor(
        board: number,
        private readonly added: TileModel,
    ) {
        super(board, 0, 0);
    }
    protected edit(tiles: TileModel[]): void {
        if (!tiles.some((t) => t.name === this.added.name)) tiles.push({ ...this.added });
    }
    toString = () => `add tile ${JSON.stringify(this.added)} to dashboard #${this.board}`;
}

class RemoveTile extends TileEdit {
    protected edit(tiles: TileModel[], _dashboard: string, _model: Model, tile: number): void {
        if (tiles.length > 0) tiles.splice(tile % tiles.length, 1);
    }
    toString = () => `remove tile #${this.tile} of dashboard #${this.board} (alerts moved by #${this.choice})`;
}

/** Renames a tile; its alerts follow the new name (docs/guides/whole-environment.md: move the alert to the new tile name in the same change). */
class RenameTile extends TileEdit {
    constructor(
        board: number,
        tile: number,
        private readonly newName: string,
    ) {
        super(board, tile, 0);
    }
    protected edit(tiles: TileModel[], dashboard: string, model: Model, index: number): void {
        const tile = pick(tiles, index);
        if (!tile || tiles.some((t) => t.name === this.newName)) return;
        for (const alert of model.alerts.values()) {
            if ("tile" in alert.on && alert.on.tile.dashboard === dashboard && alert.on.tile.tile === tile.name)
                alert.on = { tile: { dashboard, tile: this.newName } };
        }
        tile.name = this.newName;
    }
    toString = () => `rename tile #${this.tile} of dashboard #${this.board} to ${this.newName}`;
}

class RetypeTile extends TileEdit {
    constructor(
        board: number,
        tile: number,
        choice: number,
        private readonly displayType: DisplayType,
    ) {
        super(board, tile, choice);
    }
    protected edit(tiles: TileModel[], _dashboard: string, _model: Model, index: number): void {
        const tile = pick(tiles, index);
        if (tile) tile.displayType = this.displayType;
    }
    toString = () => `retype tile #${this.tile} of dashboard #${this.board} to ${this.displayType} (alerts moved by #${this.choice})`;
}

// ---- alerts and fields ------------------------------------------------------------------------------------------

class MoveAlert extends Edit {
    constructor(
        private readonly alert: number,
        private readonly place: number,
        private readonly webhook: number,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => model.alerts.size > 0;
    apply(model: Model): void {
        const alert = model.alerts.get(pick(namesOf(model, "alerts"), this.alert) as string);
        assert.ok(alert);
        alert.on = placeFor(model, alert.variant, this.place);
        alert.webhook = sameVariant(model, "webhooks", alert.variant, this.webhook);
    }
    toString = () => `move alert #${this.alert} to place #${this.place}, webhook #${this.webhook}`;
}

/** Changes one field the program declares. */
class EditField extends Edit {
    constructor(
        private readonly collection: Collection,
        private readonly index: number,
        private readonly value: number,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => model[this.collection].size > 0;
    apply(model: Model): void {
        const name = pick(namesOf(model, this.collection), this.index) as string;
        const v = this.value;
        const edits: Record<Collection, () => void> = {
            connections: () => ((model.connections.get(name) as { host: string }).host = `https://engine-${v}.example.com:8443`),
            sources: () => ((model.sources.get(name) as { table: string }).table = `logs_${v}`),
            webhooks: () => ((model.webhooks.get(name) as { description: string }).description = v % 3 === 0 ? "" : `edited ${v}`),
            savedSearches: () => ((model.savedSearches.get(name) as { where: string }).where = `level:${v}`),
            dashboards: () => ((model.dashboards.get(name) as { title: string }).title = `Board ${v}`),
            alerts: () => ((model.alerts.get(name) as { threshold: number }).threshold = 1 + v),
        };
        edits[this.collection]();
    }
    toString = () => `edit ${this.collection} #${this.index} (${this.value})`;
}

/**
 * Switches a resource's variant, with everything it references or that references it (a valid program keeps
 * references within a variant). Not with a connection (self-hosted only), and not a webhook that alerts name: its
 * replacement deletes first, while the alerts still name it, and the server refuses; Pulumi's engine does the same
 * (tests/realengine/calibration.engine.ts), so no valid program moves them in one change.
 */
class SwitchVariant extends Edit {
    constructor(
        private readonly collection: Collection,
        private readonly index: number,
    ) {
        super();
    }
    private group(model: Readonly<Model>): string[] {
        const name = pick(namesOf(model as Model, this.collection), this.index);
        return name === undefined ? [] : component(model as Model, `${this.collection}/${name}`);
    }
    check = (model: Readonly<Model>) => {
        const group = this.group(model);
        return (
            group.length > 0 &&
            group.every((key) => {
                const { collection, name } = splitKey(key);
                return collection !== "connections" && !(collection === "webhooks" && [...model.alerts.values()].some((a) => a.webhook === name));
            })
        );
    };
    apply(model: Model): void {
        for (const key of this.group(model)) {
            const { collection, name } = splitKey(key);
            const record = (model[collection] as Map<string, { variant: Variant }>).get(name);
            assert.ok(record);
            record.variant = record.variant === "managed" ? "self-hosted" : "managed";
        }
    }
    toString = () => `switch the variant of ${this.collection} #${this.index} and its references`;
}

// ---- the world around the stack ---------------------------------------------------------------------------------

/** Someone makes an object by hand; the program then declares it with `adoptId`. */
class Adopt extends Edit {
    constructor(
        private readonly collection: "webhooks" | "savedSearches" | "dashboards" | "alerts",
        private readonly variant: Variant,
        private readonly seed: number,
    ) {
        super();
    }
    check = () => true;
    async apply(model: Model, world: World): Promise<void> {
        const api = directApi(world.stack.emu, this.variant);
        const name = nextName(model, `adopted-${TYPE_OF[this.collection].toLowerCase()}`);
        const fixtures = world.env.fixtures[this.variant];
        const logs = fixtures.sources.logs.id;
        if (this.collection === "webhooks") {
            const record = { variant: this.variant, description: this.seed % 2 === 0 ? "made by hand" : "" };
            const created = await api.call("POST", "/webhooks", webhookBody(name, record));
            model.webhooks.set(name, { ...record, adoptId: String(created.id) });
        } else if (this.collection === "savedSearches") {
            const record = { variant: this.variant, where: `by:hand-${this.seed}` };
            const created = await api.call("POST", "/saved-searches", savedSearchBody(name, record, logs));
            model.savedSearches.set(name, { ...record, adoptId: String(created.id) });
        } else if (this.collection === "alerts") {
            const record: AlertModel = { variant: this.variant, on: { search: undefined }, threshold: 1 + this.seed };
            const created = await api.call("POST", "/alerts", {
                source: "saved_search",
                savedSearchId: fixtures.savedSearch.id,
                threshold: record.threshold,
                thresholdType: "above",
                interval: "5m",
                channel: { type: "webhook", webhookId: fixtures.webhooks.slack.id },
                name,
            });
            model.alerts.set(name, { ...record, adoptId: String(created.id) });
        } else {
            const record = {
                variant: this.variant,
                title: `Hand-made ${this.seed}`,
                tiles: [{ name: TILE_NAMES[this.seed % TILE_NAMES.length], displayType: DISPLAY_TYPES[this.seed % DISPLAY_TYPES.length] }],
            };
            const created = await api.call(
                "POST",
                "/dashboards",
                dashboardBody(record, () => logs),
            );
            model.dashboards.set(name, { ...record, adoptId: String(created.id) });
        }
    }
    toString = () => `adopt a hand-made ${this.variant} ${this.collection} (${this.seed})`;
}

/**
 * Someone makes a dashboard by hand, and the program declares it twice with `adoptId` (a copied declaration): the engine
 * starts both creates together. The server holds both reads of the object (by id: this `up` runs with no shared list)
 * until both adoptions reached it or the second one was refused, so the two are at once whatever the timing. The second
 * fails naming the id; the user removes its declaration and runs `up` again, and the object stays in the stack once.
 */
export class AdoptTwice implements Command {
    constructor(
        private readonly variant: Variant,
        private readonly seed: number,
    ) {}
    check = () => true;
    async run(model: Model, world: World): Promise<void> {
        world.log.push(this.toString());
        assert.ok(!world.engine, "AdoptTwice starts two creates together in the engine model: it runs on no other engine");
        const { stack, clock } = world;
        const name = nextName(model, "adopted-dashboard");
        const record = {
            variant: this.variant,
            title: `Adopted twice ${this.seed}`,
            tiles: [{ name: TILE_NAMES[this.seed % TILE_NAMES.length], displayType: DISPLAY_TYPES[this.seed % DISPLAY_TYPES.length] }],
        };
        const logs = world.env.fixtures[this.variant].sources.logs.id;
        const id = String(
            (
                await directApi(stack.emu, this.variant).call(
                    "POST",
                    "/dashboards",
                    dashboardBody(record, () => logs),
                )
            ).id,
        );
        model.dashboards.set(name, { ...record, adoptId: id });
        const program = [...declareProgram(model, world.env), declareDashboard(`${name}-copy`, { ...record, adoptId: id }, world.env)];

        await newProcess(stack, { "observability:readCacheMs": "0" });
        const outcome = await startedTogether(stack, clock, `/dashboards/${id}`, () => stack.engine.up(program));
        assert.equal(outcome.status, "rejected", "the second adoption fails");
        assert.match(String(outcome.reason), new RegExp(`adopt Dashboard "${id}": another resource of this stack already manages it`));
        world.log.push(`  up: the second adoption of ${id} failed`);

        await newProcess(stack);
        await step(world, model, `  remove the copied declaration`);
    }
    toString = () => `adopt one hand-made ${this.variant} dashboard twice, both started together (${this.seed})`;
}

/** Someone edits a stack's object by hand: the user refreshes (drift shows), and `up` puts the declaration back. */
class EditByHand extends Edit {
    protected override outOfBand = true;
    private edited?: string;
    constructor(
        private readonly collection: Collection,
        private readonly index: number,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => model[this.collection].size > 0;
    apply(model: Model, world: World): void {
        const name = pick(namesOf(model, this.collection), this.index) as string;
        const variant = (model[this.collection].get(name) as { variant?: Variant }).variant ?? "self-hosted";
        const id = stateOf(world, this.collection, name).id;
        const stored = teamOf(world, variant)[this.collection].get(id) as unknown as Record<string, unknown> | undefined;
        assert.ok(stored, `${this.collection}/${name} is on the server`);
        const field = { connections: "host", sources: "name", webhooks: "description", savedSearches: "where", dashboards: "name", alerts: "threshold" }[
            this.collection
        ];
        stored[field] = field === "threshold" ? Number(stored[field]) + 1000 : field === "host" ? "http://elsewhere:8123" : "changed by hand";
        this.edited = name;
    }
    protected override afterRefresh(refresh: import("../harness/engine").RunResult): void {
        assert.ok(refresh.updated.includes(this.edited as string), `the refresh shows the edit of ${this.edited}: ${JSON.stringify(refresh.updated)}`);
    }
    toString = () => `edit ${this.collection} #${this.index} by hand`;
}

/** Someone deletes a stack's object by hand (the server's own cascades apply): refresh drops it, `up` makes it again. */
class DeleteByHand extends Edit {
    protected override outOfBand = true;
    private deleted?: string;
    constructor(
        private readonly collection: Exclude<Collection, "connections">,
        private readonly index: number,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => model[this.collection].size > 0;
    async apply(model: Model, world: World): Promise<void> {
        const name = pick(namesOf(model, this.collection), this.index) as string;
        const record = model[this.collection].get(name) as { variant: Variant; adoptId?: string };
        const path = { sources: "/sources", webhooks: "/webhooks", savedSearches: "/saved-searches", dashboards: "/dashboards", alerts: "/alerts" }[
            this.collection
        ];
        const id = stateOf(world, this.collection, name).id;
        const client = directApi(world.stack.emu, record.variant);
        // The server refuses to delete a webhook an alert names first: then it stays, as it would for the person.
        const refused = this.collection === "webhooks" && teamOf(world, record.variant).firstChannelReferences(id) > 0;
        if (refused) return;
        await client.call("DELETE", `${path}/${id}`);
        // The object is gone: a user stops adopting it and lets the stack create it.
        delete record.adoptId;
        this.deleted = name;
    }
    protected override afterRefresh(refresh: import("../harness/engine").RunResult): void {
        if (this.deleted) assert.ok(refresh.deleted.includes(this.deleted), `the refresh drops ${this.deleted}: ${JSON.stringify(refresh.deleted)}`);
    }
    toString = () => `delete ${this.collection} #${this.index} by hand`;
}

type Grown = "webhooks" | "savedSearches" | "dashboards" | "alerts" | "sources";

/** Someone fills a collection past one page (1000) with objects of their own, which the stack must never touch. */
class Grow extends Edit {
    constructor(
        private readonly collection: Grown,
        private readonly variant: Variant,
    ) {
        super();
    }
    check = (model: Readonly<Model>) => !model.grown.has(`${this.variant}/${this.collection}`);
    apply(model: Model, world: World): void {
        model.grown.add(`${this.variant}/${this.collection}`);
        const team = teamOf(world, this.variant);
        const fixtures = world.env.fixtures[this.variant];
        const now = new Date().toISOString();
        const prefix = `f${GROWN.indexOf(this.collection)}${this.variant === "managed" ? "1" : "0"}`;
        for (let i = 0; i < 1001; i++) {
            const id = `${prefix}${i.toString(16).padStart(21, "0")}`;
            const name = `stranger ${i}`;
            const made = { id, name, createdAt: now, updatedAt: now };
            if (this.collection === "webhooks") team.webhooks.set(id, { ...structuredClone(fixtures.webhooks.slack), ...made });
            else if (this.collection === "savedSearches") team.savedSearches.set(id, { ...structuredClone(fixtures.savedSearch), ...made });
            else if (this.collection === "sources") team.sources.set(id, { ...structuredClone(fixtures.sources.logs), id, name });
            else if (this.collection === "dashboards")
                team.dashboards.set(id, {
                    id,
                    name,
                    tiles: [],
                    tags: [],
                    filters: [],
                    savedQuery: null,
                    savedQueryLanguage: null,
                    savedFilterValues: [],
                    containers: [],
                });
            else
                team.alerts.set(id, {
                    ...made,
                    message: null,
                    note: null,
                    numConsecutiveWindows: null,
                    threshold: i,
                    interval: "5m",
                    source: "saved_search",
                    thresholdType: "above",
                    channels: [{ type: "webhook", webhookId: fixtures.webhooks.generic.id }],
                    savedSearchId: fixtures.savedSearch.id,
                    state: "OK",
                });
            model.strangers.push({ collection: this.collection, variant: this.variant, id });
        }
    }
    toString = () => `grow ${this.variant} ${this.collection} past one page`;
}
const GROWN: readonly Grown[] = ["webhooks", "savedSearches", "dashboards", "alerts", "sources"];

/** Every command, weighted toward the cross-resource edits. */
export function allCommands(): fc.Arbitrary<Command>[] {
    const collection = fc.constantFrom(...COLLECTIONS);
    const handMade = fc.constantFrom("webhooks" as const, "savedSearches" as const, "dashboards" as const, "alerts" as const);
    return [
        ...addCommands,
        ...addCommands.filter((_, i) => i >= 4), // dashboards and alerts three times as often
        ...addCommands.filter((_, i) => i >= 4),
        fc.option(queryEndpointArbitrary, { nil: undefined }).map((e) => new SetQueryEndpoint(e)),
        dataPipeArbitrary.map((r) => new SetDataPipe(0, r, true)),
        fc.tuple(idx, fc.option(dataPipeArbitrary, { nil: undefined })).map(([i, r]) => new SetDataPipe(i, r, false)),
        teamMembersArbitrary.map((emails) => new SetTeamMembers(emails)),
        rolesArbitrary.map((roles) => new SetRoles(roles)),
        fc.constant(new AcceptInvitations()),
        fc.tuple(collection, idx, idx).map(([c, i, choice]) => new Remove(c, i, choice)),
        fc.tuple(idx, tileArbitrary).map(([b, t]) => new AddTile(b, t)),
        fc.tuple(idx, idx, idx).map(([b, t, choice]) => new RemoveTile(b, t, choice)),
        fc.tuple(idx, idx, fc.constantFrom(...TILE_NAMES)).map(([b, t, n]) => new RenameTile(b, t, n)),
        fc.tuple(idx, idx, fc.constantFrom(...TILE_NAMES)).map(([b, t, n]) => new RenameTile(b, t, n)),
        fc.tuple(idx, idx, idx, fc.constantFrom(...DISPLAY_TYPES)).map(([b, t, choice, d]) => new RetypeTile(b, t, choice, d)),
        fc.tuple(idx, idx, idx).map(([b, t, choice]) => new RemoveTile(b, t, choice)),
        fc.tuple(idx, idx, idx).map(([a, p, w]) => new MoveAlert(a, p, w)),
        fc.tuple(idx, idx, idx).map(([a, p, w]) => new MoveAlert(a, p, w)),
        fc.tuple(collection, idx, idx).map(([c, i, v]) => new EditField(c, i, v)),
        fc.tuple(collection, idx).map(([c, i]) => new SwitchVariant(c, i)),
        fc.tuple(handMade, variant, idx).map(([c, v, s]) => new Adopt(c, v, s)),
        fc.tuple(variant, idx).map(([v, s]) => new AdoptTwice(v, s)),
        fc.tuple(collection, idx).map(([c, i]) => new EditByHand(c, i)),
        fc
            .tuple(fc.constantFrom("sources" as const, "webhooks" as const, "savedSearches" as const, "dashboards" as const, "alerts" as const), idx)
            .map(([c, i]) => new DeleteByHand(c, i)),
        fc.tuple(fc.constantFrom(...GROWN), variant).map(([c, v]) => new Grow(c, v)),
    ];
}
