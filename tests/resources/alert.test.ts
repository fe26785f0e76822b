import assert from "node:assert/strict";
import { alertFieldsFromWire, alertStatusFromWire, wireAlert } from "../../provider/resources/alert/wire";
import { alertExport } from "../../provider/resources/alert/export";
import { webhookExport } from "../../provider/resources/webhook/export";
import { Code, type TsValue } from "../../provider/engine/tsValue";
import { CheckFailedError, DeclaredResource, Engine, UNKNOWN } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { EmulatedStack, startEmulatedStack, upAfterUpdatePreview } from "../support/emulatedStack";

const PROVIDER = packageProviderText("alert");
const URN = urn("Alert", "errors");

type Variant = "self-hosted" | "managed";

function alertProgram(inputs: PropertyMap, name = "errors"): DeclaredResource[] {
    return [{ type: "Alert", name, provider: PROVIDER, inputs }];
}

/** Talks to the emulator's HTTP API directly, as a person using the web UI or a script would. */
function directApi(stack: EmulatedStack, variant: Variant) {
    const { emu } = stack;
    const { apiKey, keyId, keySecret, organizationId, serviceId } = emu.credentials;
    const base = variant === "self-hosted" ? `${emu.url}/api/v2` : `${emu.url}/v1/organizations/${organizationId}/services/${serviceId}/observability`;
    const authorization = variant === "self-hosted" ? `Bearer ${apiKey}` : `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
    async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
        const res = await fetch(`${base}${path}`, {
            method,
            headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await res.json()) as Record<string, unknown>;
        assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(json)}`);
        return (variant === "self-hosted" ? json.data : json.result) as Record<string, unknown>;
    }
    return {
        call,
        team: () => (variant === "self-hosted" ? emu.store.selfHosted : emu.store.managed),
        /** A dashboard with one alertable tile, created over HTTP; returns its id and the tile's server id. */
        async dashboard(): Promise<{ dashboardId: string; tileId: string }> {
            const created = await call("POST", "/dashboards", {
                name: "Checkout",
                tiles: [
                    {
                        name: "Errors",
                        x: 0,
                        y: 0,
                        w: 6,
                        h: 3,
                        config: { displayType: "line", sourceId: emu.fixturesOf(variant).sources.logs.id, select: [{ aggFn: "count" }] },
                    },
                ],
            });
            const tiles = created.tiles as { id: string }[];
            return { dashboardId: created.id as string, tileId: tiles[0].id };
        },
    };
}

for (const variant of ["self-hosted", "managed"] as const) {
    describe(`Alert on the ${variant} variant (through the real host, against the emulator)`, function () {
        let stack: EmulatedStack;
        let api: ReturnType<typeof directApi>;
        let tile: { dashboardId: string; tileId: string };

        before(async function () {
            stack = await startEmulatedStack({ config: { "observability:variant": variant } });
            api = directApi(stack, variant);
        });

        after(async function () {
            await stack?.close();
        });

        beforeEach(async function () {
            stack.engine = new Engine(stack.host);
            // Every test starts without alerts on the server, so counts speak for the test alone.
            stack.emu.store.selfHosted.alerts.clear();
            stack.emu.store.managed.alerts.clear();
            tile = await api.dashboard();
            stack.emu.clearRequests();
            stack.emu.clearInvalidRequests();
        });

        afterEach(function () {
            assert.deepEqual(stack.emu.invalidRequests, []);
            assert.deepEqual(stack.emu.serverErrors, []);
        });

        const webhookId = () => stack.emu.fixturesOf(variant).webhooks.slack.id;
        const alertCalls = () =>
            stack.emu.requests.filter((r) => r.path.includes("/alerts")).map((r) => `${r.method} ${r.path.replace(/^.*\/alerts/, "/alerts")}`);
        const bodies = (method: string) => stack.emu.requests.filter((r) => r.method === method && r.path.includes("/alerts")).map((r) => r.body);
        // One read of a list that is not empty: the managed list carries no `meta`, so it is read until a page brings nothing new.
        const listRead = variant === "managed" ? ["GET /alerts", "GET /alerts"] : ["GET /alerts"];
        const state = () => {
            const s = stack.engine.state.get(URN);
            assert.ok(s, "the alert is in state");
            return s;
        };
        const tileAlert = (extra: PropertyMap = {}): PropertyMap => ({
            source: "tile",
            dashboardId: tile.dashboardId,
            tileId: tile.tileId,
            threshold: 10,
            thresholdType: "above",
            interval: "5m",
            channel: { webhookId: webhookId() },
            name: "Checkout errors",
            message: "Too many errors",
            ...extra,
        });

        it("creates a tile alert in the spec's form, then plans nothing without a request", async function () {
            const program = alertProgram(tileAlert());
            const result = await stack.engine.up(program);

            assert.deepEqual(result.created, ["errors"]);
            assert.deepEqual(alertCalls(), ["GET /alerts", "POST /alerts"], "the list before the create, then the create");
            // The server refuses `null` for `thresholdMax` and the offset, and has no `groupBy` on tile alerts: what
            // is not declared is left out (an update sends the schedule cleared only when the alert holds one).
            assert.deepEqual(bodies("POST"), [
                {
                    source: "tile",
                    threshold: 10,
                    thresholdType: "above",
                    interval: "5m",
                    channel: { type: "webhook", webhookId: webhookId() },
                    dashboardId: tile.dashboardId,
                    tileId: tile.tileId,
                    name: "Checkout errors",
                    message: "Too many errors",
                },
            ]);
            const { id, outputs } = state();
            const stored = api.team().alerts.get(id);
            assert.ok(stored, "the alert exists on the server");
            assert.equal(outputs.state, "OK");
            assert.equal(outputs.silenced, false);
            assert.equal(outputs.silencedUntil, null);
            assert.equal(outputs.team, api.team().teamId);
            assert.equal(outputs.createdAt, stored.createdAt);
            assert.deepEqual(outputs.channel, { type: "webhook", webhookId: webhookId() });
            const expectedTarget =
                variant === "self-hosted"
                    ? { variant }
                    : { variant, organizationId: stack.emu.credentials.organizationId, serviceId: stack.emu.credentials.serviceId };
            assert.deepEqual(outputs.target, expectedTarget);
            assert.equal(outputs.variant, undefined, "the argument as given: left out");

            stack.emu.clearRequests();
            const again = await stack.engine.up(program);
            assert.deepEqual(again.same, ["errors"]);
            assert.deepEqual(stack.emu.requests, [], "check and diff make no request");

            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.same, ["errors"], "a refresh right after create changes nothing");
            const afterRefresh = await stack.engine.up(program);
            assert.deepEqual(afterRefresh.same, ["errors"]);
        });

        it("updates with a full replace: what the program no longer declares is left out, and the server clears it", async function () {
            await stack.engine.up(alertProgram(tileAlert({ note: "runbook", numConsecutiveWindows: 3 })));
            const { id } = state();
            stack.emu.clearRequests();

            // Yesterday at midnight UTC, written without milliseconds (the server accepts at most a year ahead).
            const startAt = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000).toISOString();
            const next = alertProgram(tileAlert({ name: undefined, message: undefined, threshold: 20, scheduleStartAt: startAt.replace(".000Z", "Z") }));
            await upAfterUpdatePreview(stack, next);
            assert.deepEqual(alertCalls(), [`PUT /alerts/${id}`]);
            const [put] = bodies("PUT") as Record<string, unknown>[];
            assert.equal("name" in put, false);
            assert.equal("message" in put, false);
            assert.equal("note" in put, false);
            assert.equal("numConsecutiveWindows" in put, false);
            assert.equal("groupBy" in put, false, "a tile alert has no group-by");
            assert.equal("thresholdMax" in put, false);
            assert.equal(put.threshold, 20);
            assert.equal(put.scheduleStartAt, startAt, "normalized to the server's millisecond form");
            const stored = api.team().alerts.get(id);
            assert.ok(stored);
            assert.equal(stored.name, null);
            assert.equal(stored.message, null);
            assert.equal(stored.note, null);
            assert.equal(stored.numConsecutiveWindows, null);
            assert.equal(state().outputs.note, undefined);

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(next)).same, ["errors"]);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual(alertCalls(), listRead, "refresh reads through the shared list");

            // A PUT keeps a left-out start: dropping it from the program sends it cleared.
            stack.emu.clearRequests();
            const unscheduled = alertProgram(tileAlert({ name: undefined, message: undefined, threshold: 20 }));
            await stack.engine.up(unscheduled);
            const [clearing] = bodies("PUT") as Record<string, unknown>[];
            assert.equal(clearing.scheduleStartAt, null);
            assert.equal(api.team().alerts.get(id)?.scheduleStartAt, null);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual((await stack.engine.up(unscheduled)).same, ["errors"]);
        });

        it("replaces a range alert made plain: an update cannot clear the server's upper bound", async function () {
            await stack.engine.up(alertProgram(tileAlert({ thresholdType: "between", thresholdMax: 50 })));
            const firstId = state().id;
            stack.emu.clearRequests();

            const plain = alertProgram(tileAlert());
            const result = await stack.engine.up(plain);
            assert.deepEqual(
                result.steps.map((s) => [s.op, s.replaces]),
                [
                    ["replace", ["thresholdMax"]],
                    ["delete-replaced", undefined],
                ],
            );
            assert.deepEqual(bodies("PUT"), [], "no PUT: it would keep the upper bound");
            assert.equal(api.team().alerts.has(firstId), false, "the old alert is deleted");
            const stored = api.team().alerts.get(state().id);
            assert.ok(stored);
            assert.deepEqual([stored.thresholdType, stored.thresholdMax], ["above", undefined]);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual((await stack.engine.up(plain)).same, ["errors"]);
        });

        it("shows an upper bound a plain alert still holds on refresh, and replaces the alert to drop it", async function () {
            const plain = alertProgram(tileAlert());
            await stack.engine.up(plain);
            const firstId = state().id;
            // What a range alert made plain by an earlier version of this package holds: the PUT kept its bound.
            const stored = api.team().alerts.get(firstId);
            assert.ok(stored);
            stored.thresholdMax = 50;

            assert.deepEqual((await stack.engine.refresh()).updated, ["errors"]);
            assert.equal(state().inputs.thresholdMax, 50, "the refresh shows what the server holds");
            const result = await stack.engine.up(plain);
            assert.deepEqual(
                result.steps.map((s) => [s.op, s.replaces]),
                [
                    ["replace", ["thresholdMax"]],
                    ["delete-replaced", undefined],
                ],
            );
            assert.equal(api.team().alerts.has(firstId), false);
            assert.equal(api.team().alerts.get(state().id)?.thresholdMax, undefined);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
        });

        it("shows an out-of-band edit on refresh and puts the declaration back on the next up", async function () {
            const program = alertProgram(tileAlert());
            await stack.engine.up(program);
            const { id } = state();
            const stored = api.team().alerts.get(id);
            assert.ok(stored);
            stored.threshold = 99;
            stored.name = null;
            stored.silenced = { by: "65f5e4a3b9e77c001a234567", at: "2026-03-19T08:00:00.000Z", until: "2026-03-20T08:00:00.000Z" };

            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.updated, ["errors"]);
            assert.equal(state().inputs.threshold, 99);
            assert.equal(state().inputs.name, undefined);
            assert.equal(state().outputs.silenced, true);
            assert.equal(state().outputs.silencedUntil, "2026-03-20T08:00:00.000Z");

            stack.emu.clearRequests();
            const result = await stack.engine.up(program);
            assert.deepEqual(result.updated, ["errors"]);
            assert.deepEqual(alertCalls(), [`PUT /alerts/${id}`]);
            assert.equal(api.team().alerts.get(id)?.threshold, 10);
            assert.equal(api.team().alerts.get(id)?.name, "Checkout errors");
        });

        it("drops an alert deleted out of band, or by a dashboard delete, and deletes an already deleted one", async function () {
            const program = alertProgram(tileAlert());
            await stack.engine.up(program);
            api.team().alerts.delete(state().id);

            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.deleted, ["errors"]);
            assert.equal(stack.engine.state.size, 0);

            await stack.engine.up(program);
            assert.equal(api.team().alerts.size, 1, "re-created");
            await api.call("DELETE", `/dashboards/${tile.dashboardId}`);
            assert.equal(api.team().alerts.size, 0, "the server's cascade took the tile alert");
            assert.deepEqual((await stack.engine.refresh()).deleted, ["errors"]);

            const second = await api.dashboard();
            tile = second;
            await stack.engine.up(alertProgram(tileAlert()));
            const { id } = state();
            api.team().alerts.delete(id);
            stack.emu.clearRequests();
            const destroyed = await stack.engine.destroy();
            assert.deepEqual(destroyed.deleted, ["errors"]);
            assert.deepEqual(alertCalls(), [`DELETE /alerts/${id}`], "a 404 on delete means already gone");
        });

        it("names an unnamed alert by what it watches when its create fails", async function () {
            const missing = "0123456789abcdef01234567";
            const program = alertProgram(tileAlert({ name: undefined, dashboardId: missing }));
            await assert.rejects(stack.engine.up(program), (error: unknown) => {
                assert.match(String((error as Error).message), new RegExp(`create Alert on tile ${tile.tileId} of dashboard ${missing} failed: POST `));
                return true;
            });
            stack.emu.clearInvalidRequests();
        });

        it("fails a reference to the other variant's dashboard, saying where the id was looked for", async function () {
            const other = directApi(stack, variant === "self-hosted" ? "managed" : "self-hosted");
            const elsewhere = await other.dashboard();
            const program = alertProgram(tileAlert({ dashboardId: elsewhere.dashboardId, tileId: elsewhere.tileId }));
            const { organizationId, serviceId } = stack.emu.credentials;
            const where =
                variant === "self-hosted"
                    ? `the self-hosted API at ${stack.emu.url}`
                    : `service ${serviceId} of organization ${organizationId} on the cloud API`;
            await assert.rejects(stack.engine.up(program), (error: unknown) => {
                const text = String((error as Error).message);
                assert.match(text, /HTTP 400.*Dashboard not found/);
                assert.ok(text.includes(`its ids were looked for in ${where}. An id of the other variant`), text);
                return true;
            });
            stack.emu.clearInvalidRequests();
        });

        it("creates exactly one alert when the POST's answer is lost after the server applied it", async function () {
            stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/alerts" });
            const result = await stack.engine.up(alertProgram(tileAlert()));

            assert.deepEqual(result.created, ["errors"]);
            assert.equal(api.team().alerts.size, 1);
            assert.equal(state().id, [...api.team().alerts.keys()][0]);
            // The list before the POST is empty: one page.
            assert.deepEqual(alertCalls(), ["GET /alerts", "POST /alerts", ...listRead], "looked for the alert instead of posting again");
            assert.deepEqual((await stack.engine.up(alertProgram(tileAlert()))).same, ["errors"]);
        });

        it("round-trips a search alert with a range threshold, group-by and schedule (the spec's `search` sent as `saved_search`)", async function () {
            const program = alertProgram({
                source: "search",
                savedSearchId: stack.emu.fixturesOf(variant).savedSearch.id,
                groupBy: "ServiceName",
                threshold: 5,
                thresholdMax: 50,
                thresholdType: "not_between",
                interval: "1h",
                scheduleOffsetMinutes: 15,
                channels: [{ type: "webhook", webhookId: webhookId() }],
                note: "Only business hours matter",
            });
            await stack.engine.up(program);
            const [post] = bodies("POST") as Record<string, unknown>[];
            assert.equal(post.source, "saved_search", "the server refuses the spec's `search`");
            assert.equal(post.savedSearchId, stack.emu.fixturesOf(variant).savedSearch.id);
            assert.equal(post.groupBy, "ServiceName");
            assert.equal(post.thresholdMax, 50);
            assert.equal("channels" in post, false, "one channel goes as `channel` only");
            assert.equal(api.team().alerts.get(state().id)?.source, "saved_search");
            assert.equal(state().outputs.source, "search", "kept as declared, so states written with `search` plan no change");
            assert.deepEqual(state().outputs.channels, [{ type: "webhook", webhookId: webhookId() }]);
            assert.equal(state().outputs.channel, undefined);

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(program)).same, ["errors"]);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual((await stack.engine.up(program)).same, ["errors"]);

            // A state written while `search` went on the wire (its outputs say `search`) updates in place.
            const [declared] = program;
            const edited = alertProgram({ ...(declared.inputs as PropertyMap), threshold: 6 });
            stack.emu.clearRequests();
            const result = await stack.engine.up(edited);
            assert.deepEqual(
                result.steps.map((s) => [s.op, s.replaces]),
                [["update", []]],
            );
            assert.equal((bodies("PUT") as Record<string, unknown>[])[0].source, "saved_search");
            assert.equal(state().outputs.source, "search");
        });

        it("updates a saved-search alert in place, clearing its group-by by leaving it out", async function () {
            const search = (extra: PropertyMap): PropertyMap => ({
                source: "saved_search",
                savedSearchId: stack.emu.fixturesOf(variant).savedSearch.id,
                threshold: 5,
                thresholdType: "above",
                interval: "15m",
                channel: { webhookId: webhookId() },
                ...extra,
            });
            await stack.engine.up(alertProgram(search({ groupBy: "ServiceName", scheduleOffsetMinutes: 5 })));
            const { id } = state();
            assert.equal(state().outputs.source, "saved_search");
            stack.emu.clearRequests();

            const next = alertProgram(search({ threshold: 6 }));
            const result = await stack.engine.up(next);
            assert.deepEqual(
                result.steps.map((s) => [s.op, s.replaces]),
                [["update", []]],
            );
            const [put] = bodies("PUT") as Record<string, unknown>[];
            assert.equal(put.source, "saved_search");
            assert.equal("groupBy" in put, false, "the managed server refuses `groupBy: null`; leaving it out clears it");
            assert.equal(put.scheduleOffsetMinutes, 0, "a left-out offset would be kept: the default goes");
            const stored = api.team().alerts.get(id);
            assert.equal(stored?.groupBy, null);
            assert.equal(stored?.scheduleOffsetMinutes, 0);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual((await stack.engine.up(next)).same, ["errors"]);
        });

        it("adopts alerts made by hand with every field the server stores, updates one field, and changes nothing else", async function () {
            const { generic, slack } = stack.emu.fixturesOf(variant).webhooks;
            const startAt = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1)).toISOString();
            // As the web UI makes them: every field the server stores, channels in the variant's richest form.
            const channels =
                variant === "self-hosted"
                    ? {
                          channels: [
                              { type: "webhook", webhookId: generic.id },
                              { type: "webhook", webhookId: slack.id },
                          ],
                      }
                    : { channel: { type: "webhook", webhookId: slack.id, webhookService: "slack_api", slackChannelId: "C01ABCDEF23", severity: "warning" } };
            const search = {
                source: "saved_search",
                savedSearchId: stack.emu.fixturesOf(variant).savedSearch.id,
                groupBy: "ServiceName",
                threshold: 5,
                thresholdMax: 50,
                thresholdType: "between",
                interval: "15m",
                scheduleOffsetMinutes: 5,
                name: "By hand",
                message: "{{value}} errors",
                note: "Runbook: restart",
                numConsecutiveWindows: 3,
                ...channels,
            };
            const onTile = {
                source: "tile",
                ...tile,
                threshold: 7,
                thresholdType: "below_or_equal",
                interval: "1h",
                scheduleStartAt: startAt,
                name: "Tile by hand",
                message: "low",
                note: "n",
                numConsecutiveWindows: 2,
                channel: { type: "webhook", webhookId: generic.id },
            };
            const cases: [Record<string, unknown>, Record<string, unknown>][] = [
                [search, { threshold: 6 }],
                [onTile, { message: "very low" }],
            ];
            for (const [made, change] of cases) {
                const id = String((await api.call("POST", "/alerts", made)).id);
                // What only the server writes: it must survive the adoption's update too.
                const stored = api.team().alerts.get(id);
                assert.ok(stored);
                Object.assign(stored, {
                    state: "ALERT",
                    silenced: { by: "65f5e4a3b9e77c001a234567", at: "2026-03-19T08:00:00.000Z", until: "2026-03-20T08:00:00.000Z" },
                    executionErrors: [{ timestamp: "2026-03-19T08:00:00.000Z", type: "QUERY_ERROR", message: "timeout" }],
                });
                const before = structuredClone(stored);

                stack.engine = new Engine(stack.host);
                stack.emu.clearRequests();
                const program = alertProgram({ ...made, ...change, adoptId: id });
                assert.deepEqual((await stack.engine.up(program)).created, ["errors"]);
                assert.deepEqual(
                    alertCalls().filter((call) => !call.startsWith("GET")),
                    [`PUT /alerts/${id}`],
                    "adopted, then one update",
                );
                const after = api.team().alerts.get(id);
                assert.ok(after);
                assert.deepEqual(after, { ...before, ...change, updatedAt: after.updatedAt }, "only the changed field (and the update time) differ");

                stack.emu.clearRequests();
                assert.deepEqual((await stack.engine.up(program)).same, ["errors"]);
                assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
                assert.deepEqual(alertCalls(), listRead);
            }
        });

        if (variant === "self-hosted") {
            it("sends several channels as `channels` with `channel` equal to the first", async function () {
                const channels = [{ webhookId: stack.emu.fixturesOf(variant).webhooks.generic.id }, { webhookId: webhookId() }];
                const program = alertProgram(tileAlert({ channel: undefined, channels }));
                await stack.engine.up(program);
                const [post] = bodies("POST") as Record<string, unknown>[];
                assert.deepEqual(post.channel, { type: "webhook", webhookId: channels[0].webhookId });
                assert.deepEqual(
                    post.channels,
                    channels.map((c) => ({ type: "webhook", ...c })),
                );
                assert.equal(api.team().alerts.get(state().id)?.channels.length, 2);
                stack.emu.clearRequests();
                assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);

                // Declared with one `channel` while the server holds two: drift, and the update collapses it.
                await stack.engine.up(alertProgram(tileAlert()));
                assert.deepEqual(api.team().alerts.get(state().id)?.channels, [{ type: "webhook", webhookId: webhookId() }]);
                assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            });

            it("follows a Dashboard resource through its tileIds output, surviving an edit of the dashboard", async function () {
                const dashboardProvider = packageProviderText("dashboard");
                const program = (tiles: PropertyMap[]): DeclaredResource[] => [
                    { type: "Dashboard", name: "board", provider: dashboardProvider, inputs: { name: "Board", tiles } },
                    {
                        type: "Alert",
                        name: "errors",
                        provider: PROVIDER,
                        inputs: (outputs) => tileAlert({ dashboardId: outputs.board.id, tileId: (outputs.board.tileIds as Record<string, string>)?.Errors }),
                    },
                ];
                const config = { displayType: "line", sourceId: stack.emu.fixturesOf(variant).sources.logs.id, select: [{ aggFn: "count" }] };
                const errors = { name: "Errors", x: 0, y: 0, w: 6, h: 3, config };
                const latency = { name: "Latency", x: 6, y: 0, w: 6, h: 3, config };

                const preview = await stack.engine.preview(program([errors]));
                assert.deepEqual(preview.created, ["board", "errors"], "the tile id is unknown in a first preview, and check lets it through");
                await stack.engine.up(program([errors]));
                const alertId = state().id;
                const board = stack.engine.state.get(urn("Dashboard", "board"));
                assert.ok(board);
                assert.equal(state().outputs.tileId, (board.outputs.tileIds as Record<string, string>).Errors);

                const edited = await stack.engine.up(program([latency, errors]));
                assert.deepEqual(edited.updated, ["board"]);
                assert.deepEqual(edited.same, ["errors"]);
                assert.ok(api.team().alerts.has(alertId), "the dashboard update kept the tile id, so the alert survived");
                assert.deepEqual((await stack.engine.refresh()).deleted, []);
                await stack.engine.destroy();
                assert.equal(api.team().alerts.size, 0);
            });

            it("moves to the managed variant only by replacement, and an explicit default is no move", async function () {
                const managed = directApi(stack, "managed");
                const managedTile = await managed.dashboard();
                await stack.engine.up(alertProgram(tileAlert()));
                const firstId = state().id;

                stack.emu.clearRequests();
                const explicit = await stack.engine.up(alertProgram(tileAlert({ variant: "self-hosted" })));
                assert.deepEqual(
                    explicit.steps.map((s) => [s.op, s.replaces]),
                    [["update", []]],
                );
                assert.equal(state().id, firstId);

                // Everything it references moves too: the managed service's ids differ from the self-hosted ones.
                const managedChannel = { webhookId: stack.emu.fixturesOf("managed").webhooks.slack.id };
                const moved = await stack.engine.up(alertProgram(tileAlert({ variant: "managed", ...managedTile, channel: managedChannel })));
                assert.deepEqual(
                    moved.steps.map((s) => [s.op, s.replaces]),
                    [
                        ["replace", ["variant", "dashboardId", "tileId"]],
                        ["delete-replaced", undefined],
                    ],
                );
                assert.equal(api.team().alerts.has(firstId), false, "the old alert is deleted");
                assert.equal(managed.team().alerts.has(state().id), true, "the new one lives in the managed service");
                assert.equal(state().outputs.variant, "managed");
                assert.equal((state().outputs.target as { variant: string }).variant, "managed");
            });
        } else {
            it("refuses several channels at check: the managed variant takes one", async function () {
                const channels = [{ webhookId: stack.emu.fixturesOf(variant).webhooks.generic.id }, { webhookId: webhookId() }];
                await assert.rejects(stack.engine.up(alertProgram(tileAlert({ channel: undefined, channels }))), (error: unknown) => {
                    assert.ok(error instanceof CheckFailedError);
                    assert.match(error.message, /channels: the managed variant takes a single notification channel/);
                    return true;
                });
                assert.deepEqual(alertCalls(), []);
            });

            it("sends an email channel and a webhook channel's routing fields, and reads them back", async function () {
                const routed = { webhookId: webhookId(), webhookService: "slack_api", slackChannelId: "C01ABCDEF23", severity: "warning" };
                const program = alertProgram(tileAlert({ channel: routed }));
                await stack.engine.up(program);
                const [post] = bodies("POST") as Record<string, unknown>[];
                assert.deepEqual(post.channel, { type: "webhook", ...routed });
                assert.deepEqual(api.team().alerts.get(state().id)?.channels, [{ type: "webhook", ...routed }]);
                assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);

                const email = alertProgram(tileAlert({ channel: { type: "email", emailRecipients: ["oncall@example.com"] } }));
                stack.emu.clearRequests();
                assert.deepEqual((await stack.engine.up(email)).updated, ["errors"]);
                const [put] = bodies("PUT") as Record<string, unknown>[];
                assert.deepEqual(put.channel, { type: "email", emailRecipients: ["oncall@example.com"] });
                assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
                assert.deepEqual((await stack.engine.up(email)).same, ["errors"]);
            });
        }
    });
}

describe("Alert check (through the real host): refusals with property paths, no request", function () {
    let stack: EmulatedStack;
    const hex = (c: string) => c.repeat(24);
    const valid: PropertyMap = {
        source: "tile",
        dashboardId: hex("a"),
        tileId: hex("b"),
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { webhookId: hex("c") },
    };

    before(async function () {
        stack = await startEmulatedStack();
    });

    after(async function () {
        await stack?.close();
    });

    async function failures(inputs: PropertyMap): Promise<string[]> {
        // Leave out what the program leaves out, as the SDK does (`undefined` cannot cross gRPC).
        const declared = Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== undefined));
        const checked = await stack.host.check(URN, {}, { ...declared, __provider: PROVIDER });
        return checked.failures.map((f) => `${f.property}: ${f.reason}`);
    }

    const cases: [string, PropertyMap, RegExp[]][] = [
        ["tile references missing", { ...valid, dashboardId: undefined, tileId: undefined }, [/^dashboardId: required/, /^tileId: required/]],
        ["search alert without saved search", { ...valid, source: "search", dashboardId: undefined, tileId: undefined }, [/^savedSearchId: required/]],
        [
            "saved-search alert without saved search",
            { ...valid, source: "saved_search", dashboardId: undefined, tileId: undefined },
            [/^savedSearchId: required/],
        ],
        ["a group-by on a tile alert (the server drops it)", { ...valid, groupBy: "ServiceName" }, [/^groupBy: not used by `tile` alerts/]],
        ["an unknown source", { ...valid, source: "logs" }, [/^source: /]],
        [
            "an email channel on the self-hosted variant",
            { ...valid, channel: { type: "email", emailRecipients: ["a@example.com"] } },
            [/^channel\.type: `email` channels exist on the managed variant only/],
        ],
        [
            "routing fields on the self-hosted variant",
            { ...valid, channel: undefined, channels: [{ webhookId: hex("c"), severity: "critical", slackChannelId: "C1" }] },
            [/^channels\[0\]\.slackChannelId: exists on the managed variant only/, /^channels\[0\]\.severity: exists on the managed variant only/],
        ],
        ["an email channel without recipients", { ...valid, channel: { type: "email" } }, [/^channel\.emailRecipients: required for `email` channels/]],
        [
            "a webhook id on an email channel",
            { ...valid, channel: { type: "email", webhookId: hex("c"), emailRecipients: ["a@example.com"] } },
            [/^channel\.webhookId: not used by `email` channels/],
        ],
        [
            "a malformed recipient",
            { ...valid, variant: "managed", channel: { type: "email", emailRecipients: ["oncall"] } },
            [/^channel\.emailRecipients\[0\]: must be an email/],
        ],
        ["an unknown severity", { ...valid, variant: "managed", channel: { webhookId: hex("c"), severity: "high" } }, [/^channel\.severity: /]],
        ["other source's references", { ...valid, savedSearchId: hex("d"), groupBy: "x" }, [/^savedSearchId: not used/, /^groupBy: not used/]],
        ["range without thresholdMax", { ...valid, thresholdType: "between" }, [/^thresholdMax: required/]],
        ["thresholdMax below threshold", { ...valid, thresholdType: "not_between", threshold: 5, thresholdMax: 4 }, [/^thresholdMax: must be greater/]],
        ["thresholdMax without a range", { ...valid, thresholdMax: 4 }, [/^thresholdMax: only used/]],
        ["empty name", { ...valid, name: "" }, [/^name: must not be empty/]],
        ["message too long", { ...valid, message: "m".repeat(4097) }, [/^message: must be at most 4096/]],
        ["offset not below the interval", { ...valid, scheduleOffsetMinutes: 5 }, [/^scheduleOffsetMinutes: must be less than the interval \(5 minutes\)/]],
        [
            "offset with a start",
            { ...valid, interval: "1h", scheduleOffsetMinutes: 2, scheduleStartAt: "2026-02-08T10:00:00Z" },
            [/^scheduleOffsetMinutes: must be 0/],
        ],
        ["start with an offset", { ...valid, scheduleStartAt: "2026-02-08T10:00:00+01:00" }, [/^scheduleStartAt: must be an ISO 8601 UTC instant/]],
        ["no channel", { ...valid, channel: undefined }, [/^channel: declare/]],
        ["both channel forms", { ...valid, channels: [{ webhookId: hex("c") }] }, [/^channels: declare either/]],
        ["duplicate channels", { ...valid, channel: undefined, channels: [{ webhookId: hex("c") }, { webhookId: hex("c") }] }, [/^channels\[1\]: duplicate/]],
        [
            "too many channels",
            { ...valid, channel: undefined, channels: Array.from({ length: 11 }, (_, i) => ({ webhookId: i.toString(16).padStart(24, "0") })) },
            [/^channels: /],
        ],
        ["malformed id", { ...valid, dashboardId: "dash-1" }, [/^dashboardId: must be a 24-character/]],
        ["unknown interval", { ...valid, interval: "2m" }, [/^interval: /]],
        ["typo in a key", { ...valid, treshold: 3 }, [/treshold/]],
        ["organization id not a UUID", { ...valid, organizationId: "acme" }, [/^organizationId: must be a UUID/]],
    ];

    for (const [what, inputs, expected] of cases) {
        it(`refuses ${what}`, async function () {
            stack.emu.clearRequests();
            const got = await failures(inputs);
            assert.equal(got.length, expected.length, `failures: ${JSON.stringify(got)}`);
            expected.forEach((pattern, i) => assert.match(got[i], pattern));
            assert.deepEqual(stack.emu.requests, []);
        });
    }

    it("accepts a valid alert and normalizes it", async function () {
        const checked = await stack.host.check(URN, {}, { ...valid, scheduleStartAt: "2026-02-08T10:00:00Z", interval: "1h", __provider: PROVIDER });
        assert.deepEqual(checked.failures, []);
        assert.deepEqual(checked.inputs.channel, { type: "webhook", webhookId: hex("c") });
        assert.equal(checked.inputs.scheduleOffsetMinutes, 0);
        assert.equal(checked.inputs.scheduleStartAt, "2026-02-08T10:00:00.000Z");
    });

    it("lets unknown values (preview) through, checks them once known, and sends nothing", async function () {
        const engine = new Engine(stack.host);
        const checked = await stack.host.check(URN, {}, { ...valid, dashboardId: UNKNOWN, tileId: UNKNOWN, __provider: PROVIDER });
        assert.deepEqual(checked.failures, []);
        assert.equal(checked.inputs.dashboardId, UNKNOWN);
        const preview = await engine.preview(alertProgram({ ...valid, dashboardId: UNKNOWN, tileId: UNKNOWN }));
        assert.deepEqual(preview.created, ["errors"]);
        await assert.rejects(engine.up(alertProgram({ ...valid, name: "" })), CheckFailedError);
        assert.deepEqual(stack.emu.requests, []);
    });
});

describe("Alert reads (both forms of contract §9)", function () {
    const base = { id: "a".repeat(24), threshold: 3, interval: "5m", thresholdType: "above", createdAt: null };

    it("accepts the spec's names: dashboard, savedSearch, team, boolean silenced, source search", function () {
        const tile = wireAlert.parse({
            ...base,
            source: "tile",
            dashboard: "b".repeat(24),
            tileId: "c".repeat(24),
            team: "t",
            silenced: true,
            channel: { type: "webhook", webhookId: "d".repeat(24) },
        });
        assert.deepEqual(alertFieldsFromWire(tile, { channels: false }).dashboardId, "b".repeat(24));
        assert.deepEqual(alertStatusFromWire(tile), { state: null, silenced: true, silencedUntil: null, team: "t", createdAt: null, updatedAt: null });

        const search = wireAlert.parse({
            ...base,
            source: "search",
            savedSearch: "e".repeat(24),
            groupBy: null,
            silenced: null,
            channels: [{ type: "webhook", webhookId: "d".repeat(24) }],
        });
        const fields = alertFieldsFromWire(search, { channels: false });
        assert.equal(fields.source, "saved_search", "the server's name when nothing was declared (an export)");
        assert.equal(alertFieldsFromWire(search, { channels: false, source: "search" }).source, "search", "the declaration's name otherwise");
        assert.equal(fields.savedSearchId, "e".repeat(24));
        assert.equal(fields.groupBy, undefined);
        assert.deepEqual(fields.channel, { type: "webhook", webhookId: "d".repeat(24) });
        assert.equal(alertStatusFromWire(search).silenced, false);
    });

    it("accepts the reference's names and drops what does not belong to the alert's source", function () {
        const reference = wireAlert.parse({
            ...base,
            source: "saved_search",
            savedSearchId: "e".repeat(24),
            dashboardId: "b".repeat(24),
            thresholdMax: 7,
            teamId: "team",
            channel: { type: "webhook", webhookId: "d".repeat(24), webhookService: null, severity: "critical" },
            channels: [
                { type: "webhook", webhookId: "d".repeat(24) },
                { type: "email", emailRecipients: ["a@example.com"] },
            ],
            silenced: { at: "2026-03-19T08:00:00.000Z", until: "2026-03-20T08:00:00.000Z" },
            scheduleStartAt: "2026-02-08T10:00:00Z",
        });
        const fields = alertFieldsFromWire(reference, { channels: false, source: "search" });
        assert.equal(fields.source, "search");
        assert.equal(fields.dashboardId, undefined);
        assert.equal(fields.thresholdMax, 7, "the upper bound a former range alert still holds is shown");
        assert.deepEqual(fields.channels, [
            { type: "webhook", webhookId: "d".repeat(24) },
            { type: "email", emailRecipients: ["a@example.com"] },
        ]);
        assert.equal(fields.scheduleStartAt, "2026-02-08T10:00:00.000Z");
        assert.deepEqual(alertStatusFromWire(reference), {
            state: null,
            silenced: true,
            silencedUntil: "2026-03-20T08:00:00.000Z",
            team: "team",
            createdAt: null,
            updatedAt: null,
        });
    });
});

describe("Alert export declaration", function () {
    it("references a declared webhook as code and keeps a managed channel's routing fields", function () {
        const webhookId = "d".repeat(24);
        const references = {
            objects: () => [],
            variableOf: (kind: unknown, id: string) => (kind === webhookExport && id === webhookId ? "webhookPager" : undefined),
            annotate: (value: TsValue) => value,
        };
        const channel = { type: "webhook", webhookId, webhookService: "pagerduty_api", severity: "critical" };
        const declared = alertExport.declaration(
            { id: "a".repeat(24), name: "Paged", inputs: { source: "saved_search", savedSearchId: "e".repeat(24), channel } },
            references,
        );
        assert.deepEqual(declared.values.channel, { webhookId: new Code("webhookPager.id"), webhookService: "pagerduty_api", severity: "critical" });
    });
});
