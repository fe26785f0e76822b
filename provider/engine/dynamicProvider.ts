import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Apis, OperationContext } from "../api/apis";
import { pulumiWarning } from "../api/http/notice";
import { withOperationSecrets } from "../api/http/operationSecrets";
import { ConfigSource, Settings } from "../settings/config";
import { durationMs, Timeouts } from "../common/fields";
import { containsUnknown } from "../common/unknown";
import { inputKeysOf, InputSchema } from "../common/project";
import { secretTexts, withoutSecretsInErrors } from "./secrets";
import { propertyPath, sameValue, toJson, valueAt } from "../common/values";
import { schemaFailures } from "../common/schemaIssues";

/** The input that names an existing object to adopt instead of creating one. */
export const ADOPT_KEY = "adoptId";

/** The inputs every resource accepts in addition to its own. */
export interface CommonInputs {
    timeouts?: Timeouts;
    /** Id of an existing object to bring under management instead of creating one. */
    adoptId?: string;
}

// Ids of objects this process has seen managed (created, adopted, read, diffed or updated), per type: an
// adoption of one of them would make two resources of the stack manage one object.
const managedIds = new Map<string, Set<string>>();
function managed(typeName: string): Set<string> {
    return idsOf(managedIds, typeName);
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

/** The checked, normalized inputs a schema produces: what every operation of its definition receives. */
export type InputsOf<Schema extends InputSchema> = z.output<Schema>;

/**
 * One resource type: its schema and its CRUD against the API. Everything generic lives in `dynamicProvider`. The
 * inputs' type is the schema's output type (`InputsOf<Schema>`): the schema alone describes them.
 */
export interface ResourceDefinition<Schema extends InputSchema, Outputs extends Seed, Seed extends InputsOf<Schema> = Outputs> {
    /** `Dashboard`, for messages. */
    typeName: string;
    /**
     * The single source of truth: validates, normalizes and types the inputs (one object, or one per kind). Seen as
     * a `z.ZodType` of its own output type too, which is how a parse keeps that type for a generic schema.
     */
    schema: Schema & z.ZodType<InputsOf<Schema>>;
    /**
     * Completes parsed inputs without any request: server-side rewrites the schema cannot express, and
     * defaults that come from configuration (a default organization, the variant), so that the diff
     * compares like with like.
     */
    complete?(inputs: InputsOf<Schema>, settings: Settings): InputsOf<Schema>;
    /**
     * Builds, without any request, the API clients the inputs (still unparsed, maybe with unknowns) will be served
     * by, so that a missing or malformed credential or URL fails at `check` (preview), naming the setting.
     */
    clients(apis: Apis, inputs: Record<string, unknown>): void;
    /**
     * Rules the schema cannot hold because they depend on the configuration (what one variant refuses, when the
     * variant comes from `observability:variant`): decided at `check` without a request, each failure at its path.
     */
    rules?(inputs: InputsOf<Schema>, settings: Settings): RuleFailure[];
    /** Input property paths whose change the API cannot apply in place. */
    replaceKeys(olds: Outputs, news: InputsOf<Schema>, changed: ReadonlySet<string>): string[];
    /**
     * Whether the old object must go before the new one exists: always (a singleton per service, a unique name), or
     * decided per replacement (when the new one keeps a name only one object may hold).
     */
    deleteBeforeReplace?: boolean | ((olds: Outputs, news: InputsOf<Schema>) => boolean);
    /** Optional inputs that are left as they are while the program omits them: `diff` ignores them then. */
    unmanagedWhenOmitted?: readonly (keyof InputsOf<Schema> & string)[];
    /** Default operation timeouts in ms. */
    timeouts?: { create?: number; update?: number; delete?: number };
    /**
     * The inputs and outputs whose values are secret (write-only credentials, URLs that embed a token), declared
     * once: every request of every operation redacts each string inside them from its messages and warnings, and an
     * error that still quotes one is rebuilt without it.
     */
    secrets?: readonly (keyof Outputs & string)[];
    /**
     * Adoption of an existing object named by the `adoptId` input: the id format, and the outputs to read
     * the object with, built from the checked inputs alone (where it lives, write-only values). A resource
     * without it cannot adopt.
     */
    adoption?: { id: z.ZodType<string>; seed(inputs: InputsOf<Schema>, settings: Settings): Seed };
    create(ctx: OperationContext, inputs: InputsOf<Schema>): Promise<{ id: string; outs: Outputs }>;
    /**
     * Undefined when the object no longer exists. `inputs` are the inputs that would reproduce the object. `olds` are
     * the last outputs, or an adoption's seed: `Seed`, the part of the outputs an adoption builds from the inputs alone
     * (where the object lives, write-only values), named by each kind (`<Kind>Seed`) when it is not the outputs.
     */
    read(ctx: OperationContext, id: string, olds: Seed): Promise<{ outs: Outputs; inputs: InputsOf<Schema> } | undefined>;
    update(ctx: OperationContext, id: string, olds: Outputs, news: InputsOf<Schema>): Promise<Outputs>;
    delete(ctx: OperationContext, id: string, olds: Outputs): Promise<void>;
}

/** A failure of {@link ResourceDefinition.rules}: the property path and why. */
export interface RuleFailure {
    path: PropertyKey[];
    message: string;
}

/** Inputs that tune the provider and never change the remote object. */
const LOCAL_KEYS = new Set(["timeouts", "__provider", ADOPT_KEY]);

/** Whether a property path (`timeouts.create`) belongs to an input that never changes the remote object. */
export function isLocalKey(path: string): boolean {
    return LOCAL_KEYS.has(path.split(/[.[]/)[0]);
}

/** The operation timeout of a definition that sets none. */
export const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Properties as the dynamic-provider host hands them over: plain JSON, which is what `check` returned (inputs) or
 * what `create`/`update` returned (outputs), whatever the kind.
 */
export type HostProperties = Record<string, unknown>;

/** The provider object the engine's dynamic-provider host calls; one type for every kind, so the registry can list them. */
export interface ConfigurableProvider extends pulumi.dynamic.ResourceProvider<HostProperties, HostProperties> {
    /** The resource type (`Dashboard`): the SDK class of the same name writes the provider text that loads it. */
    readonly typeName: string;
    /** The definition's declarative parts, which the generated reference pages (`npm run docs`) describe. */
    readonly definition: Pick<ResourceDefinition<InputSchema, HostProperties>, "schema" | "replaceKeys" | "timeouts" | "adoption" | "secrets">;
    configure(req: { config: ConfigSource }): Promise<void>;
}

/**
 * Turns a resource definition into a dynamic provider with the behaviour every resource needs:
 * configuration (race-free), unknown-aware `check` with property paths, `diff` on normalized inputs
 * without any request, plain-JSON results and per-operation deadlines.
 */
export function dynamicProvider<Schema extends InputSchema, Outputs extends Seed, Seed extends InputsOf<Schema>>(
    def: ResourceDefinition<Schema, Outputs, Seed>,
): ConfigurableProvider {
    type Inputs = InputsOf<Schema> & CommonInputs;
    // The host stores and hands back exactly what check and the operations returned for this kind: the type is
    // restored here, once per operation, not checked again.
    const checked = (props: HostProperties) => props as Inputs;
    const reported = (props: HostProperties) => props as Outputs & CommonInputs;
    // Pulumi's host caches the provider before `configure` finishes; every method awaits this instead.
    let ready: Promise<Apis> = Promise.resolve(new Apis(new Settings(undefined)));
    // The stack config `ready` was built from. The host configures a provider once per provider text it loads, so a
    // run over a state written with an earlier text configures it twice with the same config: the APIs built for the
    // first stay, with their clients, caches and shared waits.
    let configured: string | undefined;
    // An operation other than create names an object of the stack: it is managed, and no longer just adopted.
    const namedLater = (id: string) => {
        managed(def.typeName).add(id);
        idsOf(adoptedHere, def.typeName).delete(id);
    };
    const complete = (inputs: InputsOf<Schema>, settings: Settings) => (def.complete ? def.complete(inputs, settings) : inputs);
    const schema: z.ZodType<InputsOf<Schema>> = def.schema;
    const inputKeys = inputKeysOf(def.schema);
    const unmanaged = new Set<string>(def.unmanagedWhenOmitted ?? []);

    /**
     * Runs one operation with its deadline, its secrets redacted from everything it says.
     * @param holders the properties the operation's secrets are read from (inputs, old outputs)
     */
    async function run<T>(
        operation: "create" | "update" | "delete" | "read",
        timeouts: Timeouts | undefined,
        holders: readonly object[],
        body: (ctx: OperationContext) => Promise<T>,
    ): Promise<T> {
        const apis = await ready;
        const configured = operation === "read" ? undefined : timeouts?.[operation];
        const ms = configured ? durationMs(configured) : (def.timeouts?.[operation as "create"] ?? DEFAULT_TIMEOUT_MS);
        const secrets = holders.flatMap((holder) => (def.secrets ?? []).flatMap((key) => secretTexts(valueAt(holder, [key]))));
        return withOperationSecrets(secrets, () => withoutSecretsInErrors(() => body({ apis, signal: AbortSignal.timeout(ms) })));
    }

    return {
        typeName: def.typeName,
        definition: def,

        async configure(req) {
            const settings = new Settings(req.config);
            const values = settings.stackValues();
            if (values === configured) return;
            configured = values;
            ready = (async () => new Apis(settings))();
            await ready;
        },

        async check(_olds, news) {
            const apis = await ready;
            const { [ADOPT_KEY]: adoptId, ...candidate } = withoutProvider(news);
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

        async diff(id: string, oldProps: HostProperties, newProps: HostProperties) {
            const [olds, news] = [reported(oldProps), checked(newProps)];
            await ready;
            namedLater(id);
            const changed = new Set(
                inputKeys.filter(
                    (key) =>
                        !LOCAL_KEYS.has(key) &&
                        !(unmanaged.has(key) && sameValue(valueAt(news, [key]), undefined)) &&
                        (containsUnknown(valueAt(news, [key])) || !sameValue(valueAt(olds, [key]), valueAt(news, [key]))),
                ),
            );
            if (changed.size === 0) return { changes: false };
            const replaces = def.replaceKeys(olds, news, changed);
            // An adoption kept through a replacement is history; a newly declared or changed adoptId is meant.
            if (replaces.length > 0 && typeof news.adoptId === "string" && !containsUnknown(news.adoptId) && news.adoptId === olds.adoptId) {
                idsOf(replacedAdoptions, def.typeName).add(news.adoptId);
            }
            const first = typeof def.deleteBeforeReplace === "function" ? def.deleteBeforeReplace(olds, news) : def.deleteBeforeReplace === true;
            return { changes: true, replaces, deleteBeforeReplace: replaces.length > 0 && first };
        },

        async create(props: HostProperties) {
            const inputs = checked(props);
            // A replacement's create makes a new object, although its inputs still name the adopted one.
            const adoptId = inputs.adoptId !== undefined && !idsOf(replacedAdoptions, def.typeName).delete(inputs.adoptId) ? inputs.adoptId : undefined;
            const result = await run("create", inputs.timeouts, [inputs], (ctx) =>
                adoptId === undefined ? def.create(ctx, inputs) : adopt(ctx, adoptId, inputs),
            ).catch((error: unknown) => Promise.reject(withProviderText(error, inputs)));
            managed(def.typeName).add(result.id);
            if (adoptId !== undefined) idsOf(adoptedHere, def.typeName).add(result.id);
            return { id: result.id, outs: toJson(withAdoptId(result.outs, inputs.adoptId)) };
        },

        async read(id: string, oldProps?: HostProperties) {
            const props = reported(oldProps ?? {});
            namedLater(id);
            const result = await run("read", undefined, [props], (ctx) => def.read(ctx, id, props));
            // An empty id tells the engine the object is gone, so refresh drops it from state.
            if (!result) return { id: "", props: {} };
            return {
                id,
                props: toJson(withAdoptId(result.outs, props.adoptId)),
                inputs: toJson(withAdoptId(result.inputs, props.adoptId)),
            };
        },

        async update(id: string, oldProps: HostProperties, newProps: HostProperties) {
            const [olds, news] = [reported(oldProps), checked(newProps)];
            namedLater(id);
            const outs = await run("update", news.timeouts, [olds, news], (ctx) => def.update(ctx, id, olds, news)).catch((error: unknown) =>
                Promise.reject(withProviderText(error, news)),
            );
            return { outs: toJson(withAdoptId(outs, news.adoptId)) };
        },

        async delete(id: string, oldProps: HostProperties) {
            const props = reported(oldProps);
            if (idsOf(adoptedHere, def.typeName).has(id)) {
                pulumiWarning(`${def.typeName} ${id} is not deleted: another resource of this stack adopted it in this run (adoptId), and manages it now`);
                return;
            }
            await run("delete", props.timeouts, [props], (ctx) => def.delete(ctx, id, props));
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
        if (managed(def.typeName).has(id)) throw new Error(`${what}: another resource of this stack already manages it; remove one of the two declarations`);
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
    }
}

/**
 * A partial create or update (`Object.assign(new Error(msg), { id, properties, reasons })`, the engine keeps the
 * object with init errors) must carry `__provider` in its properties like every result does, or the later
 * refresh and delete of that object cannot load the provider.
 */
function withProviderText(error: unknown, news: object): unknown {
    if (typeof error !== "object" || error === null) return error;
    const partial = error as { id?: unknown; properties?: unknown };
    if (typeof partial.id !== "string" || typeof partial.properties !== "object" || partial.properties === null) return error;
    partial.properties = toJson({ ...partial.properties, __provider: (news as Record<string, unknown>).__provider });
    return error;
}

/**
 * Outputs carry `adoptId` while the program declares it, like every other input, so that a refresh reports it
 * among the inputs it reads back and an adopted resource does not show as changed.
 */
function withAdoptId<T extends object>(value: T, adoptId: string | undefined): T {
    return adoptId === undefined ? value : { ...value, [ADOPT_KEY]: adoptId };
}

function withoutProvider(news: Record<string, unknown>): Record<string, unknown> {
    const { __provider: _ignored, ...rest } = news;
    return rest;
}

/**
 * Normalizes what the server reports into the form `check` produces, so that `read` and `diff` compare
 * like with like. A report the schema refuses (an object edited into a shape this package does not
 * manage) is returned as it is, which shows up as drift.
 */
export function normalizeReported<Schema extends InputSchema>(
    def: Pick<ResourceDefinition<Schema, InputsOf<Schema>>, "schema" | "complete">,
    settings: Settings,
    reported: object,
): InputsOf<Schema> {
    const schema: z.ZodType<InputsOf<Schema>> = def.schema;
    const parsed = schema.safeParse(reported);
    // A refused report is kept as it is, typed as inputs although it is not, so that the diff shows it as drift.
    if (!parsed.success) return reported as InputsOf<Schema>;
    return def.complete ? def.complete(parsed.data, settings) : parsed.data;
}
