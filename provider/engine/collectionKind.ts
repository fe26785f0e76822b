import { z } from "zod";
import { targetClients, type OperationContext } from "../api/apis";
import { collectionAt, type Collection } from "../api/collection";
import { createdSince } from "../api/recovery";
import { hex24 } from "../common/ids";
import type { Timeouts } from "../common/fields";
import type { InputSchema } from "../common/project";
import { sameValue, toJson } from "../common/values";
import type { Settings, Variant } from "../settings/config";
import { ResolvedTarget, reportedAt, resolveTarget, TargetInputs, targetReplaceKeys } from "../settings/location";
import { dynamicProvider, InputsOf, unmanagedTwin, normalizeReported, type ConfigurableProvider, type ResourceDefinition } from "./dynamicProvider";
import { exportEach } from "./exportEach";
import type { ExportedObject, ExportScope } from "./exporter";

/** What the read mapping of a kind needs from the declaration: where the object lives, and any declared input. */
export type Declared<Inputs> = Partial<Inputs> & TargetInputs & { target: ResolvedTarget; timeouts?: Timeouts };

/** The outputs of a collection kind: its normalized inputs, where it lives, and what the server adds. */
export type CollectionOutputs<Inputs, Extra extends object = object> = Inputs & { target: ResolvedTarget } & Extra;

/**
 * What a kind that is a collection of the observability API on both variants declares: its path segment, its
 * server shape and the two mappings between that shape and its inputs. {@link collectionKind} gives it the rest:
 * where it lives (the `target` inputs and output, moves that replace it), lost-create recovery, reads, adoption and
 * its export listing.
 */
export interface CollectionKindSpec<Schema extends InputSchema, Wire extends { id: string }, Extra extends object> extends Pick<
    ResourceDefinition<Schema, CollectionOutputs<InputsOf<Schema>, Extra>, InputsOf<Schema> & { target: ResolvedTarget }>,
    "typeName" | "schema" | "complete" | "rules" | "deleteBeforeReplace" | "secrets"
> {
    /** The clients `check` builds (default: those of the variant, organization and service the inputs name). */
    clients?: ResourceDefinition<Schema, CollectionOutputs<InputsOf<Schema>, Extra>>["clients"];
    /** The collection's path segment below the variant's prefix: `dashboards`, `saved-searches`, … */
    segment: string;
    /** The server's object, as the collection answers it. */
    wire: z.ZodType<Wire>;
    /** Whether the variant serves a GET by id (default: both do); without one, an object is read through the list. */
    byId?(variant: Variant): boolean;
    /**
     * The request body of a create, or of an update (a full replace).
     * @param inputs the declared state
     * @param at the variant it is sent to, and on an update the outputs as last read
     */
    body(inputs: InputsOf<Schema>, at: { variant: Variant; olds?: CollectionOutputs<InputsOf<Schema>, Extra> }): unknown;
    /**
     * The server's object in the inputs' names, before normalization (the declaration gives what it cannot say: values
     * it never returns, the spelling the program chose).
     */
    fields(wire: Wire, declared: Declared<InputsOf<Schema>>): object;
    /** Outputs the server adds beyond the inputs: ids, read-only state. */
    extra?(wire: Wire): Extra;
    /**
     * What identifies the object of a create whose answer was lost: compared between the declared inputs and each new
     * candidate's inputs as read.
     */
    identity(inputs: InputsOf<Schema>): unknown;
    /** The server's creation time of an object, when it tells it: a lost create then only adopts an object made since. */
    createdAt?(wire: Wire): string | null | undefined;
    /**
     * The server refuses a second object of the same `identity` (a webhook's service and name): a create then fails
     * before its POST when one exists that no resource of the stack manages, naming it (the object of a cancelled run?).
     */
    uniqueIdentity?: boolean;
    /** How messages name an object (default: `<typeName> "<name>"`, or its id while it has no name). */
    label?(declared: Partial<InputsOf<Schema>>, id?: string): string;
    /** The one variant that serves the kind (roles: managed): an import by id looks there whatever the configured variant. */
    onlyVariant?: Variant;
    /** Whether a stack may own the listed object (default: every one): the export command declares only those. */
    ownable?(wire: Wire): boolean;
    /**
     * What a failed delete means for this kind (default: the error as it is): a refusal the user must act on, told
     * with what to do. The object stays in the stack, since the delete failed.
     */
    deleteFailure?(error: unknown): unknown;
    /** Replacements beyond a move to another variant, organization or service. */
    replaceKeys?(olds: CollectionOutputs<InputsOf<Schema>, Extra>, news: InputsOf<Schema>, changed: ReadonlySet<string>): string[];
}

/** A collection kind, built by {@link collectionKind}. */
export interface CollectionKind<Wire extends { id: string }> {
    /** The dynamic provider the SDK's provider text loads. */
    provider: ConfigurableProvider;
    /** For the export command: the objects of the scope's target that it keeps, each as its read mapping normalizes it. */
    exported(scope: ExportScope): Promise<ExportedObject[]>;
    /**
     * The same, each object with what the kind's export adds to it.
     * @param more what the kind's export adds to each object (a dashboard's tiles)
     */
    exported<E extends ExportedObject>(scope: ExportScope, more: (wire: Wire, object: ExportedObject) => E): Promise<E[]>;
}

const nameOf = (object: object): string | undefined => {
    const name = (object as { name?: unknown }).name;
    return typeof name === "string" ? name : undefined;
};

/** An object's name ("" when it has none): the index key of the twin check, on the wire and in the declaration alike. */
const nameKey = (object: object): string => nameOf(object) ?? "";

/** How messages name a lost-create identity: its fields (`name and tiles`), or "declared fields" when they are many. */
function identityText(identity: unknown): string {
    const keys = typeof identity === "object" && identity !== null ? Object.keys(identity) : [];
    if (keys.length === 0 || keys.length > 4) return "declared fields";
    return keys.length === 1 ? (keys[0] as string) : `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1] as string}`;
}

/** A resource kind that is one collection of the observability API on both variants (dashboards, alerts, sources, …). */
export function collectionKind<Schema extends InputSchema, Wire extends { id: string }, Extra extends object = object>(
    spec: CollectionKindSpec<Schema, Wire, Extra>,
): CollectionKind<Wire> {
    type Inputs = InputsOf<Schema>;
    type Outputs = CollectionOutputs<Inputs, Extra>;
    const label =
        spec.label ??
        ((declared: Partial<Inputs>, id?: string) => {
            const name = nameOf(declared);
            return `${spec.typeName} ${name !== undefined ? JSON.stringify(name) : (id ?? "")}`.trimEnd();
        });
    /** The collection where `target` points. */
    const at = (ctx: Pick<OperationContext, "apis"> & { signal?: AbortSignal }, target: TargetInputs): Collection<Wire> =>
        collectionAt(ctx, target, spec.segment, spec.wire, { byId: spec.byId?.(ctx.apis.settings.variant(target.variant)) ?? true });

    /** The read mapping (refresh, adoption, export): the outputs and the normalized inputs that reproduce the server's object. */
    const read = (ctx: Pick<OperationContext, "apis">, wire: Wire, declared: Declared<Inputs>): { outs: Outputs; inputs: Inputs } => {
        const inputs = normalizeReported(definition, ctx.apis.settings, reportedAt(declared, spec.fields(wire, declared)));
        const outs = { ...inputs, target: declared.target, ...spec.extra?.(wire) } as Outputs;
        return { outs, inputs };
    };

    /** Where an adopted or imported object is read: where its declaration points. */
    const seed = (inputs: Inputs, settings: Settings) => ({ ...inputs, target: resolveTarget(settings, inputs) });

    const definition: ResourceDefinition<Schema, Outputs, Inputs & { target: ResolvedTarget }> = {
        typeName: spec.typeName,
        schema: spec.schema,
        complete: spec.complete,
        rules: spec.rules,
        deleteBeforeReplace: spec.deleteBeforeReplace,
        secrets: spec.secrets,
        clients: spec.clients ?? targetClients,
        replaceKeys: (olds, news, changed) => [...targetReplaceKeys(olds, news, changed), ...(spec.replaceKeys?.(olds, news, changed) ?? [])],
        adoption: { id: hex24, seed },
        // An import declares nothing: a kind that one variant serves is looked for there, and its inputs then name it.
        ...(spec.onlyVariant !== undefined && {
            imported: (_id: string, settings: Settings) =>
                seed((settings.variant() === spec.onlyVariant ? {} : { variant: spec.onlyVariant }) as Inputs, settings),
        }),

        async create(ctx, inputs) {
            const target = resolveTarget(ctx.apis.settings, inputs);
            const started = ctx.apis.clock.now();
            const wanted = spec.identity(inputs);
            const declared = { ...inputs, target };
            // A lost create adopts only a new object (see createWithoutAdoptingStrangers) that is the declared one.
            const same = (candidate: Wire) => sameValue(spec.identity(read(ctx, candidate, declared).inputs), wanted);
            const matches = (candidate: Wire) => (!spec.createdAt || createdSince(spec.createdAt(candidate), started)) && same(candidate);
            // Whenever it was made, an object of that identity that no resource of the stack manages is named, never taken.
            const twin = unmanagedTwin(spec.typeName, same, identityText(wanted), {
                unique: spec.uniqueIdentity,
                createdAt: spec.createdAt,
                // Every kind's identity holds the name, which reads straight off the wire: only objects of that name compare.
                key: { of: nameKey, wanted: nameKey(inputs) },
            });
            const created = await at(ctx, target).create(`create ${label(inputs)}`, spec.body(inputs, { variant: target.variant }), matches, twin);
            return { id: created.id, outs: read(ctx, created, declared).outs };
        },

        async read(ctx, id, olds) {
            // Undefined when gone.
            const found = await at(ctx, olds.target).read(`read ${label(olds, id)}`, id);
            return found && read(ctx, found, olds);
        },

        async update(ctx, id, olds, news) {
            const body = spec.body(news, { variant: olds.target.variant, olds });
            const updated = await at(ctx, olds.target).update(`update ${label(news, id)}`, id, body);
            return read(ctx, updated, { ...news, target: olds.target }).outs;
        },

        delete: (ctx, id, olds) =>
            at(ctx, olds.target)
                .delete(`delete ${label(olds, id)}`, id)
                .catch((error: unknown) => Promise.reject(spec.deleteFailure?.(error) ?? error)),
    };

    return {
        provider: dynamicProvider(definition),
        async exported<E extends ExportedObject>(scope: ExportScope, more?: (wire: Wire, object: ExportedObject) => E): Promise<E[]> {
            const { ctx, target } = scope;
            const listed = await at(ctx, target).list(`export: list ${spec.segment.replace(/-/g, " ")}`);
            // An export declares nothing but where the objects live.
            const declared: Declared<Inputs> = { ...({} as Partial<Inputs>), ...target, target };
            const ownable = spec.ownable ? listed.filter(spec.ownable) : listed;
            return exportEach(scope, ownable, nameOf, (wire) => {
                const object: ExportedObject = { id: wire.id, name: nameOf(wire), inputs: toJson(read(ctx, wire, declared).inputs) };
                return more ? more(wire, object) : (object as E);
            });
        },
    };
}
