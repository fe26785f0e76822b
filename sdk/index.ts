// The package entry: resource classes and lookup functions.
export { CONFIG_NAMESPACE, SETTINGS } from "../provider/config";
export type { Variant } from "../provider/config";
export * from "./alert";
export * from "./dashboard";
export * from "./dataPipe";
export * from "./dataPipeFunctions";
export * from "./functions";
export * from "./organizationSettings";
export * from "./queryEndpoint";
