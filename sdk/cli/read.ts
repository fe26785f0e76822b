import type { Apis } from "../../provider/api/apis";
import type { OperationContext } from "../../provider/api/apis";
import type { ExportScope } from "../../provider/engine/exporter";
import type { Variant } from "../../provider/settings/config";
import type { ResolvedTarget } from "../../provider/settings/location";
import { ExportedOf, exportKind, Kind, KINDS } from "./kinds";
import type { Progress } from "./progress";

export type { ExportedObject } from "../../provider/engine/exporter";

/** Everything the exporter read, filtered by kind and name: per kind, the objects its `export.ts` listed. */
export type Inventory = {
    /** Where the objects of the observability API live. */
    target: ResolvedTarget;
    /** The organization and service of the cloud objects, when read. */
    service?: { organizationId: string; serviceId: string };
    /** What the comment on an id the program keeps as text says (a noun and the object's name), by id, for the kinds referenced. */
    referencedNames: Map<string, string>;
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
    const wanted = KINDS.filter((kind) => request.kinds.includes(kind) && (!request.name || exportKind(kind).export.named !== false));
    const referenced = new Set(wanted.flatMap((kind) => exportKind(kind).export.references ?? []));
    const cloudKinds = request.kinds.some((kind) => exportKind(kind).export.lives === "cloud");

    const service =
        cloudKinds || variant === "managed" ? { organizationId: apis.settings.uuid("organizationId"), serviceId: apis.settings.uuid("serviceId") } : undefined;
    const target: ResolvedTarget = variant === "managed" && service ? { variant, ...service } : { variant };
    const inventory = {
        target,
        service,
        referencedNames: new Map(),
        ...Object.fromEntries(KINDS.map((kind) => [kind, []])),
    } as unknown as Inventory;

    for (const kind of KINDS) {
        const names = referenced.has(kind) ? exportKind(kind).export.names : undefined;
        for (const object of (await names?.list({ ctx, variant, target })) ?? []) {
            if (!inventory.referencedNames.has(object.id)) inventory.referencedNames.set(object.id, `${names?.noun} ${JSON.stringify(object.name)}`);
        }
    }
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
