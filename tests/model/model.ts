/**
 * The model of a whole Pulumi program over every observability kind and both variants: plain data that the commands
 * edit as users edit their programs, and that `declareProgram` (runner.ts) turns into the engine model's declarations.
 * The model only ever holds valid programs: a reference names a resource of the same variant, a tile alert watches a
 * tile that can carry alerts, a connection is self-hosted. The commands keep those rules as a user must, e.g. by moving
 * an alert off a tile they rename, retype or remove in the same change.
 */
import type { AlertModel } from "./kinds/alert";
import type { ConnectionModel } from "./kinds/connection";
import type { DashboardModel } from "./kinds/dashboard";
import type { DataPipeModel } from "./kinds/dataPipe";
import type { QueryEndpointModel } from "./kinds/queryEndpoint";
import type { RoleModel } from "./kinds/role";
import type { SavedSearchModel } from "./kinds/savedSearch";
import type { SourceModel } from "./kinds/source";
import type { WebhookModel } from "./kinds/webhook";

/** The two observability variants. */
export type Variant = "self-hosted" | "managed";
export const VARIANTS: readonly Variant[] = ["self-hosted", "managed"];

/** The observability kinds of the model, by the collection the emulator's team store keeps them in. */
export interface Declared {
    connections: Map<string, ConnectionModel>;
    sources: Map<string, SourceModel>;
    webhooks: Map<string, WebhookModel>;
    savedSearches: Map<string, SavedSearchModel>;
    dashboards: Map<string, DashboardModel>;
    alerts: Map<string, AlertModel>;
}
export type Collection = keyof Declared;
export const COLLECTIONS: readonly Collection[] = ["connections", "sources", "webhooks", "savedSearches", "dashboards", "alerts"];

/** Objects someone else made in a team (the stack must never touch them). */
export interface Stranger {
    collection: Collection;
    variant: Variant;
    id: string;
}

/** The program and what the world around it holds. */
export interface Model extends Declared {
    /** The service's query endpoint (cloud), when declared. */
    queryEndpoint?: QueryEndpointModel;
    /** The configured service's data pipes (cloud), by resource name (also the pipe's name). */
    dataPipes: Map<string, DataPipeModel>;
    /** The self-hosted team's members the program declares, by email. */
    teamMembers: string[];
    /** The managed team's custom roles the program declares, by slot. */
    roles: Map<string, RoleModel>;
    /** Makes resource names unique within a run. */
    counter: number;
    strangers: Stranger[];
    /** Collections already grown past one page, by `variant/collection`. */
    grown: Set<string>;
}

export function emptyModel(): Model {
    return {
        connections: new Map(),
        sources: new Map(),
        webhooks: new Map(),
        savedSearches: new Map(),
        dashboards: new Map(),
        alerts: new Map(),
        dataPipes: new Map(),
        teamMembers: [],
        roles: new Map(),
        counter: 0,
        strangers: [],
        grown: new Set(),
    };
}

/** A fresh resource name for a kind (`dashboard-3`). */
export function nextName(model: Model, stem: string): string {
    model.counter += 1;
    return `${stem}-${model.counter}`;
}

/** The `index % length`-th item, or undefined for an empty list: commands pick targets by a generated index. */
export function pick<T>(items: readonly T[], index: number): T | undefined {
    return items.length === 0 ? undefined : items[index % items.length];
}

/** Names of the resources of one collection, in declaration order. */
export function namesOf(model: Model, collection: Collection): string[] {
    return [...model[collection].keys()];
}

/** Tile displays that can carry alerts (upstream: line, stacked bar and number). */
export const ALERTABLE = new Set(["line", "stacked_bar", "number"]);

/** Where a tile alert may go: every alertable tile of a variant's dashboards. */
export function alertableTiles(model: Model, variant: Variant): { dashboard: string; tile: string }[] {
    return [...model.dashboards].flatMap(([dashboard, d]) =>
        d.variant === variant ? d.tiles.filter((t) => ALERTABLE.has(t.displayType)).map((t) => ({ dashboard, tile: t.name })) : [],
    );
}

/** Every place an alert of `variant` may watch: alertable tiles, the variant's saved searches, and the fixture search. */
export function alertPlaces(model: Model, variant: Variant): AlertModel["on"][] {
    return [
        ...alertableTiles(model, variant).map((t) => ({ tile: t })),
        ...[...model.savedSearches].filter(([, s]) => s.variant === variant).map(([name]) => ({ search: name })),
        { search: undefined },
    ];
}

/** The names each resource references (same variant by construction), as `collection/name`. */
export function referencesOf(model: Model): Map<string, string[]> {
    const refs = new Map<string, string[]>();
    const add = (from: string, to: string | undefined) => {
        if (to !== undefined) refs.set(from, [...(refs.get(from) ?? []), to]);
    };
    for (const [name, s] of model.sources) add(`sources/${name}`, s.connection && `connections/${s.connection}`);
    for (const [name, s] of model.savedSearches) add(`savedSearches/${name}`, s.source && `sources/${s.source}`);
    for (const [name, d] of model.dashboards) for (const t of d.tiles) add(`dashboards/${name}`, t.source && `sources/${t.source}`);
    for (const [name, a] of model.alerts) {
        add(`alerts/${name}`, a.webhook && `webhooks/${a.webhook}`);
        add(`alerts/${name}`, "tile" in a.on ? `dashboards/${a.on.tile.dashboard}` : a.on.search && `savedSearches/${a.on.search}`);
    }
    return refs;
}

/** The resources connected to `start` by references either way: what must change variant together. */
export function component(model: Model, start: string): string[] {
    const edges = new Map<string, Set<string>>();
    for (const [from, tos] of referencesOf(model)) {
        for (const to of tos) {
            edges.set(from, (edges.get(from) ?? new Set()).add(to));
            edges.set(to, (edges.get(to) ?? new Set()).add(from));
        }
    }
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
        for (const next of edges.get(queue.shift() as string) ?? []) {
            if (seen.has(next)) continue;
            seen.add(next);
            queue.push(next);
        }
    }
    return [...seen];
}

/** Splits `collection/name`. */
export function splitKey(key: string): { collection: Collection; name: string } {
    const [collection, name] = key.split("/") as [Collection, string];
    return { collection, name };
}

/** Moves the alerts watching something the change takes away to the first other place of their variant. */
export function rehomeAlerts(model: Model, gone: (on: AlertModel["on"]) => boolean, choice: number): void {
    for (const alert of model.alerts.values()) {
        if (!gone(alert.on)) continue;
        alert.on = pick(
            alertPlaces(model, alert.variant).filter((p) => !gone(p)),
            choice,
        ) as AlertModel["on"];
    }
}
