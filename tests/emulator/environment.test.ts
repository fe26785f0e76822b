import { strict as assert } from "node:assert";
import { parseHostAllowlist } from "../../provider/resources/webhook/allowlist";
import { Emulator } from ".";
import { emulatorClient, type RawResponse, type Variant } from "../support/emulatorClient";
import { SPAN_EXPRESSIONS } from "./store/fixtures";

/**
 * The emulator's environment endpoints (contract-extended §1 – §4, §7): connections, source writes, saved searches
 * and webhook writes, on an emulator that starts with an empty team.
 */

const VARIANTS: Variant[] = ["self-hosted", "managed"];
const HEX24 = /^[0-9a-f]{24}$/;
const MISSING = "a".repeat(24);

/** A source of `kind` on an OpenTelemetry table of the default database, with its timestamp and default select. */
function otelSource(kind: string, name: string, connection: string, from: { tableName: string; timestamp: string; select: string }) {
    return {
        name,
        kind,
        connection,
        from: { databaseName: "default", tableName: from.tableName },
        timestampValueExpression: from.timestamp,
        defaultTableSelectExpression: from.select,
    };
}

function logSource(connection: string, extra: Record<string, unknown> = {}) {
    return { ...otelSource("log", "Logs", connection, { tableName: "otel_logs", timestamp: "TimestampTime", select: "Timestamp, Body" }), ...extra };
}

function traceSource(connection: string, extra: Record<string, unknown> = {}) {
    return {
        ...otelSource("trace", "Traces", connection, { tableName: "otel_traces", timestamp: "Timestamp", select: "Timestamp, SpanName" }),
        ...SPAN_EXPRESSIONS,
        ...extra,
    };
}

function metricSource(connection: string) {
    return {
        name: "Metrics",
        kind: "metric",
        connection,
        from: { databaseName: "default", tableName: "" },
        timestampValueExpression: "TimeUnix",
        metricTables: { gauge: "otel_metrics_gauge", "exponential histogram": "" },
        resourceAttributesExpression: "ResourceAttributes",
    };
}

function sessionSource(connection: string, traceSourceId: string) {
    return {
        name: "Sessions",
        kind: "session",
        connection,
        from: { databaseName: "default", tableName: "rrweb" },
        timestampValueExpression: "Timestamp",
        traceSourceId,
    };
}

function promqlSource(connection: string) {
    return { name: "Prometheus", kind: "promql", connection, from: { databaseName: "default", tableName: "default" }, timestampValueExpression: "default" };
}

function searchAlert(savedSearchId: string, webhookIds: string[]) {
    return {
        source: "saved_search",
        savedSearchId,
        threshold: 1,
        interval: "5m",
        thresholdType: "above",
        channels: webhookIds.map((webhookId) => ({ type: "webhook", webhookId })),
    };
}

describe("emulator environment endpoints", function () {
    let emu: Emulator;
    let api: ReturnType<typeof emulatorClient>;
    /** Every response body seen, to prove that no write-only value ever comes back. */
    let bodies: string[];

    const ok = (res: RawResponse, context = ""): any => {
        bodies.push(res.text);
        assert.equal(res.status, 200, `${context} ${res.text}`);
        return api.payload(res);
    };
    const fails = (res: RawResponse, status: number, message: string | RegExp): void => {
        bodies.push(res.text);
        assert.equal(res.status, status, res.text);
        if (typeof message === "string") assert.equal(api.message(res), message);
        else assert.match(api.message(res), message);
    };
    const createConnection = async (body: Record<string, unknown>): Promise<any> => ok(await api.call("/api/v2/connections", "POST", body));
    /** The connection a source of the variant reads through: a new one on self-hosted, the platform's on managed. */
    const connectionFor = async (variant: Variant): Promise<string> => {
        if (variant === "managed") return emu.managedConnectionId;
        return (await createConnection({ name: "Engine", host: "https://engine.example.com:8443", username: "default" })).id;
    };
    const create = async (variant: Variant, resource: string, body: unknown): Promise<any> => ok(await api.on(variant, resource, "POST", body), resource);

    beforeEach(async () => {
        emu = await Emulator.start({ rateLimits: false, fixtures: "empty" });
        api = emulatorClient(emu);
        bodies = [];
    });
    afterEach(async () => {
        assert.deepEqual(emu.serverErrors, []);
        await emu.close();
    });

    describe("an empty team", () => {
        it("holds no records but the managed platform connection, which no route lists", async () => {
            const inventory = emu.inventory();
            for (const [name, collection] of Object.entries(inventory.selfHosted)) assert.equal(collection.count, 0, `self-hosted ${name}`);
            for (const [name, collection] of Object.entries(inventory.managed))
                assert.equal(collection.count, name === "connections" ? 1 : 0, `managed ${name}`);
            assert.deepEqual(inventory.managed.connections.ids, [emu.managedConnectionId]);
            assert.throws(() => emu.fixtures, /fixtures: "empty"/);
            for (const variant of VARIANTS)
                for (const resource of ["/sources", "/webhooks", "/saved-searches", "/dashboards", "/alerts"])
                    assert.deepEqual(ok(await api.on(variant, resource)), [], `${variant} ${resource}`);
            assert.deepEqual(ok(await api.call("/api/v2/connections")), []);
            const managedConnections = await api.on("managed", "/connections");
            assert.equal(managedConnections.status, 404);
            assert.match(managedConnections.text, /Cannot GET/);
        });

        it("keeps the seeded fixtures by default", async () => {
            const seeded = await Emulator.start({ rateLimits: false });
            try {
                assert.equal(seeded.store.selfHosted.sources.size, 3);
                assert.equal(seeded.managedConnectionId, seeded.fixturesOf("managed").connection.id);
            } finally {
                await seeded.close();
            }
        });
    });

    describe("connections (self-hosted)", () => {
        it("never returns the password, stores it, and records what went over the wire", async () => {
            const created = await createConnection({
                name: "Prod",
                host: "https://engine.example.com",
                username: "reader",
                password: "s3cret-pw",
                prometheusEndpoint: "x",
            });
            assert.match(created.id, HEX24);
            assert.deepEqual(Object.keys(created), ["id", "name", "host", "username", "createdAt", "updatedAt"]);
            assert.equal(emu.store.selfHosted.connections.get(created.id)?.password, "s3cret-pw");
            ok(await api.call(`/api/v2/connections/${created.id}`));
            ok(await api.call("/api/v2/connections"));
            assert.ok(bodies.every((body) => !body.includes("s3cret-pw")));
            const sent = emu.requests.find((r) => r.method === "POST" && r.path === "/api/v2/connections");
            assert.equal((sent?.body as { password: string }).password, "s3cret-pw");
        });

        it("keeps the password on PUT unless a new one is sent, and clears the prefix with null or empty", async () => {
            const created = await createConnection({
                name: "A",
                host: "h",
                username: "u",
                password: "first",
                observabilitySettingPrefix: "engine_",
                isPrometheusEndpoint: false,
            });
            assert.equal(created.observabilitySettingPrefix, "engine_");
            assert.equal(created.isPrometheusEndpoint, false);
            const path = `/api/v2/connections/${created.id}`;
            const kept = ok(await api.call(path, "PUT", { name: "B", host: "h2", username: "u2", password: "" }));
            assert.deepEqual(
                [kept.name, kept.host, kept.username, kept.observabilitySettingPrefix, kept.isPrometheusEndpoint],
                ["B", "h2", "u2", "engine_", false],
            );
            assert.equal(emu.store.selfHosted.connections.get(created.id)?.password, "first");
            ok(await api.call(path, "PUT", { name: "B", host: "h2", username: "u2", password: "second", observabilitySettingPrefix: null }));
            assert.equal(emu.store.selfHosted.connections.get(created.id)?.password, "second");
            const cleared = ok(await api.call(path));
            assert.equal("observabilitySettingPrefix" in cleared, false);
            ok(await api.call(path, "PUT", { name: "B", host: "h2", username: "u2", observabilitySettingPrefix: "x" }));
            assert.equal(
                "observabilitySettingPrefix" in ok(await api.call(path, "PUT", { name: "B", host: "h2", username: "u2", observabilitySettingPrefix: "" })),
                false,
            );
        });

        it("answers 400 for bad bodies before 404, plain-text 404 for missing ids and 400 for malformed ones", async () => {
            fails(await api.call("/api/v2/connections", "POST", { name: "A", username: "u" }), 400, "Body validation failed: host: Required");
            assert.equal(emu.invalidRequests.at(-1)?.operationId, "createConnection");
            fails(
                await api.call("/api/v2/connections", "POST", { name: "A", host: "h", username: "u", observabilitySettingPrefix: "" }),
                400,
                /^Body validation failed: observabilitySettingPrefix: /,
            );
            fails(
                await api.call("/api/v2/connections", "POST", { name: "A", host: "h", username: "u", observabilitySettingPrefix: "bad-prefix" }),
                400,
                /observabilitySettingPrefix/,
            );
            fails(await api.call(`/api/v2/connections/${MISSING}`, "PUT", { name: "A" }), 400, "Body validation failed: host: Required");
            const missing = await api.call(`/api/v2/connections/${MISSING}`, "PUT", { name: "A", host: "h", username: "u" });
            assert.equal(missing.status, 404);
            assert.equal(missing.text, "Not Found");
            assert.equal((await api.call(`/api/v2/connections/${MISSING}`)).text, "Not Found");
            fails(await api.call("/api/v2/connections/nope", "DELETE"), 400, "Params validation failed: id: Invalid ObjectId");
        });

        it("deletes without cascade: the source keeps its dangling connection and its next PUT fails", async () => {
            const connection = await connectionFor("self-hosted");
            const source = await create("self-hosted", "/sources", logSource(connection));
            assert.deepEqual(await api.call(`/api/v2/connections/${connection}`, "DELETE").then((r) => r.json), {});
            assert.equal((await api.call(`/api/v2/connections/${connection}`, "DELETE")).status, 404);
            assert.equal(ok(await api.call(`/api/v2/sources/${source.id}`)).connection, connection);
            fails(await api.call(`/api/v2/sources/${source.id}`, "PUT", logSource(connection)), 400, "connection must be an existing connection id");
        });
    });

    for (const variant of VARIANTS) {
        describe(`sources (${variant})`, () => {
            let connection: string;
            beforeEach(async () => {
                connection = await connectionFor(variant);
            });

            it("creates every kind and reads back the server defaults, without timestamps", async () => {
                const logs = await create(variant, "/sources", logSource(connection, { id: MISSING }));
                assert.notEqual(logs.id, MISSING);
                assert.deepEqual(logs, {
                    id: logs.id,
                    ...logSource(connection),
                    disabled: false,
                    querySettings: [],
                    highlightedTraceAttributeExpressions: [],
                    highlightedRowAttributeExpressions: [],
                    materializedViews: [],
                });
                const traces = await create(variant, "/sources", { ...traceSource(connection), durationPrecision: undefined, logSourceId: null });
                assert.equal(traces.durationPrecision, 3);
                assert.equal(traces.logSourceId, null);
                const metrics = await create(variant, "/sources", metricSource(connection));
                assert.deepEqual([metrics.from, metrics.disabled, "materializedViews" in metrics], [{ databaseName: "default", tableName: "" }, false, false]);
                await create(variant, "/sources", sessionSource(connection, traces.id));
                await create(variant, "/sources", promqlSource(connection));
                const listed = ok(await api.on(variant, "/sources"));
                assert.deepEqual(
                    listed.map((s: { kind: string }) => s.kind),
                    ["log", "trace", "metric", "session", "promql"],
                );
                assert.ok(listed.every((s: object) => !("createdAt" in s) && !("team" in s)));
                const lenient = emu.invalidRequests.filter((r) => r.message.includes("durationPrecision"));
                assert.deepEqual(
                    lenient.map((r) => r.rejected),
                    [false],
                    "an omitted durationPrecision breaks only the document",
                );
            });

            it("refuses null optional fields, empty required strings and the kinds' code-only rules", async () => {
                const refused: [unknown, string | RegExp][] = [
                    [logSource(connection, { serviceNameExpression: null }), "Body validation failed: serviceNameExpression: Expected string, received null"],
                    [logSource(connection, { disabled: null }), "Body validation failed: disabled: Expected boolean, received null"],
                    [logSource(connection, { querySettings: null }), "Body validation failed: querySettings: Expected array, received null"],
                    [logSource(connection, { name: "" }), "Body validation failed: name: String must contain at least 1 character(s)"],
                    [
                        logSource(connection, { querySettings: [{ setting: "max_threads", value: "" }] }),
                        "Body validation failed: querySettings.0.value: String must contain at least 1 character(s)",
                    ],
                    [
                        logSource(connection, { highlightedRowAttributeExpressions: [{ sqlExpression: "a", alias: null }] }),
                        /highlightedRowAttributeExpressions\.0\.alias/,
                    ],
                    [
                        logSource(connection, { metadataMaterializedViews: { keyRollupTable: "k" } }),
                        "Body validation failed: metadataMaterializedViews.kvRollupTable: Required",
                    ],
                    [{ ...sessionSource(connection, "x"), timestampValueExpression: undefined }, "Body validation failed: timestampValueExpression: Required"],
                    [{ ...metricSource(connection), from: { databaseName: "default" } }, "Body validation failed: from.tableName: Required"],
                    [{ ...metricSource(connection), metricTables: { gauge: "" } }, /^Body validation failed: metricTables: /],
                    [traceSource(connection, { durationPrecision: 12 }), /durationPrecision/],
                ];
                for (const [body, message] of refused) fails(await api.on(variant, "/sources", "POST", body), 400, message);
                assert.ok(
                    emu.invalidRequests.some((r) => r.source === "contract"),
                    "the code-only rules are recorded as contract violations",
                );
                assert.equal((variant === "self-hosted" ? emu.store.selfHosted : emu.store.managed).sources.size, 0);
            });

            it("checks materialized views and stores granularities in their short form", async () => {
                const view = {
                    databaseName: "default",
                    tableName: "mv",
                    dimensionColumns: "ServiceName",
                    minGranularity: "5 minute",
                    timestampColumn: "Timestamp",
                    aggregatedColumns: [{ aggFn: "count", mvColumn: "n" }],
                };
                const created = await create(
                    variant,
                    "/sources",
                    logSource(connection, { materializedViews: [view], metadataMaterializedViews: { kvRollupTable: "kv", granularity: "1 hour" } }),
                );
                assert.equal(created.materializedViews[0].minGranularity, "5m");
                assert.equal(created.metadataMaterializedViews.granularity, "1h");
                const noColumn = { ...view, aggregatedColumns: [{ aggFn: "sum", mvColumn: "total" }] };
                fails(
                    await api.on(variant, "/sources", "POST", logSource(connection, { materializedViews: [noColumn] })),
                    400,
                    /materializedViews\.0\.aggregatedColumns\.0\.sourceColumn/,
                );
                const badFn = { ...view, aggregatedColumns: [{ aggFn: "median", sourceColumn: "d", mvColumn: "m" }] };
                fails(await api.on(variant, "/sources", "POST", logSource(connection, { materializedViews: [badFn] })), 400, /aggFn: Invalid enum value/);
                fails(
                    await api.on(variant, "/sources", "POST", logSource(connection, { materializedViews: [{ ...view, aggregatedColumns: [] }] })),
                    400,
                    /aggregatedColumns: Array must contain at least 1/,
                );
            });

            it("keeps only the keys the variant knows", async () => {
                const filterSettings = { databaseName: "default", tableName: "filters", columns: [{ name: "ServiceName", label: "Service" }] };
                const created = await create(
                    variant,
                    "/sources",
                    logSource(connection, { filterSettings, serviceVersionExpression: "ServiceVersion", orderByExpression: "Timestamp DESC", invented: 1 }),
                );
                assert.equal("invented" in created, false);
                if (variant === "self-hosted") {
                    assert.deepEqual(
                        [created.filterSettings, created.serviceVersionExpression, created.orderByExpression],
                        [undefined, "ServiceVersion", "Timestamp DESC"],
                    );
                } else {
                    assert.deepEqual(
                        [created.filterSettings, created.serviceVersionExpression, created.orderByExpression],
                        [filterSettings, undefined, undefined],
                    );
                }
            });

            it("validates the connection reference, then existence; PUT replaces the whole source and may change its kind", async () => {
                fails(await api.on(variant, "/sources", "POST", logSource("not-an-id")), 400, "connection must be a valid connection id");
                fails(await api.on(variant, "/sources", "POST", logSource(MISSING)), 400, "connection must be an existing connection id");
                fails(await api.on(variant, `/sources/${MISSING}`, "PUT", logSource(connection, { name: "" })), 400, /^Body validation failed: name/);
                fails(await api.on(variant, `/sources/${MISSING}`, "PUT", logSource(MISSING)), 400, "connection must be an existing connection id");
                fails(await api.on(variant, `/sources/${MISSING}`, "PUT", logSource(connection)), 404, "Source not found");
                const created = await create(variant, "/sources", logSource(connection, { bodyExpression: "Body", section: "Team" }));
                const replaced = ok(await api.on(variant, `/sources/${created.id}`, "PUT", logSource(connection, { name: "Renamed" })));
                assert.deepEqual([replaced.id, replaced.name, "bodyExpression" in replaced, "section" in replaced], [created.id, "Renamed", false, false]);
                const swapped = ok(await api.on(variant, `/sources/${created.id}`, "PUT", traceSource(connection)));
                assert.equal(swapped.id, created.id);
                assert.equal(swapped.kind, "trace");
                assert.equal("disabled" in swapped, false, "a kind change skips the storage defaults");
                assert.deepEqual(swapped.materializedViews, []);
            });

            it("deletes without cascade (the saved search keeps its dangling source id) and answers 404 once gone", async () => {
                const source = await create(variant, "/sources", logSource(connection));
                const search = await create(variant, "/saved-searches", { name: "Errors", sourceId: source.id });
                assert.equal((await api.on(variant, `/sources/${source.id}`, "DELETE")).status, 200);
                fails(await api.on(variant, `/sources/${source.id}`, "DELETE"), 404, "Source not found");
                assert.equal(ok(await api.on(variant, `/saved-searches/${search.id}`)).sourceId, source.id);
                fails(
                    await api.on(variant, `/saved-searches/${search.id}`, "PUT", { name: "Errors", sourceId: source.id }),
                    400,
                    "sourceId must be an existing source id",
                );
            });

            it(variant === "self-hosted" ? "reads one source by id" : "serves no GET by id (an HTML 404)", async () => {
                const source = await create(variant, "/sources", logSource(connection));
                const res = await api.on(variant, `/sources/${source.id}`);
                if (variant === "self-hosted") assert.deepEqual(ok(res), source);
                else assert.match(res.text, /Cannot GET/);
            });
        });

        describe(`saved searches (${variant})`, () => {
            let sourceId: string;
            beforeEach(async () => {
                sourceId = (await create(variant, "/sources", logSource(await connectionFor(variant)))).id;
            });

            it("trims the name, fills the defaults, echoes the filter type and lists the variant's way", async () => {
                const created = await create(variant, "/saved-searches", {
                    name: "  Errors  ",
                    sourceId,
                    filters: [{ condition: "ServiceName IN ('api', 'web')" }],
                });
                assert.deepEqual(
                    { ...created, id: undefined, createdAt: undefined, updatedAt: undefined },
                    {
                        id: undefined,
                        name: "Errors",
                        sourceId,
                        select: "",
                        where: "",
                        whereLanguage: "lucene",
                        orderBy: "",
                        tags: [],
                        filters: [{ type: "sql", condition: "ServiceName IN ('api', 'web')" }],
                        teamId: created.teamId,
                        createdAt: undefined,
                        updatedAt: undefined,
                    },
                );
                const list = await api.on(variant, "/saved-searches?limit=1&offset=0");
                assert.deepEqual(
                    ok(list).map((s: { id: string }) => s.id),
                    [created.id],
                );
                if (variant === "self-hosted") assert.deepEqual(list.json.meta, { total: 1, limit: 1, offset: 0 });
                else assert.equal("meta" in list.json, false);
            });

            it("accepts only sidebar-renderable pinned filters", async () => {
                for (const condition of ["Duration BETWEEN 10 AND 20.5", "ServiceName NOT IN ('a')", "`service.name` in (1, 2)"])
                    await create(variant, "/saved-searches", { name: condition, sourceId, filters: [{ type: "sql", condition }] });
                for (const condition of ["ServiceName = 'api'", "A IN ('x') AND B IN ('y')", "NOT (A IN ('x'))", "Duration BETWEEN 'a' AND 'b'"])
                    fails(
                        await api.on(variant, "/saved-searches", "POST", { name: "Bad", sourceId, filters: [{ condition }] }),
                        400,
                        /^filters\[0\] must be a sidebar-renderable SQL predicate/,
                    );
                fails(
                    await api.on(variant, "/saved-searches", "POST", { name: "Bad", sourceId, whereLanguage: "promql" }),
                    400,
                    /^Body validation failed: whereLanguage/,
                );
                fails(await api.on(variant, "/saved-searches", "POST", { name: "Bad", sourceId: MISSING }), 400, "sourceId must be an existing source id");
                fails(await api.on(variant, "/saved-searches", "POST", { name: "   ", sourceId }), 400, /^Body validation failed: name/);
            });

            it("resets omitted fields on PUT and keeps a legacy filter only when it is unchanged (self-hosted; managed has none)", async () => {
                const created = await create(variant, "/saved-searches", {
                    name: "S",
                    sourceId,
                    select: "Body",
                    orderBy: "Timestamp",
                    tags: ["t", "t"],
                    whereLanguage: "sql",
                    where: "1=1",
                });
                assert.deepEqual(created.tags, ["t", "t"], "tags are not deduplicated");
                const path = `/saved-searches/${created.id}`;
                const reset = ok(await api.on(variant, path, "PUT", { name: "S", sourceId }));
                assert.deepEqual([reset.select, reset.orderBy, reset.tags, reset.where, reset.whereLanguage], ["", "", [], "", "lucene"]);
                const legacy = { type: "lucene", condition: "level:error" };
                if (variant === "self-hosted") {
                    fails(await api.on(variant, path, "PUT", { name: "S", sourceId, filters: [legacy] }), 400, /^filters\[0\]/);
                    emu.store.selfHosted.savedSearches.get(created.id)!.filters = [legacy];
                    assert.deepEqual(ok(await api.on(variant, path, "PUT", { name: "S", sourceId, filters: [legacy] })).filters, [legacy]);
                } else {
                    // The managed document's filters are `sql` only: a legacy one is refused even where stored.
                    emu.store.managed.savedSearches.get(created.id)!.filters = [legacy];
                    fails(await api.on(variant, path, "PUT", { name: "S", sourceId, filters: [legacy] }), 400, /^Body validation failed: filters\.0\.type/);
                }
                fails(await api.on(variant, `/saved-searches/${MISSING}`, "PUT", { name: "S", sourceId }), 404, "Saved search not found");
                fails(await api.on(variant, `/saved-searches/${MISSING}`, "PUT", { name: "", sourceId }), 400, /^Body validation failed: name/);
            });

            it("deletes its alerts with it, and only those", async () => {
                const webhook = await create(variant, "/webhooks", { name: "Relay", service: "generic", url: "https://relay.example.com/hook" });
                const doomed = await create(variant, "/saved-searches", { name: "Doomed", sourceId });
                const kept = await create(variant, "/saved-searches", { name: "Kept", sourceId });
                await create(variant, "/alerts", searchAlert(doomed.id, [webhook.id]));
                await create(variant, "/alerts", searchAlert(doomed.id, [webhook.id]));
                const survivor = await create(variant, "/alerts", searchAlert(kept.id, [webhook.id]));
                assert.deepEqual(await api.on(variant, `/saved-searches/${doomed.id}`, "DELETE").then((r) => r.status), 200);
                assert.deepEqual(
                    ok(await api.on(variant, "/alerts")).map((a: { id: string }) => a.id),
                    [survivor.id],
                );
                fails(await api.on(variant, `/saved-searches/${doomed.id}`), 404, "Saved search not found");
                fails(await api.on(variant, `/saved-searches/${doomed.id}`, "DELETE"), 404, "Saved search not found");
                fails(await api.on(variant, "/alerts", "POST", searchAlert(doomed.id, [webhook.id])), 400, "Saved search not found");
            });
        });

        describe(`webhooks (${variant})`, () => {
            const store = () => (variant === "self-hosted" ? emu.store.selfHosted : emu.store.managed);
            const generic = {
                name: "Relay",
                service: "generic",
                url: "https://relay.example.com/hook",
                description: "On call",
                body: "{{title}}",
                headers: { Authorization: "Bearer hdr-secret" },
                queryParams: { token: "qp-secret" },
            };

            it("never returns headers or queryParams, returns body only for generic, and has no GET by id", async () => {
                const created = await create(variant, "/webhooks", generic);
                assert.deepEqual(Object.keys(created), ["id", "name", "service", "url", "description", "createdAt", "updatedAt", "body"]);
                const incident = await create(variant, "/webhooks", {
                    ...generic,
                    name: "Incidents",
                    service: "incidentio",
                    url: "https://api.incident.example/v2/alert",
                });
                assert.equal("body" in incident, false);
                assert.equal(store().webhooks.get(incident.id)?.body, "{{title}}", "incidentio keeps its body, unreturned");
                assert.deepEqual(store().webhooks.get(created.id)?.headers, generic.headers);
                const list = ok(await api.on(variant, "/webhooks"));
                assert.equal(list.length, 2);
                assert.ok(bodies.every((body) => !body.includes("hdr-secret") && !body.includes("qp-secret")));
                const byId = await api.on(variant, `/webhooks/${created.id}`);
                assert.equal(byId.status, 404);
                assert.match(byId.text, /Cannot GET/);
            });

            it("refuses templated fields on slack, bad URLs and duplicate names", async () => {
                const slack = { name: "Chat", service: "slack", url: "https://hooks.slack.com/services/T0/B0/X" };
                for (const field of ["body", "headers", "queryParams"])
                    fails(
                        await api.on(variant, "/webhooks", "POST", { ...slack, [field]: field === "body" ? "" : {} }),
                        400,
                        `${field} is not supported for the slack webhook service`,
                    );
                fails(
                    await api.on(variant, "/webhooks", "POST", { ...slack, url: "https://hooks.chat.example/x" }),
                    400,
                    /does not have hostname that ends in 'slack.com'/,
                );
                for (const url of [
                    "http://localhost:9000/x",
                    "http://api.localhost/x",
                    "http://10.1.2.3/x",
                    "http://[::1]/x",
                    "http://[::ffff:127.0.0.1]/x",
                    "http://169.254.169.254/x",
                ])
                    fails(await api.on(variant, "/webhooks", "POST", { ...generic, url }), 400, "Webhook URL resolves to a private or reserved address.");
                fails(await api.on(variant, "/webhooks", "POST", { ...generic, url: "ftp://relay.example.com/x" }), 400, /http or https/);
                fails(await api.on(variant, "/webhooks", "POST", { ...generic, headers: { "1bad": "x" } }), 400, /headers\.1bad/);
                store().webhookHostnameAllowlist = parseHostAllowlist("localhost");
                await create(variant, "/webhooks", { ...generic, name: "Local", url: "http://localhost:9000/x" });
                await create(variant, "/webhooks", slack);
                await create(variant, "/webhooks", { ...generic, name: "Chat" });
                fails(await api.on(variant, "/webhooks", "POST", { ...slack, name: "  Chat " }), 400, /already exists/);
                fails(await api.on(variant, "/webhooks", "POST", { ...generic, service: "pagerduty" }), 400, /^Body validation failed: service/);
            });

            it("clears description and body when omitted, keeps secrets unless the destination changes, {} clears them", async () => {
                const created = await create(variant, "/webhooks", generic);
                const path = `/webhooks/${created.id}`;
                const bare = { name: "Relay", service: "generic", url: generic.url };
                const updated = ok(await api.on(variant, path, "PUT", bare));
                assert.deepEqual([updated.description, updated.body], [undefined, undefined]);
                assert.deepEqual(
                    [store().webhooks.get(created.id)?.headers, store().webhooks.get(created.id)?.queryParams],
                    [generic.headers, generic.queryParams],
                );
                ok(await api.on(variant, path, "PUT", { ...bare, headers: {} }));
                assert.deepEqual([store().webhooks.get(created.id)?.headers, store().webhooks.get(created.id)?.queryParams], [undefined, generic.queryParams]);
                ok(await api.on(variant, path, "PUT", { ...bare, url: "https://relay.example.com/other" }));
                assert.equal(store().webhooks.get(created.id)?.queryParams, undefined, "a new destination drops the omitted secrets");
                ok(await api.on(variant, path, "PUT", { ...bare, service: "incidentio", headers: { "X-Key": "k" } }));
                assert.deepEqual(store().webhooks.get(created.id)?.headers, { "X-Key": "k" });
            });

            it("answers PUT with 400 before 404, 400 on a rename onto a taken name, and 409 on a concurrent destination change", async () => {
                const first = await create(variant, "/webhooks", generic);
                await create(variant, "/webhooks", { ...generic, name: "Other" });
                fails(
                    await api.on(variant, `/webhooks/${MISSING}`, "PUT", { name: "", service: "generic", url: generic.url }),
                    400,
                    /^Body validation failed: name/,
                );
                fails(await api.on(variant, `/webhooks/${MISSING}`, "PUT", generic), 404, "Webhook not found");
                fails(await api.on(variant, `/webhooks/${first.id}`, "PUT", { ...generic, name: "Other" }), 400, /already exists/);
                store().concurrentWebhookEdits.add(first.id);
                fails(
                    await api.on(variant, `/webhooks/${first.id}`, "PUT", generic),
                    409,
                    "Webhook was modified concurrently; please retry with the current state",
                );
                ok(await api.on(variant, `/webhooks/${first.id}`, "PUT", generic));
            });

            it("refuses DELETE while an alert's first channel names it; a later channel is left dangling", async () => {
                const source = await create(variant, "/sources", logSource(await connectionFor(variant)));
                const search = await create(variant, "/saved-searches", { name: "S", sourceId: source.id });
                const primary = await create(variant, "/webhooks", generic);
                const secondary = await create(variant, "/webhooks", { ...generic, name: "Second" });
                const alert = await create(variant, "/alerts", searchAlert(search.id, [primary.id, secondary.id]));
                fails(
                    await api.on(variant, `/webhooks/${primary.id}`, "DELETE"),
                    409,
                    "Cannot delete webhook: 1 alert(s) still reference it. Reassign or remove those alerts first.",
                );
                assert.ok(store().webhooks.has(primary.id));
                assert.equal((await api.on(variant, `/webhooks/${secondary.id}`, "DELETE")).status, 200);
                fails(await api.on(variant, `/alerts/${alert.id}`, "PUT", searchAlert(search.id, [primary.id, secondary.id])), 400, "Webhook not found");
                assert.equal((await api.on(variant, `/alerts/${alert.id}`, "DELETE")).status, 200);
                assert.equal((await api.on(variant, `/webhooks/${primary.id}`, "DELETE")).status, 200);
                fails(await api.on(variant, `/webhooks/${primary.id}`, "DELETE"), 404, "Webhook not found");
            });
        });
    }
});
