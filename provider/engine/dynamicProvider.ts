// The host that Pulumi's dynamic-provider host loads: every stored state's `__provider` text (`registry[key].provider`)
// reaches a kind's lifecycle through it. It only hands values in and out: `__provider` is the host's, and a partial
// failure carries it like every result does.
import * as pulumi from "@pulumi/pulumi";
import { Apis } from "../api/apis";
import { ConfigSource, Settings } from "../settings/config";
import { toJson } from "../common/values";
import type { InputSchema } from "../common/project";
import type { InputsOf, ResourceDefinition } from "./definition";
import { lifecycle, type Lifecycle, type Properties } from "./lifecycle";

// The kinds' modules declare their definitions with these names from here (`dynamicProvider(definition)`).
export { ADOPT_KEY, DEFAULT_TIMEOUT_MS, isLocalKey, normalizeReported } from "./definition";
export { unmanagedTwin } from "./lifecycle";
export type { CommonInputs, InputsOf, ResourceDefinition, RuleFailure } from "./definition";

/**
 * Properties as the dynamic-provider host hands them over: plain JSON, which is what `check` returned (inputs) or
 * what `create`/`update` returned (outputs), whatever the kind.
 */
export type HostProperties = Properties;

/** The provider object the engine's dynamic-provider host calls; one type for every kind, so the registry can list them. */
export interface ConfigurableProvider extends pulumi.dynamic.ResourceProvider<HostProperties, HostProperties> {
    /** The resource type (`Dashboard`): the SDK class of the same name writes the provider text that loads it. */
    readonly typeName: string;
    /** The definition's declarative parts, which the generated reference pages (`npm run docs`) describe. */
    readonly definition: Lifecycle["definition"];
    /** The kind's lifecycle, which the provider plugin serves too. */
    readonly lifecycle: Lifecycle;
    configure(req: { config: ConfigSource }): Promise<void>;
}

/** Turns a resource definition into the dynamic provider its SDK class's provider text loads. */
export function dynamicProvider<Schema extends InputSchema, Outputs extends Seed, Seed extends InputsOf<Schema>>(
    def: ResourceDefinition<Schema, Outputs, Seed>,
): ConfigurableProvider {
    const kind = lifecycle(def);
    // The stack config the APIs were built from. The host configures a provider once per provider text it loads, so a
    // run over a state written with an earlier text configures it twice with the same config: the APIs built for the
    // first stay, with their clients, caches and shared waits.
    let configured: string | undefined;

    return {
        typeName: kind.typeName,
        definition: kind.definition,
        lifecycle: kind,

        async configure(req) {
            const settings = new Settings(req.config);
            const values = settings.stackValues();
            if (values === configured) return;
            configured = values;
            kind.configure(new Apis(settings));
        },

        check: (_olds, news) => kind.check(withoutProvider(news)),

        async diff(id: string, olds: HostProperties, news: HostProperties) {
            const { changes, replaces, deleteBeforeReplace } = await kind.diff(id, olds, news);
            return changes ? { changes, replaces, deleteBeforeReplace } : { changes };
        },

        create: (inputs: HostProperties) => kind.create(inputs).catch((error: unknown) => Promise.reject(withProviderText(error, inputs))),

        read: (id: string, olds?: HostProperties) => kind.read(id, olds ?? {}),

        async update(id: string, olds: HostProperties, news: HostProperties) {
            const outs = await kind.update(id, olds, news).catch((error: unknown) => Promise.reject(withProviderText(error, news)));
            return { outs };
        },

        delete: (id: string, olds: HostProperties) => kind.delete(id, olds),
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
