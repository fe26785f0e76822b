import fc from "fast-check";
import type { DeclaredResource, OutputsByName } from "../../harness/engine";
import type { PropertyMap } from "../../harness/host";
import type { Variant } from "../model";
import { common, type DeclareEnv, idOr } from "./env";

/** Displays the model uses: three that carry alerts, one that cannot. */
export const DISPLAY_TYPES = ["line", "stacked_bar", "number", "table"] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];

export interface TileModel {
    name: string;
    displayType: DisplayType;
    /** A model source's name; undefined: the fixture logs source. */
    source?: string;
}

/** A dashboard of builder tiles. */
export interface DashboardModel {
    variant: Variant;
    title: string;
    tiles: TileModel[];
    adoptId?: string;
}

export const TILE_NAMES = ["Errors", "Latency", "Throughput", "Saturation", "Failures"] as const;

export const tileArbitrary: fc.Arbitrary<TileModel> = fc.record({ name: fc.constantFrom(...TILE_NAMES), displayType: fc.constantFrom(...DISPLAY_TYPES) });

export const dashboardArbitrary = (variant: Variant): fc.Arbitrary<DashboardModel> =>
    fc.record({
        variant: fc.constant(variant),
        title: fc.constantFrom("Checkout", "Payments", "Edge"),
        tiles: fc.uniqueArray(tileArbitrary, { minLength: 1, maxLength: 3, selector: (t) => t.name }),
    });

/** The dashboard as its API takes it, given the ids of its tiles' sources. */
export function dashboardBody(record: DashboardModel, sourceId: (tile: TileModel) => string): PropertyMap {
    return {
        name: record.title,
        tiles: record.tiles.map((tile, i) => ({
            name: tile.name,
            x: (i % 2) * 6,
            y: Math.floor(i / 2) * 3,
            w: 6,
            h: 3,
            config: { displayType: tile.displayType, sourceId: sourceId(tile), select: [{ aggFn: "count" }] },
        })),
    };
}

export function declareDashboard(name: string, record: DashboardModel, env: DeclareEnv): DeclaredResource {
    return {
        type: "Dashboard",
        name,
        provider: env.providers.dashboard,
        inputs: (outputs: OutputsByName) => ({
            ...common(record),
            ...dashboardBody(record, (tile) => idOr(outputs, tile.source, env.fixtures[record.variant].sources.logs.id)),
        }),
    };
}
