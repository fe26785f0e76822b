import assert from "node:assert/strict";
import { WireNames, WireNamesError } from "../../provider/api/wireNames";
import { type DeclaredResource } from "../harness/engine";
import { HostCallError, type PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { clicksFromStream } from "../support/pipeInputs";
import { useEmulatedStack } from "../support/emulatedStack";

/** A server's own spellings, as a real server has them (made up here: the project names no product). */
const SERVER_NAMES = {
    observability: "obsv",
    pipes: "streams",
    pipesReversePrivateEndpoints: "streamEndpoints",
    pipesCdcScaling: "streamScaling",
    engine_: "vendor_",
    observabilitySettingPrefix: "vendorSettingPrefix",
};

const declare = (type: string, key: string, name: string, inputs: PropertyMap): DeclaredResource => ({
    type,
    name,
    provider: packageProviderText(key),
    inputs,
});

describe("Wire names: one table, neutral by default, a server's own spellings by one setting", function () {
    describe("the table", function () {
        it("keeps the neutral names when nothing is configured, and sends bodies as they are", function () {
            const names = WireNames.parse(undefined);
            assert.equal(names.segment("observability"), "observability");
            assert.equal(names.segment("pipesCdcScaling"), "pipesCdcScaling");
            const body = { settings: { engine_max_threads: 2 }, observabilitySettingPrefix: "x" };
            assert.equal(names.toServer(body), body);
        });

        it("translates segments, the setting prefix and the field both ways where they stand, and no user-chosen key", function () {
            const names = WireNames.parse(JSON.stringify(SERVER_NAMES));
            assert.equal(names.segment("pipes"), "streams");
            // A list answer of objects with the field and a settings object; a user's map (headers) keeps its keys.
            const userMap = { engine_token: "t", observabilitySettingPrefix: "h" };
            const neutral = [{ settings: { engine_max_threads: 2, other: 1 }, observabilitySettingPrefix: "x", headers: userMap }];
            const server = [{ settings: { vendor_max_threads: 2, other: 1 }, vendorSettingPrefix: "x", headers: userMap }];
            assert.deepEqual(names.toServer(neutral), server);
            assert.deepEqual(names.fromServer(server), neutral);
            // The pipe settings PATCH sends the settings bare.
            assert.deepEqual(names.toServer({ engine_max_threads: 4 }), { vendor_max_threads: 4 });
        });

        it("refuses what is not a table of known names with valid spellings, saying what it expects", function () {
            const refusals: [string, RegExp][] = [
                ["[]", /JSON object/],
                ["not json", /JSON object/],
                ['{"pipe": "x"}', /unknown name "pipe": the names are observability, pipes, /],
                ['{"engine_": "vendor"}', /"engine_" the value "vendor": expected letters and digits ending in `_`/],
                ['{"pipes": "a/b"}', /expected a path segment/],
                ['{"observabilitySettingPrefix": 3}', /expected a field name/],
            ];
            for (const [json, message] of refusals)
                assert.throws(
                    () => WireNames.parse(json),
                    (e: unknown) => e instanceof WireNamesError && message.test(e.message),
                    json,
                );
        });
    });

    describe("through the host, against a server that spells them its own way", function () {
        const stack = useEmulatedStack(() => {}, {
            emulator: { wireNames: SERVER_NAMES },
            config: { "observability:wireNames": JSON.stringify(SERVER_NAMES), "observability:pollIntervalMs": "0" },
        });
        const sent = (method: string) => stack.emu.requests.filter((r) => r.method === method).map((r) => ({ path: r.path, body: r.body }));

        it("sends the server's field and setting prefix, on the server's paths, and reads them back as declared", async function () {
            const { organizationId, serviceId } = stack.emu.credentials;
            const program = [
                declare("Connection", "connection", "engine", {
                    name: "Engine",
                    host: "https://engine.example.com:8443",
                    username: "reader",
                    observabilitySettingPrefix: "obs_",
                }),
                // A header of the user's own, spelled like the neutral setting prefix: neither side renames it.
                declare("Webhook", "webhook", "hook", {
                    variant: "managed",
                    name: "Relay",
                    service: "generic",
                    url: "https://relay.example.com/in",
                    headers: { engine_trace: "on" },
                }),
                declare("DataPipe", "dataPipe", "clicks", { ...clicksFromStream(), settings: { engine_max_threads: 4 } }),
            ];
            await stack.engine.up(program);

            const service = `/v1/organizations/${organizationId}/services/${serviceId}`;
            const posts = sent("POST");
            assert.deepEqual(posts.map((p) => p.path).sort(), ["/api/v2/connections", `${service}/obsv/webhooks`, `${service}/streams`]);
            const body = (path: string) => posts.find((p) => p.path === path)?.body as Record<string, unknown>;
            assert.equal(body("/api/v2/connections").vendorSettingPrefix, "obs_");
            assert.equal("observabilitySettingPrefix" in body("/api/v2/connections"), false);
            assert.deepEqual(body(`${service}/streams`).settings, { vendor_max_threads: 4 });
            const connection = stack.emu.store.selfHosted.connections.get(stack.engine.state.get(urn("Connection", "engine"))?.id ?? "");
            assert.equal(connection?.observabilitySettingPrefix, "obs_", "the server kept the prefix it was sent under its own name");
            assert.deepEqual(body(`${service}/obsv/webhooks`).headers, { engine_trace: "on" });
            const webhook = stack.emu.store.managed.webhooks.get(stack.engine.state.get(urn("Webhook", "hook"))?.id ?? "");
            assert.deepEqual(webhook?.headers, { engine_trace: "on" }, "the server kept the user's header as sent");

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.refresh()).same.sort(), ["clicks", "engine", "hook"], "read back under the neutral names");
            assert.deepEqual((await stack.engine.up(program)).same.sort(), ["clicks", "engine", "hook"]);
            await stack.engine.destroy();
        });
    });

    describe("a wrong table", function () {
        const stack = useEmulatedStack(() => {}, { config: { "observability:wireNames": '{"pipes": "a/b"}' } });

        it("is refused at preview, naming the setting, before any request", async function () {
            await assert.rejects(
                stack.engine.preview([declare("Webhook", "webhook", "hook", { name: "Relay", service: "generic", url: "https://relay.example.com/in" })]),
                (error: unknown) => error instanceof HostCallError && /^check failed.*observability:wireNames.*"pipes" the value "a\/b"/.test(error.message),
            );
            assert.deepEqual(stack.emu.requests, []);
        });
    });
});
