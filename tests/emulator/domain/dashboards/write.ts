import { ApiError, ContractViolation } from "../../http/apiError";
import type { IdFactory } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { Container, Dashboard, JsonObject, SavedFilterValue, Tile } from "../../store/types";
import type { OpenApiDocuments } from "../../validation/openapiDocs";
import { asArray, asObject, has, isObject, pick } from "../json";
import { crossCheckDashboard, type DashboardDraft } from "./crossChecks";
import { buildFilters, checkFilters } from "./filters";
import { checkTileConfig, configFromLegacySeries, isAlertable, normalizeTileConfig } from "./tileConfig";
import type { WriteMode } from "./writeMode";

export interface DashboardWriteContext {
    team: TeamStore;
    ids: IdFactory;
    docs: OpenApiDocuments;
}

/** Request-shape rules of the dashboard body beyond the OpenAPI document (§2.2-2.7). Throws ContractViolation. */
export function checkDashboardBody(docs: OpenApiDocuments, mode: WriteMode, body: JsonObject): void {
    if (typeof body.name !== "string") throw new ContractViolation("name", "Required");
    if (!Array.isArray(body.tiles)) throw new ContractViolation("tiles", "Required");
    const seen = new Set<string>();
    body.tiles.forEach((raw, i) => {
        const tile = asObject(raw);
        const path = `tiles.${i}`;
        if (typeof tile.id === "string") {
            if (seen.has(tile.id)) throw new ContractViolation(path, `Duplicate tile ID: ${tile.id}. Each tile in a dashboard must have a unique ID.`);
            seen.add(tile.id);
        }
        const hasSeries = tile.series !== undefined;
        const hasConfig = tile.config !== undefined;
        if (hasSeries && hasConfig) throw new ContractViolation(path, "Tile cannot have both series and config");
        if (!hasSeries && !hasConfig) throw new ContractViolation(path, "Tile must have either series or config");
        if (hasConfig && tile.asRatio !== undefined) throw new ContractViolation(`${path}.asRatio`, "asRatio is only valid with series; use config.asRatio");
        if (hasConfig) checkTileConfig(asObject(tile.config), `${path}.config`);
    });
    asArray(body.containers).forEach((raw, i) => {
        const container = asObject(raw);
        if (asArray(body.containers).findIndex((c) => asObject(c).id === container.id) !== i)
            throw new ContractViolation(`containers.${i}.id`, `Duplicate container ID: ${String(container.id)}`);
        const tabIds = asArray(container.tabs).map((t) => asObject(t).id);
        tabIds.forEach((id, j) => {
            if (tabIds.indexOf(id) !== j) throw new ContractViolation(`containers.${i}.tabs.${j}.id`, `Duplicate tab ID: ${String(id)}`);
        });
    });
    if (has(body, "savedQueryLanguage") && body.savedQueryLanguage === null && typeof body.savedQuery === "string")
        throw new ContractViolation("savedQueryLanguage", "savedQueryLanguage cannot be null while savedQuery is set");
    if (Array.isArray(body.filters)) checkFilters(docs, mode, body.filters);
}

/** POST: every tile gets a new id, whatever was sent (§2.8). */
export function createDashboard(ctx: DashboardWriteContext, mode: WriteMode, body: JsonObject): Dashboard {
    checkDashboardBody(ctx.docs, mode, body);
    if (body.name === "") throw new ApiError(500, "Something went wrong :(");
    const draft = draftOf(ctx, mode, body, undefined);
    crossCheckDashboard(draft, ctx.team);
    const dashboard = assemble(ctx, body, draft, undefined, () => ctx.ids.objectId());
    ctx.team.dashboards.set(dashboard.id, dashboard);
    return dashboard;
}

/**
 * PUT: name and tiles replaced; a tile keeps its id only when it matches a stored tile. Tile alerts of dropped
 * tiles, and of tiles that can no longer carry alerts, are deleted (§2.8). Returns undefined for a missing id
 * (the body is checked first, as the server does).
 */
export function replaceDashboard(ctx: DashboardWriteContext, mode: WriteMode, id: string, body: JsonObject): Dashboard | undefined {
    checkDashboardBody(ctx.docs, mode, body);
    const stored = ctx.team.dashboards.get(id);
    if (!stored) return undefined;
    if (body.name === "") throw new ApiError(500, "Something went wrong :(");
    const draft = draftOf(ctx, mode, body, stored);
    crossCheckDashboard(draft, ctx.team, stored.tiles);
    const storedIds = new Set(stored.tiles.map((t) => t.id));
    const dashboard = assemble(ctx, body, draft, stored, (sent) => (sent !== undefined && storedIds.has(sent) ? sent : ctx.ids.objectId()));
    const kept = new Set(dashboard.tiles.filter((t) => isAlertable(t.config)).map((t) => t.id));
    const doomed = new Set([...storedIds].filter((tileId) => !kept.has(tileId)));
    for (const tile of dashboard.tiles) if (!kept.has(tile.id)) doomed.add(tile.id);
    ctx.team.deleteTileAlerts(id, doomed);
    ctx.team.dashboards.set(id, dashboard);
    return dashboard;
}

/** The validate endpoint: create rules, nothing stored. Cross-resource failures come back with path "". */
export function validateDashboard(
    ctx: DashboardWriteContext,
    mode: WriteMode,
    body: JsonObject,
): { valid: boolean; errors: { path: string; message: string }[]; normalized: Dashboard | null } {
    try {
        checkDashboardBody(ctx.docs, mode, body);
        const draft = draftOf(ctx, mode, body, undefined);
        crossCheckDashboard(draft, ctx.team);
        return { valid: true, errors: [], normalized: assemble(ctx, body, draft, undefined, () => ctx.ids.objectId()) };
    } catch (error) {
        if (error instanceof ContractViolation) return { valid: false, errors: [{ path: error.path, message: error.issue }], normalized: null };
        if (error instanceof ApiError && error.status === 400) return { valid: false, errors: [{ path: "", message: error.message }], normalized: null };
        throw error;
    }
}

function draftOf(ctx: DashboardWriteContext, mode: WriteMode, body: JsonObject, stored: Dashboard | undefined): DashboardDraft {
    const tiles = asArray(body.tiles).map((raw) => tileOf(ctx, asObject(raw)));
    const filters = Array.isArray(body.filters) ? buildFilters(body.filters, stored?.filters ?? [], ctx.ids, mode) : (stored?.filters ?? []);
    const containers = Array.isArray(body.containers)
        ? body.containers.map((c) => pick(asObject(c), ["id", "title", "collapsed", "collapsible", "bordered", "tabs"]) as unknown as Container)
        : (stored?.containers ?? []);
    const sentTileIds = asArray(body.tiles).map((raw) => {
        const id = asObject(raw).id;
        return typeof id === "string" ? id : undefined;
    });
    return { tiles, sentTileIds, filters, containers };
}

function tileOf(ctx: DashboardWriteContext, input: JsonObject): Omit<Tile, "id"> {
    const config = isObject(input.config) ? input.config : configFromLegacySeries(asArray(input.series), input.asRatio);
    const tile: Omit<Tile, "id"> = {
        name: typeof input.name === "string" ? input.name : "",
        x: Number(input.x),
        y: Number(input.y),
        w: Number(input.w),
        h: Number(input.h),
        config: normalizeTileConfig(ctx.docs.selfHosted, config),
    };
    if (typeof input.containerId === "string") tile.containerId = input.containerId;
    if (typeof input.tabId === "string") tile.tabId = input.tabId;
    return tile;
}

function assemble(
    ctx: DashboardWriteContext,
    body: JsonObject,
    draft: DashboardDraft,
    stored: Dashboard | undefined,
    tileId: (sent: string | undefined) => string,
): Dashboard {
    const savedQuery = has(body, "savedQuery") ? (body.savedQuery as string | null) : (stored?.savedQuery ?? null);
    let savedQueryLanguage: string | null;
    if (has(body, "savedQueryLanguage")) savedQueryLanguage = body.savedQueryLanguage as string | null;
    else if (has(body, "savedQuery")) savedQueryLanguage = typeof savedQuery === "string" && savedQuery !== "" ? "lucene" : null;
    else savedQueryLanguage = stored?.savedQueryLanguage ?? null;
    const savedFilterValues = Array.isArray(body.savedFilterValues)
        ? body.savedFilterValues.map((v): SavedFilterValue => ({ type: "sql", condition: String(asObject(v).condition) }))
        : (stored?.savedFilterValues ?? []);
    const tags = Array.isArray(body.tags) ? [...new Set(body.tags.map(String))] : (stored?.tags ?? []);
    return {
        id: stored?.id ?? ctx.ids.objectId(),
        name: String(body.name),
        tiles: draft.tiles.map((tile, i) => ({ id: tileId(draft.sentTileIds[i]), ...tile })),
        tags,
        filters: draft.filters,
        savedQuery,
        savedQueryLanguage,
        savedFilterValues,
        containers: draft.containers,
    };
}
