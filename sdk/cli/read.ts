import type { Apis } from "../../provider/api/apis";
import type { OperationContext } from "../../provider/engine/dynamicProvider";
import type { ExportScope } from "../../provider/engine/exporter";
import { getSources, getWebhooks } from "../../provider/lookups/observability";
import type { Variant } from "../../provider/settings/config";
import type { ResolvedTarget } from "../../provider/settings/target";
import { ExportedOf, exportKind, Kind, KINDS } from "./kinds";
import type { Progress } from "./progress";

export type { ExportedObject } from "../../provider/engine/exporter";

/** Everything the exporter read, filtered by kind and name: per kind, the objects its `export.ts` listed. */
export type Inventory = {
    /** Where dashboards and alerts live. */
    target: ResolvedTarget;
    /** The organization and service of the cloud objects (pipes, query endpoint, organization), when read. */
    service?: { organizationId: string; serviceId: string };
    /** Names of the objects that are referenced but not managed: data sources and webhooks, by id. */
    sourceNames: Map<string, string>;
    webhookNames: Map<string, string>;
} & { [K in Kind]: ExportedOf<K>[] };

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
    // A kind whose objects have no name has nothing a `--name` filter could match.
    const wanted = KINDS.filter((kind) => request.kinds.includes(kind) && (!request.name || exportKind(kind).export.named));
    const needs = (reference: "sources" | "webhooks") => wanted.some((kind) => exportKind(kind).export.references.includes(reference));
    const cloudKinds = request.kinds.some((kind) => exportKind(kind).export.lives === "cloud");

    const service =
        cloudKinds || variant === "managed" ? { organizationId: apis.settings.uuid("organizationId"), serviceId: apis.settings.uuid("serviceId") } : undefined;
    const target: ResolvedTarget = variant === "managed" && service ? { variant, ...service } : { variant };
    const inventory = {
        target,
        service,
        sourceNames: new Map(),
        webhookNames: new Map(),
        ...Object.fromEntries(KINDS.map((kind) => [kind, []])),
    } as unknown as Inventory;

    if (needs("sources")) for (const source of await getSources(apis, target, signal)) inventory.sourceNames.set(source.id, source.name);
    // The managed variant serves no webhooks (contract §8.1): its channel ids stay unnamed.
    if (variant === "self-hosted" && needs("webhooks"))
        for (const webhook of await getWebhooks(apis, target, signal)) inventory.webhookNames.set(webhook.id, webhook.name);
    for (const kind of wanted) {
        progress.reading(kind);
        const scope: ExportScope = {
            ctx,
            variant,
            target,
            service,
            keep: (name) => !request.name || (name !== undefined && name !== "" && request.name(name)),
            count: (n) => progress.count(kind, n),
        };
        (inventory as Record<Kind, unknown[]>)[kind] = await exportKind(kind).export.list(scope);
    }
    return inventory;
}
