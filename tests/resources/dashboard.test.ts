import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource, Engine, UNKNOWN } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { EmulatedStack, assertCheckRefuses, startEmulatedStack } from "../support/emulatedStack";
import { emulatorClient, type Variant } from "../support/emulatorClient";

const PROVIDER = packageProviderText("dashboard");
const URN = urn("Dashboard", "web");

describe("Dashboard (through the real host, against the emulator)", function () {
    let stack: EmulatedStack;
    // Each variant's fixture sources have ids of their own; most tests are on the self-hosted variant.
    const sourcesOf = (variant: Variant = "self-hosted") => stack.emu.fixturesOf(variant).sources;

    before(async function () {
        stack = await startEmulatedStack();
    });
    after(() => stack?.close());
    beforeEach(function () {
        stack.engine = new Engine(stack.host);
        stack.emu.clearRequests();
        stack.emu.clearInvalidRequests();
    });
    afterEach(async function () {
        await stack.engine.destroy();
        assert.deepEqual(stack.emu.invalidRequests, []);
        assert.deepEqual(stack.emu.serverErrors, []);
    });

    type Tile = { name: string; x: number; y: number; w: number; h: number; config: PropertyMap };
    const tiles = (variant: Variant = "self-hosted"): Tile[] => {
        const [logs, traces] = [sourcesOf(variant).logs.id, sourcesOf(variant).traces.id];
        return [
            {
                name: "Errors",
                x: 0,
                y: 0,
                w: 12,
                h: 4,
                config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: "level:error" }], groupBy: "ServiceName" },
            },
            {
                name: "p95",
                x: 12,
                y: 0,
                w: 6,
                h: 4,
                config: {
                    displayType: "number",
                    sourceId: traces,
                    select: [{ aggFn: "quantile", level: 0.95, valueExpression: "Duration" }],
                    color: "chart-red",
                },
            },
            {
                name: "Slow spans",
                x: 18,
                y: 0,
                w: 6,
                h: 4,
                config: {
                    displayType: "table",
                    sourceId: traces,
                    select: [{ aggFn: "avg", valueExpression: "Duration" }],
                    groupBy: "SpanName",
                    orderBy: "avg(Duration) DESC",
                },
            },
            { name: "Latency map", x: 0, y: 4, w: 12, h: 6, config: { displayType: "heatmap", sourceId: traces, select: [{ valueExpression: "Duration" }] } },
            { name: "Recent", x: 12, y: 4, w: 12, h: 6, config: { displayType: "search", sourceId: logs, select: "Timestamp, ServiceName, Body" } },
            { name: "Runbook", x: 0, y: 10, w: 24, h: 2, config: { displayType: "markdown", markdown: "## On call\nSee the runbook." } },
        ];
    };
    const web = (inputs: PropertyMap): DeclaredResource[] => [{ type: "Dashboard", name: "web", provider: PROVIDER, inputs }];
    const declared = (extra: PropertyMap = {}) =>
        web({
            name: "Web service",
            tags: ["web", "prod", "web"],
            tiles: tiles(),
            filters: [{ name: "Service", expression: "ServiceName", sourceId: sourcesOf().logs.id }],
            savedQuery: "level:error",
            ...extra,
        });
    const state = () => {
        const s = stack.engine.state.get(URN);
        assert.ok(s, "the dashboard is in state");
        return s;
    };
    const stored = () => stack.emu.store.selfHosted.dashboards.get(state().id);

    it("creates every tile kind, exposes tile ids by name and plans nothing afterwards", async function () {
        const result = await stack.engine.up(declared());
        assert.deepEqual(result.created, ["web"]);
        const { outputs } = state();
        const tileIds = outputs.tileIds as Record<string, string>;
        assert.deepEqual(
            tiles().map((t) => tileIds[t.name]),
            stored()?.tiles.map((t) => t.id),
        );
        assert.deepEqual(outputs.tags, ["web", "prod"], "tags deduplicated as the server does");

        stack.emu.clearRequests();
        const again = await stack.engine.up(declared());
        assert.deepEqual(again.same, ["web"]);
        assert.deepEqual(stack.emu.requests, [], "check and diff make no request");

        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.same, ["web"], "refresh after a fresh apply changes nothing");
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.preview(declared())).same, ["web"]);
        assert.deepEqual(stack.emu.requests, []);
    });

    it("sends the stored tile ids back, so kept tiles keep their ids across edits", async function () {
        await stack.engine.up(declared());
        const before = state().outputs.tileIds as Record<string, string>;
        const edited = tiles().filter((t) => t.name !== "Runbook");
        edited[0] = { ...edited[0], w: 24 };
        edited.push({
            name: "Throughput",
            x: 0,
            y: 12,
            w: 24,
            h: 4,
            config: { displayType: "stacked_bar", sourceId: sourcesOf().logs.id, select: [{ aggFn: "count" }] },
        });
        stack.emu.clearRequests();

        const result = await stack.engine.up(declared({ tiles: edited }));

        assert.deepEqual(result.updated, ["web"]);
        const put = stack.emu.requests.find((r) => r.method === "PUT");
        const sent = (put?.body as { tiles: { id?: string; name: string }[] }).tiles;
        assert.deepEqual(
            sent.map((t) => t.id),
            [...edited.slice(0, -1).map((t) => before[t.name]), undefined],
        );
        const after = state().outputs.tileIds as Record<string, string>;
        for (const name of ["Errors", "p95", "Slow spans", "Latency map", "Recent"]) assert.equal(after[name], before[name], name);
        assert.equal(after.Runbook, undefined);
        assert.match(after.Throughput, /^[0-9a-f]{24}$/);
        assert.equal(stored()?.tiles[0].w, 24);
    });

    it("clears what the declaration leaves out, on purpose", async function () {
        await stack.engine.up(declared());
        stack.emu.clearRequests();
        await stack.engine.up(web({ name: "Web service", tiles: tiles() }));
        const body = stack.emu.requests.find((r) => r.method === "PUT")?.body as PropertyMap;
        assert.deepEqual([body.tags, body.filters, body.savedQuery, body.savedFilterValues, body.containers], [[], [], null, [], []]);
        assert.deepEqual(stored()?.tags, []);
        assert.deepEqual(stored()?.filters, []);
    });

    it("reports an out-of-band edit on refresh and puts it back on the next up", async function () {
        await stack.engine.up(declared());
        const remote = stored();
        assert.ok(remote);
        remote.name = "Edited by hand";
        remote.tiles[0].w = 3;

        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.updated, ["web"]);
        assert.equal(state().inputs.name, "Edited by hand");
        const plan = await stack.engine.preview(declared());
        assert.deepEqual(plan.updated, ["web"], "the drift shows as a change to undo");
        await stack.engine.up(declared());
        assert.equal(stored()?.name, "Web service");
        assert.equal(stored()?.tiles[0].w, 12);
    });

    it("drops a dashboard deleted out of band on refresh, and delete of a gone dashboard succeeds", async function () {
        await stack.engine.up(declared());
        const { id, outputs } = state();
        stack.emu.store.selfHosted.dashboards.delete(id);
        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.deleted, ["web"]);
        assert.equal(stack.engine.state.size, 0);
        await stack.host.delete(URN, id, outputs);
    });

    it("refreshes many dashboards through one shared list, and never trusts the list for a miss", async function () {
        const many = Array.from({ length: 5 }, (_, i): DeclaredResource => ({
            type: "Dashboard",
            name: `web-${i}`,
            provider: PROVIDER,
            inputs: { name: `Web ${i}`, tiles: tiles().slice(0, 1) },
        }));
        await stack.engine.up(many);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.refresh()).same.length, 5);
        assert.deepEqual(
            stack.emu.requests.map((r) => `${r.method} ${r.path}`),
            ["GET /api/v2/dashboards"],
            "one list answers five reads",
        );

        // A write clears the shared list; an object missing from it is read by id before it is declared gone.
        await stack.engine.up(many.slice(0, 4));
        const gone = stack.emu.store.selfHosted.dashboards.get(stack.engine.state.get(urn("Dashboard", "web-0"))?.id ?? "");
        assert.ok(gone);
        stack.emu.store.selfHosted.dashboards.delete(gone.id);
        stack.emu.clearRequests();
        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.deleted, ["web-0"]);
        assert.deepEqual(
            stack.emu.requests.map((r) => `${r.method} ${r.path}`),
            ["GET /api/v2/dashboards", `GET /api/v2/dashboards/${gone.id}`],
        );
    });

    it("refuses invalid input at check with the property path and sends nothing", async function () {
        const bad = tiles();
        bad[1] = { ...bad[1], x: 30 };
        // A second "Errors" is fine (keys Errors#1, Errors#2), but a tile literally named "Errors#2" would share a key.
        bad.push({ ...bad[0], y: 20 }, { ...bad[0], name: "Errors#2", y: 24 });
        (bad[2].config as PropertyMap).select = [{ aggFn: "avg" }];
        const error = await stack.engine.up(web({ name: "Web service", tiles: bad, tags: ["x".repeat(40)] })).then(
            () => undefined,
            (e: unknown) => e,
        );
        assert.ok(error instanceof CheckFailedError, String(error));
        const properties = error.failures.map((f) => f.property);
        assert.ok(properties.includes("tiles[1].x"), properties.join());
        assert.ok(properties.includes("tiles[2].config.select[0].valueExpression"), properties.join());
        assert.ok(properties.includes("tiles[7].name"), properties.join());
        assert.ok(!properties.includes("tiles[6].name"), "a repeated tile name is allowed");
        assert.ok(properties.includes("tags[0]"), properties.join());
        assert.deepEqual(stack.emu.requests, []);
    });

    it("sends an id on every filter of a PUT: a kept filter keeps its id, a new or renamed one gets a fresh hex24", async function () {
        const filters = [
            { name: "Service", expression: "ServiceName", sourceId: sourcesOf().logs.id },
            { name: "Host", expression: "Host", sourceId: sourcesOf().logs.id },
        ];
        await stack.engine.up(declared({ filters }));
        const before = state().outputs.filterIds as Record<string, string>;
        stack.emu.clearRequests();

        const edited = [filters[0], { ...filters[1], name: "Host name" }, { name: "Env", expression: "Env", sourceId: sourcesOf().logs.id }];
        await stack.engine.up(declared({ filters: edited }));

        const put = stack.emu.requests.find((r) => r.method === "PUT")?.body as { filters: { id?: string; name: string }[] };
        assert.ok(
            put.filters.every((f) => typeof f.id === "string" && /^[0-9a-f]{24}$/.test(f.id)),
            JSON.stringify(put.filters),
        );
        assert.equal(put.filters[0].id, before.Service, "the unchanged filter sends its stored id");
        assert.ok(!Object.values(before).includes(put.filters[2].id ?? ""), "the new filter's id is fresh");
        const after = state().outputs.filterIds as Record<string, string>;
        assert.equal(after.Service, before.Service, "a filter left alone keeps its id across updates");
        assert.deepEqual(
            stored()?.filters.map((f) => [f.name, f.id]),
            edited.map((f) => [f.name, after[f.name]]),
        );
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(declared({ filters: edited }))).same, ["web"]);
    });

    it("refuses at check a formula naming a series the tile lacks, and a numeric unit the server does not know", async function () {
        const withConfig = (config: PropertyMap) => {
            const all = tiles();
            all[0] = { ...all[0], config: { ...all[0].config, ...config } };
            return { name: "Web service", tiles: all };
        };
        const two = [{ aggFn: "count" }, { aggFn: "sum", valueExpression: "Bytes" }];
        await assertCheckRefuses(stack, web, [
            [withConfig({ select: two, formulas: [{ expression: "A / C" }] }), "tiles[0].config.formulas[0].expression"],
            [withConfig({ select: two, formulas: [{ expression: "A / sum(B)" }] }), "tiles[0].config.formulas[0].expression"],
            [withConfig({ select: two, formulas: [{ expression: "(A + B" }] }), "tiles[0].config.formulas[0].expression"],
            [withConfig({ select: two, formulas: [{ expression: "2 * 3" }] }), "tiles[0].config.formulas[0].expression"],
            [withConfig({ numberFormat: { output: "data_rate", numericUnit: "bytes per second" } }), "tiles[0].config.numberFormat.numericUnit"],
            // The managed variant's API declares no formulas, series limit or operand series: they would be dropped.
            [{ ...withConfig({ select: two, formulas: [{ expression: "A / B" }] }), variant: "managed" }, "tiles[0].config.formulas"],
            [{ ...withConfig({ showOperandSeries: true }), variant: "managed" }, "tiles[0].config.showOperandSeries"],
        ]);
        const error = await stack.engine.up(web(withConfig({ select: two, formulas: [{ expression: "A / C" }] }))).then(
            () => undefined,
            (e: unknown) => e,
        );
        assert.ok(error instanceof CheckFailedError);
        assert.match(error.message, /Unknown series "C": this tile only has series A through B/);
        await stack.engine.up(
            web(withConfig({ select: two, formulas: [{ expression: "-(A + B) / 2" }], numberFormat: { output: "data_rate", numericUnit: "bytes_sec_si" } })),
        );
        assert.deepEqual(stored()?.tiles[0].config.formulas, [{ expression: "-(A + B) / 2" }]);
    });

    it("manages tiles with empty and shared names, keyed `name#n`, and keeps their ids across updates", async function () {
        const named = (name: string, y: number): Tile => ({ ...tiles()[0], name, y });
        const declaredTiles = [named("", 0), named("Chart", 4), named("Chart", 8), named("Alone", 12)];
        await stack.engine.up(web({ name: "Web service", tiles: declaredTiles }));
        const ids = state().outputs.tileIds as Record<string, string>;
        const keys = ["#1", "Chart#1", "Chart#2", "Alone"];
        assert.deepEqual(
            keys.map((key) => ids[key]),
            stored()?.tiles.map((t) => t.id),
        );
        assert.equal(Object.keys(ids).length, 4);

        stack.emu.clearRequests();
        const moved = declaredTiles.map((t) => ({ ...t, w: 6 }));
        await stack.engine.up(web({ name: "Web service", tiles: moved }));
        const put = stack.emu.requests.find((r) => r.method === "PUT")?.body as { tiles: { id?: string }[] };
        assert.deepEqual(
            put.tiles.map((t) => t.id),
            keys.map((key) => ids[key]),
            "every tile sends its stored id back",
        );
        assert.deepEqual(state().outputs.tileIds, ids);
        assert.deepEqual(
            stored()?.tiles.map((t) => t.w),
            [6, 6, 6, 6],
        );
    });

    for (const variant of ["self-hosted", "managed"] as const) {
        it(`adopts a dashboard made by hand with every stored field, updates one field, and changes nothing else (${variant})`, async function () {
            const made = await handMade(variant);
            const team = variant === "self-hosted" ? stack.emu.store.selfHosted : stack.emu.store.managed;
            const before = structuredClone(team.dashboards.get(made.id));
            assert.ok(before);
            const target = variant === "managed" ? { variant: "managed" } : {};
            const faithful = { ...target, ...declarationOf(made) };
            stack.emu.clearRequests();

            await stack.engine.up(web({ ...faithful, adoptId: made.id }));
            assert.deepEqual(
                stack.emu.requests.filter((r) => r.method !== "GET"),
                [],
                "adopting a faithful declaration writes nothing",
            );

            const edited = structuredClone(faithful) as typeof faithful & { tiles: Tile[] };
            edited.tiles[1].w = 7;
            await stack.engine.up(web(edited));
            const after = structuredClone(team.dashboards.get(made.id));
            assert.ok(after);
            assert.equal(after.tiles[1].w, 7);
            after.tiles[1].w = before.tiles[1].w;
            assert.deepEqual(after, before, "only the updated field changed: tile and filter ids, containers and saved values are kept");
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.refresh()).same, ["web"]);
        });
    }

    /** A dashboard made over raw HTTP, as the web UI would: every field the server stores, on both variants. */
    async function handMade(variant: Variant): Promise<PropertyMap & { id: string }> {
        const client = emulatorClient(stack.emu);
        const connection = stack.emu.fixturesOf(variant).connection.id;
        const logs = sourcesOf(variant).logs.id;
        const selfHosted = variant === "self-hosted";
        const body = {
            name: "Made by hand",
            tags: ["hand", "made"],
            tiles: [
                { ...tiles(variant)[0], name: "", containerId: "main", tabId: "one" },
                { ...tiles(variant)[1], name: "Twin", containerId: "main", tabId: "two" },
                { ...tiles(variant)[2], name: "Twin" },
                tiles(variant)[3],
                { ...tiles(variant)[4], config: { ...tiles(variant)[4].config, whereLanguage: "lucene" } },
                tiles(variant)[5],
                {
                    name: "Raw",
                    x: 0,
                    y: 20,
                    w: 12,
                    h: 4,
                    // Series limits and formulas exist on the self-hosted API only (the cloud document declares neither).
                    config: {
                        configType: "sql",
                        displayType: "line",
                        connectionId: connection,
                        sqlTemplate: "SELECT 1",
                        sourceId: logs,
                        ...(selfHosted ? { seriesLimit: 0 } : {}),
                    },
                },
                {
                    name: "Mix",
                    x: 12,
                    y: 20,
                    w: 12,
                    h: 4,
                    config: {
                        displayType: "stacked_bar",
                        sourceId: logs,
                        select: [{ aggFn: "count" }, { aggFn: "sum", valueExpression: "Bytes", numberFormat: { output: "byte", numericUnit: "bytes_iec" } }],
                        ...(selfHosted ? { formulas: [{ expression: "B / A", alias: "bytes per row" }], showOperandSeries: false } : {}),
                    },
                },
            ],
            filters: [
                {
                    type: "QUERY_EXPRESSION",
                    name: "Service",
                    expression: "ServiceName",
                    sourceId: logs,
                    where: "1 = 1",
                    whereLanguage: "sql",
                    appliesToSourceIds: [logs],
                },
                ...(selfHosted
                    ? [
                          {
                              type: "QUERY_EXPRESSION",
                              name: "Env",
                              expression: "Env",
                              sourceId: logs,
                              isBroadcastEnabled: false,
                              isVariableEnabled: true,
                              variableName: "env",
                          },
                      ]
                    : []),
            ],
            savedQuery: "ServiceName = 'web'",
            savedQueryLanguage: "sql",
            savedFilterValues: [{ type: "sql", condition: "ServiceName IN ('web')" }],
            containers: [
                {
                    id: "main",
                    title: "Main",
                    collapsed: false,
                    collapsible: true,
                    bordered: true,
                    tabs: [
                        { id: "one", title: "One" },
                        { id: "two", title: "Two" },
                    ],
                },
            ],
        };
        const res = await client.on(variant, "/dashboards", "POST", body);
        assert.equal(res.status, 200, res.text);
        return { ...body, id: (client.payload(res) as { id: string }).id };
    }

    /** The declaration of a hand-made dashboard: its body without the wire-only filter `type`. */
    function declarationOf(made: PropertyMap & { id: string }): PropertyMap {
        const { id: _id, ...body } = made;
        return { ...body, filters: (body.filters as PropertyMap[]).map(({ type: _type, ...f }) => f) };
    }

    it("lets unknown values through check during a preview", async function () {
        const unknownTiles = tiles();
        unknownTiles[0] = { ...unknownTiles[0], config: { ...unknownTiles[0].config, sourceId: UNKNOWN } };
        const plan = await stack.engine.preview(web({ name: "Web service", tiles: unknownTiles }));
        assert.deepEqual(plan.created, ["web"]);
        assert.deepEqual(stack.emu.requests, []);
    });

    it("leaves exactly one dashboard when the create's answer is lost", async function () {
        stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/dashboards" });
        await stack.engine.up(declared());
        const named = [...stack.emu.store.selfHosted.dashboards.values()].filter((d) => d.name === "Web service" && d.id === state().id);
        assert.equal(named.length, 1);
        const posts = stack.emu.requests.filter((r) => r.method === "POST");
        assert.equal(posts.length, 1, "the create was not blindly resent");
        await stack.engine.destroy();
        assert.equal([...stack.emu.store.selfHosted.dashboards.values()].filter((d) => d.name === "Web service").length, 0);
    });

    it("manages a dashboard of the managed variant under the cloud API", async function () {
        const managed = web({
            variant: "managed",
            name: "Managed web",
            tiles: tiles("managed").slice(0, 2),
            // The managed variant's filters always broadcast: saying so is the same as saying nothing.
            filters: [
                { name: "Service", expression: "ServiceName", sourceId: sourcesOf("managed").logs.id, isBroadcastEnabled: true, isVariableEnabled: false },
            ],
        });
        await stack.engine.up(managed);
        const { id, outputs } = state();
        assert.deepEqual(outputs.target, {
            variant: "managed",
            organizationId: stack.emu.credentials.organizationId,
            serviceId: stack.emu.credentials.serviceId,
        });
        const prefix = `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}/observability/dashboards`;
        assert.deepEqual(stack.cloudCalls(), [`GET ${prefix}`, `POST ${prefix}`], "the list before the create, then the create");
        assert.deepEqual((await stack.engine.refresh()).same, ["web"], "the flags the managed API never returns plan no change");
        stack.emu.clearRequests();
        await stack.engine.up(web({ ...(managed[0].inputs as PropertyMap), name: "Managed web v2" }));
        const put = stack.emu.requests.find((r) => r.method === "PUT");
        assert.equal(put?.path, `${prefix}/${id}`);
        assert.ok(
            (put?.body as { filters: { id?: string }[] }).filters.every((f) => typeof f.id === "string"),
            "managed PUT carries an id on every filter",
        );
        await stack.engine.destroy();
        assert.equal(stack.emu.store.managed.dashboards.size, 0);
    });
});
