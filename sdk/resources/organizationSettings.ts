import * as pulumi from "@pulumi/pulumi";
import type {
    ByocConfig,
    OptionalSetting,
    OrganizationSettingsArgs as OrganizationSettingsDeclaration,
    PrivateEndpoint,
    OrganizationSettingsOutputs,
} from "../../provider/resources/organizationSettings/schema";
import { ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of {@link OrganizationSettings}; every property may be an Output. */
export type OrganizationSettingsArgs = ArgsOf<OrganizationSettingsDeclaration>;
/** A private endpoint of the organization: `{id, description}`. */
export type OrganizationPrivateEndpoint = PrivateEndpoint;
/** A bring-your-own-cloud configuration of the organization: `{id, accountName}`. */
export type OrganizationByocConfig = ByocConfig;
/** A setting that the resource manages only when the program declares it. */
export type OrganizationOptionalSetting = OptionalSetting;

const KIND = resourceKind<OrganizationSettingsOutputs>({
    type: "OrganizationSettings",
    outputs: {
        organizationId: undefined,
        name: undefined,
        createdAt: undefined,
        privateEndpoints: undefined,
        byocConfig: undefined,
        managedFields: undefined,
    },
});

/** The outputs of a {@link OrganizationSettings}, typed from the schema's `OrganizationSettingsOutputs`. */
export interface OrganizationSettings extends OutputProperties<OrganizationSettingsOutputs> {}

/**
 * The settings of an existing cloud organization: its name and its set of private endpoints.
 *
 * The organization exists outside the stack, so this resource adopts it: creating the resource reads the
 * organization and changes only what differs from the declaration; deleting the resource (or replacing it
 * after `organizationId` changed) leaves the organization exactly as it is and only stops managing it.
 * A setting left out of the arguments is not managed at all. Changing the settings needs an admin API key.
 *
 * The resource id (`id`) is the organization id.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * // The organization of the `observability:organizationId` setting; a setting left out stays unmanaged.
 * export const organization = new obs.OrganizationSettings("organization", {
 *     name: "Example Inc.",
 *     privateEndpoints: [{ id: "vpce-0123456789abcdef0", description: "production VPC", cloudProvider: "aws", region: "eu-west-1" }],
 * });
 * ```
 */
export class OrganizationSettings extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The organization and the settings to manage; all optional (an empty declaration only reads it).
     * @param opts Resource options.
     */
    constructor(name: string, args: OrganizationSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
