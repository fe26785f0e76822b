import { z } from "zod";
import { EndpointType, MSK_FIRST_PORT, PENDING_ACCEPTANCE, PipeReversePrivateEndpointInputs, TYPE_FIELDS } from "./schema";

/** A reverse private endpoint as the cloud API returns it (§5.3); the other types' fields come back `null`. */
export const wireEndpoint = z.looseObject({
    id: z.string(),
    serviceId: z.string().nullish(),
    description: z.string().nullish(),
    type: z.string(),
    vpcEndpointServiceName: z.string().nullish(),
    vpcResourceConfigurationId: z.string().nullish(),
    vpcResourceShareArn: z.string().nullish(),
    mskClusterArn: z.string().nullish(),
    mskAuthentication: z.string().nullish(),
    gcpServiceAttachment: z.string().nullish(),
    customPrivateDnsMappings: z.array(z.looseObject({ privateDnsName: z.string() })).nullish(),
    endpointId: z.string().nullish(),
    dnsNames: z.array(z.string()).nullish(),
    privateDnsNames: z.array(z.string()).nullish(),
    status: z.string().nullish(),
});

export type WireEndpoint = z.output<typeof wireEndpoint>;

/** The create body: the description, the type and only that type's fields (§5.2), and the custom DNS names. */
export function createBody(inputs: PipeReversePrivateEndpointInputs): Record<string, unknown> {
    const body: Record<string, unknown> = { description: inputs.description, type: inputs.type };
    for (const field of TYPE_FIELDS) if (inputs[field] !== undefined) body[field] = inputs[field];
    if (inputs.customPrivateDnsMappings.length > 0) body.customPrivateDnsMappings = inputs.customPrivateDnsMappings;
    return body;
}

/** The PATCH body: the complete list of custom DNS names (`[]` clears them; §5.5). */
export function dnsMappingsPatch(inputs: Pick<PipeReversePrivateEndpointInputs, "customPrivateDnsMappings">): {
    customPrivateDnsMappings: { privateDnsName: string }[];
} {
    return { customPrivateDnsMappings: inputs.customPrivateDnsMappings };
}

/** The inputs that reproduce the endpoint as reported (before the schema's normalization). */
export function reportedFields(endpoint: WireEndpoint): Record<string, unknown> {
    const fields: Record<string, unknown> = { description: endpoint.description ?? "", type: endpoint.type };
    for (const field of TYPE_FIELDS) if (endpoint[field] != null) fields[field] = endpoint[field];
    fields.customPrivateDnsMappings = (endpoint.customPrivateDnsMappings ?? []).map((m) => ({ privateDnsName: m.privateDnsName }));
    return fields;
}

/** The brokers of an MSK endpoint, `name0:14001,name1:14002,…` (§5.6); empty for the other types. */
export function mskBrokers(type: EndpointType | string, privateDnsNames: readonly string[]): string {
    return type === "MSK_MULTI_VPC" ? privateDnsNames.map((name, i) => `${name}:${MSK_FIRST_PORT + i}`).join(",") : "";
}

/** What must happen outside the API before pipes can use the endpoint, by its status; empty when nothing. */
export function actionRequired(endpoint: WireEndpoint): string {
    if (endpoint.status !== PENDING_ACCEPTANCE) return "";
    const target = endpoint.vpcEndpointServiceName ?? endpoint.vpcResourceShareArn ?? endpoint.mskClusterArn ?? endpoint.gcpServiceAttachment ?? "the target";
    return (
        `The owner of ${target} must accept the connection from endpoint ${endpoint.endpointId ?? endpoint.id} (in their cloud console or API); ` +
        "pipes can use the endpoint once it is Ready (run `pulumi refresh` to see its status)"
    );
}
