// The plugin's names: the package, its version, and the tokens of its resources and functions.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

/** The Pulumi package name: plugin `pulumi-resource-observability`, tokens `observability:index:<Name>`. */
export const PACKAGE = "observability";

/** The token of a resource kind: `observability:index:Dashboard` (the SDK class name). */
export function resourceToken(typeName: string): string {
    return `${PACKAGE}:index:${typeName}`;
}

/** The token of a lookup: `observability:index:getSources` (the SDK function name). */
export function functionToken(name: string): string {
    return `${PACKAGE}:index:${name}`;
}

/** The name of a lookup from its token, or undefined for another package's or module's token. */
export function functionName(token: string): string | undefined {
    const prefix = functionToken("");
    return token.startsWith(prefix) ? token.slice(prefix.length) : undefined;
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
