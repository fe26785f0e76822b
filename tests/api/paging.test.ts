import assert from "node:assert/strict";
import { z } from "zod";
import { collectionAt } from "../../provider/api/collection";
import type { ExportScope, KindExport } from "../../provider/engine/exporter";
import { registry } from "../../provider/index";
import { getDashboards, getSources, getWebhooks } from "../../provider/lookups/observability";
import type { ResolvedTarget } from "../../provider/settings/location";
import { Emulator } from "../emulator";
import { directApi } from "../support/directApi";
import { emulatorClient, type Variant } from "../support/emulatorClient";
import { emulatorApis } from "../support/emulatorConfig";

const VARIANTS: Variant[] = ["self-hosted", "managed"];

type Lookup = (apis: ReturnType<typeof emulatorApis>, target: ResolvedTarget) => Promise<{ id: string }[]>;

/** The collections, where they page (self-hosted source at b52a6fa: alerts.ts:491, webhooks.ts:339, savedSearches.ts:381). */
const COLLECTIONS: {
    kind: "dashboard" | "alert" | "source" | "savedSearch" | "webhook" | "connection";
    segment: string;
    store: "dashboards" | "alerts" | "sources" | "savedSearches" | "webhooks" | "connections";
    variants: Variant[];
    paged: boolean;
    byId(variant: Variant): boolean;
    lookup?: Lookup;
}[] = [
    { kind: "dashboard", segment: "dashboards", store: "dashboards", variants: VARIANTS, paged: false, byId: () => true, lookup: getDashboards },
    { kind: "alert", segment: "alerts", store: "alerts", variants: VARIANTS, paged: true, byId: () => true },
    { kind: "source", segment: "sources", store: "sources", variants: VARIANTS, paged: false, byId: (v) => v === "self-hosted", lookup: getSources },
    { kind: "savedSearch", segment: "saved-searches", store: "savedSearches", variants: VARIANTS, paged: true, byId: () => true },
    { kind: "webhook", segment: "webhooks", store: "webhooks", variants: VARIANTS, paged: true, byId: () => false, lookup: getWebhooks },
    { kind: "connection", segment: "connections", store: "connections", variants: ["self-hosted"], paged: false, byId: () => true },
];

/**
 * Every list the providers read, in both variants, with every paged list one item per page (contract §1.9 and its
 * errata: the self-hosted alert, webhook and saved-search lists page with `meta`, the managed ones without it).
 * Each reader must see every object, including those past the first page.
 */
describe("lists longer than one page are read whole (every collection, both variants)", function () {
    let emu: Emulator;

    before(async function () {
        emu = await Emulator.start({ rateLimits: false });
        for (const variant of VARIANTS) {
            const api = directApi(emu, variant);
            const { savedSearch, webhooks, sources } = emu.fixturesOf(variant);
            for (const name of ["First", "Second"]) await api.call("POST", "/dashboards", { name, tiles: [] });
            await api.call("POST", "/saved-searches", { name: "Second search", sourceId: sources.logs.id, select: "", where: "" });
            for (const threshold of [1, 2])
                await api.call("POST", "/alerts", {
                    source: "saved_search",
                    savedSearchId: savedSearch.id,
                    threshold,
                    thresholdType: "above",
                    interval: "5m",
                    channel: { type: "webhook", webhookId: webhooks.generic.id },
                });
            api.team().pageSize = 1;
        }
        await directApi(emu, "self-hosted").call("POST", "/connections", { name: "Second engine", host: "http://engine:8123", username: "reader" });
    });

    after(async () => emu?.close());
    beforeEach(() => emu.clearRequests());

    const team = (variant: Variant) => (variant === "self-hosted" ? emu.store.selfHosted : emu.store.managed);
    const targetOf = (variant: Variant): ResolvedTarget =>
        variant === "self-hosted" ? { variant } : { variant, organizationId: emu.credentials.organizationId, serviceId: emu.credentials.serviceId };
    const context = () => ({ apis: emulatorApis(emu), signal: new AbortController().signal });
    const sorted = (ids: Iterable<string>) => [...ids].sort();
    const listRequests = (segment: string) => emu.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/${segment}`));

    for (const variant of VARIANTS) {
        for (const row of COLLECTIONS.filter((c) => c.variants.includes(variant))) {
            describe(`${variant} ${row.segment}`, function () {
                const stored = () => sorted(team(variant)[row.store].keys());

                it("holds more than one page", function () {
                    assert.ok(stored().length >= 2, `${stored().length} ${row.segment}`);
                });

                it("export lists every object", async function () {
                    const kind: KindExport = registry[row.kind].export;
                    const scope: ExportScope = { ctx: context(), variant, target: targetOf(variant), keep: () => true, count: () => undefined };
                    assert.deepEqual(sorted((await kind.list(scope)).map((o) => o.id)), stored());
                    if (kind.names) assert.deepEqual(sorted((await kind.names.list(scope)).map((o) => o.id)), stored());
                    if (row.paged)
                        assert.ok(
                            listRequests(row.segment).some((r) => r.query.offset !== undefined),
                            "asked past the first page",
                        );
                });

                it("refresh and adoption find the object on the last page", async function () {
                    const last = stored().at(-1) ?? "";
                    const collection = collectionAt(context(), targetOf(variant), row.segment, z.looseObject({ id: z.string() }), { byId: row.byId(variant) });
                    assert.equal((await collection.read("read", last))?.id, last);
                });

                if (row.lookup) {
                    const lookup = row.lookup;
                    it("the lookup function answers every object", async function () {
                        const found = await lookup(emulatorApis(emu), targetOf(variant));
                        assert.deepEqual(sorted(found.map((o) => o.id)), stored());
                    });
                }
            });
        }
    }

    it("the emulator pages as the servers do: self-hosted with meta, managed the bare page, both by the team's page size", async function () {
        const raw = emulatorClient(emu);
        const selfHosted = await raw.on("self-hosted", "/alerts?offset=1");
        assert.deepEqual(selfHosted.json.meta, { total: 2, limit: 1, offset: 1 });
        assert.equal(selfHosted.headers.get("x-total-count"), "2");
        assert.deepEqual(
            selfHosted.json.data.map((a: { id: string }) => a.id),
            sorted(emu.store.selfHosted.alerts.keys()).slice(1),
        );
        const managed = await raw.on("managed", "/alerts?offset=1");
        assert.equal("meta" in managed.json, false, "the managed list carries no meta");
        assert.deepEqual(
            managed.json.result.map((a: { id: string }) => a.id),
            sorted(emu.store.managed.alerts.keys()).slice(1),
        );
        const tooLarge = await raw.on("self-hosted", "/webhooks?limit=2");
        assert.equal(tooLarge.status, 400, "a limit above the page size is refused, as above the server's 1000");
    });

    it("a managed list that ignores the offset is read once more, then stops (no new id)", async function () {
        const sources = await getSources(emulatorApis(emu), targetOf("managed"));
        assert.deepEqual(sorted(sources.map((s) => s.id)), sorted(emu.store.managed.sources.keys()));
        assert.deepEqual(
            listRequests("sources").map((r) => r.query.offset ?? null),
            [null, String(sources.length)],
        );
    });

    it("a self-hosted list with meta stops at meta.total, asking only for an offset", async function () {
        await getWebhooks(emulatorApis(emu), { variant: "self-hosted" });
        assert.deepEqual(
            listRequests("webhooks").map((r) => r.query),
            [{}, { offset: "1" }],
        );
    });
});
