import * as pulumi from "@pulumi/pulumi";
// Type only: the stub must not load the implementation into the program's process.
import type { ProviderKey } from "../provider";
import type { HostProperties } from "../provider/engine/dynamicProvider";

export type { ProviderKey };

/**
 * The provider handed to `dynamic.Resource`. Pulumi serializes it into every resource's state, so it
 * holds nothing but the package name: each call loads the installed implementation, which reads
 * credentials from stack config in `configure`. No credential, path or library ends up in `__provider`,
 * and upgrading the package changes no state.
 */
export function providerStub(key: ProviderKey): pulumi.dynamic.ResourceProvider<HostProperties, HostProperties> {
    // The stub is serialized into the state and run by Pulumi's host, where only `require` can load the provider.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const load = () => require("pulumi-observability/providers").registry[key].provider;
    return {
        configure: (req: unknown) => load().configure(req),
        check: (olds: unknown, news: unknown) => load().check(olds, news),
        diff: (id: string, olds: unknown, news: unknown) => load().diff(id, olds, news),
        create: (inputs: unknown) => load().create(inputs),
        read: (id: string, props: unknown) => load().read(id, props),
        update: (id: string, olds: unknown, news: unknown) => load().update(id, olds, news),
        delete: (id: string, props: unknown) => load().delete(id, props),
    };
}
