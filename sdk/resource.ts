import * as pulumi from "@pulumi/pulumi";
import { UnsetOutputs } from "./args";
import { ProviderKey, providerText } from "./providerText";

/** What a resource class is made of besides its types: built once per class by {@link resourceKind}. */
export interface ResourceKind {
    /** The class's name, the last part of its Pulumi type (`pulumi-nodejs:dynamic/observability:<type>`). */
    readonly type: string;
    /** The kind's `__provider`: the text Pulumi's dynamic-provider host loads the kind's provider with. */
    readonly providerText: string;
    /** Every output, unset. */
    readonly outputs: Readonly<Record<string, undefined>>;
    /** The arguments that are encrypted in state, as inputs and as outputs. */
    readonly secretOutputs: readonly string[];
}

/** How a resource class describes itself to {@link resourceKind}, checked against its schema's outputs. */
export interface KindDeclaration<Outputs> {
    /** The class's name: its registry key capitalized, e.g. `DataPipe` for `dataPipe`. */
    type: Capitalize<ProviderKey>;
    /**
     * Every output, seeded so that the engine reports it even when the arguments leave it out (Pulumi gives a
     * resource only the properties it was constructed with). Typed so that an output can be neither forgotten nor misnamed.
     */
    outputs: UnsetOutputs<Outputs>;
    /** Arguments wrapped with `pulumi.secret` and marked as additional secret outputs. */
    secretOutputs?: readonly (keyof UnsetOutputs<Outputs>)[];
}

/** The {@link ResourceKind} of a class, declared with its schema's output type: `resourceKind<AlertOutputs>({ type: "Alert", outputs: {…} })`. */
export function resourceKind<Outputs>(declaration: KindDeclaration<Outputs>): ResourceKind {
    const { type, outputs, secretOutputs = [] } = declaration;
    const key = (type.charAt(0).toLowerCase() + type.slice(1)) as ProviderKey;
    return { type, providerText: providerText(key), outputs, secretOutputs: secretOutputs.map(String) };
}

/**
 * The base of every resource class: a dynamic resource (`pulumi-nodejs:dynamic/observability:<type>`, served by
 * Pulumi's dynamic-provider host) with the kind's `__provider` text, every output of the kind (so that each is a
 * property of the resource) and the arguments, the secret ones wrapped and marked as secret outputs. It is what
 * `dynamic.Resource` makes, without the closure serialization of a stub object.
 */
export abstract class ObservabilityResource extends pulumi.CustomResource {
    protected constructor(kind: ResourceKind, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
        const given: Record<string, unknown> = { ...args };
        if ("__provider" in given) throw new Error(`${kind.type} ${JSON.stringify(name)}: \`__provider\` is reserved for the provider text`);
        for (const key of kind.secretOutputs) if (given[key] !== undefined) given[key] = pulumi.secret(given[key]);
        const options = kind.secretOutputs.length === 0 ? opts : pulumi.mergeOptions(opts, { additionalSecretOutputs: [...kind.secretOutputs] });
        super(`pulumi-nodejs:dynamic/observability:${kind.type}`, name, { ...kind.outputs, ...given, __provider: kind.providerText }, options);
    }
}
