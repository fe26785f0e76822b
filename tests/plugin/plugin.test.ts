import assert from "node:assert/strict";
import { registry } from "../../provider/index";
import { lookups } from "../../provider/lookups";
import { message } from "../../provider/plugin/rpc";
import { secret } from "../../provider/plugin/values";
import { UNKNOWN } from "../../provider/common/unknown";
import { emulatorApis, withoutSettingsEnv } from "../support/emulatorConfig";
import { useEmulator } from "../support/emulatedStack";
import { ManualClock } from "../emulator";
import { CHANGES, EngineCalls } from "./engineCalls";
import { HOOK_TOKEN, KIND_CASES, PASSWORD } from "./kinds";
import { configureDynamic, deleteManaged, exercise, plain } from "./lifecycle";
import { CallError, PluginProcess } from "./pluginProcess";

type Properties = Record<string, unknown>;

describe("the provider plugin, driven over gRPC as the engine drives it, against the emulator", function () {
    const clock = new ManualClock();
    const holder = useEmulator({ clock });
    let plugin: PluginProcess;
    let engine: EngineCalls;
    /** The configuration the stack gives the default provider: every value a string, the credentials secret. */
    let config: Properties;
    /** Every secret of the suite: none may reach the plugin's stderr, its logs or an error. */
    let secrets: string[];
    const errors: string[] = [];

    before(async function () {
        const emu = holder.emu;
        const { credentials } = emu;
        config = {
            apiUrl: emu.url,
            apiKey: secret(credentials.apiKey),
            cloudUrl: emu.url,
            keyId: credentials.keyId,
            keySecret: secret(credentials.keySecret),
            organizationId: credentials.organizationId,
            serviceId: credentials.serviceId,
            selfHostedRateLimit: "10000/1s",
            cloudRateLimit: "10000/1s",
            retryBaseDelayMs: "1",
            pollIntervalMs: "0",
            version: "0.2.0",
        };
        secrets = [credentials.apiKey, credentials.keySecret, PASSWORD, HOOK_TOKEN];
        plugin = await PluginProcess.start({ ...process.env, ...withoutSettingsEnv() } as NodeJS.ProcessEnv);
        engine = new EngineCalls(plugin);
        await configureDynamic(config);
    });

    after(async function () {
        if (plugin) assert.equal(await plugin.stop(), 0, "Cancel then SIGINT ends the plugin cleanly");
    });

    /** Runs a call that must fail, keeping its message for the secrets check. */
    async function failing(call: Promise<unknown>): Promise<CallError> {
        const error = await call.then(
            () => assert.fail("the call succeeded"),
            (e: unknown) => e,
        );
        assert.ok(error instanceof CallError, String(error));
        errors.push(error.message);
        return error;
    }

    it("starts as the engine starts it: the port first, then Handshake, GetPluginInfo and GetSchema", async function () {
        const handshake = await plugin.call<{ getAcceptSecrets(): boolean; getAcceptResources(): boolean }>(
            "handshake",
            message("ProviderHandshakeRequest", { setEngineAddress: "127.0.0.1:1", setConfigureWithUrn: true }),
        );
        assert.equal(handshake.getAcceptSecrets(), true);
        assert.equal(handshake.getAcceptResources(), false, "resource references arrive as ids");
        const info = await plugin.call<{ getVersion(): string }>("getPluginInfo", message("Empty"));
        assert.equal(info.getVersion(), (require("../../package.json") as { version: string }).version);
        const schema = await plugin.call<{ getSchema(): string }>("getSchema", message("GetSchemaRequest", { setVersion: 0 }));
        const parsed = JSON.parse(schema.getSchema()) as { name: string; resources: Properties; functions: Properties };
        assert.equal(parsed.name, "observability");
        assert.deepEqual(
            Object.keys(parsed.resources).sort(),
            Object.values(registry)
                .map(({ provider }) => `observability:index:${provider.typeName}`)
                .sort(),
        );
        assert.deepEqual(
            Object.keys(parsed.functions).sort(),
            Object.keys(lookups)
                .map((name) => `observability:index:${name}`)
                .sort(),
        );
    });

    it("checks its configuration itself: a misspelled or malformed setting is refused at its key, with the providers' message", async function () {
        const checked = await engine.checkConfig({ ...plain(config), apiUrll: "https://x.example.com", variant: "cloud", organizationId: "acme" });
        assert.deepEqual(checked.failures.map((f) => f.property).sort(), ["apiUrll", "organizationId", "variant"]);
        const reason = (key: string) => checked.failures.find((f) => f.property === key)?.reason ?? "";
        assert.match(reason("apiUrll"), /^unknown setting \(a typo\?\): the settings are apiUrl, apiKey/);
        assert.equal(reason("variant"), '`observability:variant` (environment variable OBSERVABILITY_VARIANT) must be `self-hosted` or `managed`, got "cloud"');
        assert.match(reason("organizationId"), /^`observability:organizationId` \(environment variable OBSERVABILITY_ORGANIZATION_ID\) must be a UUID/);
        assert.equal((await engine.checkConfig(plain(config))).failures.length, 0);
        assert.equal((await engine.checkConfig({ apiUrl: UNKNOWN })).failures.length, 0, "an unknown value waits until it is known");
    });

    it("says which settings changed (DiffConfig), and replaces nothing: each resource's own diff decides what moves", async function () {
        const olds = plain(config);
        const same = await engine.diffConfig(olds, olds);
        assert.equal(same.changes, CHANGES.NONE);
        const moved = await engine.diffConfig(olds, { ...olds, variant: "managed", serviceId: "00000000-0000-4000-8000-000000000001" });
        assert.equal(moved.changes, CHANGES.SOME);
        assert.deepEqual(moved.diffs.sort(), ["serviceId", "variant"]);
        assert.deepEqual(moved.replaces, []);
        assert.deepEqual(Object.keys(moved.detailed).sort(), ["serviceId", "variant"]);
    });

    it("is configured by Configure's arguments (secrets as secrets), and supports previews", async function () {
        assert.deepEqual(await engine.configure(config), { acceptSecrets: true, supportsPreview: true });
    });

    for (const kind of KIND_CASES) {
        it(`${kind.type}: create, no-op diff, update, refresh, import by id then no change, delete, with the dynamic provider's answers`, async function () {
            await kind.prepare?.(holder.emu);
            const declared = kind.inputs(holder.emu);
            const managed = await exercise(engine, { type: kind.type, key: kind.key, declared, changed: kind.change(declared), writeOnly: kind.writeOnly });
            await deleteManaged(engine, kind.type, managed, kind.forgets);
        });
    }

    it("previews with unknowns as the engine sends them: check passes them through, create and update send nothing", async function () {
        const emu = holder.emu;
        emu.clearRequests();
        // The string sentinel, and the number one (`rpc.go` has one per type): both are unknown to the plugin.
        const news = {
            name: UNKNOWN,
            source: "saved_search",
            savedSearchId: emu.fixtures.savedSearch.id,
            threshold: "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
            thresholdType: "above",
            interval: "5m",
            channel: { webhookId: UNKNOWN },
        };
        const checked = await engine.check("Alert", {}, news);
        assert.deepEqual(checked.failures, []);
        assert.deepEqual(checked.inputs, { ...news, threshold: UNKNOWN }, "unknown inputs pass through, checked again once known");
        const preview = await engine.create("Alert", checked.inputs, { preview: true });
        assert.deepEqual(preview, { id: "", outs: checked.inputs });
        const dashboard = { name: "Web", tiles: [] };
        const updated = await engine.update(
            "Dashboard",
            "6a0000000000000000000001",
            { ...dashboard, target: { variant: "self-hosted" } },
            dashboard,
            { ...dashboard, name: UNKNOWN },
            { preview: true },
        );
        assert.equal(updated.name, UNKNOWN);
        const diff = await engine.diff("Dashboard", "6a0000000000000000000001", { ...dashboard, target: { variant: "self-hosted" } }, dashboard, {
            ...dashboard,
            name: UNKNOWN,
        });
        assert.equal(diff.changes, CHANGES.SOME, "an unknown value may change");
        assert.deepEqual(emu.requests, [], "a preview makes no request");
    });

    it("refuses a misspelled key at check with its path, as the dynamic provider does, without a request", async function () {
        const emu = holder.emu;
        emu.clearRequests();
        const select = [{ aggFn: "count", valueExpresion: "Duration" }];
        const tile = { name: "Count", x: 0, y: 0, w: 6, h: 3, config: { displayType: "number", sourceId: emu.fixtures.sources.logs.id, select } };
        const declared = { name: "Web", tilez: [], tiles: [tile] };
        const checked = await engine.check("Dashboard", {}, declared);
        assert.deepEqual(
            checked.failures.map((f) => f.property),
            ["tiles[0].config.select[0].valueExpresion", "tilez"],
        );
        assert.deepEqual(checked.failures, (await registry.dashboard.provider.check!({}, declared)).failures);
        assert.deepEqual(emu.requests, []);
    });

    it("takes the server's webhook host allowlist from its configuration, as the dynamic provider takes it from stack config", async function () {
        const hook = { variant: "self-hosted", name: "Internal relay", service: "generic", url: "http://pager.alerts.localhost/hook" };
        const refusedAt = async () => (await engine.check("Webhook", {}, hook)).failures.map((f) => f.property);
        try {
            assert.deepEqual(await refusedAt(), ["url"], "the default server refuses a name under .localhost");
            await engine.configure({ ...config, webhookHostnameAllowlist: " Alerts.Localhost. ,10.1.2.3" });
            assert.deepEqual(await refusedAt(), [], "allowed: under alerts.localhost");
            assert.equal((await engine.checkConfig({ ...plain(config), webhookHostnameAllowlist: "10.0.0.0/8, host:80" })).failures.length, 0);
        } finally {
            await engine.configure(config);
        }
    });

    it("honours the request's timeout (customTimeouts) as the operation's deadline, which the dynamic host drops", async function () {
        // Without the deadline the create would wait for the server, which never answers: the test's own timeout fails it.
        this.timeout(20_000);
        const emu = holder.emu;
        const declared = { name: "Slow", tiles: [] };
        const checked = await engine.check("Dashboard", {}, declared);
        // The server holds the POST until its clock moves, which it does not while the create runs: only the deadline ends it.
        emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: "/dashboards" });
        const error = await failing(engine.create("Dashboard", checked.inputs, { timeout: 0.5 }));
        clock.advance(60_000);
        assert.match(error.details, /^create Dashboard "Slow" .*the operation's timeout expired/);
    });

    it("imports only a well-formed id, and answers an id that names nothing as gone", async function () {
        const error = await failing(engine.read("Dashboard", "../teams/1"));
        assert.match(error.details, /^import Dashboard "\.\.\/teams\/1": the id /);
        assert.deepEqual(await engine.read("Dashboard", "6a00000000000000000000ff"), { id: "", outs: {} });
    });

    it("invokes every lookup, with the lookups' own answers (a list as `items`)", async function () {
        const emu = holder.emu;
        const start = Date.UTC(2026, 0, 1);
        const args: Record<string, Properties> = {
            getDashboards: {},
            getSources: {},
            getWebhooks: { variant: "managed" },
            getRoles: { variant: "managed" },
            querySeries: {
                startTime: start,
                endTime: start + 3_600_000,
                granularity: "1h",
                series: [{ sourceId: emu.fixtures.sources.logs.id, aggFn: "count" }],
            },
            getTeam: {},
            getTeamMembers: {},
            search: {
                sourceId: emu.fixtures.sources.logs.id,
                where: "level:error",
                select: "Timestamp,Body",
                startTime: "2026-05-10T00:00:00Z",
                endTime: "2026-05-10T01:00:00Z",
            },
            getDataPipes: {},
        };
        assert.deepEqual(Object.keys(args).sort(), Object.keys(lookups).sort(), "every lookup is invoked");
        const apis = emulatorApis(emu, { "observability:selfHostedRateLimit": "10000/1s" });
        for (const [name, given] of Object.entries(args)) {
            const invoked = await engine.invoke(name, given);
            const own = await lookups[name](apis, given, AbortSignal.timeout(60_000));
            // A pipe's state moves on as the emulator's service is read: it is not compared.
            const settled = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "state" ? undefined : v))) as unknown;
            assert.deepEqual(settled(invoked.result), settled(Array.isArray(own) ? { items: own } : own), name);
        }
        const refused = await failing(engine.invoke("querySeries", { startTime: 1, endTime: 2, series: [] }));
        assert.match(refused.details, /^querySeries: /);
        assert.match(
            (await failing(engine.invoke("getSourcez", {}))).details,
            /^unknown function observability:index:getSourcez: the functions are getDashboards, /,
        );
    });

    it("tells the engine what an operation waits for at its resource, and lets no secret reach its stderr, its logs or an error", function () {
        assert.ok(
            plugin.logs.some(
                (line) => line.urn === "urn:pulumi:test::plugin::observability:index:TeamMember::it" && /no route renames a member/.test(line.message),
            ),
            JSON.stringify(plugin.logs),
        );
        assert.ok(errors.length > 0);
        for (const [where, text] of [
            ["stderr", plugin.stderr],
            ["logs", JSON.stringify(plugin.logs)],
            ["errors", errors.join("\n")],
        ]) {
            for (const value of secrets) assert.ok(!text.includes(value), `a secret reached the plugin's ${where}`);
        }
    });
});
