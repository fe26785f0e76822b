import assert from "node:assert/strict";
import * as path from "node:path";
import { SECRET_SIG, SECRET_SIG_KEY } from "../harness/host";
import { DeclaredResource } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { runProgram } from "../harness/program";
import { packageProviderText } from "../harness/providerText";
import { emulatorClient } from "../support/emulatorClient";
import { assertCheckRefuses, upAfterUpdatePreview, useEmulatedStack } from "../support/emulatedStack";
import { recordRegistrations } from "../support/registrations";

const PROVIDER = packageProviderText("connection");
const PASSWORD = "engine-pw-6d0f2b91";
const ROTATED = "engine-pw-rotated-17c4";

const declare = (inputs: PropertyMap, name = "engine"): DeclaredResource[] => [{ type: "Connection", name, provider: PROVIDER, inputs }];
const engineConnection = (extra: PropertyMap = {}): PropertyMap => ({
    name: "Engine",
    host: "https://engine.example.com:8443",
    username: "reader",
    password: PASSWORD,
    ...extra,
});

describe("Connection (through the real host, against the emulator)", function () {
    const stack = useEmulatedStack((s) => {
        // Every test starts with the fixture connection alone.
        const fixture = s.emu.fixtures.connection.id;
        for (const id of s.emu.store.selfHosted.connections.keys()) if (id !== fixture) s.emu.store.selfHosted.connections.delete(id);
    });
    const stored = (id: string) => stack.emu.store.selfHosted.connections.get(id);
    const calls = () => stack.emu.requests.map((r) => `${r.method} ${r.path.replace("/api/v2", "")}`);
    const bodies = (method: string) => stack.emu.requests.filter((r) => r.method === method).map((r) => r.body);
    const state = (name = "engine") => {
        const s = stack.engine.state.get(urn("Connection", name));
        assert.ok(s, `${name} is in state`);
        return s;
    };
    /** The password appears nowhere but under the `password` key (which the SDK marks secret). */
    const assertNoPlainPassword = (where: string, value: unknown) => {
        const text = typeof value === "string" ? value : JSON.stringify(value, (key, v: unknown) => (key === "password" ? undefined : v));
        for (const secret of [PASSWORD, ROTATED]) assert.ok(!text.includes(secret), `${where} holds the password in plain text`);
    };

    it("creates a connection with its password, keeps the password from the inputs, then plans nothing without a request", async function () {
        const program = declare(engineConnection());
        assert.deepEqual((await stack.engine.up(program)).created, ["engine"]);

        assert.deepEqual(calls(), ["GET /connections", "POST /connections"], "the list before the create tells a lost create from an existing twin");
        assert.deepEqual(bodies("POST"), [
            { name: "Engine", host: "https://engine.example.com:8443", username: "reader", password: PASSWORD, isPrometheusEndpoint: false },
        ]);
        const { id, outputs } = state();
        assert.equal(stored(id)?.password, PASSWORD);
        assert.equal(outputs.password, PASSWORD, "the write-only password is kept from the inputs");
        assert.equal(outputs.isPrometheusEndpoint, false);
        assert.equal(outputs.observabilitySettingPrefix, undefined);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(program)).same, ["engine"]);
        assert.deepEqual(stack.emu.requests, [], "check and diff make no request");
        assert.deepEqual((await stack.engine.refresh()).same, ["engine"], "a refresh right after create changes nothing");
        assert.deepEqual((await stack.engine.up(program)).same, ["engine"]);
        assert.deepEqual(calls(), ["GET /connections"], "refresh reads through the list");
    });

    it("updates in place with the complete connection; a cleared prefix is sent as null, a new password as it is", async function () {
        await stack.engine.up(declare(engineConnection({ observabilitySettingPrefix: "obs_" })));
        const { id } = state();
        assert.equal(stored(id)?.observabilitySettingPrefix, "obs_");
        stack.emu.clearRequests();

        const next = declare(engineConnection({ host: "https://engine-2.example.com:8443", password: ROTATED, isPrometheusEndpoint: true }));
        await upAfterUpdatePreview(stack, next);
        assert.deepEqual(calls(), [`PUT /connections/${id}`]);
        assert.deepEqual(bodies("PUT"), [
            {
                name: "Engine",
                host: "https://engine-2.example.com:8443",
                username: "reader",
                password: ROTATED,
                observabilitySettingPrefix: null,
                isPrometheusEndpoint: true,
            },
        ]);
        const server = stored(id);
        assert.equal(server?.observabilitySettingPrefix, undefined, "the prefix is cleared");
        assert.equal(server?.password, ROTATED);
        assert.equal(server?.isPrometheusEndpoint, true);
        assert.equal(state().outputs.password, ROTATED);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(next)).same, ["engine"]);
        assert.deepEqual((await stack.engine.refresh()).same, ["engine"]);
    });

    it("replaces the connection when the password is removed: the API keeps a password it is not sent", async function () {
        await stack.engine.up(declare(engineConnection()));
        const { id } = state();
        const { password: _removed, ...withoutPassword } = engineConnection();
        stack.emu.clearRequests();

        const preview = await stack.engine.preview(declare(withoutPassword));
        assert.deepEqual(
            preview.steps.map((s) => [s.op, s.replaces]),
            [["replace", ["password"]]],
        );
        const result = await stack.engine.up(declare(withoutPassword));
        assert.deepEqual(result.replaced, ["engine"]);
        assert.deepEqual(calls(), ["GET /connections", "POST /connections", `DELETE /connections/${id}`]);
        assert.equal(stored(state().id)?.password, "", "the new connection has no password");
        assert.equal(stored(id), undefined);
    });

    it("shows an out-of-band edit on refresh and puts the declaration back; drops a connection deleted out of band", async function () {
        const program = declare(engineConnection({ observabilitySettingPrefix: "obs_" }));
        await stack.engine.up(program);
        const { id } = state();
        const server = stored(id);
        assert.ok(server);
        server.host = "https://elsewhere.example.com";
        delete server.observabilitySettingPrefix;
        server.password = "changed-elsewhere";

        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.updated, ["engine"]);
        assert.equal(state().inputs.host, "https://elsewhere.example.com");
        assert.equal(state().inputs.observabilitySettingPrefix, undefined);
        assert.equal(state().outputs.password, PASSWORD, "a password changed elsewhere cannot be seen");

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(program)).updated, ["engine"]);
        assert.deepEqual(calls(), [`PUT /connections/${id}`]);
        assert.equal(stored(id)?.host, "https://engine.example.com:8443");
        assert.equal(stored(id)?.observabilitySettingPrefix, "obs_");

        stack.emu.store.selfHosted.connections.delete(id);
        const dropped = await stack.engine.refresh();
        assert.deepEqual(dropped.deleted, ["engine"]);
        assert.equal(stack.engine.state.size, 0);
    });

    it("succeeds deleting a connection that is already gone (404 = done)", async function () {
        await stack.engine.up(declare(engineConnection()));
        const { id } = state();
        stack.emu.store.selfHosted.connections.delete(id);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["engine"]);
        assert.deepEqual(
            stack.emu.requests.map((r) => [r.method, r.status]),
            [["DELETE", 404]],
        );
    });

    it("adopts an existing connection: a faithful declaration writes nothing, a different one is one PUT", async function () {
        const api = emulatorClient(stack.emu);
        const made = api.payload(
            await api.on("self-hosted", "/connections", "POST", { name: "Made by hand", host: "http://engine:8123", username: "default", password: PASSWORD }),
        );
        stack.emu.clearRequests();

        const faithful = { name: "Made by hand", host: "http://engine:8123", username: "default", password: PASSWORD, adoptId: made.id };
        assert.deepEqual((await stack.engine.up(declare(faithful))).created, ["engine"]);
        assert.equal(state().id, made.id);
        assert.deepEqual(calls(), ["GET /connections"], "adoption only reads (through the list)");
        assert.deepEqual((await stack.engine.refresh()).same, ["engine"]);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(declare({ ...faithful, username: "reader" }))).updated, ["engine"]);
        assert.deepEqual(calls(), [`PUT /connections/${made.id}`]);
        await stack.engine.destroy();
        assert.equal(stored(made.id), undefined);

        await assert.rejects(stack.engine.up(declare({ ...faithful, adoptId: "a".repeat(24) }, "missing")), /no such object/);
    });

    it("refuses bad input at check with the property path, sending nothing", async function () {
        await assertCheckRefuses(stack, declare, [
            [engineConnection({ name: "" }), "name"],
            [engineConnection({ host: 42 }), "host"],
            [engineConnection({ password: "" }), "password"],
            [engineConnection({ observabilitySettingPrefix: "obs-prefix" }), "observabilitySettingPrefix"],
            [engineConnection({ isPrometheusEndpoint: "yes" }), "isPrometheusEndpoint"],
            [engineConnection({ prometheusEndpoint: "http://prom:9090" }), "prometheusEndpoint"],
            [{ ...engineConnection(), adoptId: "not-an-id" }, "adoptId"],
        ]);
    });

    it("keeps the password out of everything but the secret `password` output: state, reads, errors and the host's log", async function () {
        await stack.engine.up(declare(engineConnection()));
        await stack.engine.up(declare(engineConnection({ password: ROTATED })));
        await stack.engine.refresh();
        // A failing update: the connection was deleted elsewhere, so the PUT answers 404.
        stack.emu.store.selfHosted.connections.delete(state().id);
        await assert.rejects(stack.engine.up(declare(engineConnection({ password: PASSWORD, host: "http://other:8123" }))), (error: unknown) => {
            assertNoPlainPassword("the error", String(error));
            return true;
        });
        for (const [u, resource] of stack.engine.state) {
            assertNoPlainPassword(`outputs of ${u}`, resource.outputs);
            assertNoPlainPassword(`inputs of ${u}`, resource.inputs);
        }
        for (const request of stack.emu.requests.filter((r) => r.method === "GET")) assertNoPlainPassword("what the API returns", request);
        assertNoPlainPassword("host stderr", stack.host.stderr);
        assertNoPlainPassword("host stdout", stack.host.stdout);
    });

    it("SDK: the password is sent as a secret and declared a secret output; sources depend on their connection", async function () {
        const recorder = recordRegistrations();
        const config = { ...programConfig(stack.config), "demo:enginePassword": PASSWORD };
        const run = (mode: "up" | "preview" = "up") =>
            runProgram({ program: PROGRAM, engine: stack.engine, config, secretKeys: ["demo:enginePassword"], mode, project: "demo", stack: "dev" });
        try {
            assert.deepEqual([...(await run()).created].sort(), ["engine", "logs", "traces"]);
            const registration = recorder.seen.get("engine");
            assert.ok(registration);
            assert.deepEqual(registration.secretOutputs, ["password"]);
            assert.equal((registration.object.password as Record<string, unknown>)[SECRET_SIG_KEY], SECRET_SIG, "the password input is a secret");
            const connectionUrn = urn("Connection", "engine");
            assert.deepEqual(stack.engine.state.get(urn("Source", "logs"))?.dependencies, [connectionUrn]);
            assert.equal(stack.engine.state.get(urn("Source", "logs"))?.inputs.connection, state().id);
        } finally {
            recorder.stop();
        }
        stack.emu.clearRequests();
        assert.deepEqual((await run("preview")).same.sort(), ["engine", "logs", "traces"]);
        assert.deepEqual(stack.emu.requests, []);

        await stack.engine.destroy();
        const deletes = calls().filter((call) => call.startsWith("DELETE"));
        assert.equal(deletes.length, 3);
        assert.match(deletes[2], /^DELETE \/connections\//, "the connection is deleted after its sources");
    });
});

const PROGRAM = path.join(__dirname, "programs", "environment.ts");

/** The stack's provider settings as plain config, as the CLI hands config to a program. */
function programConfig(config: Record<string, string | { secret: string }>): Record<string, string> {
    return Object.fromEntries(Object.entries(config).map(([key, value]) => [key, typeof value === "string" ? value : value.secret]));
}
