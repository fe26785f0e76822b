import assert from "node:assert/strict";
import type { Emulator } from "../emulator";
import type { JsonObject } from "../emulator/store/types";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { useEmulatedStack } from "../support/emulatedStack";
import type { Variant } from "../support/emulatorClient";
import { roundTripOfHandMade } from "./handMade";
import { describeWireFacts, type RawApi, UPSTREAM, type WireFact } from "./wireFacts";

const ROUTER = `${UPSTREAM.selfHosted} packages/api/src/routers/external-api/v2/savedSearches.ts`;
const BOTH = ["self-hosted", "managed"] as const;

/** The pinned filters the web UI stores besides `sql` ones, which the API keeps but never takes as new. */
const UI_FILTERS: JsonObject[] = [
    { type: "lucene", condition: "SeverityText:error" },
    { type: "sql_ast", operator: ">=", left: "Duration", right: "1000" },
];

const team = (emu: Emulator, variant: Variant) => (variant === "managed" ? emu.store.managed : emu.store.selfHosted);

/** A saved search with every field the server stores, on the fixture log source. */
const fullSearch = (emu: Emulator, variant: Variant) => ({
    name: "Every saved-search field",
    sourceId: emu.fixturesOf(variant).sources.logs.id,
    select: "Timestamp, ServiceName, Body",
    where: "SeverityText = 'error'",
    whereLanguage: "sql",
    orderBy: "Timestamp DESC",
    tags: ["hand made", ""],
    filters: [
        { type: "sql", condition: "lower(ServiceName) IN ('checkout', 'payments')" },
        { type: "sql", condition: "toString(StatusCode) NOT IN ('200')" },
        { type: "sql", condition: "Duration BETWEEN 10 AND 20.5" },
    ],
});

/** Creates a saved search over raw HTTP with the given filters, returning its id. */
async function created(api: RawApi, filters: unknown[]): Promise<string> {
    return String((await api.ok("POST", "/saved-searches", { ...fullSearch(api.emu, api.variant), filters })).id);
}

const REFUSED = /^filters\[0\] must be a sidebar-renderable SQL predicate/;

const facts: WireFact[] = [
    {
        upstream: `${UPSTREAM.selfHosted} packages/common-utils/src/filters.ts:611`,
        says: "takes as a new pinned filter one `IN`, `NOT IN` or numeric `BETWEEN` predicate whose key is any expression: `lower(x) IN (…)`, `toString(x) IN (…)`",
        variants: BOTH,
        async onEmulator(api) {
            for (const condition of [
                "lower(ServiceName) IN ('a')",
                "toString(Code) IN ('200', '201')",
                "ResourceAttributes['k'] NOT IN ('v')",
                "Duration BETWEEN 1 AND 2",
            ]) {
                const id = await created(api, [{ condition }]);
                assert.deepEqual(team(api.emu, api.variant).savedSearches.get(id)?.filters, [{ type: "sql", condition }], condition);
            }
        },
    },
    {
        upstream: `${ROUTER}:523`,
        says: "refuses a new filter that is not one sidebar facet (400): a compound or `=` predicate, a `lucene` or a `sql_ast` filter",
        variants: BOTH,
        async onEmulator(api) {
            // The managed document has no lucene or sql_ast filter at all (its own fact below).
            const ui = api.variant === "self-hosted" ? UI_FILTERS : [];
            const cases = [{ condition: "a IN ('x') AND b IN ('y')" }, { condition: "a = 'x'" }, { condition: "x NOT BETWEEN 1 AND 2" }, ...ui];
            for (const filter of cases) {
                const res = await api.call("POST", "/saved-searches", { ...fullSearch(api.emu, api.variant), filters: [filter] });
                assert.equal(res.status, 400, JSON.stringify(filter));
                assert.match(api.message(res), REFUSED);
            }
        },
        onSent(sent) {
            if (sent.method !== "POST") return undefined;
            const filters = (sent.body.filters ?? []) as { type?: string }[];
            return filters.some((filter) => filter.type !== undefined && filter.type !== "sql")
                ? "posts a filter the server takes only when stored"
                : undefined;
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} ObservabilitySavedSearchFilter`,
        says: "the managed variant's pinned filters are `sql` only: a `lucene` or `sql_ast` filter is refused (400) on create and update",
        variants: ["managed"],
        async onEmulator(api) {
            const id = await created(api, []);
            for (const filter of UI_FILTERS) {
                for (const [method, path] of [
                    ["POST", "/saved-searches"],
                    ["PUT", `/saved-searches/${id}`],
                ]) {
                    const res = await api.call(method, path, { ...fullSearch(api.emu, api.variant), filters: [filter] });
                    assert.equal(res.status, 400, `${method} ${JSON.stringify(filter)}`);
                }
            }
        },
        onSent(sent) {
            const filters = (sent.body.filters ?? []) as { type?: string }[];
            return filters.some((filter) => filter.type !== undefined && filter.type !== "sql") ? "sends a filter the managed API does not have" : undefined;
        },
    },
    {
        upstream: `${ROUTER}:630`,
        says: "keeps a stored `lucene` or `sql_ast` filter on PUT when it is sent back unchanged, and refuses it changed (400)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const id = await created(api, []);
            team(api.emu, api.variant).savedSearches.get(id)!.filters = structuredClone(UI_FILTERS);
            const kept = await api.ok("PUT", `/saved-searches/${id}`, { ...fullSearch(api.emu, api.variant), filters: UI_FILTERS });
            assert.deepEqual(kept.filters, UI_FILTERS);
            const changed = await api.call("PUT", `/saved-searches/${id}`, {
                ...fullSearch(api.emu, api.variant),
                filters: [{ ...UI_FILTERS[1], right: "2000" }],
            });
            assert.equal(changed.status, 400);
            assert.match(api.message(changed), REFUSED);
        },
    },
    {
        upstream: `${ROUTER}:86`,
        says: "PUT is a full replace: an omitted select, where, whereLanguage, orderBy, tags or filters resets to its default",
        variants: BOTH,
        async onEmulator(api) {
            const id = await created(api, fullSearch(api.emu, api.variant).filters);
            const { name, sourceId } = fullSearch(api.emu, api.variant);
            const reset = await api.ok("PUT", `/saved-searches/${id}`, { name, sourceId });
            assert.deepEqual([reset.select, reset.where, reset.whereLanguage, reset.orderBy, reset.tags, reset.filters], ["", "", "lucene", "", [], []]);
        },
        onSent(sent) {
            const missing = ["select", "where", "whereLanguage", "orderBy", "tags", "filters"].filter((key) => !(key in sent.body));
            return missing.length > 0 ? `leaves out ${missing.join(", ")}, which the server resets` : undefined;
        },
    },
    {
        upstream: `${ROUTER}:42`,
        says: "stores a filter sent without `type` as `sql`",
        variants: BOTH,
        async onEmulator(api) {
            const id = await created(api, [{ condition: "a IN ('x')" }]);
            assert.deepEqual(team(api.emu, api.variant).savedSearches.get(id)?.filters, [{ type: "sql", condition: "a IN ('x')" }]);
        },
    },
    {
        upstream: `${UPSTREAM.selfHosted} packages/common-utils/src/types.ts:1060`,
        says: "takes up to 50 tags of at most 32 characters, an empty one included, and refuses a longer tag (400)",
        variants: BOTH,
        async onEmulator(api) {
            const id = await created(api, []);
            assert.deepEqual(team(api.emu, api.variant).savedSearches.get(id)?.tags, ["hand made", ""]);
            const long = await api.call("POST", "/saved-searches", { ...fullSearch(api.emu, api.variant), tags: ["x".repeat(33)] });
            assert.equal(long.status, 400);
        },
    },
    {
        upstream: `${ROUTER}:130`,
        says: "refuses a `sourceId` the team does not have (400 `sourceId must be an existing source id`)",
        variants: BOTH,
        async onEmulator(api) {
            const res = await api.call("POST", "/saved-searches", { ...fullSearch(api.emu, api.variant), sourceId: "0123456789abcdef01234567" });
            assert.deepEqual([res.status, api.message(res)], [400, "sourceId must be an existing source id"]);
        },
        onSent(sent) {
            return "sourceId" in sent.body && !/^[0-9a-f]{24}$/.test(String(sent.body.sourceId)) ? "sends a sourceId that is not an object id" : undefined;
        },
    },
];

const PROVIDER = packageProviderText("savedSearch");

describeWireFacts({
    kind: "SavedSearch",
    collection: "/saved-searches",
    facts,
    reset: ({ emu }) => {
        for (const variant of BOTH) team(emu, variant).alerts.clear();
    },
    async flows(stack, variant) {
        const program = (change: PropertyMap) => [
            { type: "SavedSearch", name: "full", provider: PROVIDER, inputs: { ...fullSearch(stack.emu, variant), ...change, variant } as PropertyMap },
            {
                type: "SavedSearch",
                name: "least",
                provider: PROVIDER,
                inputs: { name: "Least", sourceId: stack.emu.fixturesOf(variant).sources.logs.id, variant, ...change },
            },
        ];
        await stack.engine.up(program({}));
        await stack.engine.up(program({ name: "Changed" }));
        await stack.engine.destroy();
    },
});

describe("Round trip of a saved search made by hand: adopted, one field changed, nothing else touched", function () {
    const stack = useEmulatedStack();
    for (const variant of BOTH) {
        // The web UI's lucene and sql_ast filters exist on the self-hosted variant; the managed document's are `sql` only.
        const uiFilters = variant === "self-hosted" ? UI_FILTERS : [];
        it(`on the ${variant} variant${variant === "self-hosted" ? ", with the web UI's lucene and sql_ast filters" : ""}`, async function () {
            const made = fullSearch(stack.emu, variant);
            const stored = (id: string) => team(stack.emu, variant).savedSearches.get(id);
            await roundTripOfHandMade(stack, {
                variant,
                type: "SavedSearch",
                providerKey: "savedSearch",
                collection: "/saved-searches",
                made,
                editedInUi: (id) => void stored(id)!.filters.push(...structuredClone(uiFilters)),
                declaration: { ...made, filters: [...made.filters, ...uiFilters], variant } as PropertyMap,
                change: ["name", "Adopted"],
                stored,
            });
        });
    }
});
