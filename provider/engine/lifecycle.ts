// What a resource kind's lifecycle does, whichever host hands the values in and out (Pulumi's dynamic-provider host,
// `dynamicProvider.ts`; the provider plugin, `provider/plugin/`): configuration, check, diff, create with recovery and
// adoption, read (refresh and import), update, delete, secrets and deadlines. Values are plain JSON both ways, an
// unknown value (preview) is the string `UNKNOWN` at its place.
import { z } from "zod";
import { Apis, OperationContext } from "../api/apis";
import { withOperationSecrets } from "../api/http/operationSecrets";
import type { Twin } from "../api/recovery";
import { Settings } from "../settings/config";
import { durationMs, Timeouts } from "../common/fields";
import { containsUnknown } from "../common/unknown";
import { inputKeysOf, InputSchema } from "../common/project";
import { secretTexts, withoutSecretsInErrors } from "./secrets";
import { propertyPath, sameValue, toJson, valueAt } from "../common/values";
import { schemaFailures } from "../common/schemaIssues";
import { ADOPT_KEY, CommonInputs, DEFAULT_TIMEOUT_MS, InputsOf, LOCAL_KEYS, ResourceDefinition } from "./definition";

/** Properties as a host hands them over: plain JSON, which is what `check` returned (inputs) or what the operations returned (outputs). */
export type Properties = Record<string, unknown>;

/** A failure of `check`: the property path (`tiles[0].config.select`, or the type name for the whole object) and why. */
export interface CheckFailure {
    property: string;
    reason: string;
}

/** What `check` answers: the checked inputs, or why they are refused. */
export type CheckResult = { inputs: Properties; failures?: undefined } | { inputs?: undefined; failures: CheckFailure[] };

/** What `diff` answers; no request is made. */
export interface DiffResult {
    changes: boolean;
    /** The top-level input keys that changed (none without changes). */
    changed: string[];
    /** The input property paths whose change replaces the object. */
    replaces: string[];
    deleteBeforeReplace: boolean;
}

/** What `read` answers: an empty id when the object is gone. */
export interface ReadResult {
    id: string;
    props: Properties;
    /** The inputs that reproduce the object (absent when it is gone). */
    inputs?: Properties;
}

/**
 * The deadline of one operation, when the host was given one (the plugin's request `timeout`, from the resource's
 * `customTimeouts`); it wins over the `timeouts` input and the kind's default.
 */
export interface Deadline {
    deadlineMs?: number;
}

/** One kind's lifecycle, the same for every host. */
export interface Lifecycle {
    /** The resource type (`Dashboard`): the SDK class of the same name, and the plugin's token `observability:index:Dashboard`. */
    readonly typeName: string;
    /** The definition's declarative parts, which the reference pages and the package schema describe. */
    readonly definition: Pick<ResourceDefinition<InputSchema, Properties>, "schema" | "replaceKeys" | "timeouts" | "adoption" | "secrets">;
    /** Whether an object can be read by its id alone (`pulumi import`). */
    readonly importable: boolean;
    /** The APIs every later operation uses; until called, the environment alone configures them. */
    configure(apis: Apis): void;
    /** The APIs the operations use now. */
    apis(): Promise<Apis>;
    check(news: Properties): Promise<CheckResult>;
    diff(id: string, olds: Properties, news: Properties): Promise<DiffResult>;
    create(inputs: Properties, deadline?: Deadline): Promise<{ id: string; outs: Properties }>;
    /** A refresh: the object as the last outputs say where it lives. */
    read(id: string, olds: Properties): Promise<ReadResult>;
    /** An import: the object named by its id alone, where it lives taken from the configuration. */
    import(id: string): Promise<ReadResult>;
    update(id: string, olds: Properties, news: Properties, deadline?: Deadline): Promise<Properties>;
    delete(id: string, olds: Properties, deadline?: Deadline): Promise<void>;
}

// Ids of objects this process has seen managed (created, adopted, read, diffed or updated), per type: an
// adoption of one of them would make two resources of the stack manage one object. An adoption reserves its id here
// before its first request and releases it when it fails, so that two adoptions of one id running at once (the engine
// runs steps in parallel) cannot both pass the check.
const managedIds = new Map<string, Set<string>>();
function managed(typeName: string): Set<string> {
    return idsOf(managedIds, typeName);
}

/**
 * The twin of a create of `typeName` (`api/recovery.ts`): an object with the declaration's identity that no resource of
 * the stack this process has seen manages (created, adopted or being adopted, read, diffed or updated).
 * @param typeName the resource type (`Dashboard`)
 * @param same whether an object has the declaration's identity
 * @param by what that identity is, for messages (`name and tiles`)
 * @param more whether the server refuses a second one, and the object's creation time when the server tells it
 */
export function unmanagedTwin<W extends { id: string }>(
    typeName: string,
    same: (candidate: W) => boolean,
    by: string,
    more: Pick<Twin<W>, "unique" | "createdAt" | "key"> = {},
): Twin<W> {
    return { is: (candidate) => !managed(typeName).has(candidate.id) && same(candidate), by, ...more };
}

// The `adoptId`s of adopted resources whose diff planned a replacement, per type: the adoption is history, so the
// replacement's create (which gets the same inputs, `adoptId` included) makes a new object instead of taking the
// resource's own old object, which the replacement then deletes.
const replacedAdoptions = new Map<string, Set<string>>();

// Ids this process has just adopted, per type, until another operation (diff, read, update) names them. A delete
// of one of them meanwhile is the old resource of a replacement that adopted its object again (`pulumi up --replace`
// asks no diff, so the adoption is not history), or of a declaration renamed with its adoptId: the object stays,
// managed by the resource that adopted it. Any later operation on the id means the adopting resource lives on in
// state, so a delete then is its own.
const adoptedHere = new Map<string, Set<string>>();

function idsOf(byType: Map<string, Set<string>>, typeName: string): Set<string> {
    let ids = byType.get(typeName);
    if (!ids) byType.set(typeName, (ids = new Set()));
    return ids;
}
/**
 * The lifecycle of one kind: configuration, unknown-aware `check` with property paths, `diff` on normalized inputs
 * without any request, plain-JSON results, adoption, redaction and per-operation deadlines.
 */
export function lifecycle<Schema extends InputSchema, Outputs extends Seed, Seed extends InputsOf<Schema>>(
    def: ResourceDefinition<Schema, Outputs, Seed>,
): Lifecycle {
    type Inputs = InputsOf<Schema> & CommonInputs;
    // The hosts store and hand back exactly what check and the operations returned for this kind: the type is
    // restored here, once per operation, not checked again.
    const checked = (props: Properties) => props as Inputs;
    const reported = (props: Properties) => props as Outputs & CommonInputs;
    // A host may call an operation before its configuration finished; every operation awaits this instead.
    let ready: Promise<Apis> = Promise.resolve(new Apis(new Settings(undefined)));
    // An operation other than create names an object of the stack: it is managed, and no longer just adopted.
    const namedLater = (id: string) => {
        managed(def.typeName).add(id);
        idsOf(adoptedHere, def.typeName).delete(id);
    };
    const complete = (inputs: InputsOf<Schema>, settings: Settings) => (def.complete ? def.complete(inputs, settings) : inputs);
    const schema: z.ZodType<InputsOf<Schema>> = def.schema;
    const inputKeys = inputKeysOf(def.schema);
    const unmanaged = new Set<string>(def.unmanagedWhenOmitted ?? []);
    // An import declares nothing: the adoption's seed reads only where the object lives (from the configuration) and
    // write-only values, which an import cannot know.
    const nothingDeclared = () => ({}) as InputsOf<Schema>;
    const adoption = def.adoption;
    const importSeed = def.imported ?? (adoption && ((_id: string, settings: Settings) => adoption.seed(nothingDeclared(), settings)));

    /**
     * Runs one operation with its deadline, its secrets redacted from everything it says.
     * @param holders the properties the operation's secrets are read from (inputs, old outputs)
     */
    async function run<T>(
        operation: "create" | "update" | "delete" | "read",
        timeouts: Timeouts | undefined,
        deadline: Deadline | undefined,
        holders: readonly object[],
        body: (ctx: OperationContext) => Promise<T>,
    ): Promise<T> {
        const apis = await ready;
        const declared = operation === "read" ? undefined : timeouts?.[operation];
        const ms = deadline?.deadlineMs ?? (declared ? durationMs(declared) : (def.timeouts?.[operation as "create"] ?? DEFAULT_TIMEOUT_MS));
        const secrets = holders.flatMap((holder) => (def.secrets ?? []).flatMap((key) => secretTexts(valueAt(holder, [key]))));
        return withOperationSecrets(secrets, () => withoutSecretsInErrors(() => body({ apis, signal: AbortSignal.timeout(ms) })));
    }

    /** A read's answer: the outputs and inputs that reproduce the object, or an empty id when it is gone. */
    function readResult(id: string, result: { outs: Outputs; inputs: InputsOf<Schema> } | undefined, adoptId: string | undefined): ReadResult {
        // An empty id tells the engine the object is gone, so refresh drops it from state.
        if (!result) return { id: "", props: {} };
        return { id, props: toJson(withAdoptId(result.outs, adoptId)), inputs: toJson(withAdoptId(result.inputs, adoptId)) };
    }

    return {
        typeName: def.typeName,
        definition: def,
        importable: importSeed !== undefined,

        configure(apis) {
            ready = Promise.resolve(apis);
        },

        apis: () => ready,

        async check(news) {
            const apis = await ready;
            const { [ADOPT_KEY]: adoptId, ...candidate } = news;
            const adopt = adoptId === undefined ? {} : { [ADOPT_KEY]: adoptId };
            if (adoptId !== undefined && !containsUnknown(adoptId)) {
                const reason = !def.adoption ? `${def.typeName} does not adopt by id` : def.adoption.id.safeParse(adoptId).error?.issues[0]?.message;
                if (reason) return { failures: [{ property: ADOPT_KEY, reason }] };
            }
            const parsed = schema.safeParse(candidate);
            if (!parsed.success) {
                const known = parsed.error.issues.filter((issue) => !containsUnknown(valueAt(candidate, issue.path)));
                // An unknown key is named at its own path, a union's refusal by the variant its value is read as.
                const failures = schemaFailures(schema, candidate, known).map((issue) => ({
                    property: propertyPath(issue.path) || def.typeName,
                    reason: issue.message,
                }));
                if (failures.length > 0) return { failures };
            }
            // Throws a ConfigurationError naming the config key and the environment variable.
            def.clients(apis, candidate);
            // With unknowns the inputs pass through untouched; they are checked again when known.
            if (containsUnknown(candidate) || !parsed.success) return { inputs: { ...candidate, ...adopt } };
            const inputs = complete(parsed.data, apis.settings);
            const broken = def.rules?.(inputs, apis.settings) ?? [];
            if (broken.length > 0) return { failures: broken.map((rule) => ({ property: propertyPath(rule.path) || def.typeName, reason: rule.message })) };
            return { inputs: { ...toJson(inputs), ...adopt } };
        },

        async diff(id, oldProps, newProps) {
            const [olds, news] = [reported(oldProps), checked(newProps)];
            await ready;
            namedLater(id);
            const changed = inputKeys.filter(
                (key) =>
                    !LOCAL_KEYS.has(key) &&
                    !(unmanaged.has(key) && sameValue(valueAt(news, [key]), undefined)) &&
                    (containsUnknown(valueAt(news, [key])) || !sameValue(valueAt(olds, [key]), valueAt(news, [key]))),
            );
            if (changed.length === 0) return { changes: false, changed, replaces: [], deleteBeforeReplace: false };
            const replaces = def.replaceKeys(olds, news, new Set(changed));
            // An adoption kept through a replacement is history; a newly declared or changed adoptId is meant.
            if (replaces.length > 0 && typeof news.adoptId === "string" && !containsUnknown(news.adoptId) && news.adoptId === olds.adoptId) {
                idsOf(replacedAdoptions, def.typeName).add(news.adoptId);
            }
            const first = typeof def.deleteBeforeReplace === "function" ? def.deleteBeforeReplace(olds, news) : def.deleteBeforeReplace === true;
            return { changes: true, changed, replaces, deleteBeforeReplace: replaces.length > 0 && first };
        },

        async create(props, deadline) {
            const inputs = checked(props);
            // A replacement's create makes a new object, although its inputs still name the adopted one.
            const adoptId = inputs.adoptId !== undefined && !idsOf(replacedAdoptions, def.typeName).delete(inputs.adoptId) ? inputs.adoptId : undefined;
            const result = await run("create", inputs.timeouts, deadline, [inputs], (ctx) =>
                adoptId === undefined ? def.create(ctx, inputs) : adopt(ctx, adoptId, inputs),
            );
            managed(def.typeName).add(result.id);
            if (adoptId !== undefined) idsOf(adoptedHere, def.typeName).add(result.id);
            return { id: result.id, outs: toJson(withAdoptId(result.outs, inputs.adoptId)) };
        },

        async read(id, oldProps) {
            const props = reported(oldProps);
            namedLater(id);
            return readResult(id, await run("read", undefined, undefined, [props], (ctx) => def.read(ctx, id, props)), props.adoptId);
        },

        async import(id) {
            const what = `import ${def.typeName} ${JSON.stringify(id)}`;
            if (!importSeed) throw new Error(`${what}: ${def.typeName} cannot be imported by id; declare it in the program instead`);
            const reason = def.adoption?.id.safeParse(id).error?.issues[0]?.message;
            if (reason) throw new Error(`${what}: the id ${reason}`);
            namedLater(id);
            const found = await run("read", undefined, undefined, [], async (ctx) => def.read(ctx, id, importSeed(id, ctx.apis.settings)));
            return readResult(id, found, undefined);
        },

        async update(id, oldProps, newProps, deadline) {
            const [olds, news] = [reported(oldProps), checked(newProps)];
            namedLater(id);
            const outs = await run("update", news.timeouts, deadline, [olds, news], (ctx) => def.update(ctx, id, olds, news));
            return toJson(withAdoptId(outs, news.adoptId));
        },

        async delete(id, oldProps, deadline) {
            const props = reported(oldProps);
            if (idsOf(adoptedHere, def.typeName).has(id)) {
                (await ready).notify(
                    `${def.typeName} ${id} is not deleted: another resource of this stack adopted it in this run (adoptId), and manages it now`,
                );
                return;
            }
            await run("delete", props.timeouts, deadline, [props], (ctx) => def.delete(ctx, id, props));
            managed(def.typeName).delete(id);
        },
    };

    /**
     * Takes over an existing object: reads it where the inputs say it lives, then brings it to the declared
     * state with an update, which a faithful declaration skips entirely.
     */
    async function adopt(ctx: OperationContext, id: string, inputs: Inputs): Promise<{ id: string; outs: Outputs }> {
        const what = `adopt ${def.typeName} ${JSON.stringify(id)}`;
        if (!def.adoption) throw new Error(`${what}: ${def.typeName} does not adopt by id`);
        if (managed(def.typeName).has(id)) {
            throw new Error(`${what}: another resource of this stack already manages it or is adopting it; remove one of the two declarations`);
        }
        // Reserved before the first request: the check and the record are one step.
        managed(def.typeName).add(id);
        try {
            const found = await def.read(ctx, id, def.adoption.seed(inputs, ctx.apis.settings));
            const reportedId = valueAt(found?.outs, ["id"]);
            if (!found || (typeof reportedId === "string" && reportedId !== id)) {
                throw new Error(`${what}: no such object where the resource points (check the id, the variant, the organization and the service)`);
            }
            const faithful = inputKeys.every(
                (key) =>
                    LOCAL_KEYS.has(key) ||
                    (unmanaged.has(key) && valueAt(inputs, [key]) === undefined) ||
                    sameValue(valueAt(found.inputs, [key]), valueAt(inputs, [key])),
            );
            return { id, outs: faithful ? found.outs : await def.update(ctx, id, found.outs, inputs) };
        } catch (error) {
            // A partial failure keeps the object in the stack: it stays managed.
            if ((error as { id?: unknown } | null)?.id !== id) managed(def.typeName).delete(id);
            throw error;
        }
    }
}

/**
 * Outputs carry `adoptId` while the program declares it, like every other input, so that a refresh reports it
 * among the inputs it reads back and an adopted resource does not show as changed.
 */
function withAdoptId<T extends object>(value: T, adoptId: string | undefined): T {
    return adoptId === undefined ? value : { ...value, [ADOPT_KEY]: adoptId };
}
