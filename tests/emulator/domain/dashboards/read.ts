import type { Dashboard, JsonObject, Tile } from "../../store/types";
import { renderFilter } from "./filters";

/** The read shape (§2.10): defaults always present, empty containers absent, orphan tile refs dropped. */
export function renderDashboard(dashboard: Dashboard): JsonObject {
    const out: JsonObject = {
        id: dashboard.id,
        name: dashboard.name,
        // PromQL tiles (stored by the web UI) have no v2 shape: the read leaves them out, and a PUT, which replaces
        // the tiles with the body's, deletes them.
        tiles: dashboard.tiles.filter((tile) => tile.config.configType !== "promql").map((tile) => renderTile(tile, dashboard)),
        tags: [...new Set(dashboard.tags)],
        filters: dashboard.filters.map(renderFilter),
        savedQuery: dashboard.savedQuery,
        savedQueryLanguage: dashboard.savedQueryLanguage,
        savedFilterValues: dashboard.savedFilterValues.map((v) => ({ type: v.type, condition: v.condition })),
    };
    if (dashboard.containers.length > 0) out.containers = structuredClone(dashboard.containers) as unknown as JsonObject[];
    return out;
}

function renderTile(tile: Tile, dashboard: Dashboard): JsonObject {
    const out: JsonObject = { id: tile.id, name: tile.name ?? "", x: tile.x, y: tile.y, w: tile.w, h: tile.h, config: structuredClone(tile.config) };
    const container = dashboard.containers.find((c) => c.id === tile.containerId);
    if (container) {
        out.containerId = container.id;
        if (tile.tabId !== undefined && (container.tabs ?? []).some((t) => t.id === tile.tabId)) out.tabId = tile.tabId;
    }
    return out;
}
