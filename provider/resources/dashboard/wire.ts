import { z } from "zod";
import { tileKeys } from "./tileKeys";

// What the API returns; only what the provider maps back is described, the rest is ignored.
const wireTile = z.looseObject({
    id: z.string(),
    name: z.string().default(""),
    x: z.number(),
    y: z.number(),
    w: z.number(),
    h: z.number(),
    config: z.record(z.string(), z.unknown()),
    containerId: z.string().optional(),
    tabId: z.string().optional(),
});
const wireFilter = z.looseObject({ id: z.string(), name: z.string() });
export const wireDashboard = z.looseObject({
    id: z.string(),
    name: z.string(),
    tiles: z.array(wireTile),
    tags: z.array(z.string()).optional(),
    filters: z.array(wireFilter).optional(),
    savedQuery: z.string().nullish(),
    savedQueryLanguage: z.string().nullish(),
    savedFilterValues: z.array(z.unknown()).optional(),
    containers: z.array(z.unknown()).optional(),
});
export type WireDashboard = z.infer<typeof wireDashboard>;

/** The dashboard's own fields as `check` would produce them, from the server's answer (defaults for absent ones). */
export function dashboardFieldsFromWire(dashboard: WireDashboard): Record<string, unknown> {
    return {
        name: dashboard.name,
        tags: dashboard.tags ?? [],
        tiles: dashboard.tiles.map(({ id: _id, ...tile }) => tile),
        // Filters read back as stored (the server derives no variable name into them).
        filters: (dashboard.filters ?? []).map(({ id: _id, type: _type, ...filter }) => filter),
        savedQuery: dashboard.savedQuery ?? null,
        savedQueryLanguage: dashboard.savedQueryLanguage ?? null,
        savedFilterValues: dashboard.savedFilterValues ?? [],
        containers: dashboard.containers ?? [],
    };
}

/** The server's ids of the dashboard's tiles, by key (name, or `name#n`), and of its filters, by name: what updates send back. */
export function dashboardIds(dashboard: WireDashboard): { tileIds: Record<string, string>; filterIds: Record<string, string> } {
    return {
        tileIds: Object.fromEntries(tileKeys(dashboard.tiles.map((tile) => tile.name)).map((key, i) => [key, dashboard.tiles[i].id])),
        filterIds: Object.fromEntries((dashboard.filters ?? []).map((filter) => [filter.name, filter.id])),
    };
}
