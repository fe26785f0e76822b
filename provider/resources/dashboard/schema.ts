import { z } from "zod";
import { hex24 } from "../../common/ids";
import { containsUnknown } from "../../common/unknown";
import { text, timeoutsSchema } from "../../common/fields";
import { ResolvedTarget, targetSchema } from "../../settings/location";
import { metricType, tileConfig } from "./tileConfig";
import { tileKeys } from "./tileKeys";

/** One tile: a chart placed on the 24-column grid. */
export const tileSchema = z.strictObject({
    /**
     * Tile title; it may be empty and several tiles may share it, as in the web UI. A tile's key in the `tileIds`
     * output (what alerts reference) is its name when that name is non-empty and unique, else `name#n` (the n-th
     * tile of that name, from 1). Renaming a tile gives it a new id, and the server deletes alerts of the old one.
     */
    name: z.string(),
    /** Column, 0 to 23. */
    x: z.number().int().min(0).max(23),
    /** Row, from 0. */
    y: z.number().int().min(0),
    /** Width in columns, 1 to 24. */
    w: z.number().int().min(1).max(24),
    /** Height in rows, from 1. */
    h: z.number().int().min(1),
    /** What the tile shows. */
    config: tileConfig,
    /** Id of a container of this dashboard that holds the tile. */
    containerId: z.string().min(1).max(256).optional(),
    /** Id of a tab of that container (needs `containerId`). */
    tabId: z.string().min(1).max(256).optional(),
});

/** A dashboard filter (a query expression users pick values for). */
export const filterSchema = z.strictObject({
    /** Filter label, unique within the dashboard (it keys the `filterIds` output). */
    name: z.string().min(1),
    /** SQL expression whose values the filter offers. */
    expression: z.string().min(1),
    /** Source the expression runs on. */
    sourceId: hex24,
    /** Metric type, for metric sources. */
    sourceMetricType: metricType.optional(),
    /** Condition restricting the offered values. */
    where: z.string().optional(),
    /** Language of `where`. */
    whereLanguage: z.enum(["sql", "lucene"]).optional(),
    /** Sources whose tiles the filter applies to; empty = every tile. Needs broadcasting. */
    appliesToSourceIds: z
        .array(z.string().min(1))
        .optional()
        .transform((ids) => (ids && ids.length > 0 ? ids : undefined)),
    /** Whether the filter applies to tiles; omitted = true (the server stores and reads back only what was sent). */
    isBroadcastEnabled: z.boolean().optional(),
    /** Whether the filter is also a template variable; omitted = false. */
    isVariableEnabled: z.boolean().optional(),
    /** Variable name (`^[a-zA-Z][a-zA-Z0-9_]*$`, ≤ 64); only with `isVariableEnabled`. When omitted the server derives one from `name` when it needs it (it stores none). */
    variableName: z
        .string()
        .max(64)
        .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, "must start with a letter and hold only letters, digits and _")
        .optional(),
});

/** A collapsible group of tiles, optionally with tabs. */
export const containerSchema = z.strictObject({
    /** Id, unique within the dashboard, that tiles reference. */
    id: z.string().min(1).max(256),
    /** Title. */
    title: z.string().min(1).max(256),
    /** Whether the container starts collapsed (default false). */
    collapsed: z.boolean().default(false),
    /** Whether users may collapse it. */
    collapsible: z.boolean().optional(),
    /** Whether it has a border. */
    bordered: z.boolean().optional(),
    /** Up to 20 tabs. */
    tabs: z
        .array(
            z.strictObject({
                /** Id, unique within the container, that tiles reference. */
                id: z.string().min(1).max(256),
                /** Title. */
                title: z.string().min(1).max(256),
            }),
        )
        .max(20)
        .optional(),
});

/** The dashboard's own fields, shared by both variants. */
export const dashboardFields = {
    /** Dashboard name (≤ 1024 characters). */
    name: text(1024),
    /** Up to 50 tags of ≤ 32 characters; duplicates are removed as the server does. */
    tags: z
        .array(z.string().min(1).max(32, "must be at most 32 characters"))
        .default([])
        .transform((tags) => [...new Set(tags)])
        .pipe(z.array(z.string()).max(50, "must have at most 50 distinct tags")),
    /** Up to 500 tiles. The order is kept. */
    tiles: z.array(tileSchema).max(500, "must have at most 500 tiles"),
    /** Dashboard filters; omitted = none. */
    filters: z.array(filterSchema).default([]),
    /** Query restored when the dashboard opens; omitted = none. */
    savedQuery: z
        .string()
        .min(1)
        .nullish()
        .transform((q) => q ?? null),
    /** Language of `savedQuery`; defaults to `lucene` when a query is set (`promql`: self-hosted only). */
    savedQueryLanguage: z
        .enum(["lucene", "sql", "promql"])
        .nullish()
        .transform((l) => l ?? null),
    /** Saved filter conditions; omitted = none. */
    savedFilterValues: z
        .array(
            z.strictObject({
                /** Always `sql` (the default). */
                type: z.literal("sql").default("sql"),
                /** SQL condition (≤ 10,000 characters). */
                condition: z.string().max(10_000),
            }),
        )
        .default([]),
    /** Up to 50 containers; omitted = none. */
    containers: z.array(containerSchema).max(50).default([]),
    /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers). */
    timeouts: timeoutsSchema,
};

type DashboardShape = z.output<z.ZodObject<typeof dashboardFields>>;

/** Cross-field rules the server enforces, checked locally so nothing invalid is sent. */
export function refineDashboard(dashboard: DashboardShape, ctx: z.RefinementCtx): void {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const keys = tileKeys(dashboard.tiles.map((tile) => tile.name));
    keys.forEach((key, i) => {
        const first = keys.indexOf(key);
        if (first !== i) issue(["tiles", i, "name"], `gives the tileIds key "${key}" that tiles[${first}] has too: rename one of them`);
    });
    const containers = new Map<string, Set<string>>();
    dashboard.containers.forEach((container, i) => {
        if (containers.has(container.id)) issue(["containers", i, "id"], `duplicates container id "${container.id}"`);
        const tabs = new Set<string>();
        container.tabs?.forEach((tab, j) => {
            if (tabs.has(tab.id)) issue(["containers", i, "tabs", j, "id"], `duplicates tab id "${tab.id}"`);
            tabs.add(tab.id);
        });
        containers.set(container.id, tabs);
    });
    // A container or tab id not known yet (preview) could be the one a tile names: references are checked once known.
    const referencesKnown = !containsUnknown(dashboard.containers);
    dashboard.tiles.forEach((tile, i) => {
        if (tile.tabId !== undefined && tile.containerId === undefined) issue(["tiles", i, "tabId"], "needs containerId");
        if (tile.containerId === undefined || !referencesKnown) return;
        const tabs = containers.get(tile.containerId);
        if (!tabs) issue(["tiles", i, "containerId"], `references unknown container "${tile.containerId}"`);
        else if (tile.tabId !== undefined && !tabs.has(tile.tabId)) issue(["tiles", i, "tabId"], `is not a tab of container "${tile.containerId}"`);
    });
    const filterNames = new Set<string>();
    const variables = new Set<string>();
    dashboard.filters.forEach((filter, i) => {
        if (filterNames.has(filter.name)) issue(["filters", i, "name"], `duplicates filter name "${filter.name}"`);
        filterNames.add(filter.name);
        const broadcasts = filter.isBroadcastEnabled !== false;
        const variable = filter.isVariableEnabled === true;
        if (!broadcasts && !variable) issue(["filters", i], "must broadcast, be a variable, or both");
        if (!broadcasts && (filter.appliesToSourceIds?.length ?? 0) > 0) issue(["filters", i, "appliesToSourceIds"], "needs isBroadcastEnabled");
        if (filter.variableName !== undefined && !variable) issue(["filters", i, "variableName"], "is only allowed with isVariableEnabled");
        if (filter.variableName !== undefined) {
            if (variables.has(filter.variableName)) issue(["filters", i, "variableName"], `duplicates variable "${filter.variableName}"`);
            variables.add(filter.variableName);
        }
    });
    if (dashboard.savedQuery === null && dashboard.savedQueryLanguage !== null) issue(["savedQueryLanguage"], "needs savedQuery");
}

/** Mirrors the server: a saved query without a language is `lucene`. */
export function normalizeDashboard<T extends DashboardShape>(dashboard: T): T {
    return dashboard.savedQuery !== null && dashboard.savedQueryLanguage === null ? { ...dashboard, savedQueryLanguage: "lucene" } : dashboard;
}

/** Dashboard inputs: where it lives plus its content. */
export const dashboardSchema = z.strictObject({ ...targetSchema, ...dashboardFields }).superRefine(refineDashboard);

/** What the program declares (the SDK's `DashboardArgs` derive from it). */
export type DashboardArgs = z.input<typeof dashboardSchema>;
/** The checked, normalized inputs. */
export type DashboardInputs = z.output<typeof dashboardSchema>;

/** Dashboard outputs: the normalized inputs, where it lives, and the server-assigned ids. */
export interface DashboardOutputs extends DashboardInputs {
    /** Where the dashboard lives: the variant and, for managed, the organization and service (resolved at create). */
    target: ResolvedTarget;
    /** Server-assigned tile id per tile key (the name, or `name#n` for empty and shared names); alerts reference these. */
    tileIds: Record<string, string>;
    /** Server-assigned filter id per filter name. */
    filterIds: Record<string, string>;
}
