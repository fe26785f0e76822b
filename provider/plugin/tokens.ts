// The plugin's names: the package, its version, and the tokens of its resources and functions.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { registry, type ProviderKey } from "../index";
import { CONFIG_NAMESPACE } from "../settings/config";

/** The Pulumi package name: the plugin is `pulumi-resource-observability`, its configuration `observability:<key>`. */
export const PACKAGE_NAME = CONFIG_NAMESPACE;

/** The one module of every token: an empty module would make `observability::Dashboard`, which breaks URNs. */
export const MODULE = "index";

/** `observability:index:<name>`: the token of a resource, function or type of the package. */
export function token(name: string): string {
    return `${PACKAGE_NAME}:${MODULE}:${name}`;
}

/** A resource kind's token, `observability:index:<Kind>` with Kind the SDK class name (`Dashboard`). */
export function resourceToken(typeName: string): string {
    return token(typeName);
}

/** A lookup's token, `observability:index:<lookup>` with the SDK function's name (`getSources`). */
export function functionToken(name: string): string {
    return token(name);
}

/** The name of a lookup from its token, or undefined for another package's or module's token. */
export function functionName(functionTokenText: string): string | undefined {
    const prefix = token("");
    return functionTokenText.startsWith(prefix) ? functionTokenText.slice(prefix.length) : undefined;
}

/** The registry key of a resource token (`observability:index:DataPipe` → `dataPipe`), or undefined when it names no kind. */
export function kindOfToken(type: string): ProviderKey | undefined {
    const prefix = token("");
    if (!type.startsWith(prefix)) return undefined;
    const typeName = type.slice(prefix.length);
    return (Object.keys(registry) as ProviderKey[]).find((key) => registry[key].provider.typeName === typeName);
}

let version: string | undefined;

/** This package's version, from its package.json (found above this file, compiled or not). */
export function packageVersion(): string {
    if (version !== undefined) return version;
    for (let dir = __dirname; ; dir = path.dirname(dir)) {
        const file = path.join(dir, "package.json");
        if (existsSync(file)) {
            const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
            if (manifest.name === "pulumi-observability" && manifest.version) return (version = manifest.version);
        }
        if (path.dirname(dir) === dir) throw new Error(`no package.json of pulumi-observability above ${__dirname}`);
    }
}
