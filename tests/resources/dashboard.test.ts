import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource, Engine, UNKNOWN } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { EmulatedStack, startEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("dashboard");
const URN = urn("Dashboard", "web");

describe("Dashboard (through the real host, against the emulator)", function () {
    let stack: EmulatedStack;
    let logs: string;
    let traces: string;

    before(async function () {
        stack = await startEmulatedStack();
        logs = stack.emu.fixtures.sources.logs.id;
        traces = stack.emu.fixtures.sources.traces.id;
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
    const tiles = (): Tile[] => [
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
            config: { displayType: "number", sourceId: traces, select: [{ aggFn: "quantile", level: 0.95, valueExpression: "Duration" }], color: "chart-red" },
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
    const web = (inputs: PropertyMap): DeclaredResource[] => [{ type: "Dashboard", name: "web", provider: PROVIDER, inputs }];
    const declared = (extra: PropertyMap = {}) =>
        web({
            name: "Web service",
            tags: ["web", "prod", "web"],
            tiles: tiles(),
            filters: [{ name: "Service", expression: "ServiceName", sourceId: logs }],
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
        edited.push({ name: "Throughput", x: 0, y: 12, w: 24, h: 4, config: { displayType: "stacked_bar", sourceId: logs, select: [{ aggFn: "count" }] } });
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
        bad.push({ ...bad[0], y: 20 });
        (bad[2].config as PropertyMap).select = [{ aggFn: "avg" }];
        const error = await stack.engine.up(web({ name: "Web service", tiles: bad, tags: ["x".repeat(40)] })).then(
            () => undefined,
            (e: unknown) => e,
        );
        assert.ok(error instanceof CheckFailedError, String(error));
        const properties = error.failures.map((f) => f.property);
        assert.ok(properties.includes("tiles[1].x"), properties.join());
        assert.ok(properties.includes("tiles[2].config.select[0].valueExpression"), properties.join());
        assert.ok(properties.includes("tiles[6].name"), properties.join());
        assert.ok(properties.includes("tags[0]"), properties.join());
        assert.deepEqual(stack.emu.requests, []);
    });

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
            tiles: tiles().slice(0, 2),
            filters: [{ name: "Service", expression: "ServiceName", sourceId: logs }],
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
