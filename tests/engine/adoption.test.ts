import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource } from "../harness/engine";
import { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { cloudRequest, useEmulatedStack } from "../support/emulatedStack";
import { newProcess } from "../support/stackStart";
import { streamSource } from "../support/pipeInputs";

const DASHBOARD = packageProviderText("dashboard");
const ALERT = packageProviderText("alert");
const PIPE = packageProviderText("dataPipe");
const ENDPOINT = packageProviderText("queryEndpoint");

describe("adoption of existing objects (through the real host, against the emulator)", function () {
    const stack = useEmulatedStack();
    const writes = () => stack.emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

    /** A dashboard and an alert on its "Errors" tile, made by hand (straight through the API). */
    async function handMade(): Promise<{ dashboardId: string; tileIds: Record<string, string>; alertId: string; tiles: PropertyMap[] }> {
        const logs = stack.emu.fixtures.sources.logs.id;
        const tiles = [
            { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count" }] } },
            { name: "Notes", x: 12, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "hand made" } },
        ];
        const call = async (method: string, path: string, body: unknown) => {
            const response = await fetch(`${stack.emu.url}/api/v2${path}`, {
                method,
                headers: { authorization: `Bearer ${stack.emu.credentials.apiKey}`, "content-type": "application/json" },
                body: JSON.stringify(body),
            });
            assert.equal(response.status, 200);
            return ((await response.json()) as { data: { id: string; tiles?: { id: string; name: string }[] } }).data;
        };
        const dashboard = await call("POST", "/dashboards", { name: "Hand made", tiles });
        const tileIds = Object.fromEntries((dashboard.tiles ?? []).map((t) => [t.name, t.id]));
        const alert = await call("POST", "/alerts", {
            source: "tile",
            dashboardId: dashboard.id,
            tileId: tileIds.Errors,
            threshold: 5,
            thresholdType: "above",
            interval: "5m",
            channel: { type: "webhook", webhookId: stack.emu.fixtures.webhooks.slack.id },
        });
        stack.emu.clearRequests();
        return { dashboardId: dashboard.id, tileIds, alertId: alert.id, tiles };
    }

    const dashboard = (inputs: PropertyMap): DeclaredResource => ({ type: "Dashboard", name: "adopted", provider: DASHBOARD, inputs });

    it("adopts a faithful declaration without writing anything, matching tile ids by name", async function () {
        const made = await handMade();
        await stack.engine.up([dashboard({ adoptId: made.dashboardId, name: "Hand made", tiles: made.tiles })]);
        assert.deepEqual(writes(), [], "a faithful declaration changes nothing remotely");
        const state = stack.engine.state.get(stack.engine.urnOf({ type: "Dashboard", name: "adopted" }));
        assert.equal(state?.id, made.dashboardId);
        assert.deepEqual(state?.outputs.tileIds, made.tileIds);
        const plan = await stack.engine.preview([dashboard({ name: "Hand made", tiles: made.tiles })]);
        assert.deepEqual(plan.same, ["adopted"], "dropping adoptId afterwards changes nothing");
    });

    it("keeps the adopted object through `pulumi up --replace` of a resource that still declares adoptId", async function () {
        // The engine asks no diff of a targeted replacement (step_generator.go `diff`: isTargetedReplace returns a
        // replace blaming `id`): the replacement adopts the same object again, and the old resource's delete, later in
        // the same run, must leave it.
        const made = await handMade();
        const declared = dashboard({ adoptId: made.dashboardId, name: "Hand made", tiles: made.tiles });
        await stack.engine.up([declared]);
        await newProcess(stack); // a new `pulumi up --replace` command, whose host has seen nothing of the stack
        const result = await stack.engine.up([{ ...declared, replace: true }]);
        assert.deepEqual(result.replaced, ["adopted"]);
        assert.ok(stack.emu.store.selfHosted.dashboards.has(made.dashboardId), "the adopted dashboard is still there");
        assert.ok(stack.emu.store.selfHosted.alerts.has(made.alertId), "and so is the alert on its tile");
        assert.equal(stack.engine.state.get(stack.engine.urnOf({ type: "Dashboard", name: "adopted" }))?.id, made.dashboardId);
        assert.deepEqual(writes(), [], "nothing was written: the declaration is faithful and the old resource's delete sent nothing");
        assert.deepEqual((await stack.engine.preview([declared])).same, ["adopted"]);
    });

    it("brings an adopted dashboard to the declared state, and the existing alert survives later edits", async function () {
        const made = await handMade();
        const edited = made.tiles.map((tile, i) => (i === 0 ? { ...tile, w: 24 } : { ...tile, y: 4 }));
        await stack.engine.up([dashboard({ adoptId: made.dashboardId, name: "Adopted and edited", tiles: edited })]);
        assert.deepEqual(writes(), [`PUT /api/v2/dashboards/${made.dashboardId}`]);
        const put = stack.emu.requests.find((r) => r.method === "PUT")?.body as { tiles: { id: string }[] };
        assert.deepEqual(
            put.tiles.map((t) => t.id),
            [made.tileIds.Errors, made.tileIds.Notes],
        );
        assert.ok(stack.emu.store.selfHosted.alerts.has(made.alertId), "the hand-made alert on the kept tile is still there");
        assert.equal(stack.emu.store.selfHosted.dashboards.get(made.dashboardId)?.name, "Adopted and edited");
        await stack.engine.destroy();
    });

    it("adopts an alert and a data pipe, and a query endpoint by its id", async function () {
        const made = await handMade();
        const alertInputs = {
            adoptId: made.alertId,
            source: "tile",
            dashboardId: made.dashboardId,
            tileId: made.tileIds.Errors,
            threshold: 5,
            thresholdType: "above",
            interval: "5m",
            channel: { type: "webhook", webhookId: stack.emu.fixtures.webhooks.slack.id },
        };
        const pipeBody = {
            name: "clicks",
            source: streamSource("arn:aws:iam::123456789012:role/ingest"),
            destination: {
                database: "default",
                table: "clicks",
                managedTable: true,
                tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
                columns: [{ name: "id", type: "String" }],
            },
            fieldMappings: [{ sourceField: "id", destinationField: "id" }],
        };
        const { credentials } = stack.emu;
        const service = `/v1/organizations/${credentials.organizationId}/services/${credentials.serviceId}`;
        const pipe = (await cloudRequest(stack.emu, "POST", `${service}/pipes`, pipeBody)).json as { result: { id: string } };
        const endpoint = (
            await cloudRequest(stack.emu, "POST", `${service}/serviceQueryEndpoint`, { roles: ["sql_console_read_only"], openApiKeys: [], allowedOrigins: "" })
        ).json as { result: { id: string } };
        stack.emu.clearRequests();

        await stack.engine.up([
            { type: "Alert", name: "errors", provider: ALERT, inputs: alertInputs },
            {
                type: "DataPipe",
                name: "clicks",
                provider: PIPE,
                inputs: { adoptId: pipe.result.id, ...pipeBody, destination: { ...pipeBody.destination, database: undefined } },
            },
            {
                type: "QueryEndpoint",
                name: "endpoint",
                provider: ENDPOINT,
                inputs: { adoptId: endpoint.result.id, roles: ["sql_console_read_only", "sql_console_admin"] },
            },
        ]);

        assert.deepEqual(writes(), [`POST ${service}/serviceQueryEndpoint`], "only the endpoint differed from its declaration");
        assert.equal(stack.engine.state.get(stack.engine.urnOf({ type: "Alert", name: "errors" }))?.id, made.alertId);
        assert.equal(stack.engine.state.get(stack.engine.urnOf({ type: "DataPipe", name: "clicks" }))?.id, pipe.result.id);
        assert.equal(stack.engine.state.get(stack.engine.urnOf({ type: "QueryEndpoint", name: "endpoint" }))?.id, endpoint.result.id);
        await stack.engine.destroy();
    });

    it("replaces an adopted resource that keeps adoptId with a new object, then deletes the adopted one", async function () {
        const made = await handMade();
        // Each variant's tiles read its own log source (the two services' ids differ).
        const tilesOf = (variant: "self-hosted" | "managed") =>
            made.tiles.map((tile) => {
                const config = tile.config as PropertyMap;
                return config.sourceId === undefined ? tile : { ...tile, config: { ...config, sourceId: stack.emu.fixturesOf(variant).sources.logs.id } };
            });
        const adopted = (variant: "self-hosted" | "managed") => dashboard({ adoptId: made.dashboardId, name: "Hand made", tiles: tilesOf(variant), variant });
        await stack.engine.up([adopted("self-hosted")]);
        const moved = await stack.engine.up([adopted("managed")]);
        assert.deepEqual(
            moved.steps.map((s) => [s.op, s.replaces]),
            [
                ["replace", ["variant"]],
                ["delete-replaced", undefined],
            ],
        );
        const state = stack.engine.state.get(stack.engine.urnOf({ type: "Dashboard", name: "adopted" }));
        assert.ok(state && stack.emu.store.managed.dashboards.has(state.id), "the replacement is a new dashboard of the managed service");
        assert.equal(stack.emu.store.selfHosted.dashboards.has(made.dashboardId), false, "the adopted one is deleted, as any replaced object");
        // Once more: adoptId names an object long gone, and the stack's own object is replaced again.
        await stack.engine.up([adopted("self-hosted")]);
        assert.deepEqual((await stack.engine.preview([adopted("self-hosted")])).same, ["adopted"]);
        await stack.engine.destroy();
    });

    it("fails clearly for a missing object, a second claim and a malformed id, and creates nothing", async function () {
        const made = await handMade();
        const missing = "0123456789abcdef01234567";
        await assert.rejects(
            stack.engine.up([dashboard({ adoptId: missing, name: "Ghost", tiles: made.tiles })]),
            /adopt Dashboard "0123456789abcdef01234567": no such object where the resource points/,
        );
        await assert.rejects(
            stack.engine.up([
                dashboard({ adoptId: made.dashboardId, name: "Hand made", tiles: made.tiles }),
                { ...dashboard({ adoptId: made.dashboardId, name: "Hand made", tiles: made.tiles }), name: "twin" },
            ]),
            /another resource of this stack already manages it/,
        );
        await assert.rejects(stack.engine.up([{ ...dashboard({ adoptId: "../../etc", name: "x", tiles: [] }), name: "bad" }]), (error: unknown) => {
            assert.ok(error instanceof CheckFailedError);
            assert.deepEqual(
                error.failures.map((f) => f.property),
                ["adoptId"],
            );
            return true;
        });
        assert.deepEqual(writes(), []);
        await stack.engine.destroy();
    });
});
