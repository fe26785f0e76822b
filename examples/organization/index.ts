// The settings of the cloud organization and the query endpoint of one of its services. The organization
// exists outside the stack: this program adopts it, and `pulumi destroy` leaves it exactly as it is.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("demo");

export const organization = new obs.OrganizationSettings("organization", {
    // Leave a setting out to leave it unmanaged.
    name: config.get("organizationName"),
    // The complete set: endpoints missing here are removed from the organization on the next `pulumi up`. Each
    // names its cloud and region, which the service needs with every endpoint added.
    privateEndpoints: config.getObject<obs.OrganizationSettingsArgs["privateEndpoints"]>("privateEndpoints"),
});

export const queryEndpoint = new obs.QueryEndpoint("query", {
    roles: ["sql_console_read_only"],
    openApiKeys: config.getObject<string[]>("queryKeyIds") ?? [],
    allowedOrigins: config.get("allowedOrigins") ?? "",
});

export const organizationName = organization.name;
export const privateEndpointIds = organization.privateEndpoints.apply((endpoints) => endpoints.map((endpoint) => endpoint.id));
export const byocAccounts = organization.byocConfig.apply((configs) => configs.map((byoc) => byoc.accountName));
export const queryEndpointId = queryEndpoint.id;
