import assert from "node:assert/strict";
import { registry } from "../../provider";
import type { HostProperties } from "../../provider/engine/dynamicProvider";
import { emulatorConfig } from "../support/emulatorConfig";
import { useEmulator } from "../support/emulatedStack";

/** Stack config as the host hands it to `configure`, pointing at the emulator. */
function configOf(emu: ReturnType<typeof useEmulator>["emu"], extra: Record<string, string> = {}) {
    const values: Record<string, string> = { ...extra };
    for (const [key, value] of Object.entries(emulatorConfig(emu))) values[key] = typeof value === "string" ? value : value.secret;
    return { get: (key: string) => values[key] };
}

describe("configure: once per stack config, whatever the number of provider texts", function () {
    const holder = useEmulator();

    // The host configures a provider once per distinct `__provider` text it loads (cmd/dynamic-provider/index.js,
    // getProvider). A state written before the text changed holds the old text in its outputs, which read and delete
    // load, beside the new one of check and diff: the same provider is configured twice.
    it("keeps the clients and their shared list when the same config comes again, and builds new ones for another", async function () {
        const { emu } = holder;
        const provider = registry.webhook.provider;
        const hooks = emu.fixturesOf("self-hosted").webhooks;
        const olds = (id: string): HostProperties => ({
            variant: "self-hosted",
            name: "x",
            service: "slack",
            url: "https://x",
            target: { variant: "self-hosted" },
            id,
        });
        const lists = () => emu.requests.filter((r) => r.method === "GET" && r.path === "/api/v2/webhooks").length;

        await provider.configure({ config: configOf(emu) });
        emu.clearRequests();
        await provider.read?.(hooks.slack.id, olds(hooks.slack.id));
        assert.equal(lists(), 1);
        await provider.configure({ config: configOf(emu) });
        await provider.read?.(hooks.generic.id, olds(hooks.generic.id));
        assert.equal(lists(), 1, "the second read was served by the list the first one read");

        await provider.configure({ config: configOf(emu, { "observability:readCacheMs": "9000" }) });
        await provider.read?.(hooks.slack.id, olds(hooks.slack.id));
        assert.equal(lists(), 2, "another config builds other clients");
    });
});
