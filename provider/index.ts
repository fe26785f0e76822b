// The implementation the SDK's provider stubs load by package name: one dynamic provider per resource type,
// keyed as in sdk/stub.ts `ProviderKey`.
export { alert } from "./alert";
export { dashboard } from "./dashboard";
export { dataPipe } from "./dataPipe";
export { organizationSettings } from "./organizationSettings";
export { queryEndpoint } from "./queryEndpoint";
