import { z } from "zod";
import { cloudId, hasControlCharacter, NO_CONTROL_CHARACTERS, text, timeoutsSchema } from "../../common/fields";

/** The clouds a private endpoint can live in (the cloud document's `OrganizationPatchPrivateEndpoint`). */
export const ENDPOINT_CLOUDS = ["gcp", "aws", "azure"] as const;
/** The regions a private endpoint can live in (the same schema's enum). */
export const ENDPOINT_REGIONS = [
    "ap-northeast-1",
    "ap-northeast-2",
    "ap-south-1",
    "ap-southeast-1",
    "ap-southeast-2",
    "ca-central-1",
    "eu-central-1",
    "eu-west-1",
    "eu-west-2",
    "il-central-1",
    "us-east-1",
    "us-east-2",
    "us-west-2",
    "us-east1",
    "us-central1",
    "europe-west2",
    "europe-west4",
    "asia-southeast1",
    "asia-northeast1",
    "eastus",
    "eastus2",
    "westus3",
    "germanywestcentral",
    "centralus",
] as const;

/** A private endpoint of the organization, with the cloud and region every added endpoint carries. */
const privateEndpointSchema = z.strictObject({
    /** The private endpoint's id as the cloud provider names it (for example a VPC endpoint id). */
    id: text(256),
    /** The cloud the endpoint lives in (`gcp`, `aws` or `azure`); sent with the endpoint when it is added. */
    cloudProvider: z.enum(ENDPOINT_CLOUDS),
    /** The region the endpoint lives in, as the cloud names it (`eu-west-1`, `europe-west4`, `eastus2`, …). */
    region: z.enum(ENDPOINT_REGIONS),
    /** A description shown beside the endpoint; empty when omitted. */
    description: z
        .string()
        .max(1024, "must be at most 1024 characters")
        .refine((value) => !hasControlCharacter(value), NO_CONTROL_CHARACTERS)
        .default(""),
});

export type PrivateEndpoint = z.output<typeof privateEndpointSchema>;

/** The order every list of private endpoints is kept in (inputs, outputs, reads), so that only real changes show. */
export function sortPrivateEndpoints(endpoints: readonly PrivateEndpoint[]): PrivateEndpoint[] {
    return [...endpoints].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Settings of an existing organization. The organization lives outside the stack: creating this resource
 * adopts it, deleting it only forgets it.
 */
export const organizationSettingsSchema = z.strictObject({
    /**
     * The organization to manage (UUID). Defaults to the `observability:organizationId` setting; the resolved
     * value is stored, and changing it replaces the resource (the old organization is left as it is).
     */
    organizationId: cloudId.optional(),
    /** The organization's name. When omitted, the name is not managed and the current one stays. */
    name: text(255).optional(),
    /**
     * The complete set of the organization's private endpoints, by id: endpoints missing here are removed,
     * new ones are added and a changed description, cloud or region is applied. When omitted, the endpoints are
     * not managed. The list is kept sorted by id, so a plan lists exactly the endpoints that come and go. The
     * service deprecates adding endpoints at the organization level in favour of attaching them to a service
     * (its `privateEndpointIds`); removing them here stays supported.
     */
    privateEndpoints: z
        .array(privateEndpointSchema)
        .superRefine((endpoints, ctx) => {
            const seen = new Set<string>();
            endpoints.forEach((endpoint, i) => {
                if (seen.has(endpoint.id))
                    ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate private endpoint id ${JSON.stringify(endpoint.id)}` });
                seen.add(endpoint.id);
            });
        })
        .transform(sortPrivateEndpoints)
        .optional(),
    /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers). */
    timeouts: timeoutsSchema,
});

/** What the program declares (the public argument type derives from it). */
export type OrganizationSettingsArgs = z.input<typeof organizationSettingsSchema>;
/** The checked, normalized inputs. */
export type OrganizationSettingsInputs = z.output<typeof organizationSettingsSchema>;

/** The settings that are managed only when the program declares them. */
export const OPTIONAL_SETTINGS = ["name", "privateEndpoints"] as const;
export type OptionalSetting = (typeof OPTIONAL_SETTINGS)[number];

/** A bring-your-own-cloud configuration of the organization (read only; spec fields). */
export interface ByocConfig {
    /** The configuration's id. */
    id: string;
    /** The cloud account's name. */
    accountName: string;
}

/** Everything the resource reports after create, update and refresh. */
export interface OrganizationSettingsOutputs extends OrganizationSettingsInputs {
    /** The organization's id (also the resource id). */
    id: string;
    /** The resolved organization id. */
    organizationId: string;
    /** The organization's current name (whether or not it is managed). */
    name: string;
    /** When the organization was created (ISO 8601, UTC). */
    createdAt: string;
    /** The organization's current private endpoints, sorted by id (whether or not they are managed). */
    privateEndpoints: PrivateEndpoint[];
    /** The organization's bring-your-own-cloud configurations. */
    byocConfig: ByocConfig[];
    /** Which of `name` and `privateEndpoints` this resource manages (those the program declared). */
    managedFields: OptionalSetting[];
}
