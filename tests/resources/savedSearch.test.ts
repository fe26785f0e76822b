import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { directApi } from "../support/directApi";
import { assertCheckRefuses, useEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("savedSearch");
const ALERT = packageProviderText("alert");
const URN = urn("SavedSearch", "errors");

const program = (inputs: PropertyMap, name = "errors"): DeclaredResource[] => [{ type: "SavedSearch", name, provider: PROVIDER, inputs }];

for (const variant of ["self-hosted", "managed"] as const) {
    describe(`SavedSearch on the ${variant} variant (through the real host, against the emulator)`, function () {
        // Every test starts without alerts and with the fixtures alone, so counts speak for the test alone.
        const stack = useEmulatedStack(
            ({ emu }) => {
                for (const team of [emu.store.selfHosted, emu.store.managed]) {
                    team.alerts.clear();
                    for (const id of team.savedSearches.keys()) if (id !== emu.fixturesOf(variant).savedSearch.id) team.savedSearches.delete(id);
                }
            },
            { config: { "observability:variant": variant } },
        );
        let api: ReturnType<typeof directApi>;
        before(function () {
            api = directApi(stack.emu, variant);
        });

        const logs = () => stack.emu.fixturesOf(variant).sources.logs.id;
        const calls = () =>
            stack.emu.requests
                .filter((r) => /\/(saved-searches|alerts)/.test(r.path))
                .map((r) => `${r.method} ${r.path.slice(api.prefix.length).replace(/\?.*$/, "")}`);
        const bodies = (method: string) =>
            stack.emu.requests.filter((r) => r.method === method && r.path.includes("/saved-searches")).map((r) => r.body as Record<string, unknown>);
        const state = () => {
            const s = stack.engine.state.get(URN);
            assert.ok(s, "the saved search is in state");
            return s;
        };
        const stored = () => api.team().savedSearches.get(state().id);
        const search = (extra: PropertyMap = {}): PropertyMap => ({ name: "Checkout errors", sourceId: logs(), where: "SeverityText:error", ...extra });

        it("creates with the server's defaults sent explicitly, then plans nothing without a request", async function () {
            const declared = program(search());
            assert.deepEqual((await stack.engine.up(declared)).created, ["errors"]);
            assert.deepEqual(
                calls().filter((call) => !call.startsWith("GET")),
                ["POST /saved-searches"],
            );
            assert.deepEqual(bodies("POST"), [
                {
                    name: "Checkout errors",
                    sourceId: logs(),
                    select: "",
                    where: "SeverityText:error",
                    whereLanguage: "lucene",
                    orderBy: "",
                    tags: [],
                    filters: [],
                },
            ]);
            const target =
                variant === "self-hosted"
                    ? { variant }
                    : { variant, organizationId: stack.emu.credentials.organizationId, serviceId: stack.emu.credentials.serviceId };
            assert.deepEqual(state().outputs.target, target);

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(declared)).same, ["errors"]);
            assert.deepEqual(stack.emu.requests, [], "check and diff make no request");
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
            assert.deepEqual((await stack.engine.up(declared)).same, ["errors"]);
        });

        it("updates in place with a full replace, the source and pinned filters included", async function () {
            await stack.engine.up(program(search({ tags: ["checkout", "checkout"], orderBy: "Timestamp DESC" })));
            assert.deepEqual(stored()?.tags, ["checkout", "checkout"], "tags are not deduplicated");
            const { id } = state();
            stack.emu.clearRequests();

            const traces = stack.emu.fixturesOf(variant).sources.traces.id;
            const next = program(
                search({
                    sourceId: traces,
                    where: "StatusCode = 'Error'",
                    whereLanguage: "sql",
                    filters: [{ condition: "ServiceName IN ('checkout', 'cart')" }],
                }),
            );
            const preview = await stack.engine.preview(next);
            assert.deepEqual(
                preview.steps.map((s) => [s.op, s.replaces]),
                [["update", []]],
            );
            assert.deepEqual(stack.emu.requests, []);
            assert.deepEqual((await stack.engine.up(next)).updated, ["errors"]);
            assert.deepEqual(calls(), [`PUT /saved-searches/${id}`]);
            assert.deepEqual(bodies("PUT"), [
                {
                    name: "Checkout errors",
                    sourceId: traces,
                    select: "",
                    where: "StatusCode = 'Error'",
                    whereLanguage: "sql",
                    orderBy: "",
                    tags: [],
                    filters: [{ type: "sql", condition: "ServiceName IN ('checkout', 'cart')" }],
                },
            ]);
            assert.equal(stored()?.orderBy, "", "what the declaration dropped is reset");
            assert.deepEqual(stored()?.tags, []);
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(next)).same, ["errors"]);
            assert.deepEqual((await stack.engine.refresh()).same, ["errors"]);
        });

        it("shows an out-of-band edit on refresh and drops a saved search deleted out of band", async function () {
            const declared = program(search());
            await stack.engine.up(declared);
            const found = stored();
            assert.ok(found);
            found.where = "edited in the UI";
            found.filters = [{ type: "lucene", condition: "ServiceName:cart" }];
            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.updated, ["errors"]);
            assert.equal(state().inputs.where, "edited in the UI");
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(declared)).updated, ["errors"]);
            assert.equal(stored()?.where, "SeverityText:error");
            assert.deepEqual(stored()?.filters, []);

            api.team().savedSearches.delete(state().id);
            assert.deepEqual((await stack.engine.refresh()).deleted, ["errors"]);
            await stack.engine.up(declared);
            const { id } = state();
            api.team().savedSearches.delete(id);
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.destroy()).deleted, ["errors"]);
            assert.deepEqual(calls(), [`DELETE /saved-searches/${id}`], "a 404 on delete means already gone");
        });

        it("adopts an existing saved search by id without a write", async function () {
            const made = await api.call("POST", "/saved-searches", { name: "Hand made", sourceId: logs(), where: "level:error", tags: ["ops"] });
            stack.emu.clearRequests();
            const declaration = { name: "Hand made", sourceId: logs(), where: "level:error", tags: ["ops"] };
            await stack.engine.up(program({ adoptId: made.id, ...declaration }));
            assert.deepEqual(
                calls().filter((call) => !call.startsWith("GET")),
                [],
                "a faithful declaration writes nothing",
            );
            assert.equal(state().id, made.id);
            assert.deepEqual((await stack.engine.preview(program(declaration))).same, ["errors"]);
            await stack.engine.up(program({ ...declaration, tags: [] }));
            assert.deepEqual(api.team().savedSearches.get(String(made.id))?.tags, []);
        });

        it("refuses bad input at check with the property path, sending nothing", async function () {
            await assertCheckRefuses(stack, (inputs) => program(inputs), [
                [search({ sourceId: "logs" }), "sourceId"],
                [search({ whereLanguage: "promql" }), "whereLanguage"],
                [search({ filters: [{ condition: "a = 'b'" }] }), "filters[0].condition"],
                [search({ filters: [{ type: "sql_ast", operator: "~", left: "a", right: "'b'" }] }), "filters[0].operator"],
                [search({ filters: [{ condition: "a IN ('b')", conditon: "c IN ('d')" }] }), "filters[0].conditon"],
                [search({ filters: [{ condition: "lower(a) IN ('b') AND c IN ('d')" }] }), "filters[0].condition"],
                [search({ tags: ["x".repeat(33)] }), "tags[0]"],
                [search({ name: " " }), "name"],
                [search({ name: " Checkout errors" }), "name"],
                [search({ source: "logs" }), "source"],
            ]);
        });

        it("names a misspelled key inside a filter, and the kind of filter it was read as", async function () {
            await assert.rejects(
                stack.engine.up(program(search({ filters: [{ type: "sql", conditon: "ServiceName IN ('checkout')" }] }))),
                (error: unknown) => {
                    assert.ok(error instanceof CheckFailedError, String(error));
                    assert.deepEqual(
                        error.failures.map((f) => `${f.property}: ${f.reason}`),
                        [
                            "filters[0].condition: Invalid input: expected string, received undefined",
                            'filters[0].conditon: unknown property (a typo?): not a property of the `type: "sql"` variant, which takes `type`, `condition`',
                        ],
                    );
                    return true;
                },
            );
            assert.deepEqual(stack.emu.requests, []);
        });

        it("refuses a new saved search with a web UI filter (lucene, sql_ast) before sending it: only a stored one is kept", async function () {
            const uiFilters = [
                { type: "lucene", condition: "ServiceName:checkout" },
                { type: "sql_ast", operator: "=", left: "ServiceName", right: "'checkout'" },
            ];
            if (variant === "managed") {
                // The managed API has `sql` filters only: refused at preview, at the filter's type.
                await assertCheckRefuses(
                    stack,
                    (inputs) => program(inputs),
                    uiFilters.map((filter) => [search({ filters: [filter] }), "filters[0].type"]),
                );
                return;
            }
            for (const filter of uiFilters) {
                await assert.rejects(
                    stack.engine.up(program(search({ filters: [filter] }))),
                    new RegExp(`filters\\[0\\] is a \`${filter.type}\` filter.*adoptId`),
                );
            }
            assert.deepEqual(
                calls().filter((call) => !call.startsWith("GET")),
                [],
                "nothing is sent",
            );
        });

        it("deletes its search alerts first, so the server's cascade takes nothing by surprise", async function () {
            const alert = (outputs: Record<string, PropertyMap>) => ({
                source: "search",
                savedSearchId: outputs.errors.id,
                threshold: 1,
                thresholdType: "above",
                interval: "5m",
                channel: { webhookId: stack.emu.fixturesOf(variant).webhooks.generic.id },
            });
            const declared: DeclaredResource[] = [...program(search()), { type: "Alert", name: "alert", provider: ALERT, inputs: alert }];
            await stack.engine.up(declared);
            const alertId = stack.engine.state.get(urn("Alert", "alert"))?.id;
            assert.equal(api.team().alerts.get(String(alertId))?.savedSearchId, state().id);
            const searchId = state().id;
            stack.emu.clearRequests();
            await stack.engine.destroy();
            assert.deepEqual(calls(), [`DELETE /alerts/${alertId}`, `DELETE /saved-searches/${searchId}`]);
        });
    });
}
