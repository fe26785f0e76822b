import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource, Engine } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { emulatorClient } from "../support/emulatorClient";
import { assertCheckRefuses, EmulatedStack, startEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("source");

const declare = (inputs: PropertyMap | ((outputs: Record<string, PropertyMap>) => PropertyMap), name = "logs"): DeclaredResource => ({
    type: "Source",
    name,
    provider: PROVIDER,
    inputs,
});

/** One declaration per kind, each with the least the API requires. */
function kinds(connection: string): Record<string, PropertyMap> {
    const base = { connection, timestampValueExpression: "Timestamp" };
    return {
        log: { ...base, kind: "log", name: "Logs", from: { databaseName: "otel", tableName: "otel_logs" }, defaultTableSelectExpression: "Timestamp, Body" },
        trace: {
            ...base,
            kind: "trace",
            name: "Traces",
            from: { databaseName: "otel", tableName: "otel_traces" },
            defaultTableSelectExpression: "Timestamp, SpanName",
            durationExpression: "Duration",
            traceIdExpression: "TraceId",
            spanIdExpression: "SpanId",
            parentSpanIdExpression: "ParentSpanId",
            spanNameExpression: "SpanName",
            spanKindExpression: "SpanKind",
        },
        metric: {
            ...base,
            kind: "metric",
            name: "Metrics",
            from: { databaseName: "otel" },
            metricTables: { gauge: "otel_metrics_gauge" },
            resourceAttributesExpression: "ResourceAttributes",
        },
        session: { ...base, kind: "session", name: "Sessions", from: { databaseName: "otel", tableName: "rrweb" }, traceSourceId: "0123456789abcdef01234567" },
        promql: { ...base, kind: "promql", name: "Prometheus", from: { databaseName: "default", tableName: "default" } },
    };
}

for (const variant of ["self-hosted", "managed"] as const) {
    describe(`Source on the ${variant} variant (through the real host, against the emulator)`, function () {
        let stack: EmulatedStack;
        const team = () => (variant === "self-hosted" ? stack.emu.store.selfHosted : stack.emu.store.managed);
        const fixtureIds = () => Object.values(stack.emu.fixturesOf(variant).sources).map((s) => s.id);

        before(async function () {
            stack = await startEmulatedStack({ config: { "observability:variant": variant } });
        });
        after(async function () {
            await stack?.close();
        });
        beforeEach(function () {
            stack.engine = new Engine(stack.host);
            for (const id of team().sources.keys()) if (!fixtureIds().includes(id)) team().sources.delete(id);
            stack.emu.clearRequests();
            stack.emu.clearInvalidRequests();
        });
        afterEach(function () {
            assert.deepEqual(stack.emu.invalidRequests, []);
            assert.deepEqual(stack.emu.serverErrors, []);
        });

        const connection = () => stack.emu.fixturesOf(variant).connection.id;
        const calls = () => stack.emu.requests.map((r) => `${r.method} ${r.path.replace(/^.*\/sources/, "/sources")}`);
        // One read of the whole list: the managed list carries no `meta`, so it is read until a page brings nothing new.
        const listRead = variant === "managed" ? ["GET /sources", "GET /sources"] : ["GET /sources"];
        const bodies = (method: string) => stack.emu.requests.filter((r) => r.method === method).map((r) => r.body);
        const state = (name = "logs") => {
            const s = stack.engine.state.get(urn("Source", name));
            assert.ok(s, `${name} is in state`);
            return s;
        };

        it("creates every kind in the form both servers accept, then plans nothing without a request", async function () {
            const declared = kinds(connection());
            const program = Object.entries(declared).map(([kind, inputs]) => declare(inputs, kind));
            assert.deepEqual((await stack.engine.up(program)).created.sort(), Object.keys(declared).sort());

            const posts = bodies("POST") as Record<string, unknown>[];
            assert.equal(posts.length, 5);
            for (const body of posts) {
                assert.ok(!JSON.stringify(body).includes("null"), `no null is sent: ${JSON.stringify(body)}`);
                assert.equal(body.disabled, false);
                assert.deepEqual(body.querySettings, []);
                for (const key of ["variant", "timeouts", "adoptId"]) assert.ok(!(key in body), `${key} is not sent`);
            }
            const byKind = Object.fromEntries(posts.map((body) => [body.kind, body]));
            assert.deepEqual(byKind.metric.from, { databaseName: "otel", tableName: "" }, "a metric source sends an empty table name");
            assert.equal(byKind.trace.durationPrecision, 3);
            assert.deepEqual(byKind.log.materializedViews, []);
            assert.deepEqual(byKind.session, { ...declared.session, disabled: false, querySettings: [] });

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(program)).same.length, 5);
            assert.deepEqual(stack.emu.requests, [], "check and diff make no request");
            assert.equal((await stack.engine.refresh()).same.length, 5, "a refresh right after create changes nothing");
            assert.deepEqual(calls(), listRead, "one list serves the refresh of every source");
            assert.equal((await stack.engine.up(program)).same.length, 5);
        });

        it("normalizes what the server rewrites: long granularities, its defaults and the web UI's empty expressions", async function () {
            const program = [
                declare({
                    ...kinds(connection()).log,
                    materializedViews: [
                        {
                            databaseName: "otel",
                            tableName: "logs_mv_5m",
                            dimensionColumns: "ServiceName",
                            minGranularity: "5 minute",
                            minDate: "2026-01-01T00:00:00Z",
                            timestampColumn: "Timestamp",
                            aggregatedColumns: [{ aggFn: "count", mvColumn: "count" }],
                        },
                    ],
                    metadataMaterializedViews: { kvRollupTable: "logs_kv", granularity: "15 minute" },
                }),
            ];
            await stack.engine.up(program);
            const [post] = bodies("POST") as Record<string, Record<string, unknown>[]>[];
            assert.equal(post.materializedViews[0].minGranularity, "5m", "the short form is sent");
            assert.equal(post.materializedViews[0].minDate, "2026-01-01T00:00:00.000Z");
            const stored = team().sources.get(state().id) as Record<string, unknown>;
            // The web UI stores unset expressions as "".
            Object.assign(stored, { severityTextExpression: "", bodyExpression: "" });
            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.same, ["logs"]);
            assert.deepEqual((await stack.engine.up(program)).same, ["logs"]);
        });

        it("updates in place with a full PUT, also for a new kind and a new connection", async function () {
            const api = emulatorClient(stack.emu);
            const otherConnection =
                variant === "self-hosted"
                    ? api.payload(await api.on("self-hosted", "/connections", "POST", { name: "Other", host: "http://other:8123", username: "default" })).id
                    : connection();
            await stack.engine.up([declare({ ...kinds(connection()).log, bodyExpression: "Body", section: "Core" })]);
            const { id } = state();
            stack.emu.clearRequests();

            const next = [declare({ ...kinds(otherConnection).trace, name: "Logs" })];
            const preview = await stack.engine.preview(next);
            assert.deepEqual(
                preview.steps.map((s) => [s.op, s.replaces]),
                [["update", []]],
            );
            assert.deepEqual(stack.emu.requests, []);
            await stack.engine.up(next);
            assert.deepEqual(calls(), [`PUT /sources/${id}`]);
            const [put] = bodies("PUT") as Record<string, unknown>[];
            assert.equal(put.kind, "trace");
            assert.equal(put.connection, otherConnection);
            assert.ok(!("bodyExpression" in put) && !("section" in put), "fields left out are not sent: the PUT replaces the source");
            const stored = team().sources.get(id) as Record<string, unknown>;
            assert.equal(stored.kind, "trace");
            assert.equal(stored.section, undefined);
            assert.equal(state().id, id, "the id stays");

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(next)).same, ["logs"]);
            assert.deepEqual((await stack.engine.refresh()).same, ["logs"]);
            if (variant === "self-hosted") team().connections.delete(otherConnection);
        });

        it("shows an out-of-band edit on refresh, puts the declaration back, and drops a source deleted out of band", async function () {
            const program = [declare(kinds(connection()).log)];
            await stack.engine.up(program);
            const { id } = state();
            const stored = team().sources.get(id) as Record<string, unknown>;
            stored.name = "Renamed by hand";
            stored.serviceNameExpression = "ServiceName";

            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.updated, ["logs"]);
            assert.equal(state().inputs.name, "Renamed by hand");
            assert.equal(state().inputs.serviceNameExpression, "ServiceName");
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(program)).updated, ["logs"]);
            assert.deepEqual(calls(), [`PUT /sources/${id}`]);
            assert.equal((team().sources.get(id) as Record<string, unknown>).name, "Logs");

            team().sources.delete(id);
            stack.emu.clearRequests();
            const dropped = await stack.engine.refresh();
            assert.deepEqual(dropped.deleted, ["logs"]);
            const expected = variant === "self-hosted" ? ["GET /sources", `GET /sources/${id}`] : [...listRead, ...listRead];
            assert.deepEqual(
                calls(),
                expected,
                variant === "managed" ? "the managed variant has no GET by id: a fresh list decides" : "a miss in the list is confirmed by id",
            );
        });

        it("succeeds deleting a source that is already gone (404 = done)", async function () {
            await stack.engine.up([declare(kinds(connection()).log)]);
            team().sources.delete(state().id);
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.destroy()).deleted, ["logs"]);
            assert.deepEqual(
                stack.emu.requests.map((r) => [r.method, r.status]),
                [["DELETE", 404]],
            );
        });

        it("adopts the fixture sources with faithful declarations without a write", async function () {
            const { logs, traces } = stack.emu.fixturesOf(variant).sources;
            const declaration = (fixture: Record<string, unknown>) => {
                const {
                    id,
                    disabled: _d,
                    querySettings: _q,
                    highlightedTraceAttributeExpressions: _h,
                    highlightedRowAttributeExpressions: _r,
                    materializedViews: _m,
                    ...fields
                } = fixture;
                return { ...fields, adoptId: id };
            };
            const program = [
                declare(declaration(logs as unknown as Record<string, unknown>)),
                declare(declaration(traces as unknown as Record<string, unknown>), "traces"),
            ];
            assert.deepEqual((await stack.engine.up(program)).created.sort(), ["logs", "traces"]);
            assert.equal(state().id, logs.id);
            assert.deepEqual([...new Set(stack.emu.requests.map((r) => r.method))], ["GET"], "adoption only reads");
            assert.deepEqual((await stack.engine.refresh()).same.sort(), ["logs", "traces"]);

            stack.emu.clearRequests();
            const changed = [declare({ ...declaration(logs as unknown as Record<string, unknown>), section: "Adopted" }), program[1]];
            assert.deepEqual((await stack.engine.up(changed)).updated, ["logs"]);
            assert.deepEqual(calls(), [`PUT /sources/${logs.id}`]);
            // Leave the fixture as it was for the next tests.
            stack.engine.state.clear();
            team().sources.set(logs.id, structuredClone(logs));
        });

        it("refuses bad input at check with the property path, sending nothing", async function () {
            const { log, trace, metric } = kinds(connection());
            const aggregated = {
                databaseName: "d",
                tableName: "t",
                dimensionColumns: "",
                minGranularity: "5m",
                timestampColumn: "T",
                aggregatedColumns: [{ aggFn: "sum", mvColumn: "s" }],
            };
            await assertCheckRefuses(stack, (inputs) => [declare(inputs)], [
                [{ ...log, kind: "span" }, "kind"],
                [{ ...log, connection: "not-an-id" }, "connection"],
                [{ ...log, durationExpression: "Duration" }, "durationExpression"],
                [{ ...trace, durationExpression: undefined }, "durationExpression"],
                [{ ...trace, durationPrecision: 12 }, "durationPrecision"],
                [{ ...metric, metricTables: {} }, "metricTables"],
                [{ ...log, querySettings: [{ setting: "max_threads", value: "" }] }, "querySettings[0].value"],
                [{ ...log, materializedViews: [aggregated] }, "materializedViews[0].aggregatedColumns[0].sourceColumn"],
                [
                    { ...log, materializedViews: [{ ...aggregated, minGranularity: "5 minutes", aggregatedColumns: [{ aggFn: "count", mvColumn: "n" }] }] },
                    "materializedViews[0].minGranularity",
                ],
                [{ ...log, serviceNameExpression: null }, "serviceNameExpression"],
            ]);
        });

        it(`refuses what the ${variant} variant would drop silently at preview, at its path, before sending anything`, async function () {
            const { log } = kinds(connection());
            const [extra, paths] =
                variant === "self-hosted"
                    ? [{ filterSettings: { databaseName: "otel", tableName: "otel_logs", columns: [] } }, ["filterSettings"]]
                    : [{ serviceVersionExpression: "ServiceVersion", orderByExpression: "Timestamp DESC" }, ["serviceVersionExpression", "orderByExpression"]];
            await assert.rejects(stack.engine.up([declare({ ...log, ...extra })]), (error: unknown) => {
                assert.ok(error instanceof CheckFailedError, String(error));
                assert.deepEqual(error.failures.map((f) => f.property).sort(), [...paths].sort());
                return true;
            });
            assert.deepEqual(stack.emu.requests, []);
        });
    });
}
