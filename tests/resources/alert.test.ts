import assert from "node:assert/strict";
import { alertFieldsFromWire, alertStatusFromWire, wireAlert } from "../../provider/resources/alert/wire";
import { CheckFailedError, DeclaredResource, Engine, UNKNOWN } from "../harness/engine";
import { HostCallError, PropertyMap, urn } from "../harness/host";
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
                        config: { displayType: "line", sourceId: emu.fixtures.sources.logs.id, select: [{ aggFn: "count" }] },
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

        const webhookId = () => stack.emu.fixtures.webhooks.slack.id;
        const alertCalls = () =>
            stack.emu.requests.filter((r) => r.path.includes("/alerts")).map((r) => `${r.method} ${r.path.replace(/^.*\/alerts/, "/alerts")}`);
        const bodies = (method: string) => stack.emu.requests.filter((r) => r.method === method && r.path.includes("/alerts")).map((r) => r.body);
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
            assert.deepEqual(bodies("POST"), [
                {
                    source: "tile",
                    threshold: 10,
                    thresholdType: "above",
                    thresholdMax: null,
                    interval: "5m",
                    channel: { type: "webhook", webhookId: webhookId() },
                    dashboardId: tile.dashboardId,
                    tileId: tile.tileId,
                    groupBy: null,
                    name: "Checkout errors",
                    message: "Too many errors",
                    note: null,
                    numConsecutiveWindows: null,
                    scheduleOffsetMinutes: 0,
                    scheduleStartAt: null,
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

        it("updates with a full replace: explicit nulls clear what the program no longer declares", async function () {
            await stack.engine.up(alertProgram(tileAlert({ note: "runbook", numConsecutiveWindows: 3 })));
            const { id } = state();
            stack.emu.clearRequests();

            // Yesterday at midnight UTC, written without milliseconds (the server accepts at most a year ahead).
            const startAt = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000).toISOString();
            const next = alertProgram(tileAlert({ name: undefined, message: undefined, threshold: 20, scheduleStartAt: startAt.replace(".000Z", "Z") }));
            await upAfterUpdatePreview(stack, next);
            assert.deepEqual(alertCalls(), [`PUT /alerts/${id}`]);
            const [put] = bodies("PUT") as Record<string, unknown>[];
            assert.equal(put.name, null);
            assert.equal(put.message, null);
            assert.equal(put.note, null);
            assert.equal(put.numConsecutiveWindows, null);
            assert.equal(put.groupBy, null);
            assert.equal(put.threshold, 20);
            assert.equal(put.scheduleStartAt, startAt, "normalized to the server's millisecond form");
            const stored = api.team().alerts.get(id);
            assert.ok(stored);
            assert.equal(stored.name, null);
            assert.equal(stored.note, null);
            assert.equal(stored.numConsecutiveWindows, null);
            assert.equal(state().outputs.note, undefined);

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(next)).same, ["errors"]);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual(alertCalls(), ["GET /alerts"], "refresh reads through the shared list");
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

        it("creates exactly one alert when the POST's answer is lost after the server applied it", async function () {
            stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/alerts" });
            const result = await stack.engine.up(alertProgram(tileAlert()));

            assert.deepEqual(result.created, ["errors"]);
            assert.equal(api.team().alerts.size, 1);
            assert.equal(state().id, [...api.team().alerts.keys()][0]);
            assert.deepEqual(alertCalls(), ["GET /alerts", "POST /alerts", "GET /alerts"], "looked for the alert instead of posting again");
            assert.deepEqual((await stack.engine.up(alertProgram(tileAlert()))).same, ["errors"]);
        });

        it("round-trips a search alert with a range threshold, group-by and schedule", async function () {
            const program = alertProgram({
                source: "search",
                savedSearchId: stack.emu.fixtures.savedSearch.id,
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
            assert.equal(post.source, "search", "the spec's value is sent");
            assert.equal(post.savedSearchId, stack.emu.fixtures.savedSearch.id);
            assert.equal(post.groupBy, "ServiceName");
            assert.equal(post.thresholdMax, 50);
            assert.equal("channels" in post, false, "one channel goes as `channel` only");
            assert.equal(api.team().alerts.get(state().id)?.source, "saved_search");
            assert.deepEqual(state().outputs.channels, [{ type: "webhook", webhookId: webhookId() }]);
            assert.equal(state().outputs.channel, undefined);

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(program)).same, ["errors"]);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual((await stack.engine.up(program)).same, ["errors"]);
        });

        if (variant === "self-hosted") {
            it("sends several channels as `channels` with `channel` equal to the first", async function () {
                const channels = [{ webhookId: stack.emu.fixtures.webhooks.generic.id }, { webhookId: webhookId() }];
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
                const config = { displayType: "line", sourceId: stack.emu.fixtures.sources.logs.id, select: [{ aggFn: "count" }] };
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

                const moved = await stack.engine.up(alertProgram(tileAlert({ variant: "managed", ...managedTile })));
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
            it("refuses several channels before sending anything: the managed variant takes one", async function () {
                const channels = [{ webhookId: stack.emu.fixtures.webhooks.generic.id }, { webhookId: webhookId() }];
                await assert.rejects(stack.engine.up(alertProgram(tileAlert({ channel: undefined, channels }))), (error: unknown) => {
                    assert.ok(error instanceof HostCallError);
                    assert.match(error.details, /managed variant takes a single notification channel/);
                    return true;
                });
                assert.deepEqual(alertCalls(), []);
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
        assert.deepEqual(alertFieldsFromWire(tile, false).dashboardId, "b".repeat(24));
        assert.deepEqual(alertStatusFromWire(tile), { state: null, silenced: true, silencedUntil: null, team: "t", createdAt: null, updatedAt: null });

        const search = wireAlert.parse({
            ...base,
            source: "search",
            savedSearch: "e".repeat(24),
            groupBy: null,
            silenced: null,
            channels: [{ type: "webhook", webhookId: "d".repeat(24) }],
        });
        const fields = alertFieldsFromWire(search, false);
        assert.equal(fields.source, "search");
        assert.equal(fields.savedSearchId, "e".repeat(24));
        assert.equal(fields.groupBy, undefined);
        assert.deepEqual(fields.channel, { type: "webhook", webhookId: "d".repeat(24) });
        assert.equal(alertStatusFromWire(search).silenced, false);
    });

    it("accepts the reference's names and drops what does not belong to the alert's kind", function () {
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
        const fields = alertFieldsFromWire(reference, false);
        assert.equal(fields.source, "search");
        assert.equal(fields.dashboardId, undefined);
        assert.equal(fields.thresholdMax, undefined, "a stale upper bound of a former range alert is ignored");
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
