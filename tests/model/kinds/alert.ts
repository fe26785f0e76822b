import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { Variant } from "../model";
import { common, type DeclareEnv, idOr } from "./env";

/** An alert on a model dashboard's tile, or on a saved search (a model one, or the fixture when `search` is undefined). */
export interface AlertModel {
    variant: Variant;
    on: { tile: { dashboard: string; tile: string } } | { search: string | undefined };
    /** A model webhook's name; undefined: the fixture slack webhook. */
    webhook?: string;
    threshold: number;
    adoptId?: string;
}

export const thresholdArbitrary = fc.integer({ min: 1, max: 500 });

export function declareAlert(name: string, record: AlertModel, env: DeclareEnv): DeclaredResource {
    return {
        type: "Alert",
        name,
        provider: env.providers.alert,
        inputs: (outputs) => ({
            ...common(record),
            ...("tile" in record.on
                ? {
                      source: "tile",
                      dashboardId: String(outputs[record.on.tile.dashboard].id),
                      tileId: (outputs[record.on.tile.dashboard].tileIds as Record<string, string>)[record.on.tile.tile],
                  }
                : { source: "search", savedSearchId: idOr(outputs, record.on.search, env.fixtures[record.variant].savedSearch.id) }),
            threshold: record.threshold,
            thresholdType: "above",
            interval: "5m",
            channel: { webhookId: idOr(outputs, record.webhook, env.fixtures[record.variant].webhooks.slack.id) },
            name,
        }),
    };
}
