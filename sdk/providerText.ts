// Type only: the provider text must not load the implementation into the program's process.
import type { ProviderKey } from "../provider";

export type { ProviderKey };

/** The package the provider text loads the implementation from (its `exports` serve `./providers`). */
const PACKAGE = "pulumi-observability";

/**
 * The `__provider` of every resource of a kind: the CommonJS text Pulumi's dynamic-provider host loads, whose
 * `handler` returns the kind's provider from the installed package. It holds nothing but the package name and the
 * kind's registry key: no credential (the provider reads them from stack config in `configure`), no path, no code.
 * What `dynamic.Resource` would write instead is the closure serialization of a stub doing the same (about 2.2 KB,
 * stored twice per resource and carried six times by every preview's check and diff); this text is under 100 bytes,
 * and upgrading the package changes it no more than the stub.
 */
export function providerText(key: ProviderKey): string {
    return `exports.handler = () => require(${JSON.stringify(`${PACKAGE}/providers`)}).registry.${key}.provider;`;
}
