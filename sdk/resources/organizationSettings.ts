import * as pulumi from "@pulumi/pulumi";
import type { ByocConfig, OptionalSetting, OrganizationSettingsArgs as OrganizationSettingsDeclaration, PrivateEndpoint } from "../../provider/resources/organizationSettings/schema";
import { ArgsOf } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("organizationSettings");

/** Arguments of {@link OrganizationSettings}; every property may be an Output. */
export type OrganizationSettingsArgs = ArgsOf<OrganizationSettingsDeclaration>;
/** A private endpoint of the organization: `{id, description}`. */
export type OrganizationPrivateEndpoint = PrivateEndpoint;
/** A bring-your-own-cloud configuration of the organization: `{id, accountName}`. */
export type OrganizationByocConfig = ByocConfig;
/** A setting that the resource manages only when the program declares it. */
export type OrganizationOptionalSetting = OptionalSetting;

/**
 * The settings of an existing cloud organization: its name and its set of private endpoints.
 *
 * The organization exists outside the stack, so this resource adopts it: creating the resource reads the
 * organization and changes only what differs from the declaration; deleting the resource (or replacing it
 * after `organizationId` changed) leaves the organization exactly as it is and only stops managing it.
 * A setting left out of the arguments is not managed at all. Changing the settings needs an admin API key.
 *
 * The resource id (`id`) is the organization id.
 */
export class OrganizationSettings extends pulumi.dynamic.Resource {
    /** The managed organization's id (the argument, or the `observability:organizationId` setting). */
    declare readonly organizationId: pulumi.Output<string>;
    /** The organization's current name, managed or not. */
    declare readonly name: pulumi.Output<string>;
    /** When the organization was created (ISO 8601, UTC). */
    declare readonly createdAt: pulumi.Output<string>;
    /** The organization's current private endpoints, sorted by id, managed or not. */
    declare readonly privateEndpoints: pulumi.Output<OrganizationPrivateEndpoint[]>;
    /** The organization's bring-your-own-cloud configurations (read only). */
    declare readonly byocConfig: pulumi.Output<OrganizationByocConfig[]>;
    /** Which of `name` and `privateEndpoints` this resource manages: those the arguments declare. */
    declare readonly managedFields: pulumi.Output<OrganizationOptionalSetting[]>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args The organization and the settings to manage; all optional (an empty declaration only reads it).
     * @param opts Resource options.
     */
    constructor(name: string, args: OrganizationSettingsArgs = {}, opts?: pulumi.CustomResourceOptions) {
        const outputs = { organizationId: undefined, name: undefined, createdAt: undefined, privateEndpoints: undefined, byocConfig: undefined, managedFields: undefined };
        super(provider, name, { ...outputs, ...args }, opts, "observability", "OrganizationSettings");
    }
}
