/**
 * Ways to obtain the `__provider` text the host deserialises (`pulumi.dynamic.Resource` serialises it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { PACKAGE_NAME, REPO_ROOT } from "./paths";
import { type ProviderKey, providerText } from "../../sdk/providerText";

/**
 * Serialises `() => stub` exactly as `dynamic.Resource` does (`serializeFunction`, `allowSecrets: true`).
 * @param stub the provider object (or stub) to capture
 * @returns the CommonJS text; its export is `handler`
 */
export async function serializedProvider(stub: object): Promise<string> {
    const serialized = await pulumi.runtime.serializeFunction(() => stub, { allowSecrets: true });
    if (serialized.exportName !== "handler") {
        throw new Error(`serializeFunction exported ${JSON.stringify(serialized.exportName)}, expected "handler"`);
    }
    return serialized.text;
}

/**
 * The provider text the SDK writes for a kind: it loads the implementation from the compiled package by name,
 * `require("pulumi-observability/providers").registry.<key>.provider`. Needs `npm run build` and {@link ensureSelfLink}.
 * @param key the registry key of the kind, e.g. `"dashboard"`
 */
export function packageProviderText(key: string): string {
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw new Error(`not a plain registry key: ${JSON.stringify(key)}`);
    return providerText(key as ProviderKey);
}

/**
 * Hand-written provider text that loads a CommonJS module by path (test fixtures only: the path is
 * machine-specific and must never appear in a real `__provider`).
 * @param modulePath absolute path of the module whose `module.exports` is the provider
 */
export function moduleProviderText(modulePath: string): string {
    if (!path.isAbsolute(modulePath)) throw new Error(`fixture path must be absolute: ${modulePath}`);
    return `exports.handler = () => require(${JSON.stringify(modulePath)});`;
}

/** Absolute path of the ping fixture provider. */
export const PING_PROVIDER_PATH: string = path.join(__dirname, "fixtures", "pingProvider.js");

/** Provider text of the ping fixture ({@link PING_PROVIDER_PATH}). */
export function pingProviderText(): string {
    return moduleProviderText(PING_PROVIDER_PATH);
}

const SELF_LINK: string = path.join(REPO_ROOT, "node_modules", PACKAGE_NAME);
const SELF_LINK_TARGET = "..";

/**
 * Makes `require("pulumi-observability/…")` resolve from the repository root, where the host runs: creates the
 * relative symlink `node_modules/pulumi-observability -> ..`. Node's package self-reference does not apply to the
 * host's `require-from-string` modules. Idempotent and safe under concurrent calls (also across processes):
 * symlink creation is atomic, and a lost race is verified like an existing link.
 */
export function ensureSelfLink(): void {
    try {
        fs.symlinkSync(SELF_LINK_TARGET, SELF_LINK, "dir");
        return;
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const stat = fs.lstatSync(SELF_LINK);
    if (stat.isSymbolicLink() && fs.readlinkSync(SELF_LINK) === SELF_LINK_TARGET) return;
    if (fs.realpathSync(SELF_LINK) === fs.realpathSync(REPO_ROOT)) return;
    throw new Error(`${SELF_LINK} exists and is not a link to the repository root; remove it and retry`);
}

/** Throws a clear error when the compiled package (`dist/`) that package provider texts load is missing. */
export function assertBuilt(): void {
    for (const file of ["dist/provider/index.js", "dist/sdk/index.js"]) {
        if (!fs.existsSync(path.join(REPO_ROOT, file))) {
            throw new Error(`${file} is missing: run \`npm run build\` first (\`npm test\` does it)`);
        }
    }
}
