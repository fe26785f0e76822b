// The implementation the SDK's provider stubs load by package name: one dynamic provider per resource type,
// keyed as in sdk/stub.ts `ProviderKey`.
export { alert } from "./resources/alert/provider";
export { dashboard } from "./resources/dashboard/provider";
export { dataPipe } from "./resources/dataPipe/provider";
export { organizationSettings } from "./resources/organizationSettings/provider";
export { queryEndpoint } from "./resources/queryEndpoint/provider";
export { savedSearch } from "./resources/savedSearch/provider";
export { webhook } from "./resources/webhook/provider";
