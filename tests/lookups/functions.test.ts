import assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import type { Emulator } from "../emulator";
import { rolesState } from "../emulator/routes/observability/roles";
import { emulatorClient } from "../support/emulatorClient";
import { useLookupEmulator, valueOf } from "../support/lookupEmulator";
import {
    getDashboards,
    getDashboardsOutput,
    getRoles,
    getRolesOutput,
    getSources,
    getSourcesOutput,
    getWebhooks,
    getWebhooksOutput,
    querySeries,
    querySeriesOutput,
} from "../../sdk/functions/observability";

describe("Lookup functions (in the program's process, against the emulator)", function () {
    const lookups = useLookupEmulator();
    let emu: Emulator;
    before(() => (emu = lookups.emu));

    const calls = () =>
        emu.requests.map(
            (r) => `${r.api} ${r.method} ${r.path}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query as Record<string, string>)}` : ""}`,
        );
    const managedPrefix = () => `/v1/organizations/${emu.credentials.organizationId}/services/${emu.credentials.serviceId}/observability`;
    const dashboard = (name: string, tileId: string) => ({
        id: tileId.replace(/.$/, "0"),
        name,
        tiles: [{ id: tileId, name: "Errors", x: 0, y: 0, w: 6, h: 3, config: { displayType: "line", sourceId: emu.fixtures.sources.logs.id, select: [] } }],
        tags: ["team-a"],
        filters: [],
        savedQuery: null,
        savedQueryLanguage: null,
        savedFilterValues: [],
        containers: [],
    });

    describe("getDashboards", function () {
        it("lists the dashboards of each variant with their tile ids", async function () {
            emu.store.selfHosted.dashboards.set("a".repeat(23) + "0", dashboard("Self-hosted board", "a".repeat(24)));
            emu.store.managed.dashboards.set("b".repeat(23) + "0", dashboard("Managed board", "b".repeat(24)));

            const selfHosted = await getDashboards();
            assert.deepEqual(
                selfHosted.map((d) => [d.id, d.name, d.tags, d.tiles.map((t) => [t.id, t.name])]),
                [["a".repeat(23) + "0", "Self-hosted board", ["team-a"], [["a".repeat(24), "Errors"]]]],
            );
            const managed = await valueOf(getDashboardsOutput({ variant: pulumi.output("managed" as const) }));
            assert.deepEqual(
                managed.map((d) => d.name),
                ["Managed board"],
            );
            // A managed list carries no `meta`: it is read until a page brings no new id.
            assert.deepEqual(calls(), [
                "self-hosted GET /api/v2/dashboards",
                `cloud GET ${managedPrefix()}/dashboards`,
                `cloud GET ${managedPrefix()}/dashboards?offset=1`,
            ]);
        });

        it("refuses a malformed organization id before sending anything", async function () {
            await assert.rejects(getDashboards({ variant: "managed", organizationId: "acme" }), /getDashboards: organizationId: must be a UUID/);
            assert.deepEqual(emu.requests, []);
        });
    });

    describe("getSources", function () {
        it("lists the sources of both variants, typed, with their kind-specific fields", async function () {
            const selfHosted = await getSources();
            const { logs, traces, metrics } = emu.fixtures.sources;
            assert.deepEqual(
                selfHosted.map((s) => [s.id, s.name, s.kind]),
                [logs, traces, metrics].map((s) => [s.id, s.name, s.kind]),
            );
            assert.equal(selfHosted[0].from?.tableName, "otel_logs");
            assert.equal(selfHosted[1].durationExpression, "Duration", "kind-specific fields are kept");

            const managed = await valueOf(getSourcesOutput({ variant: "managed" }));
            assert.equal(managed.length, 3);
            assert.deepEqual(calls(), [
                "self-hosted GET /api/v2/sources",
                `cloud GET ${managedPrefix()}/sources`,
                `cloud GET ${managedPrefix()}/sources?offset=3`,
            ]);
        });
    });

    describe("getRoles", function () {
        it("lists the managed team's roles, the predefined ones included, so that a program finds one by name", async function () {
            const custom = { name: "Dashboard editors", permissions: [{ action: "manage", subject: "Dashboard", inverted: false, integration: "mongodb" }] };
            const res = await emulatorClient(emu).on("managed", "/roles", "POST", custom);
            assert.equal(res.status, 200, res.text);
            emu.clearRequests();
            const roles = await valueOf(getRolesOutput({ variant: pulumi.output("managed" as const) }));
            assert.deepEqual(
                roles.map((r) => [r.name, r.isPredefined]),
                [
                    ["Admin", true],
                    ["Member", true],
                    ["ReadOnly", true],
                    ["Dashboard editors", false],
                ],
            );
            const readOnly = roles.find((r) => r.name === "ReadOnly");
            assert.equal(readOnly?.id, [...rolesState(emu.cloud).roles.values()].find((r) => r.name === "ReadOnly")?.id);
            assert.deepEqual(roles.at(-1)?.permissions, custom.permissions);
            // The list does not page: the second page brings no new id.
            assert.deepEqual(calls(), [`cloud GET ${managedPrefix()}/roles`, `cloud GET ${managedPrefix()}/roles?offset=4`]);
        });

        it("refuses the self-hosted variant before sending anything: it serves no roles", async function () {
            await assert.rejects(getRoles(), /getRoles: the self-hosted server serves no roles.*pass `variant: "managed"`/);
            await assert.rejects(getRoles({ variant: "self-hosted" }), /serves no roles/);
            assert.deepEqual(calls(), []);
        });
    });

    describe("getWebhooks", function () {
        afterEach(function () {
            for (const id of [...emu.store.selfHosted.webhooks.keys()]) {
                if (!Object.values(emu.fixtures.webhooks).some((w) => w.id === id)) emu.store.selfHosted.webhooks.delete(id);
            }
        });

        it("lists the webhooks without their write-only headers", async function () {
            const webhooks = await getWebhooks();
            const { slack, generic } = emu.fixtures.webhooks;
            assert.deepEqual(webhooks.map((w) => w.id).sort(), [slack.id, generic.id].sort());
            const relay = webhooks.find((w) => w.id === generic.id);
            assert.equal(relay?.url, generic.url);
            assert.equal(relay?.body, generic.body);
            assert.equal("headers" in (relay ?? {}), false);
            assert.deepEqual(calls(), ["self-hosted GET /api/v2/webhooks"]);
        });

        it("pages by offset until meta.total is reached", async function () {
            const now = new Date().toISOString();
            for (let i = 0; i < 1500; i++) {
                const id = `c${i.toString(16).padStart(23, "0")}`;
                emu.store.selfHosted.webhooks.set(id, {
                    id,
                    name: `hook ${i}`,
                    service: "generic",
                    url: `https://relay.example.com/${i}`,
                    createdAt: now,
                    updatedAt: now,
                });
            }
            const webhooks = await getWebhooks({ variant: "self-hosted" });

            assert.equal(webhooks.length, 1502);
            assert.deepEqual(
                webhooks.map((w) => w.id),
                [...emu.store.selfHosted.webhooks.keys()].sort(),
            );
            assert.deepEqual(calls(), ["self-hosted GET /api/v2/webhooks", "self-hosted GET /api/v2/webhooks?offset=1000"]);
        });

        it("lists the managed service's webhooks, the variant from the argument or from the settings", async function () {
            const managed = [...emu.store.managed.webhooks.values()].map((w) => [w.id, w.name, w.service]);
            assert.ok(managed.length > 0, "the managed service has webhooks to find");
            const byArgument = await getWebhooks({ variant: "managed" });
            assert.deepEqual(
                byArgument.map((w) => [w.id, w.name, w.service]),
                managed,
            );
            process.env.OBSERVABILITY_VARIANT = "managed";
            try {
                assert.deepEqual(await valueOf(getWebhooksOutput()), byArgument);
            } finally {
                delete process.env.OBSERVABILITY_VARIANT;
            }
            const pages = [`cloud GET ${managedPrefix()}/webhooks`, `cloud GET ${managedPrefix()}/webhooks?offset=${managed.length}`];
            assert.deepEqual(calls(), [...pages, ...pages], "each call reads until an empty page");
        });
    });

    describe("querySeries", function () {
        const series = () => ({ sourceId: emu.fixtures.sources.logs.id, aggFn: "count" as const, where: "SeverityText:error", groupBy: ["ServiceName"] });
        const start = Date.UTC(2026, 0, 1);

        it("parses counts sent as strings into numbers, per bucket and group", async function () {
            const rows = await querySeries({ startTime: start, endTime: start + 2 * 3_600_000, granularity: "1h", series: [series()] });

            assert.equal(rows.length, 4, "two buckets times two groups");
            assert.deepEqual(
                rows.map((r) => [r.ts_bucket, r.group]),
                [
                    [start, ["ServiceName-0"]],
                    [start, ["ServiceName-1"]],
                    [start + 3_600_000, ["ServiceName-0"]],
                    [start + 3_600_000, ["ServiceName-1"]],
                ],
            );
            for (const row of rows) assert.equal(typeof row["series_0.data"], "number");
            const [request] = emu.requests;
            assert.deepEqual(request.body, { startTime: start, endTime: start + 2 * 3_600_000, granularity: "1h", series: [series()] });
        });

        it("keeps fractional aggregates and ratios as numbers, and defaults where and groupBy", async function () {
            const rows = await valueOf(
                querySeriesOutput({
                    startTime: start,
                    endTime: start + 3_600_000,
                    granularity: "1h",
                    seriesReturnType: "ratio",
                    series: [
                        { sourceId: emu.fixtures.sources.logs.id, aggFn: "count" },
                        { sourceId: emu.fixtures.sources.logs.id, aggFn: "avg", field: "Duration" },
                    ],
                }),
            );
            assert.equal(rows.length, 1);
            assert.deepEqual(rows[0].group, []);
            assert.equal(typeof rows[0]["series_0.data"], "number");
            const body = emu.requests[0].body as { series: { where: string; groupBy: string[] }[] };
            assert.deepEqual(
                body.series.map((s) => [s.where, s.groupBy]),
                [
                    ["", []],
                    ["", []],
                ],
            );
        });

        it("refuses times in seconds, mismatched groupBy and the managed variant before sending anything", async function () {
            const seconds = Math.floor(start / 1000);
            await assert.rejects(querySeries({ startTime: seconds, endTime: start, series: [series()] }), /querySeries: startTime: must be epoch milliseconds/);
            await assert.rejects(
                querySeries({ startTime: start, endTime: start + 1, series: [series(), { ...series(), groupBy: [] }] }),
                /querySeries: series\[1\]\.groupBy: must equal the groupBy of series\[0\]/,
            );
            await assert.rejects(
                querySeries({ variant: "managed", startTime: start, endTime: start + 1, series: [series()] }),
                /the managed variant has no charts API/,
            );
            assert.deepEqual(emu.requests, []);
        });

        it("reports the server's refusal with the operation and path", async function () {
            await assert.rejects(
                querySeries({ startTime: start, endTime: start + 1, series: [{ ...series(), sourceId: "d".repeat(24) }] }),
                /querySeries failed: POST \/api\/v2\/charts\/series → HTTP 404: Source not found for series 0/,
            );
        });
    });
});
