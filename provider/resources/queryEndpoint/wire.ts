import { z } from "zod";
import { asSet, normalizeOrigins, QueryEndpointInputs, QueryEndpointRole } from "./schema";

/** The upsert body: always all three fields, since the service replaces the endpoint wholesale. */
export function queryEndpointBody(inputs: QueryEndpointInputs): { roles: QueryEndpointRole[]; openApiKeys: string[]; allowedOrigins: string } {
    return { roles: inputs.roles, openApiKeys: inputs.openApiKeys, allowedOrigins: inputs.allowedOrigins };
}

/** The endpoint as the cloud API returns it, in the inputs' normalized form. */
export const queryEndpointResponse = z
    .looseObject({
        id: z.string(),
        roles: z.array(z.string()).nullish(),
        openApiKeys: z.array(z.string()).nullish(),
        allowedOrigins: z.string().nullish(),
    })
    .transform((endpoint) => ({
        id: endpoint.id,
        // A role this provider does not know is kept, so that a refresh shows it as drift rather than hiding it.
        roles: asSet((endpoint.roles ?? []) as QueryEndpointRole[]),
        openApiKeys: asSet(endpoint.openApiKeys ?? []),
        allowedOrigins: normalizeOrigins(endpoint.allowedOrigins ?? ""),
    }));

/** The endpoint as read from the cloud API, normalized. */
export type QueryEndpointResponse = z.output<typeof queryEndpointResponse>;
