import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { Apis } from "./apis";
import { ConfigSource, Settings } from "./config";
import { durationMs, Timeouts } from "./schema/common";
import { containsUnknown } from "./unknown";
import { propertyPath, sameValue, toJson, valueAt } from "./values";

/** What every operation of a resource gets: the APIs and the operation's deadline. */
export interface OperationContext {
    apis: Apis;
    /** Aborts when the resource's own timeout for this operation expires. */
    signal: AbortSignal;
}

/** The inputs every resource accepts in addition to its own. */
export interface CommonInputs {
    timeouts?: Timeouts;
}

/** One resource type: its schema and its CRUD against the API. Everything generic lives in `dynamicProvider`. */
export interface ResourceDefinition<Inputs extends CommonInputs, Outputs extends Inputs> {
    /** `Dashboard`, for messages. */
    typeName: string;
    /** The single source of truth: validates, normalizes and types the inputs. */
    schema: z.ZodObject;
    /**
     * Completes parsed inputs without any request: server-side rewrites the schema cannot express, and
     * defaults that come from configuration (a default organization, the variant), so that the diff
     * compares like with like.
     */
    complete?(inputs: Inputs, settings: Settings): Inputs;
    /** Input property paths whose change the API cannot apply in place. */
    replaceKeys(olds: Outputs, news: Inputs, changed: ReadonlySet<string>): string[];
    /** Whether the old object must go before the new one exists (a singleton per service). */
    deleteBeforeReplace?: boolean;
    /** Optional inputs that are left as they are while the program omits them: `diff` ignores them then. */
    unmanagedWhenOmitted?: readonly (keyof Inputs & string)[];
    /** Default operation timeouts in ms. */
    timeouts?: { create?: number; update?: number; delete?: number };
    create(ctx: OperationContext, inputs: Inputs): Promise<{ id: string; outs: Outputs }>;
    /** Undefined when the object no longer exists. `inputs` are the inputs that would reproduce the object. */
    read(ctx: OperationContext, id: string, olds: Outputs): Promise<{ outs: Outputs; inputs: Inputs } | undefined>;
    update(ctx: OperationContext, id: string, olds: Outputs, news: Inputs): Promise<Outputs>;
    delete(ctx: OperationContext, id: string, olds: Outputs): Promise<void>;
}

/** Inputs that tune the provider and never change the remote object. */
const LOCAL_KEYS = new Set(["timeouts", "__provider"]);

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** The provider object the engine's dynamic-provider host calls. */
export interface ConfigurableProvider extends pulumi.dynamic.ResourceProvider {
    configure(req: { config: ConfigSource }): Promise<void>;
}

/**
 * Turns a resource definition into a dynamic provider with the behaviour every resource needs:
 * configuration (race-free), unknown-aware `check` with property paths, `diff` on normalized inputs
 * without any request, plain-JSON results and per-operation deadlines.
 */
export function dynamicProvider<Inputs extends CommonInputs, Outputs extends Inputs>(def: ResourceDefinition<Inputs, Outputs>): ConfigurableProvider {
    // Pulumi's host caches the provider before `configure` finishes; every method awaits this instead.
    let ready: Promise<Apis> = Promise.resolve(new Apis(new Settings(undefined)));
    const complete = (inputs: Inputs, settings: Settings) => (def.complete ? def.complete(inputs, settings) : inputs);
    const inputKeys = Object.keys(def.schema.shape);
    const unmanaged = new Set<string>(def.unmanagedWhenOmitted ?? []);

    async function run<T>(operation: "create" | "update" | "delete" | "read", timeouts: Timeouts | undefined, body: (ctx: OperationContext) => Promise<T>): Promise<T> {
        const apis = await ready;
        const configured = operation === "read" ? undefined : timeouts?.[operation];
        const ms = configured ? durationMs(configured) : (def.timeouts?.[operation as "create"] ?? DEFAULT_TIMEOUT_MS);
        return body({ apis, signal: AbortSignal.timeout(ms) });
    }

    return {
        async configure(req) {
            ready = (async () => new Apis(new Settings(req.config)))();
            await ready;
        },

        async check(_olds, news) {
            const apis = await ready;
            const candidate = withoutProvider(news);
            const parsed = def.schema.safeParse(candidate);
            if (!parsed.success) {
                const failures = parsed.error.issues
                    .filter((issue) => !containsUnknown(valueAt(candidate, issue.path)))
                    .map((issue) => ({ property: propertyPath(issue.path) || def.typeName, reason: issue.message }));
                if (failures.length > 0) return { failures };
            }
            // With unknowns the inputs pass through untouched; they are checked again when known.
            return { inputs: containsUnknown(candidate) || !parsed.success ? candidate : toJson(complete(parsed.data as Inputs, apis.settings)) };
        },

        async diff(_id, olds: Outputs, news: Inputs) {
            await ready;
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
            return { changes: true, replaces, deleteBeforeReplace: replaces.length > 0 && def.deleteBeforeReplace === true };
        },

        async create(inputs: Inputs) {
            const result = await run("create", inputs.timeouts, (ctx) => def.create(ctx, inputs)).catch((error: unknown) => Promise.reject(withProviderText(error, inputs)));
            return { id: result.id, outs: toJson(result.outs) };
        },

        async read(id: string, props: Outputs) {
            const result = await run("read", undefined, (ctx) => def.read(ctx, id, props));
            // An empty id tells the engine the object is gone, so refresh drops it from state.
            if (!result) return { id: "", props: {} };
            return { id, props: toJson(result.outs), inputs: toJson(result.inputs) } as pulumi.dynamic.ReadResult;
        },

        async update(id: string, olds: Outputs, news: Inputs) {
            const outs = await run("update", news.timeouts, (ctx) => def.update(ctx, id, olds, news)).catch((error: unknown) => Promise.reject(withProviderText(error, news)));
            return { outs: toJson(outs) };
        },

        async delete(id: string, props: Outputs) {
            await run("delete", props.timeouts, (ctx) => def.delete(ctx, id, props));
        },
    };
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

function withoutProvider(news: Record<string, unknown>): Record<string, unknown> {
    const { __provider: _ignored, ...rest } = news;
    return rest;
}

/**
 * Normalizes what the server reports into the form `check` produces, so that `read` and `diff` compare
 * like with like. A report the schema refuses (an object edited into a shape this package does not
 * manage) is returned as it is, which shows up as drift.
 */
export function normalizeReported<Inputs extends CommonInputs, Outputs extends Inputs>(def: ResourceDefinition<Inputs, Outputs>, settings: Settings, reported: object): Inputs {
    const parsed = def.schema.safeParse(reported);
    if (!parsed.success) return reported as Inputs;
    return def.complete ? def.complete(parsed.data as Inputs, settings) : (parsed.data as Inputs);
}
