import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { directApi } from "../support/directApi";
import { ALLOWLIST, ALLOWLIST_HOSTS, PRIVATE_HOSTS, PUBLIC_HOSTS } from "../support/webhookHosts";
import { assertCheckRefuses, upAfterUpdatePreview, useEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("webhook");
const ALERT = packageProviderText("alert");
const URN = urn("Webhook", "hook");

// Write-only values: they may appear in state only under the keys the SDK marks secret, and nowhere else.
const TOKEN = "hook-token-5d1e9a";
const HEADER_SECRET = "Bearer relay-key-77c0f2";
const QUERY_SECRET = "sig-3b8e41d0";
const INCIDENT_BODY = '{"title": "{{title}}", "key": "incident-key-e2a9"}';
const SECRET_KEYS = new Set(["url", "headers", "queryParams", "body"]);

const PRIVATE_REFUSAL = "must be on a public host: the server refuses localhost and private or reserved IP addresses";
/** What the refusal adds on the self-hosted variant: how to allow the host when the server allows it. */
const PRIVATE_REFUSAL_SELF_HOSTED =
    `${PRIVATE_REFUSAL} unless its administrator allows the host (the server's WEBHOOK_HOSTNAME_ALLOWLIST). ` +
    "If yours does, set `observability:webhookHostnameAllowlist` (environment variable OBSERVABILITY_WEBHOOK_HOSTNAME_ALLOWLIST) to the same list";

const program = (inputs: PropertyMap, name = "hook"): DeclaredResource[] => [{ type: "Webhook", name, provider: PROVIDER, inputs }];

const generic = (extra: PropertyMap = {}): PropertyMap => ({
    name: "On-call relay (managed)",
    service: "generic",
    url: `https://relay.example.com/alerts?token=${TOKEN}`,
    description: "Pages the on-call engineer",
    body: '{"text": "{{title}}"}',
    headers: { Authorization: HEADER_SECRET },
    queryParams: { sig: QUERY_SECRET },
    ...extra,
});
const slack = (extra: PropertyMap = {}): PropertyMap => ({
    name: "Alerts channel",
    service: "slack",
    url: `https://hooks.slack.com/services/T0/B0/${TOKEN}`,
    ...extra,
});

for (const variant of ["self-hosted", "managed"] as const) {
    describe(`Webhook on the ${variant} variant (through the real host, against the emulator)`, function () {
        // Every test starts without alerts and with the fixtures alone, so counts speak for the test alone.
        const stack = useEmulatedStack(
            ({ emu }) => {
                for (const team of [emu.store.selfHosted, emu.store.managed]) {
                    team.alerts.clear();
                    for (const id of team.webhooks.keys())
                        if (!Object.values(emu.fixturesOf(variant).webhooks).some((hook) => hook.id === id)) team.webhooks.delete(id);
                }
            },
            { config: { "observability:variant": variant } },
        );
        let api: ReturnType<typeof directApi>;
        before(function () {
            api = directApi(stack.emu, variant);
        });

        const calls = () =>
            stack.emu.requests
                .filter((r) => r.path.includes("/webhooks") || r.path.includes("/alerts"))
                .map((r) => `${r.method} ${r.path.slice(api.prefix.length).replace(/\?.*$/, "")}`);
        // One read of the whole list: the managed list carries no `meta`, so it is read until a page brings nothing new.
        const listRead = variant === "managed" ? ["GET /webhooks", "GET /webhooks"] : ["GET /webhooks"];
        const bodies = (method: string) =>
            stack.emu.requests.filter((r) => r.method === method && r.path.includes("/webhooks")).map((r) => r.body as Record<string, unknown>);
        const state = () => {
            const s = stack.engine.state.get(URN);
            assert.ok(s, "the webhook is in state");
            return s;
        };
        const stored = () => api.team().webhooks.get(state().id);
        /** No write-only value anywhere in state but under the keys the SDK encrypts. */
        const assertSecretsOnlyUnderSecretKeys = () => {
            for (const resource of stack.engine.state.values()) {
                const text = JSON.stringify([resource.inputs, resource.outputs], (key, value: unknown) => (SECRET_KEYS.has(key) ? undefined : value));
                for (const secret of [TOKEN, HEADER_SECRET, QUERY_SECRET, "incident-key-e2a9"])
                    assert.ok(!text.includes(secret), `state holds ${secret} outside a secret key`);
            }
            for (const secret of [TOKEN, HEADER_SECRET, QUERY_SECRET])
                assert.ok(!stack.host.stderr.includes(secret) && !stack.host.stdout.includes(secret), "the host's log holds no secret");
        };

        it("creates a generic webhook with its write-only values, then plans nothing without a request", async function () {
            const declared = program(generic());
            assert.deepEqual((await stack.engine.up(declared)).created, ["hook"]);
            assert.deepEqual(
                calls().filter((call) => !call.startsWith("GET")),
                ["POST /webhooks"],
            );
            assert.deepEqual(bodies("POST"), [generic()], "the declaration as it is, write-only values included");
            assert.deepEqual(stored()?.headers, { Authorization: HEADER_SECRET });
            const { outputs } = state();
            assert.deepEqual(outputs.headers, { Authorization: HEADER_SECRET }, "write-only values are kept from the inputs");
            assert.deepEqual(outputs.queryParams, { sig: QUERY_SECRET });
            const target =
                variant === "self-hosted"
                    ? { variant }
                    : { variant, organizationId: stack.emu.credentials.organizationId, serviceId: stack.emu.credentials.serviceId };
            assert.deepEqual(outputs.target, target);

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(declared)).same, ["hook"]);
            assert.deepEqual(stack.emu.requests, [], "check and diff make no request");
            assert.deepEqual((await stack.engine.refresh()).same, ["hook"]);
            assert.deepEqual(calls(), listRead, "read through the list: there is no GET by id");
            assert.deepEqual((await stack.engine.up(declared)).same, ["hook"]);
            assertSecretsOnlyUnderSecretKeys();
        });

        it("never sends body, headers or query parameters to slack, and keeps an incidentio body from the inputs", async function () {
            await stack.engine.up(program(slack()));
            assert.deepEqual(bodies("POST"), [{ name: "Alerts channel", service: "slack", url: `https://hooks.slack.com/services/T0/B0/${TOKEN}` }]);
            stack.emu.clearRequests();

            const incident = { name: "Incidents", service: "incidentio", url: "https://api.incident.io/v2/alert_events/http/abc", body: INCIDENT_BODY };
            await stack.engine.up(program(incident));
            assert.deepEqual(calls(), [`PUT /webhooks/${state().id}`], "the service changes in place");
            assert.deepEqual(bodies("PUT"), [incident], "maps declared by neither the old nor the new declaration are left out");
            assert.equal(state().outputs.body, INCIDENT_BODY, "the server never returns an incidentio body");
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.refresh()).same, ["hook"]);
            assert.deepEqual((await stack.engine.up(program(incident))).same, ["hook"]);
            assertSecretsOnlyUnderSecretKeys();
        });

        it("updates in place: the whole declaration, headers and query parameters in full ({} clears them)", async function () {
            await stack.engine.up(program(generic()));
            const { id } = state();
            stack.emu.clearRequests();

            const rotated = program(
                generic({
                    url: "https://relay.example.com/v2",
                    headers: { Authorization: "Bearer rotated-1f0e" },
                    queryParams: undefined,
                    description: undefined,
                }),
            );
            assert.deepEqual((await upAfterUpdatePreview(stack, rotated)).updated, ["hook"]);
            assert.deepEqual(calls(), [`PUT /webhooks/${id}`]);
            const [put] = bodies("PUT");
            assert.deepEqual(put.headers, { Authorization: "Bearer rotated-1f0e" });
            assert.deepEqual(put.queryParams, {}, "an omitted map is cleared explicitly, never kept by omission");
            assert.equal("description" in put, false);
            assert.deepEqual(stored()?.headers, { Authorization: "Bearer rotated-1f0e" });
            assert.equal(stored()?.queryParams, undefined);
            assert.equal(stored()?.description, undefined);

            // A header change alone is seen from the inputs (the API never returns headers).
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(program(generic({ headers: { "X-Team": "sre" } })))).updated, ["hook"]);
            assert.deepEqual(stored()?.headers, { "X-Team": "sre" });
            assert.deepEqual((await stack.engine.refresh()).same, ["hook"]);
        });

        it("shows an out-of-band edit on refresh, never a read of the write-only values, and restores the declaration", async function () {
            const declared = program(generic());
            await stack.engine.up(declared);
            const hook = stored();
            assert.ok(hook);
            hook.description = "edited in the UI";
            hook.headers = { Authorization: "Bearer changed-elsewhere" };

            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.updated, ["hook"]);
            assert.equal(state().inputs.description, "edited in the UI");
            assert.deepEqual(state().inputs.headers, { Authorization: HEADER_SECRET }, "headers come from the inputs, never from reads");

            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.up(declared)).updated, ["hook"]);
            assert.deepEqual(calls(), [`PUT /webhooks/${state().id}`]);
            assert.equal(stored()?.description, "Pages the on-call engineer");
            assert.deepEqual(stored()?.headers, { Authorization: HEADER_SECRET }, "the PUT sends the declared headers in full");
        });

        it("drops a webhook deleted out of band, and deletes one already gone", async function () {
            const declared = program(slack());
            await stack.engine.up(declared);
            api.team().webhooks.delete(state().id);
            assert.deepEqual((await stack.engine.refresh()).deleted, ["hook"]);
            assert.equal(stack.engine.state.size, 0);

            await stack.engine.up(declared);
            const { id } = state();
            api.team().webhooks.delete(id);
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.destroy()).deleted, ["hook"]);
            assert.deepEqual(calls(), [`DELETE /webhooks/${id}`], "a 404 on delete means already gone");
        });

        it("adopts an existing webhook by id without a write, and brings a differing one to the declaration", async function () {
            const handMade = (name: string) =>
                api.call("POST", "/webhooks", {
                    name,
                    service: "generic",
                    url: "https://relay.example.com/hand",
                    headers: { "X-Key": "hand-key-0a9b" },
                    queryParams: {},
                });
            const made = await handMade("Hand made");
            const other = await handMade("Also hand made");
            stack.emu.clearRequests();
            const declaration = { name: "Hand made", service: "generic", url: "https://relay.example.com/hand", headers: { "X-Key": "hand-key-0a9b" } };
            await stack.engine.up(program({ adoptId: made.id, ...declaration }));
            assert.deepEqual(calls(), listRead, "a faithful declaration writes nothing");
            assert.equal(state().id, made.id);
            assert.deepEqual((await stack.engine.preview(program(declaration))).same, ["hook"], "dropping adoptId changes nothing");

            stack.emu.clearRequests();
            await stack.engine.up([
                ...program(declaration),
                ...program({ adoptId: other.id, ...declaration, name: "Also hand made", description: "now managed" }, "other"),
            ]);
            assert.deepEqual(
                calls().filter((call) => !call.startsWith("GET")),
                [`PUT /webhooks/${other.id}`],
                "only the differing one is written",
            );
            assert.equal(api.team().webhooks.get(String(other.id))?.description, "now managed");

            await assert.rejects(stack.engine.up(program({ adoptId: "0123456789abcdef01234567", ...declaration }, "ghost")), /no such object/);
        });

        it("replaces only on a move elsewhere, deleting the old webhook first (a name is unique per service)", async function () {
            await stack.engine.up(program(slack()));
            const other = variant === "self-hosted" ? "managed" : "self-hosted";
            const preview = await stack.engine.preview(program(slack({ variant: other })));
            assert.deepEqual(
                preview.steps.map((s) => [s.op, s.replaces, s.deleteBeforeReplace]),
                [["replace", ["variant"], true]],
            );
            await stack.engine.destroy();
        });

        it("refuses bad input at check with the property path, sending nothing", async function () {
            await assertCheckRefuses(stack, (inputs) => program(inputs), [
                [slack({ headers: { "X-A": "b" } }), "headers"],
                [slack({ body: "" }), "body"],
                [slack({ url: "https://hooks.example.com/x" }), "url"],
                [generic({ url: "ftp://relay.example.com/x" }), "url"],
                [generic({ headers: { "1st": "x" } }), "headers.1st"],
                [generic({ queryParams: { sig: "a\nb" } }), "queryParams.sig"],
                [generic({ service: "pagerduty" }), "service"],
                [generic({ name: "   " }), "name"],
                [generic({ channel: "#alerts" }), "channel"],
            ]);
        });

        it("refuses a URL on localhost or a private or reserved address at check, as the server would, and lets public look-alikes through", async function () {
            for (const host of PRIVATE_HOSTS)
                await assert.rejects(stack.engine.preview(program(generic({ url: `https://${host}/alerts` }))), (error: unknown) => {
                    assert.ok(error instanceof CheckFailedError, String(error));
                    assert.deepEqual(
                        error.failures.map((f) => `${f.property}: ${f.reason}`),
                        [`url: ${variant === "self-hosted" ? PRIVATE_REFUSAL_SELF_HOSTED : PRIVATE_REFUSAL}`],
                        host,
                    );
                    return true;
                });
            for (const host of PUBLIC_HOSTS)
                assert.deepEqual((await stack.engine.preview(program(generic({ url: `https://${host}/alerts` })))).created, ["hook"]);
            assert.deepEqual(stack.emu.requests, []);
        });

        it("creates exactly one webhook when the POST's answer is lost after the server applied it", async function () {
            stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/webhooks" });
            assert.deepEqual((await stack.engine.up(program(slack()))).created, ["hook"]);
            assert.equal([...api.team().webhooks.values()].filter((hook) => hook.name === "Alerts channel").length, 1);
            assert.deepEqual(
                calls().filter((call) => !call.startsWith("GET")),
                ["POST /webhooks"],
                "looked for it instead of posting again",
            );
        });

        it("deletes the alerts that notify it before the webhook, and says what to do when an unmanaged one blocks", async function () {
            const tileAlert = {
                source: "search",
                savedSearchId: stack.emu.fixturesOf(variant).savedSearch.id,
                threshold: 1,
                thresholdType: "above",
                interval: "5m",
            };
            const declared: DeclaredResource[] = [
                ...program(slack()),
                { type: "Alert", name: "errors", provider: ALERT, inputs: (outputs) => ({ ...tileAlert, channel: { webhookId: outputs.hook.id } }) },
            ];
            await stack.engine.up(declared);
            const alertId = stack.engine.state.get(urn("Alert", "errors"))?.id;
            assert.equal(api.team().alerts.get(String(alertId))?.channels[0]?.webhookId, state().id);
            stack.emu.clearRequests();
            await stack.engine.destroy();
            assert.deepEqual(
                calls(),
                [`DELETE /alerts/${alertId}`, `DELETE /webhooks/${stack.emu.requests.at(-1)?.path.split("/").pop()}`],
                "the alert goes first: no 409",
            );
            assert.equal(api.team().alerts.size, 0);

            await stack.engine.up(program(slack()));
            await api.call("POST", "/alerts", { ...tileAlert, source: "saved_search", channel: { type: "webhook", webhookId: state().id } });
            await assert.rejects(
                stack.engine.destroy(),
                (error: Error) =>
                    /409/.test(error.message) && /still reference it/.test(error.message) && /remove what still references it first/.test(error.message),
            );
            assert.ok(stored(), "the webhook survives");
            api.team().alerts.clear();
            await stack.engine.destroy();
        });
    });
}

describe("Webhook with the server's host allowlist set (observability:webhookHostnameAllowlist)", function () {
    const stack = useEmulatedStack(() => {}, {
        emulator: { webhookHostnameAllowlist: ALLOWLIST },
        config: { "observability:webhookHostnameAllowlist": ALLOWLIST },
    });
    /** The failures of a preview of a generic webhook to the host, none when it would be created. */
    const previewed = async (host: string, variant: string): Promise<string[]> => {
        try {
            const run = await stack.engine.preview(program(generic({ variant, url: `http://${host}/hook` })));
            assert.deepEqual(run.created, ["hook"], host);
            return [];
        } catch (error) {
            assert.ok(error instanceof CheckFailedError, String(error));
            return error.failures.map((f) => `${f.property}: ${f.reason}`);
        }
    };

    it("lets through at check exactly the hosts a server with that allowlist accepts, and refuses the rest saying how to allow them", async function () {
        for (const { host, accepted, why } of ALLOWLIST_HOSTS)
            assert.deepEqual(await previewed(host, "self-hosted"), accepted ? [] : [`url: ${PRIVATE_REFUSAL_SELF_HOSTED}`], `${host}: ${why}`);
        assert.deepEqual(stack.emu.requests, []);
    });

    it("creates what it lets through, on the emulator started with the same allowlist", async function () {
        await stack.engine.up(program(generic({ variant: "self-hosted", url: "http://pager.alerts.localhost/hook" })));
        const made = [...stack.emu.store.selfHosted.webhooks.values()].filter((hook) => hook.url === "http://pager.alerts.localhost/hook");
        assert.equal(made.length, 1);
        await stack.engine.destroy();
    });

    it("keeps the default server's rule on the managed variant, whose operator's allowlist is not the setting's", async function () {
        assert.deepEqual(await previewed("10.1.2.3", "managed"), [`url: ${PRIVATE_REFUSAL}`]);
    });
});
