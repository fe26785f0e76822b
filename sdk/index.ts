// The package entry: resource classes and lookup functions.
export { CONFIG_NAMESPACE, SETTINGS } from "../provider/settings/config";
export type { Variant } from "../provider/settings/config";
export * from "./resources/alert";
export * from "./resources/connection";
export * from "./resources/dashboard";
export * from "./resources/dataPipe";
export * from "./functions/dataPipes";
export * from "./functions/observability";
export * from "./resources/organizationSettings";
export * from "./resources/pipeReversePrivateEndpoint";
export * from "./resources/pipesCdcScaling";
export * from "./resources/queryEndpoint";
export * from "./resources/role";
export * from "./resources/source";
export * from "./resources/savedSearch";
export * from "./resources/teamMember";
export * from "./resources/webhook";
