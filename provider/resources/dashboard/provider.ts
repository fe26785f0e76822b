import { randomBytes } from "node:crypto";
import { collectionKind } from "../../engine/collectionKind";
import type { RuleFailure } from "../../engine/dynamicProvider";
import type { Variant } from "../../settings/config";
import { DashboardInputs, dashboardSchema, normalizeDashboard } from "./schema";
import { tileKeys } from "./tileKeys";
import { dashboardFieldsFromWire, dashboardIds, wireDashboard } from "./wire";

// Filter keys the managed variant does not accept (its filter objects are strict).
const SELF_HOSTED_FILTER_KEYS = ["isBroadcastEnabled", "isVariableEnabled", "variableName"] as const;

const label = (name: string) => `Dashboard ${JSON.stringify(name)}`;

/** The request body: the declared state, with the stored tile and filter ids so that nothing is lost. */
function toWire(
    inputs: DashboardInputs,
    variant: Variant,
    ids?: { tileIds: Record<string, string>; filterIds: Record<string, string> },
): Record<string, unknown> {
    const managed = variant === "managed";
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

/** Dashboards. Adopted tiles get their ids by key (name, or name#n) from the server, so the alerts already on them survive. */
export const dashboardKind = collectionKind({
    typeName: "Dashboard",
    segment: "dashboards",
    schema: dashboardSchema,
    wire: wireDashboard,
    complete: (inputs, settings) => normalizeDashboard(settings.variant(inputs.variant) === "managed" ? withoutFilterModes(inputs) : inputs),
    rules: (inputs, settings) => managedTileRules(inputs, settings.variant(inputs.variant)),
    body: (inputs, { variant, olds }) => toWire(inputs, variant, olds),
    fields: dashboardFieldsFromWire,
    extra: dashboardIds,
    // A lost create is recognized by its name and its tile names, in order.
    identity: (inputs) => ({ name: inputs.name, tiles: inputs.tiles.map((tile) => tile.name) }),
});

/** The dashboard provider the SDK's provider text loads. */
export const dashboard = dashboardKind.provider;
