import { randomBytes } from "node:crypto";
import { type ObservabilityApi, type OperationContext, targetClients } from "../../api/apis";
import { collectionAt } from "../../api/collection";
import { hex24 } from "../../common/ids";
import { dynamicProvider, normalizeReported, ResourceDefinition, RuleFailure } from "../../engine/dynamicProvider";
import { DashboardInputs, DashboardOutputs, dashboardSchema, normalizeDashboard } from "./schema";
import { tileKeys } from "./tileKeys";
import { WireDashboard, wireDashboard } from "./wire";
import { ResolvedTarget, resolveTarget, targetReplaceKeys, targetSchema } from "../../settings/location";

// Filter keys the managed variant does not accept (its filter objects are strict).
const SELF_HOSTED_FILTER_KEYS = ["isBroadcastEnabled", "isVariableEnabled", "variableName"] as const;

const label = (name: string) => `Dashboard ${JSON.stringify(name)}`;

/** The request body: the declared state, with the stored tile and filter ids so that nothing is lost. */
function toWire(
    inputs: DashboardInputs,
    api: ObservabilityApi,
    ids?: { tileIds: Record<string, string>; filterIds: Record<string, string> },
): Record<string, unknown> {
    const managed = api.variant === "managed";
    if (managed && inputs.savedQueryLanguage === "promql")
        throw new Error(`${label(inputs.name)}: savedQueryLanguage \`promql\` is only available on the self-hosted API`);
    const keys = tileKeys(inputs.tiles.map((tile) => tile.name));
    return {
        name: inputs.name,
        tags: inputs.tags,
        tiles: inputs.tiles.map((tile, i) => {
            const id = ids?.tileIds[keys[i]];
            return id ? { id, ...tile } : tile;
        }),
        filters: inputs.filters.map((filter, i) => {
            const body: Record<string, unknown> = { type: "QUERY_EXPRESSION", ...filter };
            if (managed) {
                if (filter.isBroadcastEnabled === false || filter.isVariableEnabled === true || filter.variableName !== undefined) {
                    throw new Error(`${label(inputs.name)}: filters[${i}] uses variables or disables broadcasting, which only the self-hosted API supports`);
                }
                for (const key of SELF_HOSTED_FILTER_KEYS) delete body[key];
            }
            // Creates must not carry filter ids; updates need one on every filter (both variants refuse a PUT
            // filter without one). A kept filter sends its stored id; a new or renamed one a fresh hex24 like the
            // ones the server mints, which the server replaces with its own since it matches no stored filter.
            const id = ids ? (ids.filterIds[filter.name] ?? randomBytes(12).toString("hex")) : undefined;
            return id ? { id, ...body } : body;
        }),
        savedQuery: inputs.savedQuery,
        savedQueryLanguage: inputs.savedQueryLanguage,
        savedFilterValues: inputs.savedFilterValues,
        containers: inputs.containers,
    };
}

/**
 * The managed variant has no filter modes: its filters always broadcast and are never variables, so the flags
 * saying so are left out (they are never sent and never read back); other values are refused when sent.
 */
function withoutFilterModes(inputs: DashboardInputs): DashboardInputs {
    const filters = inputs.filters.map(({ isBroadcastEnabled, isVariableEnabled, ...filter }) => ({
        ...filter,
        ...(isBroadcastEnabled === false ? { isBroadcastEnabled } : {}),
        ...(isVariableEnabled === true ? { isVariableEnabled } : {}),
    }));
    return { ...inputs, filters };
}

/** What the mapping of a server's dashboard needs from the declaration: where it lives. */
export type DashboardDeclared = { target: ResolvedTarget; timeouts?: DashboardInputs["timeouts"] } & Partial<Pick<DashboardInputs, keyof typeof targetSchema>>;

/** Maps the server's dashboard back to normalized inputs and the id maps. */
function fromWire(ctx: OperationContext, dashboard: WireDashboard, olds: DashboardDeclared): DashboardOutputs {
    const reported = {
        variant: olds.variant,
        organizationId: olds.organizationId,
        serviceId: olds.serviceId,
        name: dashboard.name,
        tags: dashboard.tags ?? [],
        tiles: dashboard.tiles.map(({ id: _id, ...tile }) => tile),
        // Filters read back as stored (the server derives no variable name into them).
        filters: (dashboard.filters ?? []).map(({ id: _id, type: _type, ...filter }) => filter),
        savedQuery: dashboard.savedQuery ?? null,
        savedQueryLanguage: dashboard.savedQueryLanguage ?? null,
        savedFilterValues: dashboard.savedFilterValues ?? [],
        containers: dashboard.containers ?? [],
        timeouts: olds.timeouts,
    };
    // normalizeReported applies `complete`, which is normalizeDashboard.
    const inputs = normalizeReported(definition, ctx.apis.settings, reported);
    return {
        ...inputs,
        target: olds.target,
        tileIds: Object.fromEntries(tileKeys(dashboard.tiles.map((tile) => tile.name)).map((key, i) => [key, dashboard.tiles[i].id])),
        filterIds: Object.fromEntries((dashboard.filters ?? []).map((filter) => [filter.name, filter.id])),
    };
}

/** The read mapping (refresh, adoption, export): the outputs and the normalized inputs that reproduce the server's dashboard. */
export function readDashboard(ctx: OperationContext, dashboard: WireDashboard, olds: DashboardDeclared): { outs: DashboardOutputs; inputs: DashboardInputs } {
    const outs = fromWire(ctx, dashboard, olds);
    const { target: _t, tileIds: _i, filterIds: _f, ...inputs } = outs;
    return { outs, inputs };
}

/**
 * Tile settings the self-hosted server stores and the cloud document does not declare for the managed variant
 * (`ObservabilityTileConfig…` schemas): sent there, they would be dropped and show as a change forever.
 */
const SELF_HOSTED_TILE_SETTINGS = ["formulas", "seriesLimit", "showOperandSeries"] as const;

/** On the managed variant, the self-hosted-only tile settings are refused at their path. */
function managedTileRules(inputs: DashboardInputs, variant: string): RuleFailure[] {
    if (variant !== "managed") return [];
    return inputs.tiles.flatMap((tile, i) =>
        SELF_HOSTED_TILE_SETTINGS.filter((key) => (tile.config as Record<string, unknown>)[key] !== undefined).map((key) => ({
            path: ["tiles", i, "config", key],
            message: "only the self-hosted API has it (the managed variant's API does not declare it): remove it for the managed variant",
        })),
    );
}

const definition: ResourceDefinition<typeof dashboardSchema, DashboardOutputs> = {
    typeName: "Dashboard",
    schema: dashboardSchema,
    complete: (inputs, settings) => normalizeDashboard(settings.variant(inputs.variant) === "managed" ? withoutFilterModes(inputs) : inputs),
    clients: targetClients,
    rules: (inputs, settings) => managedTileRules(inputs, settings.variant(inputs.variant)),
    replaceKeys: (olds, news, changed) => targetReplaceKeys(olds, news, changed),
    // Adopted tiles get their ids by key (name, or name#n) from the server, so the alerts already on them survive.
    adoption: { id: hex24, seed: (inputs, settings) => ({ ...inputs, target: resolveTarget(settings, inputs), tileIds: {}, filterIds: {} }) },

    async create(ctx, inputs) {
        const target = resolveTarget(ctx.apis.settings, inputs);
        const dashboards = collectionAt(ctx, target, "dashboards", wireDashboard);
        // A lost create is recognized by its name and its tile names, in order.
        const tileNames = JSON.stringify(inputs.tiles.map((tile) => tile.name));
        const created = await dashboards.create(
            `create ${label(inputs.name)}`,
            toWire(inputs, dashboards.api),
            (d) => d.name === inputs.name && JSON.stringify(d.tiles.map((tile) => tile.name)) === tileNames,
        );
        return { id: created.id, outs: fromWire(ctx, created, { ...inputs, target }) };
    },

    async read(ctx, id, olds) {
        const dashboard = await collectionAt(ctx, olds.target, "dashboards", wireDashboard).read(`read ${label(olds.name)}`, id);
        return dashboard && readDashboard(ctx, dashboard, olds);
    },

    async update(ctx, id, olds, news) {
        const dashboards = collectionAt(ctx, olds.target, "dashboards", wireDashboard);
        const updated = await dashboards.update(`update ${label(news.name)}`, id, toWire(news, dashboards.api, olds));
        return fromWire(ctx, updated, { ...news, target: olds.target });
    },

    delete: (ctx, id, olds) => collectionAt(ctx, olds.target, "dashboards", wireDashboard).delete(`delete ${label(olds.name)}`, id),
};

/** The dashboard provider the SDK's stub loads. */
export const dashboard = dynamicProvider(definition);
