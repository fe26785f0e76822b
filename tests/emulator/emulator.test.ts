import { strict as assert } from "node:assert";
import { Emulator, ManualClock } from ".";
import { emulatorClient as client, type Variant } from "../support/emulatorClient";
import { rolesState } from "./routes/observability/roles";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HEX24 = /^[0-9a-f]{24}$/;

function lineTile(sourceId: string, extra: Record<string, unknown> = {}) {
    return { name: "Requests", x: 0, y: 0, w: 6, h: 3, config: { displayType: "line", sourceId, select: [{ aggFn: "count" }] }, ...extra };
}

function tileAlert(emu: Emulator, dashboardId: string, tileId: string, extra: Record<string, unknown> = {}) {
    return {
        source: "tile",
        dashboardId,
        tileId,
        threshold: 10,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: emu.fixtures.webhooks.slack.id },
        ...extra,
    };
}

describe("emulator transport", function () {
    let emu: Emulator;
    let api: ReturnType<typeof client>;
    let logs: string;

    beforeEach(async () => {
        emu = await Emulator.start({ rateLimits: false });
        api = client(emu);
        logs = emu.fixtures.sources.logs.id;
    });
    afterEach(async () => {
        assert.deepEqual(emu.serverErrors, []);
        await emu.close();
    });

    describe("authentication", () => {
        it("answers plain-text 401 for a missing, wrong or lowercase bearer key", async () => {
            for (const authorization of [null, "Bearer nope", `bearer ${emu.credentials.apiKey}`]) {
                const res = await api.call("/api/v2/dashboards", "GET", undefined, authorization);
                assert.equal(res.status, 401);
                assert.equal(res.text, "Unauthorized");
                assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
            }
            assert.equal((await api.call("/api/v2/dashboards")).status, 200);
        });

        it("refuses a wrong cloud secret with the cloud error body and accepts the right pair", async () => {
            const wrong = `Basic ${Buffer.from(`${emu.credentials.keyId}:wrong`).toString("base64")}`;
            const denied = await api.call(`${api.managed}/dashboards`, "GET", undefined, wrong);
            assert.equal(denied.status, 401);
            assert.equal(denied.json.status, 401);
            assert.match(denied.json.requestId, UUID_V4);
            const bearerOnCloud = await api.call(`${api.managed}/dashboards`, "GET", undefined, `Bearer ${emu.credentials.apiKey}`);
            assert.equal(bearerOnCloud.status, 401);
            assert.equal((await api.call(`${api.managed}/dashboards`)).status, 200);
        });

        it("never records the Authorization header", async () => {
            await api.call("/api/v2/sources");
            await api.call(`${api.managed}/sources`);
            const recorded = JSON.stringify(emu.requests);
            assert.ok(!recorded.includes(emu.credentials.apiKey));
            assert.ok(!recorded.includes(emu.credentials.keySecret));
            assert.deepEqual(
                emu.requests.map((r) => [r.api, r.method, r.status]),
                [
                    ["self-hosted", "GET", 200],
                    ["cloud", "GET", 200],
                ],
            );
        });
    });

    describe("envelopes and error bodies", () => {
        it("wraps self-hosted payloads in {data} and answers DELETE with {} even when the dashboard is gone", async () => {
            const list = await api.call("/api/v2/sources");
            assert.equal(list.status, 200);
            assert.deepEqual(
                list.json.data.map((s: { id: string }) => s.id),
                [logs, emu.fixtures.sources.traces.id, emu.fixtures.sources.metrics.id],
            );
            const gone = await api.call(`/api/v2/dashboards/${"a".repeat(24)}`, "DELETE");
            assert.equal(gone.status, 200);
            assert.deepEqual(gone.json, {});
        });

        it("uses the cloud envelope with a fresh UUIDv4 requestId, and no result on DELETE", async () => {
            const first = await api.call(`${api.managed}/sources`);
            const second = await api.call(`${api.managed}/sources`);
            assert.equal(first.json.status, 200);
            assert.match(first.json.requestId, UUID_V4);
            assert.notEqual(first.json.requestId, second.json.requestId);
            assert.equal(first.json.result.length, 3);
            const created = await api.call(`${api.managed}/dashboards`, "POST", { name: "MG", tiles: [lineTile(emu.fixturesOf("managed").sources.logs.id)] });
            const deleted = await api.call(`${api.managed}/dashboards/${created.json.result.id}`, "DELETE");
            assert.equal(deleted.status, 200);
            assert.deepEqual(Object.keys(deleted.json).sort(), ["requestId", "status"]);
        });

        it("renders not-found and malformed-id errors per API", async () => {
            const missingDashboard = await api.call(`/api/v2/dashboards/${"b".repeat(24)}`);
            assert.equal(missingDashboard.status, 404);
            assert.equal(missingDashboard.text, "Not Found");
            const missingAlert = await api.call(`/api/v2/alerts/${"b".repeat(24)}`, "DELETE");
            assert.equal(missingAlert.status, 404);
            assert.deepEqual(missingAlert.json, { message: "Alert not found" });
            const malformed = await api.call("/api/v2/alerts/not-an-id");
            assert.equal(malformed.status, 400);
            assert.deepEqual(malformed.json, { message: "Params validation failed: id: Invalid ObjectId" });
            const cloudMissing = await api.call(`${api.managed}/alerts/${"b".repeat(24)}`);
            assert.equal(cloudMissing.status, 404);
            assert.equal(cloudMissing.json.status, 404);
            assert.equal(cloudMissing.json.error, "NOT_FOUND: Alert not found");
            assert.match(cloudMissing.json.requestId, UUID_V4);
        });

        it("answers malformed JSON with 400 Invalid JSON payload and records it", async () => {
            const res = await api.call("/api/v2/dashboards", "POST", "{not json");
            assert.equal(res.status, 400);
            assert.deepEqual(res.json, { message: "Invalid JSON payload" });
            assert.equal(emu.invalidRequests.length, 1);
            assert.equal(emu.invalidRequests[0].source, "json");
        });

        it("answers an HTML 404 for managed routes that are not served, and a JSON 404 for another service", async () => {
            const notServed = await api.call(`${api.managed}/sources/${logs}`);
            assert.equal(notServed.status, 404);
            assert.match(notServed.headers.get("content-type") ?? "", /^text\/html/);
            assert.match(notServed.text, /Cannot GET \/v1\/organizations\/.+\/observability\/sources\//);
            assert.equal(notServed.json, undefined);
            const unknown = await api.call(`${api.managed}/charts/series`, "POST", {});
            assert.match(unknown.text, /Cannot POST/);
            const otherService = await api.call(
                `/v1/organizations/${emu.credentials.organizationId}/services/00000000-0000-4000-8000-000000000000/observability/dashboards`,
            );
            assert.equal(otherService.status, 404);
            assert.match(otherService.json.error, /^NOT_FOUND: /);
        });

        it("switches the service state for pipe routes: 424 FAILED_DEPENDENCY unless running", () => {
            emu.cloud.assertServiceRunning();
            emu.cloud.setServiceState("idle");
            assert.throws(() => emu.cloud.assertServiceRunning(), { status: 424, message: "Service is not running. Current state: idle" });
            emu.cloud.setServiceState("running");
            assert.equal(emu.cloud.serviceState, "running");
        });

        it("reads the organization through the cloud API", async () => {
            const res = await api.call(`/v1/organizations/${emu.credentials.organizationId}`);
            assert.equal(res.status, 200);
            assert.equal(res.json.result.id, emu.credentials.organizationId);
            assert.deepEqual(res.json.result.privateEndpoints, []);
        });
    });

    describe("OpenAPI request validation", () => {
        it("refuses a body the self-hosted document forbids and records it", async () => {
            const res = await api.call("/api/v2/dashboards", "POST", { name: "Bad", tiles: [lineTile(logs, { x: 30 })] });
            assert.equal(res.status, 400);
            assert.deepEqual(res.json, { message: "Body validation failed: tiles.0.x: Number must be less than or equal to 23" });
            assert.equal(emu.invalidRequests.length, 1);
            assert.deepEqual(
                { ...emu.invalidRequests[0], body: undefined },
                {
                    api: "self-hosted",
                    method: "POST",
                    path: "/api/v2/dashboards",
                    operationId: "createDashboard",
                    source: "openapi",
                    message: "Body validation failed: tiles.0.x: Number must be less than or equal to 23",
                    rejected: true,
                    body: undefined,
                },
            );
            assert.equal(emu.store.selfHosted.dashboards.size, 0);
        });

        it("refuses a bad managed alert with BAD_REQUEST", async () => {
            const res = await api.call(`${api.managed}/alerts`, "POST", { ...tileAlert(emu, "a".repeat(24), "b".repeat(24)), interval: "2m" });
            assert.equal(res.status, 400);
            assert.match(res.json.error, /^BAD_REQUEST: Body validation failed: interval: Invalid enum value/);
            assert.equal(emu.invalidRequests[0].api, "cloud");
        });

        it("accepts what only the document forbids (aggFn increase) but records it as not rejected", async () => {
            const tile = { ...lineTile(logs), config: { displayType: "line", sourceId: logs, select: [{ aggFn: "increase", valueExpression: "Requests" }] } };
            const res = await api.call("/api/v2/dashboards", "POST", { name: "Lenient", tiles: [tile] });
            assert.equal(res.status, 200);
            assert.equal(emu.invalidRequests.length, 1);
            assert.equal(emu.invalidRequests[0].rejected, false);
        });

        it("stays silent for valid traffic", async () => {
            const res = await api.call("/api/v2/dashboards", "POST", { name: "Fine", tiles: [lineTile(logs)] });
            assert.equal(res.status, 200);
            assert.deepEqual(emu.invalidRequests, []);
        });

        it("enforces contract rules the document cannot express (strict filters, source ids)", async () => {
            const filter = { type: "QUERY_EXPRESSION", name: "Env", expression: "env", sourceId: logs, color: "red" };
            const strict = await api.call("/api/v2/dashboards", "POST", { name: "F", tiles: [], filters: [filter] });
            assert.equal(strict.status, 400);
            assert.equal(strict.json.message, "Body validation failed: filters.0: Unrecognized key(s) in object: 'color'");
            assert.equal(emu.invalidRequests.at(-1)?.source, "contract");
            const unknownSource = await api.call("/api/v2/dashboards", "POST", { name: "S", tiles: [lineTile("c".repeat(24))] });
            assert.equal(unknownSource.status, 400);
            assert.equal(unknownSource.json.message, `Could not find the following source IDs: ${"c".repeat(24)}`);
            const heatmap = {
                name: "H",
                x: 0,
                y: 0,
                w: 6,
                h: 3,
                config: { displayType: "heatmap", sourceId: logs, select: [{ valueExpression: "Duration" }] },
            };
            const needsTraces = await api.call("/api/v2/dashboards", "POST", { name: "H", tiles: [heatmap] });
            assert.equal(needsTraces.status, 400);
            assert.match(needsTraces.json.message, /trace source/);
        });
    });

    describe("dashboards", () => {
        it("echoes the server-side defaults on read", async () => {
            const res = await api.call("/api/v2/dashboards", "POST", {
                name: "Defaults",
                tags: ["a", "b", "a"],
                savedQuery: "level:error",
                tiles: [lineTile(logs)],
                filters: [{ type: "QUERY_EXPRESSION", name: "Service name", expression: "ServiceName", sourceId: logs, isVariableEnabled: true }],
            });
            assert.equal(res.status, 200, res.text);
            const d = res.json.data;
            assert.deepEqual(d.tags, ["a", "b"]);
            assert.equal(d.savedQueryLanguage, "lucene");
            assert.deepEqual(d.savedFilterValues, []);
            assert.equal("containers" in d, false);
            assert.deepEqual(d.tiles[0].config, {
                displayType: "line",
                sourceId: logs,
                select: [{ aggFn: "count", where: "", whereLanguage: "lucene", valueExpression: "" }],
                asRatio: false,
                fillNulls: true,
            });
            assert.match(d.filters[0].id, HEX24);
            assert.equal("variableName" in d.filters[0], false, "the server derives a variable name when needed but never stores or reads one back");
        });

        it("mints tile ids on POST and keeps only matching ids on PUT", async () => {
            const created = await api.call("/api/v2/dashboards", "POST", {
                name: "Retention",
                tiles: [lineTile(logs, { id: "client-chosen" }), lineTile(logs, { name: "Second" })],
            });
            const [first, second] = created.json.data.tiles;
            assert.match(first.id, HEX24);
            assert.notEqual(first.id, "client-chosen");
            assert.match(second.id, HEX24);
            const updated = await api.call(`/api/v2/dashboards/${created.json.data.id}`, "PUT", {
                name: "Retention",
                tiles: [lineTile(logs, { id: second.id }), lineTile(logs, { id: "unknown-id" }), lineTile(logs)],
            });
            assert.equal(updated.status, 200);
            const ids = updated.json.data.tiles.map((t: { id: string }) => t.id);
            assert.equal(ids[0], second.id);
            assert.ok(![first.id, second.id, "unknown-id"].includes(ids[1]));
            assert.match(ids[2], HEX24);
            assert.equal(new Set(ids).size, 3);
        });

        it("deletes tile alerts of dropped or non-alertable tiles on PUT, and the rest on DELETE", async () => {
            const created = await api.call("/api/v2/dashboards", "POST", {
                name: "Cascade",
                tiles: [lineTile(logs, { name: "A" }), lineTile(logs, { name: "B" }), lineTile(logs, { name: "C" })],
            });
            const dashboardId = created.json.data.id;
            const [a, b, c] = created.json.data.tiles;
            const alertIds: string[] = [];
            for (const tile of [a, b, c]) {
                const res = await api.call("/api/v2/alerts", "POST", tileAlert(emu, dashboardId, tile.id));
                assert.equal(res.status, 200, res.text);
                alertIds.push(res.json.data.id);
            }
            const asTable = { ...a, config: { displayType: "table", sourceId: logs, select: [{ aggFn: "count" }] } };
            const put = await api.call(`/api/v2/dashboards/${dashboardId}`, "PUT", { name: "Cascade", tiles: [asTable, c] });
            assert.equal(put.status, 200);
            assert.deepEqual([...emu.store.selfHosted.alerts.keys()], [alertIds[2]]);
            await api.call(`/api/v2/dashboards/${dashboardId}`, "DELETE");
            assert.equal(emu.store.selfHosted.alerts.size, 0);
            assert.equal((await api.call(`/api/v2/dashboards/${dashboardId}`)).status, 404);
        });

        it("keeps omitted filters and tags on PUT and clears them with []", async () => {
            const created = await api.call("/api/v2/dashboards", "POST", {
                name: "Keep",
                tags: ["t"],
                tiles: [],
                filters: [{ type: "QUERY_EXPRESSION", name: "Env", expression: "env", sourceId: logs }],
            });
            const id = created.json.data.id;
            const filterId = created.json.data.filters[0].id;
            const kept = await api.call(`/api/v2/dashboards/${id}`, "PUT", { name: "Keep 2", tiles: [] });
            assert.deepEqual(kept.json.data.tags, ["t"]);
            assert.equal(kept.json.data.filters[0].id, filterId);
            const cleared = await api.call(`/api/v2/dashboards/${id}`, "PUT", { name: "Keep 3", tiles: [], tags: [], filters: [] });
            assert.deepEqual(cleared.json.data.tags, []);
            assert.deepEqual(cleared.json.data.filters, []);
        });

        it("applies the managed filter id rules: refused on POST, required on PUT", async () => {
            const filter = { type: "QUERY_EXPRESSION", name: "Env", expression: "env", sourceId: emu.fixturesOf("managed").sources.logs.id };
            const withId = await api.call(`${api.managed}/dashboards`, "POST", { name: "MG", tiles: [], filters: [{ ...filter, id: "d".repeat(24) }] });
            assert.equal(withId.status, 400);
            const created = await api.call(`${api.managed}/dashboards`, "POST", { name: "MG", tiles: [], filters: [filter] });
            const stored = created.json.result.filters[0];
            const noId = await api.call(`${api.managed}/dashboards/${created.json.result.id}`, "PUT", { name: "MG", tiles: [], filters: [filter] });
            assert.equal(noId.status, 400);
            assert.match(noId.json.error, /^BAD_REQUEST: /);
            const placeholder = "e".repeat(24);
            const put = await api.call(`${api.managed}/dashboards/${created.json.result.id}`, "PUT", {
                name: "MG",
                tiles: [],
                filters: [stored, { ...filter, name: "New", id: placeholder }],
            });
            assert.equal(put.status, 200, put.text);
            assert.equal(put.json.result.filters[0].id, stored.id);
            assert.notEqual(put.json.result.filters[1].id, placeholder);
        });

        it("validates without persisting", async () => {
            const ok = await api.call("/api/v2/dashboards/validate", "POST", { name: "V", tiles: [lineTile(logs)] });
            // Self-hosted answers the bare object, without the `data` envelope.
            assert.equal(ok.json.valid, true);
            assert.equal(ok.json.normalized.tiles[0].config.fillNulls, true);
            const bad = await api.call("/api/v2/dashboards/validate", "POST", { name: "V", tiles: [lineTile(logs, { w: 0 })] });
            assert.equal(bad.status, 200);
            assert.deepEqual(bad.json, {
                valid: false,
                errors: [{ path: "tiles.0.w", message: "Number must be greater than or equal to 1" }],
                normalized: null,
            });
            assert.equal(emu.store.selfHosted.dashboards.size, 0);
        });

        it("lets tests edit the store behind the client's back", async () => {
            const created = await api.call("/api/v2/dashboards", "POST", { name: "Doomed", tiles: [] });
            emu.store.selfHosted.dashboards.delete(created.json.data.id);
            assert.equal((await api.call(`/api/v2/dashboards/${created.json.data.id}`)).status, 404);
            assert.equal(emu.inventory().selfHosted.dashboards.count, 0);
        });
    });

    describe("alerts", () => {
        async function dashboardWithTile(): Promise<{ dashboardId: string; tileId: string }> {
            const res = await api.call("/api/v2/dashboards", "POST", { name: "For alerts", tiles: [lineTile(logs)] });
            return { dashboardId: res.json.data.id, tileId: res.json.data.tiles[0].id };
        }

        it("returns the reference keys on creation", async () => {
            const { dashboardId, tileId } = await dashboardWithTile();
            const res = await api.call("/api/v2/alerts", "POST", tileAlert(emu, dashboardId, tileId, { name: "High" }));
            assert.deepEqual(Object.keys(res.json.data), [
                "id",
                "name",
                "message",
                "note",
                "numConsecutiveWindows",
                "threshold",
                "interval",
                "source",
                "thresholdType",
                "channel",
                "channels",
                "teamId",
                "tileId",
                "dashboardId",
                "state",
                "createdAt",
                "updatedAt",
            ]);
            assert.equal(res.json.data.state, "OK");
            assert.equal(res.json.data.note, null);
            assert.match(res.json.data.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        });

        it("replaces the whole alert on PUT: omitted optional fields are cleared, thresholdMax is kept", async () => {
            const { dashboardId, tileId } = await dashboardWithTile();
            const created = await api.call(
                "/api/v2/alerts",
                "POST",
                tileAlert(emu, dashboardId, tileId, {
                    name: "N",
                    message: "M",
                    note: "Runbook",
                    numConsecutiveWindows: 3,
                    thresholdType: "between",
                    thresholdMax: 50,
                }),
            );
            const id = created.json.data.id;
            const put = await api.call(`/api/v2/alerts/${id}`, "PUT", tileAlert(emu, dashboardId, tileId, { threshold: 20 }));
            assert.equal(put.status, 200, put.text);
            const a = put.json.data;
            assert.deepEqual([a.name, a.message, a.note, a.numConsecutiveWindows], [null, null, null, null]);
            assert.equal(a.threshold, 20);
            assert.equal(a.thresholdMax, 50);
            assert.equal(a.state, "OK");
            assert.equal(a.createdAt, created.json.data.createdAt);
        });

        it("refuses bad references and shapes with the documented messages", async () => {
            const { dashboardId, tileId } = await dashboardWithTile();
            const cases: [Record<string, unknown>, string][] = [
                [tileAlert(emu, dashboardId, "f".repeat(24)), "Tile not found"],
                [tileAlert(emu, "f".repeat(24), tileId), "Dashboard not found"],
                [tileAlert(emu, dashboardId, tileId, { channel: { type: "webhook", webhookId: "f".repeat(24) } }), "Webhook not found"],
                [tileAlert(emu, "nope", tileId), "Invalid dashboard ID"],
                [tileAlert(emu, dashboardId, tileId, { name: "" }), "Body validation failed: name: String must contain at least 1 character(s)"],
                [
                    tileAlert(emu, dashboardId, tileId, { thresholdType: "between" }),
                    "Body validation failed: thresholdMax: thresholdMax is required for between/not_between threshold types",
                ],
                [{ ...tileAlert(emu, dashboardId, tileId), source: undefined }, "Body validation failed: Invalid input"],
            ];
            for (const [body, message] of cases) {
                const res = await api.call("/api/v2/alerts", "POST", body);
                assert.equal(res.status, 400, message);
                assert.deepEqual(res.json, { message });
            }
            assert.equal(emu.store.selfHosted.alerts.size, 0);
        });

        it("refuses the spec's source search (the server knows saved_search and tile) and takes saved_search", async () => {
            const body = {
                source: "search",
                savedSearchId: emu.fixtures.savedSearch.id,
                groupBy: "ServiceName",
                threshold: 1,
                interval: "1h",
                thresholdType: "above",
                channel: { type: "webhook", webhookId: emu.fixtures.webhooks.generic.id },
            };
            const refused = await api.call("/api/v2/alerts", "POST", body);
            assert.equal(refused.status, 400);
            assert.deepEqual(refused.json, {
                message: "Body validation failed: source: Invalid enum value. Expected 'saved_search' | 'tile', received 'search'; Invalid input",
            });
            const res = await api.call("/api/v2/alerts", "POST", { ...body, source: "saved_search" });
            assert.equal(res.status, 200, res.text);
            assert.equal(res.json.data.source, "saved_search");
            assert.equal(res.json.data.savedSearchId, emu.fixtures.savedSearch.id);
            assert.equal(res.json.data.groupBy, "ServiceName");
            assert.equal("dashboardId" in res.json.data, false);
        });

        it("paginates the list with meta and X-Total-Count", async () => {
            const { dashboardId, tileId } = await dashboardWithTile();
            const ids: string[] = [];
            for (let i = 0; i < 3; i++)
                ids.push((await api.call("/api/v2/alerts", "POST", tileAlert(emu, dashboardId, tileId, { threshold: i }))).json.data.id);
            const page1 = await api.call("/api/v2/alerts?limit=2");
            assert.deepEqual(page1.json.meta, { total: 3, limit: 2, offset: 0 });
            assert.equal(page1.headers.get("x-total-count"), "3");
            assert.deepEqual(
                page1.json.data.map((a: { id: string }) => a.id),
                ids.slice(0, 2),
            );
            const page2 = await api.call("/api/v2/alerts?limit=2&offset=2");
            assert.deepEqual(
                page2.json.data.map((a: { id: string }) => a.id),
                ids.slice(2),
            );
            const past = await api.call("/api/v2/alerts?offset=10");
            assert.deepEqual(past.json.data, []);
            assert.equal(past.json.meta.total, 3);
            for (const bad of ["limit=0", "limit=5000", "offset=-1", "limit=abc", "limit=1.5"]) {
                const res = await api.call(`/api/v2/alerts?${bad}`);
                assert.equal(res.status, 400, bad);
                assert.match(res.json.message, /^Query validation failed: /);
            }
            const webhooks = await api.call("/api/v2/webhooks?limit=1&offset=1");
            assert.deepEqual(webhooks.json.meta, { total: 2, limit: 1, offset: 1 });
            assert.equal(webhooks.json.data[0].service, "generic");
            assert.equal("headers" in webhooks.json.data[0], false);
        });
    });

    describe("roles (managed only)", () => {
        const permissions = [{ action: "read", subject: "Dashboard", inverted: false, integration: "mongodb" }];

        it("validates role requests against the cloud document, recording the operation refused", async () => {
            const missingPermissions = await api.call(`${api.managed}/roles`, "POST", { name: "Editors" });
            assert.equal(missingPermissions.status, 400);
            assert.match(missingPermissions.json.error, /^BAD_REQUEST: Body validation failed: .*permissions/);
            const noSubject = await api.call(`${api.managed}/roles`, "POST", { name: "Editors", permissions: [{ action: "read" }] });
            assert.equal(noSubject.status, 400);
            assert.deepEqual(
                emu.invalidRequests.map((r) => [r.operationId, r.rejected]),
                [
                    ["observabilityCreateRole", true],
                    ["observabilityCreateRole", true],
                ],
            );
            emu.clearInvalidRequests();

            const created = await api.call(`${api.managed}/roles`, "POST", { name: "Editors", description: "Edit", permissions });
            assert.equal(created.status, 200);
            const id = created.json.result.id as string;
            assert.match(id, /^[0-9a-f]{24}$/);
            const renamedOnly = await api.call(`${api.managed}/roles/${id}`, "PUT", { name: "Renamed" });
            assert.equal(renamedOnly.status, 400, "the permissions are required on PUT");
            emu.clearInvalidRequests();
            const kept = await api.call(`${api.managed}/roles/${id}`, "PUT", { permissions: [] });
            assert.deepEqual([kept.json.result.name, kept.json.result.description, kept.json.result.permissions], ["Editors", "Edit", []]);
            const deleted = await api.call(`${api.managed}/roles/${id}`, "DELETE");
            assert.equal(deleted.status, 200);
            assert.equal("result" in deleted.json, false);
            assert.deepEqual(emu.invalidRequests, []);
        });

        it("serves no roles on the self-hosted API", async () => {
            const res = await api.call("/api/v2/roles", "POST", { name: "Editors", permissions });
            assert.equal(res.status, 404);
            assert.equal([...rolesState(emu.cloud).roles.values()].filter((role) => !role.isPredefined).length, 0);
        });
    });

    describe("charts", () => {
        it("validates timestamps and sources and answers counts as strings", async () => {
            const series = [{ sourceId: logs, aggFn: "count", where: "", groupBy: [] }];
            const ok = await api.call("/api/v2/charts/series", "POST", { startTime: 1647014400000, endTime: 1647018000000, granularity: "15m", series });
            assert.equal(ok.status, 200);
            assert.equal(ok.json.data.length, 4);
            assert.deepEqual(ok.json.data[0].group, []);
            assert.equal(typeof ok.json.data[0]["series_0.data"], "string");
            const again = await api.call("/api/v2/charts/series", "POST", { startTime: 1647014400000, endTime: 1647018000000, granularity: "15m", series });
            assert.deepEqual(again.json, ok.json);
            const seconds = await api.call("/api/v2/charts/series", "POST", { startTime: 1647014400, endTime: 1647018000000, series });
            assert.deepEqual(seconds.json, { message: "Body validation failed: startTime: Timestamp must be in milliseconds" });
            const unknown = await api.call("/api/v2/charts/series", "POST", {
                startTime: 1647014400000,
                endTime: 1647018000000,
                series: [{ ...series[0], sourceId: "f".repeat(24) }],
            });
            assert.equal(unknown.status, 404);
            assert.deepEqual(unknown.json, { error: "Source not found for series 0" });
        });
    });
});

describe("emulator options", function () {
    it("mints the same ids for the same seed and clock, and takes fixed credentials", async () => {
        const credentials = { apiKey: "11111111-1111-4111-8111-111111111111", keyId: "demo-key", keySecret: "demo-secret" };
        const a = await Emulator.start({ seed: 7, clock: new ManualClock(), credentials });
        const b = await Emulator.start({ seed: 7, clock: new ManualClock() });
        try {
            assert.deepEqual(a.fixtures, b.fixtures);
            assert.equal(a.credentials.apiKey, credentials.apiKey);
            assert.equal(a.env().OBSERVABILITY_KEY_SECRET, "demo-secret");
            assert.notEqual(a.credentials.organizationId, b.credentials.organizationId);
            assert.equal((await client(a).call("/api/v2/sources")).status, 200);
        } finally {
            await Promise.all([a.close(), b.close()]);
        }
    });

    it("takes the self-hosted server's webhook host allowlist in its syntax, and hands it to the providers' settings", async () => {
        const emu = await Emulator.start({ rateLimits: false, webhookHostnameAllowlist: " Alerts.Localhost. ,10.1.2.3" });
        try {
            const hook = (url: string) => ({ name: url, service: "generic", url });
            const status = async (variant: Variant, url: string) => (await client(emu).on(variant, "/webhooks", "POST", hook(url))).status;
            assert.equal(await status("self-hosted", "http://pager.alerts.localhost/hook"), 200);
            assert.equal(await status("self-hosted", "http://10.1.2.3/hook"), 200);
            assert.equal(await status("self-hosted", "http://10.1.2.4/hook"), 400);
            assert.equal(await status("managed", "http://10.1.2.3/hook"), 400, "the managed service has its own");
            assert.equal(emu.env().OBSERVABILITY_WEBHOOK_HOSTNAME_ALLOWLIST, " Alerts.Localhost. ,10.1.2.3");
        } finally {
            await emu.close();
        }
    });

    it("skips OpenAPI validation when asked, but keeps the server's own rules", async () => {
        const emu = await Emulator.start({ validate: false, rateLimits: false });
        try {
            const api = client(emu);
            const logs = emu.fixtures.sources.logs.id;
            assert.equal((await api.call("/api/v2/dashboards", "POST", { name: "Wide", tiles: [lineTile(logs, { x: 30 })] })).status, 200);
            const unknown = await api.call("/api/v2/dashboards", "POST", { name: "S", tiles: [lineTile("c".repeat(24))] });
            assert.equal(unknown.status, 400);
            assert.deepEqual(emu.invalidRequests, []);
        } finally {
            await emu.close();
        }
    });
});

describe("emulator rate limits", function () {
    let emu: Emulator;
    let clock: ManualClock;
    let api: ReturnType<typeof client>;

    beforeEach(async () => {
        clock = new ManualClock();
        emu = await Emulator.start({ clock });
        api = client(emu);
    });
    afterEach(() => emu.close());

    it("allows 100 self-hosted requests per 60 s window, then answers 429 with headers until the window resets", async () => {
        for (let i = 0; i < 100; i++) assert.equal((await api.call("/api/v2/sources")).status, 200);
        const limited = await api.call("/api/v2/sources");
        assert.equal(limited.status, 429);
        assert.equal(limited.text, "Too many requests, please try again later.");
        assert.equal(limited.headers.get("ratelimit-limit"), "100");
        assert.equal(limited.headers.get("ratelimit-remaining"), "0");
        assert.equal(limited.headers.get("retry-after"), "60");
        assert.equal((await api.call("/api/v2")).status, 200, "GET /api/v2 is not limited");
        clock.advance(30_000);
        const later = await api.call("/api/v2/sources");
        assert.deepEqual([later.headers.get("ratelimit-reset"), later.headers.get("retry-after")], ["30", "60"], "Retry-After is always the whole window");
        clock.advance(30_000);
        const fresh = await api.call("/api/v2/sources");
        assert.equal(fresh.status, 200);
        assert.equal(fresh.headers.get("ratelimit-remaining"), "99");
        assert.equal(emu.rateLimits.stats.selfHosted, 2);
    });

    it("counts self-hosted requests before authentication", async () => {
        emu.rateLimits.set({ selfHosted: { limit: 2, windowMs: 60_000 } });
        const bad = "Bearer 00000000-0000-4000-8000-000000000000";
        assert.equal((await api.call("/api/v2/sources", "GET", undefined, bad)).status, 401);
        assert.equal((await api.call("/api/v2/sources", "GET", undefined, bad)).status, 401);
        assert.equal((await api.call("/api/v2/sources", "GET", undefined, bad)).status, 429);
        assert.equal((await api.call("/api/v2/sources")).status, 200, "another key has its own budget");
    });

    it("allows 10 cloud requests per 10 s, then 429 with X-RateLimit-Reset and the cloud error body", async () => {
        for (let i = 0; i < 10; i++) assert.equal((await api.call(`${api.managed}/sources`)).status, 200);
        const limited = await api.call(`/v1/organizations/${emu.credentials.organizationId}`);
        assert.equal(limited.status, 429);
        assert.equal(limited.headers.get("x-ratelimit-reset"), "10");
        assert.equal(limited.json.status, 429);
        assert.match(limited.json.error, /^TOO_MANY_REQUESTS: /);
        assert.match(limited.json.requestId, UUID_V4);
        clock.advance(10_000);
        assert.equal((await api.call(`${api.managed}/sources`)).status, 200);
        emu.rateLimits.disable();
        for (let i = 0; i < 20; i++) assert.equal((await api.call(`${api.managed}/sources`)).status, 200);
        assert.equal(emu.rateLimits.stats.cloud, 1);
    });
});

describe("emulator fault injection", function () {
    let emu: Emulator;
    let api: ReturnType<typeof client>;
    const body = () => ({ name: "Faulty", tiles: [lineTile(emu.fixtures.sources.logs.id)] });

    beforeEach(async () => {
        emu = await Emulator.start({ rateLimits: false });
        api = client(emu);
    });
    afterEach(() => emu.close());

    it("answers a 5xx with the API's error body, only for matching requests", async () => {
        emu.faults.failNext(1, "5xx", { method: "POST", pathIncludes: "/dashboards" });
        assert.equal((await api.call("/api/v2/dashboards")).status, 200, "GET does not match the filter");
        const failed = await api.call("/api/v2/dashboards", "POST", body());
        assert.equal(failed.status, 500);
        assert.deepEqual(failed.json, { message: "Something went wrong :(" });
        assert.equal(emu.store.selfHosted.dashboards.size, 0);
        assert.equal((await api.call("/api/v2/dashboards", "POST", body())).status, 200);
        emu.faults.failNext(1, "5xx", {}, { status: 504 });
        const gateway = await api.call(`${api.managed}/dashboards`);
        assert.equal(gateway.status, 504);
        assert.match(gateway.headers.get("content-type") ?? "", /^text\/html/);
        assert.deepEqual(emu.faults.stats, { "5xx": 2, "drop-before": 0, "drop-after": 0, slow: 0, total: 2 });
    });

    it("drops the socket before applying a POST", async () => {
        emu.faults.failNext(1, "drop-before", { method: "POST" });
        await assert.rejects(api.call("/api/v2/dashboards", "POST", body()));
        assert.equal(emu.store.selfHosted.dashboards.size, 0);
        assert.equal(emu.requests.at(-1)?.fault, "drop-before");
        assert.equal(emu.requests.at(-1)?.status, 0);
    });

    it("drops the socket after applying a POST, so the object exists although the client saw no answer", async () => {
        emu.faults.failNext(1, "drop-after", { method: "POST" });
        await assert.rejects(api.call("/api/v2/dashboards", "POST", body()));
        assert.equal(emu.store.selfHosted.dashboards.size, 1);
        const list = await api.call("/api/v2/dashboards");
        assert.equal(list.json.data[0].name, "Faulty");
        assert.equal(emu.faults.stats["drop-after"], 1);
    });

    it("delays a slow response but still answers it", async () => {
        emu.faults.failNext(1, "slow", {}, { slowMs: 20 });
        const res = await api.call("/api/v2/sources");
        assert.equal(res.status, 200);
        assert.equal(emu.requests[0].fault, "slow");
        assert.equal(emu.faults.stats.slow, 1);
    });

    it("draws random faults deterministically from the seed", async () => {
        const run = async (): Promise<(string | undefined)[]> => {
            emu.clearRequests();
            emu.faults.set({ rate: 0.5, kinds: ["5xx", "slow"], slowMs: 1, seed: 42 });
            for (let i = 0; i < 20; i++) await api.call("/api/v2/sources");
            emu.faults.clear();
            return emu.requests.map((r) => r.fault);
        };
        const first = await run();
        const second = await run();
        assert.deepEqual(first, second);
        assert.ok(first.some((f) => f === "5xx") && first.some((f) => f === undefined));
    });
});
