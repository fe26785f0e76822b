import * as pulumi from "@pulumi/pulumi";
import type {
    PipeReversePrivateEndpointArgs as EndpointDeclaration,
    PipeReversePrivateEndpointOutputs,
} from "../../provider/resources/pipeReversePrivateEndpoint/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of {@link PipeReversePrivateEndpoint}; every property may be an Output. */
export type PipeReversePrivateEndpointArgs = ArgsOf<EndpointDeclaration> & AdoptionArgs;

const KIND = resourceKind<PipeReversePrivateEndpointOutputs>({
    type: "PipeReversePrivateEndpoint",
    outputs: {
        organizationId: undefined,
        serviceId: undefined,
        description: undefined,
        type: undefined,
        vpcEndpointServiceName: undefined,
        vpcResourceConfigurationId: undefined,
        vpcResourceShareArn: undefined,
        mskClusterArn: undefined,
        mskAuthentication: undefined,
        gcpServiceAttachment: undefined,
        customPrivateDnsMappings: undefined,
        endpointId: undefined,
        dnsNames: undefined,
        privateDnsNames: undefined,
        mskBrokers: undefined,
        status: undefined,
        actionRequired: undefined,
    },
});

/** The outputs of a {@link PipeReversePrivateEndpoint}, typed from the schema's `PipeReversePrivateEndpointOutputs`. */
export interface PipeReversePrivateEndpoint extends OutputProperties<PipeReversePrivateEndpointOutputs> {}

/**
 * A reverse private endpoint of a cloud service: a private connection from the service's data pipes to a kafka
 * cluster or database in your network. Create it before the pipes that use it, and reference it from them:
 * a kafka pipe takes `reversePrivateEndpointIds: [endpoint.id]` (behind an `MSK_MULTI_VPC` endpoint its brokers
 * are `endpoint.mskBrokers`, the private DNS names on ports 14001, 14002, …), a postgres or mysql pipe takes one of the
 * endpoint's names as its `host` (`endpoint.dnsNames[0]`, a private DNS name or one of your custom ones).
 *
 * Creating it waits (within `timeouts.create`, default 10 minutes) until the endpoint leaves `Provisioning`.
 * `Ready` ends the create; `PendingAcceptance` ends it too, with `actionRequired` saying who must accept the
 * connection outside this API (and a warning in the output of `pulumi up`): pipes can use the endpoint once a
 * `pulumi refresh` shows it `Ready`. `Failed`, `Rejected` and `Expired` fail the create; the endpoint stays in the
 * stack so that it can be replaced or destroyed.
 *
 * Only `customPrivateDnsMappings` changes in place; any other change replaces the endpoint (the new one is
 * created first, so that the pipes can move over; set the `deleteBeforeReplace` resource option when the
 * replacement keeps the same custom DNS names, which must be unique). Deleting waits until the endpoint is gone,
 * and is refused, with the service's message naming them, while pipes still use it.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const kafkaEndpoint = new obs.PipeReversePrivateEndpoint("kafka-endpoint", {
 *     description: "Kafka brokers in the production VPC",
 *     type: "VPC_ENDPOINT_SERVICE",
 *     vpcEndpointServiceName: "com.amazonaws.vpce.eu-west-1.vpce-svc-0123456789abcdef0",
 * });
 * export const endpointId = kafkaEndpoint.id;
 * ```
 */
export class PipeReversePrivateEndpoint extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The endpoint: description, type and that type's target, optional custom DNS names.
     * @param opts Resource options.
     */
    constructor(name: string, args: PipeReversePrivateEndpointArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
