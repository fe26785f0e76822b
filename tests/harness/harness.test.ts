import * as assert from "node:assert/strict";
import { Engine, CheckFailedError, DeclaredResource, UNKNOWN } from "./engine";
import { startPingServer, PingServer } from "./fixtures/pingServer";
import { HostCallError, PropertyMap, ProviderHost, SECRET_SIG, SECRET_SIG_KEY, configToArgs, urn } from "./host";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./paths";
import { ensureSelfLink, packageProviderText, pingProviderText, serializedProvider } from "./providerText";

// A test secret: asserted on by comparison only, never printed.
const TOKEN = "ping-token-7f3c0d5a";
const PING = pingProviderText();
const installedPulumiVersion = (require("@pulumi/pulumi/package.json") as { version: string }).version;

function pingConfig(server: PingServer): Record<string, string | { secret: string }> {
    return { "demo:pingUrl": server.url, "demo:token": { secret: TOKEN } };
}

/** Records which host methods are called, for asserting that a run made no create/update/delete call. */
function spyOn(host: ProviderHost): { calls: string[]; restore(): void } {
    const calls: string[] = [];
    const names = ["check", "diff", "create", "read", "update", "delete"] as const;
    const originals = names.map((n) => [n, host[n]] as const);
    for (const [name, original] of originals) {
        const wrapped = (...args: unknown[]): unknown => {
            calls.push(name);
            return (original as (...a: unknown[]) => unknown).apply(host, args);
        };
        Object.assign(host, { [name]: wrapped });
    }
    return {
        calls,
        restore: () => {
            for (const [name] of originals) delete (host as unknown as Record<string, unknown>)[name];
        },
    };
}

function secretFree(value: unknown): boolean {
    return !JSON.stringify(value).includes(TOKEN);
}

/** Starts the ping server and a host configured for it before the suite, hands both to `use`, and closes them after it. */
function usePingHost(use: (started: { server: PingServer; host: ProviderHost }) => void): void {
    const started: { server?: PingServer; host?: ProviderHost } = {};
    before(async function () {
        started.server = await startPingServer(TOKEN);
        started.host = await ProviderHost.start({ config: pingConfig(started.server) });
        use({ server: started.server, host: started.host });
    });
    after(async function () {
        await started.host?.close();
        await started.server?.close();
    });
}

describe("harness: ProviderHost over gRPC", function () {
    let server: PingServer;
    let host: ProviderHost;
    const u = urn("Ping", "first", { module: "test" });

    usePingHost((started) => ({ server, host } = started));

    it("builds URNs and the secret wrapper the way the engine does", function () {
        assert.equal(u, "urn:pulumi:dev::demo::pulumi-nodejs:dynamic/test:Ping::first");
        assert.equal(urn("Dashboard", "web"), "urn:pulumi:dev::demo::pulumi-nodejs:dynamic/observability:Dashboard::web");
        const rpc = require("@pulumi/pulumi/runtime/rpc") as { specialSigKey: string; specialSecretSig: string };
        assert.equal(SECRET_SIG_KEY, rpc.specialSigKey);
        assert.equal(SECRET_SIG, rpc.specialSecretSig);
        assert.deepEqual(configToArgs({ a: "x", b: { secret: "y" } }), { a: "x", b: { [SECRET_SIG_KEY]: SECRET_SIG, value: "y" } });
    });

    it("reports the installed @pulumi/pulumi version", async function () {
        assert.deepEqual(await host.getPluginInfo(), { version: installedPulumiVersion });
    });

    it("runs check → create → diff → update → read → delete over gRPC", async function () {
        const checked = await host.check(u, {}, { name: "first", __provider: PING });
        assert.deepEqual(checked, { inputs: { name: "first", size: 1, __provider: PING }, failures: [] });

        const created = await host.create(u, checked.inputs);
        assert.match(created.id, /^ping-\d+$/);
        assert.deepEqual(created.properties, { name: "first", size: 1, authorized: true, __provider: PING });
        assert.deepEqual(server.objects.get(created.id), { name: "first", size: 1 });
        assert.deepEqual(
            server.requests.filter((r) => r.op === "create").map((r) => r.id),
            [created.id],
        );

        const outs = created.properties;
        assert.deepEqual(await host.diff(u, created.id, outs, checked.inputs), { changes: "none", replaces: [], deleteBeforeReplace: false });
        const bigger = (await host.check(u, checked.inputs, { name: "first", size: 3, __provider: PING })).inputs;
        assert.deepEqual(await host.diff(u, created.id, outs, bigger), { changes: "some", replaces: [], deleteBeforeReplace: false });
        const renamed = (await host.check(u, checked.inputs, { name: "second", __provider: PING })).inputs;
        assert.deepEqual(await host.diff(u, created.id, outs, renamed), { changes: "some", replaces: ["name"], deleteBeforeReplace: false });

        const updated = await host.update(u, created.id, outs, bigger, checked.inputs);
        assert.deepEqual(updated.properties, { name: "first", size: 3, authorized: true, __provider: PING });
        assert.equal(server.objects.get(created.id)?.size, 3);

        // Drift on the server shows up in both refreshed outputs and refreshed inputs.
        const remote = server.objects.get(created.id);
        assert.ok(remote);
        remote.size = 7;
        const read = await host.read(u, created.id, updated.properties, bigger);
        assert.deepEqual(read, {
            id: created.id,
            properties: { name: "first", size: 7, authorized: true, __provider: PING },
            inputs: { name: "first", size: 7, __provider: PING },
        });

        await host.delete(u, created.id, read.properties, read.inputs);
        assert.equal(server.objects.has(created.id), false);
        assert.equal((await host.read(u, created.id, read.properties)).id, "");
    });

    it("returns check failures with their property paths", async function () {
        const checked = await host.check(u, {}, { name: "", size: 0, __provider: PING });
        assert.deepEqual(checked.failures, [
            { property: "name", reason: "name must be a non-empty string" },
            { property: "size", reason: "size must be a positive integer" },
        ]);
    });

    it("unwraps secret config: the provider sent the plaintext token, and nothing echoes it", async function () {
        const before = server.requests.length;
        const created = await host.create(u, { name: "secret-check", size: 1, __provider: PING });
        const sent = server.requests.slice(before);
        assert.equal(sent.length, 1, "create makes exactly one request");
        assert.ok(sent[0]?.authorized === true, "the server did not receive the plaintext token");
        assert.ok(secretFree(created.properties), "outputs contain the token");
        assert.ok(!host.stdout.includes(TOKEN) && !host.stderr.includes(TOKEN), "host output contains the token");
        await host.delete(u, created.id, created.properties);
    });

    /** The error of a create that must fail, checked to be the host's gRPC code 2 (UNKNOWN). */
    async function failedCreate(inputs: Record<string, unknown>): Promise<HostCallError> {
        const err = await host.create(u, inputs).then(
            () => assert.fail("create should have failed"),
            (e: unknown) => e,
        );
        assert.ok(err instanceof HostCallError);
        assert.equal(err.code, 2);
        return err;
    }

    it("rejects a failing create with gRPC code 2 and the provider's message", async function () {
        const err = await failedCreate({ name: "boom", size: 1, fail: "http", __provider: PING });
        assert.equal(err.method, "create");
        assert.equal(err.details, 'ping create failed: HTTP 500: {"message":"create refused by the test server"}');
        assert.equal(err.initFailure, undefined);
    });

    it("decodes the init failure of a partial create", async function () {
        const err = await failedCreate({ name: "half", size: 2, fail: "partial", __provider: PING });
        assert.match(err.details, /^ping object ping-\d+ was created but failed to initialise$/);
        assert.ok(err.initFailure);
        assert.ok(server.objects.has(err.initFailure.id), "the partially created object exists");
        assert.deepEqual(err.initFailure.properties, { name: "half", size: 2, authorized: true });
        assert.deepEqual(err.initFailure.reasons, ["not ready"]);
    });

    it("passes a serializeFunction provider text through the host", async function () {
        const stub = {
            create: async (inputs: PropertyMap) => ({ id: `echo-${String(inputs.name)}`, outs: { echoed: inputs.name } }),
        };
        const text = await serializedProvider(stub);
        assert.match(text, /exports\.handler/);
        const created = await host.create(urn("Echo", "e"), { name: "x", __provider: text });
        assert.deepEqual(created, { id: "echo-x", properties: { echoed: "x", __provider: text } });
    });

    it("writes the provider text of a kind of the registry of pulumi-observability/providers", function () {
        assert.equal(packageProviderText("dashboard"), 'exports.handler = () => require("pulumi-observability/providers").registry.dashboard.provider;');
        assert.throws(() => packageProviderText("a; process.exit()"), /not a plain registry key/);
    });
});

describe("harness: ProviderHost lifecycle", function () {
    let server: PingServer;
    const hosts: ProviderHost[] = [];

    before(async function () {
        server = await startPingServer(TOKEN);
    });

    after(async function () {
        await Promise.all(hosts.map((h) => h.close()));
        await server?.close();
    });

    it("surfaces a configure failure (missing required key) on the first call", async function () {
        const host = await ProviderHost.start({ config: {} });
        hosts.push(host);
        const err = await host.check(urn("Ping", "x"), {}, { name: "x", __provider: PING }).then(
            () => assert.fail("check should have failed"),
            (e: unknown) => e,
        );
        assert.ok(err instanceof HostCallError);
        assert.equal(err.code, 2);
        assert.equal(err.details, "Missing required configuration key: pingUrl");
    });

    it("uses the project for unqualified config keys", async function () {
        const host = await ProviderHost.start({ config: { "other:pingUrl": server.url }, project: "other" });
        hosts.push(host);
        const before = server.requests.length;
        const created = await host.create(urn("Ping", "p"), { name: "p", size: 1, __provider: PING });
        assert.equal(server.requests.length, before + 1);
        assert.equal(created.properties.authorized, false, "no token was configured");
    });

    it("resolves pulumi-observability by name from the host's cwd through the self link", async function () {
        ensureSelfLink();
        ensureSelfLink(); // idempotent
        assert.equal(fs.readlinkSync(path.join(REPO_ROOT, "node_modules", "pulumi-observability")), "..");
        const host = await ProviderHost.start({ config: {} });
        hosts.push(host);
        // Resolved inside the host's require-from-string module, exactly where a package stub text resolves it.
        const text = `exports.handler = () => ({ create: async () => ({ id: "self", outs: { name: require("pulumi-observability/package.json").name } }) });`;
        const created = await host.create(urn("Self", "s"), { __provider: text });
        assert.equal(created.properties.name, "pulumi-observability");
    });

    it("close() ends the host process", async function () {
        const host = await ProviderHost.start({ config: pingConfig(server) });
        hosts.push(host);
        const pid = host.pid;
        assert.ok(pid !== undefined && host.running);
        await host.close();
        assert.equal(host.running, false);
        assert.throws(
            () => process.kill(pid, 0),
            (e: NodeJS.ErrnoException) => e.code === "ESRCH",
        );
        await host.close(); // idempotent
    });
});

describe("harness: Engine model", function () {
    let server: PingServer;
    let host: ProviderHost;

    usePingHost((started) => ({ server, host } = started));

    const ping = (name: string, inputs: DeclaredResource["inputs"], extra: Partial<DeclaredResource> = {}): DeclaredResource => ({
        type: "Ping",
        module: "test",
        name,
        provider: PING,
        inputs,
        ...extra,
    });
    // The child is declared first but reads the parent's id, so it must be created second.
    const stack = (parentSize = 1, childName = "child"): DeclaredResource[] => [
        ping("child", (o) => ({ name: childName, parentId: o.parent?.id })),
        ping("parent", { name: "parent", size: parentSize }),
    ];
    const opsSince = (start: number): string[] => server.requests.slice(start).map((r) => `${r.op} ${r.id ?? ""}`);

    it("up creates in dependency order and records dependencies", async function () {
        const engine = new Engine(host);
        const start = server.requests.length;
        const result = await engine.up(stack());
        assert.deepEqual(result.created, ["parent", "child"]);
        const parent = engine.state.get(urn("Ping", "parent", { module: "test" }));
        const child = engine.state.get(urn("Ping", "child", { module: "test" }));
        assert.ok(parent && child);
        assert.deepEqual(opsSince(start), [`create ${parent.id}`, `create ${child.id}`]);
        assert.equal(child.outputs.parentId, parent.id);
        assert.equal(child.inputs.parentId, parent.id);
        assert.deepEqual(child.dependencies, [urn("Ping", "parent", { module: "test" })]);
        assert.deepEqual(parent.dependencies, []);
        assert.equal(child.outputs.__provider, PING);
    });

    it("up with no change keeps everything; a changed input updates in place", async function () {
        const engine = new Engine(host);
        await engine.up(stack());
        const start = server.requests.length;
        const same = await engine.up(stack());
        assert.deepEqual([same.created, same.updated, same.replaced, same.deleted, same.same], [[], [], [], [], ["parent", "child"]]);
        assert.deepEqual(opsSince(start), []);
        const changed = await engine.up(stack(4));
        assert.deepEqual(changed.updated, ["parent"]);
        assert.deepEqual(changed.same, ["child"]);
        const parent = engine.state.get(urn("Ping", "parent", { module: "test" }));
        assert.equal(parent?.outputs.size, 4);
        assert.deepEqual(opsSince(start), [`update ${parent?.id}`]);
    });

    it("preview runs only check and diff, and reports planned changes", async function () {
        const engine = new Engine(host);
        await engine.up(stack());
        const stateBefore = structuredClone(Object.fromEntries(engine.state));
        const spy = spyOn(host);
        try {
            const none = await engine.preview(stack());
            assert.deepEqual(none.same, ["parent", "child"]);
            assert.deepEqual([none.created, none.updated, none.replaced, none.deleted], [[], [], [], []]);
            const planned = await engine.preview([
                ...stack(5, "renamed"),
                ping("extra", (o) => ({ name: "extra", parentId: o.newcomer?.id })),
                ping("newcomer", { name: "n" }),
            ]);
            assert.deepEqual(planned.updated, ["parent"]);
            assert.deepEqual(planned.replaced, ["child"]);
            assert.deepEqual(planned.created, ["newcomer", "extra"]);
            // "extra" reads the id of "newcomer", which does not exist yet: it is planned after it.
            const extraStep = planned.steps.find((s) => s.name === "extra");
            assert.equal(extraStep?.op, "create");
            assert.deepEqual(new Set(spy.calls), new Set(["check", "diff"]));
        } finally {
            spy.restore();
        }
        assert.deepEqual(Object.fromEntries(engine.state), stateBefore);
    });

    it("preview hands unknown outputs of planned resources to check", async function () {
        const engine = new Engine(host);
        const seen: PropertyMap[] = [];
        const original = host.check;
        Object.assign(host, {
            check: (u: string, olds: PropertyMap, news: PropertyMap) => {
                seen.push(news);
                return original.call(host, u, olds, news);
            },
        });
        try {
            await engine.preview(stack());
        } finally {
            delete (host as unknown as Record<string, unknown>).check;
        }
        const childNews = seen.find((n) => n.name === "child");
        assert.equal(childNews?.parentId, UNKNOWN);
    });

    it("replaces create-before-delete by default, delete-before-replace on request", async function () {
        const engine = new Engine(host);
        await engine.up(stack());
        const childUrn = urn("Ping", "child", { module: "test" });
        const oldId = engine.state.get(childUrn)?.id;
        let start = server.requests.length;
        const replaced = await engine.up(stack(1, "child-2"));
        assert.deepEqual(replaced.replaced, ["child"]);
        const newId = engine.state.get(childUrn)?.id;
        assert.notEqual(newId, oldId);
        assert.deepEqual(opsSince(start), [`create ${newId}`, `delete ${oldId}`]);
        assert.equal(engine.pendingDeletes.length, 0);

        start = server.requests.length;
        const dbr = stack(1, "child-3");
        dbr[0] = { ...(dbr[0] as DeclaredResource), deleteBeforeReplace: true };
        await engine.up(dbr);
        const thirdId = engine.state.get(childUrn)?.id;
        assert.deepEqual(opsSince(start), [`delete ${newId}`, `create ${thirdId}`]);
    });

    it("up stops at a check failure, naming the property, and sends nothing", async function () {
        const engine = new Engine(host);
        const start = server.requests.length;
        const err = await engine.up([ping("bad", { name: "" })]).then(
            () => assert.fail("up should have failed"),
            (e: unknown) => e,
        );
        assert.ok(err instanceof CheckFailedError);
        assert.deepEqual(err.failures, [{ property: "name", reason: "name must be a non-empty string" }]);
        assert.match(err.message, /name: name must be a non-empty string/);
        assert.deepEqual(opsSince(start), []);
        assert.equal(engine.state.size, 0);
    });

    it("up deletes resources that are no longer declared, dependents first", async function () {
        const engine = new Engine(host);
        await engine.up(stack());
        const ids = [...engine.state.values()].map((s) => s.id);
        const start = server.requests.length;
        const result = await engine.up([]);
        assert.deepEqual(result.deleted, ["child", "parent"]);
        assert.deepEqual(opsSince(start), [`delete ${ids[1]}`, `delete ${ids[0]}`]);
        assert.equal(engine.state.size, 0);
    });

    it("refresh drops a resource whose read returns an empty id and adopts refreshed inputs", async function () {
        const engine = new Engine(host);
        await engine.up(stack());
        const parentUrn = urn("Ping", "parent", { module: "test" });
        const childUrn = urn("Ping", "child", { module: "test" });
        const parent = engine.state.get(parentUrn);
        const child = engine.state.get(childUrn);
        assert.ok(parent && child);
        server.objects.delete(child.id); // deleted out of band
        const remote = server.objects.get(parent.id);
        assert.ok(remote);
        remote.size = 9; // drifted out of band

        const result = await engine.refresh();
        assert.deepEqual(result.deleted, ["child"]);
        assert.deepEqual(result.updated, ["parent"]);
        assert.equal(engine.state.has(childUrn), false);
        assert.equal(engine.state.get(parentUrn)?.outputs.size, 9);
        assert.equal(engine.state.get(parentUrn)?.inputs.size, 9);

        // The next up recreates the child and brings the parent back to the declared size.
        const start = server.requests.length;
        const again = await engine.up(stack());
        assert.deepEqual(again.created, ["child"]);
        assert.deepEqual(again.updated, ["parent"]);
        assert.deepEqual(
            opsSince(start).map((op) => op.split(" ")[0]),
            ["update", "create"],
        );
    });

    it("runs independent steps at once and a dependent one after its dependency; parallel 1 runs one at a time", async function () {
        const events: string[] = [];
        let inFlight = 0;
        let most = 0;
        // Each create waits until as many as the run expects are in flight: checks come one at a time, so without
        // the wait a fast create could end before the next one starts.
        let release = () => {};
        let gate = Promise.resolve();
        let target = 1;
        const original = host.create;
        Object.assign(host, {
            create: async (u: string, inputs: PropertyMap) => {
                events.push(`start ${inputs.name}`);
                most = Math.max(most, ++inFlight);
                if (inFlight >= target) release();
                await gate;
                try {
                    return await original.call(host, u, inputs);
                } finally {
                    inFlight--;
                    events.push(`end ${inputs.name}`);
                }
            },
        });
        try {
            const declared = [
                ping("d", (o) => ({ name: "d", parentId: o.a?.id })),
                ping("a", { name: "a" }),
                ping("b", { name: "b" }),
                ping("c", { name: "c" }),
            ];
            const runs = [
                { parallel: 16, expectedMost: 3, order: ["a", "b", "c", "d"] },
                // One at a time, in the order they became ready (Pulumi's step executor serves registrations first
                // come, first served): d, registered once a is done, queues behind b and c.
                { parallel: 1, expectedMost: 1, order: ["a", "b", "c", "d"] },
            ];
            for (const { parallel, expectedMost, order } of runs) {
                events.length = 0;
                most = 0;
                target = expectedMost;
                gate = new Promise((resolve) => (release = resolve));
                const result = await new Engine(host, { parallel }).up(declared);
                assert.equal(most, expectedMost, `parallel ${parallel}`);
                assert.ok(events.indexOf("start d") > events.indexOf("end a"), events.join(", "));
                assert.deepEqual(result.created, order, "results in start order, whatever order the steps finished in");
            }
        } finally {
            delete (host as unknown as Record<string, unknown>).create;
        }
        assert.throws(() => new Engine(host, { parallel: 0 }), /parallel must be a positive integer/);
    });

    it("checks and diffs one resource at a time whatever the parallelism, as the engine's step generator does", async function () {
        let inFlight = 0;
        let most = 0;
        const counted =
            <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
            async (...args: A): Promise<R> => {
                most = Math.max(most, ++inFlight);
                // An answer that takes a turn of the event loop, so that calls started together would overlap.
                await new Promise((resolve) => setImmediate(resolve));
                try {
                    return await call.apply(host, args);
                } finally {
                    inFlight--;
                }
            };
        Object.assign(host, { check: counted(host.check), diff: counted(host.diff) });
        try {
            const declared = ["a", "b", "c", "d"].map((name) => ping(name, { name }));
            const engine = new Engine(host, { parallel: 16 });
            await engine.up(declared);
            assert.equal((await engine.preview(declared)).same.length, 4);
            assert.equal(most, 1);
        } finally {
            delete (host as unknown as Record<string, unknown>).check;
            delete (host as unknown as Record<string, unknown>).diff;
        }
    });

    it("destroy deletes in reverse dependency order", async function () {
        const engine = new Engine(host);
        const declared = [...stack(), ping("leaf", { name: "leaf" }, { dependsOn: ["child"] })];
        await engine.up(declared);
        const idOf = (name: string): string | undefined => engine.state.get(urn("Ping", name, { module: "test" }))?.id;
        const expected = ["leaf", "child", "parent"].map((n) => `delete ${idOf(n)}`);
        const start = server.requests.length;
        const result = await engine.destroy();
        assert.deepEqual(result.deleted, ["leaf", "child", "parent"]);
        assert.deepEqual(opsSince(start), expected);
        assert.equal(engine.state.size, 0);
    });
});
