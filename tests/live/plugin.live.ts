// The self-hosted kinds through the provider plugin, against a real self-hosted server named by OBSERVABILITY_API_URL
// and OBSERVABILITY_API_KEY: every object made under a run-unique name prefix, and deleted afterwards.
import assert from "node:assert/strict";
import { secret } from "../../provider/plugin/values";
import { withoutSettingsEnv } from "../support/emulatorConfig";
import { EngineCalls } from "../plugin/engineCalls";
import { configureDynamic, deleteManaged, exercise, type Declaration, type Managed } from "../plugin/lifecycle";
import { PluginProcess } from "../plugin/pluginProcess";

/** The prefix of every object of this run. */
const PREFIX = `live-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}-plugin`;
const PASSWORD = `pw-${PREFIX}`;

describe("Live: the self-hosted kinds through the provider plugin", function () {
    this.timeout(15 * 60_000);
    const apiUrl = process.env.OBSERVABILITY_API_URL?.trim();
    const apiKey = process.env.OBSERVABILITY_API_KEY?.trim();
    let plugin: PluginProcess;
    let engine: EngineCalls;
    const made: { type: string; managed: Managed }[] = [];

    before(async function () {
        assert.ok(apiUrl && apiKey, "set OBSERVABILITY_API_URL and OBSERVABILITY_API_KEY to a real self-hosted server and an access key of it");
        plugin = await PluginProcess.start({ ...process.env, ...withoutSettingsEnv() } as NodeJS.ProcessEnv);
        engine = new EngineCalls(plugin);
        // The key's budget is the server's (100 requests a minute): a 429 may ask for up to a minute.
        const config = { apiUrl, apiKey: secret(apiKey), retryBudgetMs: "150000", version: "0.2.0" };
        assert.deepEqual((await engine.checkConfig({ apiUrl, apiKey, version: "0.2.0" })).failures, []);
        await engine.configure(config);
        await configureDynamic(config);
    });

    after(async function () {
        // Dependents first: alerts before what they watch, sources before their connection.
        for (const { type, managed } of made.reverse()) await deleteManaged(engine, type, managed);
        if (plugin) {
            for (const value of [apiKey ?? "", PASSWORD]) {
                assert.ok(!plugin.stderr.includes(value) && !JSON.stringify(plugin.logs).includes(value), "no secret in the plugin's output");
            }
            assert.equal(await plugin.stop(), 0);
        }
    });

    /** One object's lifecycle, kept for the delete at the end (later objects refer to it). */
    async function cycle(declaration: Declaration): Promise<Managed> {
        const managed = await exercise(engine, declaration);
        made.push({ type: declaration.type, managed });
        return managed;
    }

    it("creates, diffs, updates, refreshes and imports every self-hosted kind, then a typo is refused at its path", async function () {
        const renamed = (declared: Record<string, unknown>) => ({ ...declared, name: `${String(declared.name)} 2` });
        const declare = (type: string, key: Declaration["key"], declared: Record<string, unknown>, extra: Partial<Declaration> = {}) =>
            cycle({ type, key, declared, changed: renamed(declared), ...extra });

        const connection = await declare(
            "Connection",
            "connection",
            { name: `${PREFIX} engine`, host: "https://engine.example.com:8443", username: "reader", password: PASSWORD },
            { writeOnly: ["password"] },
        );
        const source = await declare("Source", "source", {
            kind: "log",
            name: `${PREFIX} logs`,
            connection: connection.id,
            timestampValueExpression: "Timestamp",
            from: { databaseName: "otel", tableName: "otel_logs" },
            defaultTableSelectExpression: "Timestamp, Body",
        });
        await declare("Dashboard", "dashboard", {
            name: `${PREFIX} board`,
            tiles: [{ name: "Notes", x: 0, y: 0, w: 4, h: 2, config: { displayType: "markdown", markdown: "hi" } }],
        });
        const search = await declare("SavedSearch", "savedSearch", { name: `${PREFIX} errors`, sourceId: source.id, where: "level:error" });
        const hook = await declare("Webhook", "webhook", { name: `${PREFIX} relay`, service: "generic", url: "https://relay.example.com/in" });
        const alert = {
            name: `${PREFIX} alert`,
            source: "saved_search",
            savedSearchId: search.id,
            threshold: 10,
            thresholdType: "above",
            interval: "5m",
            channel: { webhookId: hook.id },
        };
        await cycle({ type: "Alert", key: "alert", declared: alert, changed: { ...alert, threshold: 20 } });
        await declare("TeamMember", "teamMember", { email: `${PREFIX}@example.com`, name: "Ana" });

        const typo = await engine.check("Dashboard", {}, { name: `${PREFIX} typo`, tiles: [], tilez: [] });
        assert.deepEqual(
            typo.failures.map((failure) => failure.property),
            ["tilez"],
        );
    });

    it("invokes the self-hosted lookups", async function () {
        for (const name of ["getDashboards", "getSources", "getWebhooks", "getTeamMembers"]) {
            const { result } = await engine.invoke(name, {});
            assert.ok(Array.isArray(result.items) || typeof result.members === "object", name);
        }
        const team = await engine.invoke("getTeam", {});
        assert.equal(typeof team.result.id, "string");
    });
});
