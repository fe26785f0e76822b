// What a resource kind declares (its schema, its rules, its CRUD against the API), whichever host serves it: the
// lifecycle (lifecycle.ts) adds everything generic, and the hosts (Pulumi's dynamic-provider host, the plugin) only
// hand values in and out.
import { z } from "zod";
import type { Apis, OperationContext } from "../api/apis";
import type { Settings } from "../settings/config";
import type { Timeouts } from "../common/fields";
import type { InputSchema } from "../common/project";

/** The input that names an existing object to adopt instead of creating one. */
export const ADOPT_KEY = "adoptId";

/** The inputs every resource accepts in addition to its own. */
export interface CommonInputs {
    timeouts?: Timeouts;
    /** Id of an existing object to bring under management instead of creating one. */
    adoptId?: string;
}

/** The checked, normalized inputs a schema produces: what every operation of its definition receives. */
export type InputsOf<Schema extends InputSchema> = z.output<Schema>;

/**
 * One resource type: its schema and its CRUD against the API. Everything generic lives in `lifecycle`. The
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
    /**
     * The outputs an object named by its id alone is read with (`pulumi import` through the plugin): where it lives,
     * taken from the configuration. Default: the adoption's seed of a declaration that declares nothing. A resource
     * with neither cannot be imported.
     */
    imported?(id: string, settings: Settings): Seed;
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
export const LOCAL_KEYS: ReadonlySet<string> = new Set(["timeouts", "__provider", ADOPT_KEY]);

/** Whether a property path (`timeouts.create`) belongs to an input that never changes the remote object. */
export function isLocalKey(path: string): boolean {
    return LOCAL_KEYS.has(path.split(/[.[]/)[0]);
}

/** The operation timeout of a definition that sets none. */
export const DEFAULT_TIMEOUT_MS = 10 * 60_000;

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
