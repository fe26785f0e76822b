import { readAlert } from "../../provider/resources/alert/provider";
import type { Apis } from "../../provider/api/apis";
import type { Variant } from "../../provider/settings/config";
import { readDashboard, wireDashboard } from "../../provider/resources/dashboard/provider";
import { readPipe } from "../../provider/resources/dataPipe/provider";
import { PipeApi } from "../../provider/resources/dataPipe/api";
import { getSources, getWebhooks } from "../../provider/lookups/observability";
import { getOrganization, readOrganization } from "../../provider/resources/organizationSettings/provider";
import { listAll } from "../../provider/api/paging";
import { findQueryEndpoint, readQueryEndpoint } from "../../provider/resources/queryEndpoint/provider";
import type { OperationContext } from "../../provider/engine/dynamicProvider";
import { wireAlert } from "../../provider/resources/alert/schema";
import type { DataPipeInputs } from "../../provider/resources/dataPipe/schema";
import { OPTIONAL_SETTINGS } from "../../provider/resources/organizationSettings/schema";
import type { ResolvedTarget } from "../../provider/settings/target";
import { toJson } from "../../provider/engine/values";
import type { Kind } from "./args";
import type { Progress } from "./progress";

/** One object as the provider's read mapping normalizes it: exactly the inputs a refresh would report. */
export interface ExportedObject {
    id: string;
    /** The object's own name, when it has one. */
    name?: string;
    /** The normalized inputs as plain JSON (what the provider hands the engine), where-it-lives keys included. */
    inputs: Record<string, unknown>;
}

/** A dashboard, with its tiles' server ids (what alerts reference). */
export interface ExportedDashboard extends ExportedObject {
    name: string;
    tiles: { id: string; name: string }[];
}

/** A data pipe, with its state (for the comment). */
export interface ExportedPipe extends ExportedObject {
    name: string;
    state: string;
}

/** Everything the exporter read, filtered by kind and name. */
export interface Inventory {
    /** Where dashboards and alerts live. */
    target: ResolvedTarget;
    /** The organization and service of the cloud objects (pipes, query endpoint, organization), when read. */
    service?: { organizationId: string; serviceId: string };
    dashboards: ExportedDashboard[];
    alerts: ExportedObject[];
    pipes: ExportedPipe[];
    queryEndpoint?: ExportedObject;
    organization?: ExportedObject;
    /** Names of the objects that are referenced but not managed: data sources and webhooks, by id. */
    sourceNames: Map<string, string>;
    webhookNames: Map<string, string>;
}

/** What to read. */
export interface ReadRequest {
    kinds: readonly Kind[];
    /** Keeps an object by its name; objects without a name never match. */
    name?: (name: string) => boolean;
}

/**
 * Lists the objects of the chosen kinds and maps each one through its provider's read mapping, the code a
 * refresh runs, with nothing declared beyond where it lives: the result is what an adoption reads back.
 */
export async function readInventory(apis: Apis, variant: Variant, request: ReadRequest, progress: Progress, signal: AbortSignal): Promise<Inventory> {
    try {
        return await readAll(apis, variant, request, progress, signal);
    } finally {
        progress.done();
    }
}

async function readAll(apis: Apis, variant: Variant, request: ReadRequest, progress: Progress, signal: AbortSignal): Promise<Inventory> {
    const ctx: OperationContext = { apis, signal };
    const wanted = (kind: Kind) => request.kinds.includes(kind);
    const keep = (name: string | undefined) => !request.name || (name !== undefined && name !== "" && request.name(name));
    const cloudKinds = wanted("pipes") || wanted("queryEndpoint") || wanted("organization");
    const observabilityKinds = wanted("dashboards") || wanted("alerts");

    const service = cloudKinds || variant === "managed" ? { organizationId: apis.settings.uuid("organizationId"), serviceId: apis.settings.uuid("serviceId") } : undefined;
    const target: ResolvedTarget = variant === "managed" && service ? { variant, ...service } : { variant };
    const api = apis.observability(target.variant, target);
    const inventory: Inventory = { target, service, dashboards: [], alerts: [], pipes: [], sourceNames: new Map(), webhookNames: new Map() };

    if (observabilityKinds) {
        for (const source of await getSources(apis, target, signal)) inventory.sourceNames.set(source.id, source.name);
        // The managed variant serves no webhooks (contract §8.1): its channel ids stay unnamed.
        if (variant === "self-hosted" && wanted("alerts")) for (const webhook of await getWebhooks(apis, target, signal)) inventory.webhookNames.set(webhook.id, webhook.name);
    }
    if (wanted("dashboards")) {
        progress.reading("dashboards");
        for (const wire of await listAll(api.client, "export: list dashboards", `${api.prefix}/dashboards`, wireDashboard, signal)) {
            if (!keep(wire.name)) continue;
            const { inputs } = readDashboard(ctx, wire, { ...target, target });
            inventory.dashboards.push({ id: wire.id, name: wire.name, inputs: toJson(inputs), tiles: wire.tiles.map((tile) => ({ id: tile.id, name: tile.name })) });
            progress.count("dashboards", inventory.dashboards.length);
        }
    }
    if (wanted("alerts")) {
        progress.reading("alerts");
        for (const wire of await listAll(api.client, "export: list alerts", `${api.prefix}/alerts`, wireAlert, signal)) {
            const name = wire.name ?? undefined;
            if (!keep(name)) continue;
            const { inputs } = readAlert(ctx, wire, { ...target, target, timeouts: undefined, channels: undefined });
            inventory.alerts.push({ id: wire.id, name, inputs: toJson(inputs) });
            progress.count("alerts", inventory.alerts.length);
        }
    }
    if (wanted("pipes") && service) {
        progress.reading("pipes");
        for (const wire of await new PipeApi(ctx, service, "export: list data pipes").list()) {
            if (!keep(wire.name)) continue;
            const declared = { ...service, name: wire.name, source: {}, destination: {}, fieldMappings: [], stopped: false } satisfies DataPipeInputs;
            const { outs, inputs } = readPipe(wire, declared);
            inventory.pipes.push({ id: wire.id, name: wire.name, state: outs.state, inputs: toJson(inputs) });
            progress.count("pipes", inventory.pipes.length);
        }
    }
    if (wanted("queryEndpoint") && service && !request.name) {
        progress.reading("queryEndpoint");
        const endpoint = await findQueryEndpoint(ctx, service, "export: read the query endpoint");
        if (endpoint) inventory.queryEndpoint = { id: endpoint.id, inputs: toJson(readQueryEndpoint(apis.settings, endpoint, { ...service, timeouts: undefined }).inputs) };
        progress.count("queryEndpoint", endpoint ? 1 : 0);
    }
    if (wanted("organization") && service) {
        progress.reading("organization");
        const org = await getOrganization(ctx, service.organizationId, "export: read the organization");
        if (keep(org.name)) {
            const { inputs } = readOrganization(apis.settings, org, { organizationId: service.organizationId, managedFields: [...OPTIONAL_SETTINGS], timeouts: undefined });
            inventory.organization = { id: org.id, name: org.name, inputs: toJson(inputs) };
        }
        progress.count("organization", inventory.organization ? 1 : 0);
    }
    return inventory;
}
