import { badRequest } from "../../http/apiError";
import type { TeamStore } from "../../store/teamStore";
import type { Container, DashboardFilter, JsonObject, Tile } from "../../store/types";
import { asObject, isObject } from "../json";
import { isRawSql } from "./tileConfig";

/** A dashboard about to be stored, before ids are final. */
export interface DashboardDraft {
    tiles: Omit<Tile, "id">[];
    /** Tile ids as sent (PUT retention decides which survive). */
    sentTileIds: (string | undefined)[];
    filters: DashboardFilter[];
    containers: Container[];
}

const SEARCHABLE = new Set(["log", "trace"]);
const FORMULA_SOURCES = new Set(["metric", "log", "trace"]);

/**
 * Cross-resource checks of §2.5, in the server's order; the first failure wins.
 * @param previous the stored tiles on a PUT: heatmap and formula kind checks only run for new or changed tiles
 */
export function crossCheckDashboard(draft: DashboardDraft, team: TeamStore, previous?: Tile[]): void {
    const { tiles } = draft;
    tiles.forEach((tile, i) => {
        if (tile.tabId !== undefined && tile.containerId === undefined)
            throw badRequest(`tiles.${i}.tabId: Tile references tabId "${tile.tabId}" without a containerId`);
        if (tile.containerId === undefined) return;
        const container = draft.containers.find((c) => c.id === tile.containerId);
        if (!container) throw badRequest(`tiles.${i}.containerId: Tile references unknown containerId "${tile.containerId}"`);
        if (tile.tabId !== undefined && !(container.tabs ?? []).some((t) => t.id === tile.tabId))
            throw badRequest(`tiles.${i}.tabId: Tile references unknown tabId "${tile.tabId}" in container "${tile.containerId}"`);
    });

    const sourceIds = [...tiles.flatMap((t) => [t.config.sourceId, searchTargetId(t.config)]), ...draft.filters.map((f) => f.sourceId)].filter(
        (id): id is string => typeof id === "string",
    );
    const missingSources = unique(sourceIds.filter((id) => !team.sources.has(id)));
    if (missingSources.length) throw badRequest(`Could not find the following source IDs: ${missingSources.join(", ")}`);

    const raw = tiles.map((t) => t.config).filter(isRawSql);
    const missingConnections = unique(raw.map((c) => String(c.connectionId)).filter((id) => !team.connections.has(id)));
    if (missingConnections.length) throw badRequest(`Could not find the following connection IDs: ${missingConnections.join(", ")}`);
    const mismatched = unique(
        raw.filter((c) => typeof c.sourceId === "string" && team.sources.get(c.sourceId)?.connection !== c.connectionId).map((c) => String(c.sourceId)),
    );
    if (mismatched.length) throw badRequest(`The following source IDs do not match the specified connections: ${mismatched.join(", ")}`);

    const changed = (i: number): boolean => {
        const before = previous?.find((p) => p.id === draft.sentTileIds[i]);
        return !before || JSON.stringify(before.config) !== JSON.stringify(tiles[i].config);
    };
    const kindOf = (config: JsonObject): string | undefined => team.sources.get(String(config.sourceId))?.kind;
    tiles.forEach((tile, i) => {
        if (tile.config.displayType === "heatmap" && changed(i) && kindOf(tile.config) !== "trace")
            throw badRequest(`tiles.${i}.config.sourceId: Heatmap tiles require a trace source`);
    });
    tiles.forEach((tile, i) => {
        const formulas = tile.config.formulas;
        if (Array.isArray(formulas) && formulas.length > 0 && changed(i) && !FORMULA_SOURCES.has(kindOf(tile.config) ?? ""))
            throw badRequest(`tiles.${i}.config.formulas: Formulas are only supported on metric, log and trace sources`);
    });

    const dashboardTargets = unique(tiles.map((t) => dashboardTargetId(t.config)).filter((id): id is string => id !== undefined));
    const missingDashboards = dashboardTargets.filter((id) => !team.dashboards.has(id));
    if (missingDashboards.length) throw badRequest(`Could not find the following dashboard IDs: ${missingDashboards.join(", ")}`);
    tiles.forEach((tile, i) => {
        const target = searchTargetId(tile.config);
        if (target !== undefined && !SEARCHABLE.has(team.sources.get(target)?.kind ?? ""))
            throw badRequest(`tiles.${i}.config.onClick.target.id: onClick search targets must be log or trace sources`);
    });
}

function onClickTargetId(config: JsonObject, type: string): string | undefined {
    const onClick = config.onClick;
    if (!isObject(onClick) || onClick.type !== type) return undefined;
    const target = asObject(onClick.target);
    return target.mode === "id" && typeof target.id === "string" ? target.id : undefined;
}

const searchTargetId = (config: JsonObject): string | undefined => onClickTargetId(config, "search");
const dashboardTargetId = (config: JsonObject): string | undefined => onClickTargetId(config, "dashboard");

function unique(values: string[]): string[] {
    return [...new Set(values)];
}
