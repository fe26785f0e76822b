import * as pulumi from "@pulumi/pulumi";

/**
 * The public argument type of a resource, derived from its schema's input type: every property, at
 * every depth, may be a value, a promise or an Output. JSDoc written on the schema keys carries over.
 */
export type InputOf<T> = T extends string | number | boolean | null | undefined
    ? pulumi.Input<T>
    : T extends readonly (infer U)[]
      ? pulumi.Input<InputOf<U>[]>
      : T extends object
        ? pulumi.Input<PropertiesOf<T>>
        : pulumi.Input<T>;

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/**
 * Whether a property's type is one string literal: the discriminant of a kind-typed object (`displayType: "line"`,
 * `kind: "log"`). It stays a plain value, so that TypeScript picks the member it names and refuses, as a type error,
 * the fields only other members have (`colorRules` on a line tile).
 */
type IsDiscriminant<T> = [T] extends [string] ? (string extends T ? false : true extends IsUnion<T> ? false : true) : false;

/** The properties of an object argument: each an input, but a discriminant, which is a plain literal. */
type PropertiesOf<T> = { [K in keyof T]: IsDiscriminant<T[K]> extends true ? T[K] : InputOf<T[K]> };

/** The argument object of a resource: its top level is a plain object of inputs. */
export type ArgsOf<T extends object> = PropertiesOf<T>;

/** The adoption input of every resource that can take over an existing object. */
export interface AdoptionArgs {
    /**
     * Id of an existing object to bring under management instead of creating one. On create the provider
     * reads that object (failing clearly when it does not exist where the resource points, or when another
     * resource of the stack manages it) and updates it to the declared state; a faithful declaration changes
     * nothing. Removing or keeping this input afterwards causes no replacement, and a replacement for another reason
     * creates a new object (the adopted one is deleted like any replaced object); `pulumi up --replace` (without
     * `--refresh`) adopts the same object again and keeps it.
     */
    adoptId?: pulumi.Input<string>;
}

/** The outputs a resource class exposes: all of its schema's outputs but `timeouts` (local) and `id` (every resource's own). */
type Exposed<Outputs> = Omit<Outputs, "timeouts" | "id">;

/**
 * Every output of a resource, unset: the engine fills them in after create. A class lists them once, in the
 * `outputs` of its `resourceKind` (sdk/resource.ts), typed so that an output can be neither forgotten nor misnamed.
 */
export type UnsetOutputs<Outputs> = Record<keyof Exposed<Outputs>, undefined>;

/**
 * The output properties of a resource class, typed from its schema's output type (the class gets them by
 * declaration merging: `interface Dashboard extends OutputProperties<DashboardOutputs> {}`). JSDoc written on the
 * schema keys carries over.
 */
export type OutputProperties<Outputs> = { readonly [K in keyof Exposed<Outputs>]-?: pulumi.Output<Exposed<Outputs>[K]> };
