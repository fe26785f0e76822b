import assert from "node:assert/strict";
import type { Emulator } from "../emulator";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { useEmulatedStack } from "../support/emulatedStack";
import type { Variant } from "../support/emulatorClient";
import { roundTripOfHandMade } from "./handMade";
import { describeWireFacts, type RawApi, UPSTREAM, type WireFact } from "./wireFacts";
import { parseHostAllowlist } from "../../provider/resources/webhook/allowlist";
import { ALLOWLIST, ALLOWLIST_HOSTS, PRIVATE_HOSTS, PUBLIC_HOSTS } from "../support/webhookHosts";

const SH = UPSTREAM.selfHosted;
const CONTROLLER = `${SH} packages/api/src/controllers/webhook.ts`;
const ZOD = `${SH} packages/api/src/utils/zod.ts`;
const BOTH = ["self-hosted", "managed"] as const;
const TEMPLATED_ONLY = ["body", "headers", "queryParams"];

const team = (emu: Emulator, variant: Variant) => (variant === "managed" ? emu.store.managed : emu.store.selfHosted);

let names = 0;
/** A generic webhook with every field the server stores, under a name of its own. */
const fullGeneric = (name = `Relay ${++names}`) => ({
    name,
    service: "generic",
    url: "https://relay.example.com/alerts",
    description: "Pages the on-call engineer",
    body: '{"text": "{{title}}"}',
    headers: { Authorization: "Bearer relay-key-1c4f" },
    queryParams: { sig: "sig-72d0" },
});
const slack = (name = `Chat ${++names}`) => ({ name, service: "slack", url: "https://hooks.slack.com/services/T0/B0/x" });

/** Creates a webhook over raw HTTP, returning its id. */
const created = async (api: RawApi, body: Record<string, unknown>) => String((await api.ok("POST", "/webhooks", body)).id);
const stored = (api: RawApi, id: string) => team(api.emu, api.variant).webhooks.get(id);

const facts: WireFact[] = [
    {
        upstream: `${ZOD} externalWebhookCreateSchema (\`service: z.nativeEnum(WebhookService)\`; found by the live differential check)`,
        says: "refuses an unknown service in zod's words: the services in the enum's order, and the value received",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const res = await api.call("POST", "/webhooks", { ...slack(), service: "teams" });
            assert.deepEqual(
                [res.status, api.message(res)],
                [400, "Body validation failed: service: Invalid enum value. Expected 'slack' | 'generic' | 'incidentio', received 'teams'"],
            );
        },
    },
    {
        upstream: `${CONTROLLER}:71`,
        says: "PUT clears `description` and `body` when they are left out",
        variants: BOTH,
        async onEmulator(api) {
            const hook = fullGeneric();
            const id = await created(api, hook);
            const { description: _d, body: _b, ...rest } = hook;
            await api.ok("PUT", `/webhooks/${id}`, rest);
            assert.deepEqual([stored(api, id)?.description, stored(api, id)?.body], [undefined, undefined]);
        },
    },
    {
        upstream: `${CONTROLLER}:77`,
        says: "PUT keeps `headers` and `queryParams` when they are left out, clears them when sent empty, and clears them left out when `url` or `service` changes",
        variants: BOTH,
        async onEmulator(api) {
            const hook = fullGeneric();
            const id = await created(api, hook);
            const { headers, queryParams, ...rest } = hook;
            await api.ok("PUT", `/webhooks/${id}`, rest);
            assert.deepEqual([stored(api, id)?.headers, stored(api, id)?.queryParams], [headers, queryParams], "kept when left out");
            await api.ok("PUT", `/webhooks/${id}`, { ...rest, headers: {} });
            assert.deepEqual([stored(api, id)?.headers, stored(api, id)?.queryParams], [undefined, queryParams], "cleared when empty");
            await api.ok("PUT", `/webhooks/${id}`, { ...rest, url: "https://relay.example.com/moved" });
            assert.equal(stored(api, id)?.queryParams, undefined, "cleared by a new destination");
        },
    },
    {
        upstream: `${ZOD}:856`,
        says: "refuses `null` for `description`, `body`, `headers` and `queryParams` (400): what is unset is left out",
        variants: BOTH,
        async onEmulator(api) {
            for (const key of ["description", ...TEMPLATED_ONLY]) {
                const res = await api.call("POST", "/webhooks", { ...fullGeneric(), [key]: null });
                assert.equal(res.status, 400, key);
            }
        },
        onSent(sent) {
            const nulls = Object.entries(sent.body).filter(([, value]) => value === null);
            return nulls.length > 0 ? `sends null for ${nulls.map(([key]) => key).join(", ")}` : undefined;
        },
    },
    {
        upstream: `${ZOD}:871`,
        says: "refuses `body`, `headers` and `queryParams` on a slack webhook, even empty (400 `<field> is not supported for the slack webhook service`)",
        variants: BOTH,
        async onEmulator(api) {
            for (const [key, value] of [
                ["body", ""],
                ["headers", {}],
                ["queryParams", {}],
            ] as const) {
                const res = await api.call("POST", "/webhooks", { ...slack(), [key]: value });
                assert.deepEqual([res.status, api.message(res)], [400, `${key} is not supported for the slack webhook service`]);
            }
        },
        onSent(sent) {
            if (sent.body.service !== "slack") return undefined;
            const sentKeys = TEMPLATED_ONLY.filter((key) => key in sent.body);
            return sentKeys.length > 0 ? `sends ${sentKeys.join(", ")} to a slack webhook` : undefined;
        },
    },
    {
        upstream: `${SH} packages/api/src/routers/external-api/v2/webhooks.ts:507`,
        says: "refuses a second webhook of the same service and trimmed name (400 `A webhook with this service and name already exists`)",
        variants: BOTH,
        async onEmulator(api) {
            const hook = fullGeneric();
            await created(api, hook);
            const res = await api.call("POST", "/webhooks", { ...hook, name: ` ${hook.name} ` });
            assert.deepEqual([res.status, api.message(res)], [400, "A webhook with this service and name already exists"]);
            await created(api, { ...slack(), name: hook.name });
        },
    },
    {
        upstream: `${ZOD}:749`,
        says: "never reads back `headers` or `queryParams`, and `body` only for a generic webhook",
        variants: BOTH,
        async onEmulator(api) {
            const id = await created(api, fullGeneric());
            const incident = await created(api, { ...fullGeneric(), service: "incidentio", url: "https://api.incident.io/v2/alert_events/http/abc" });
            const listed = (await api.call("GET", "/webhooks?limit=100")).json;
            const rows = (listed.data ?? listed.result) as Record<string, unknown>[];
            const row = (wanted: string) => rows.find((hook) => hook.id === wanted) ?? {};
            assert.deepEqual(["headers" in row(id), "queryParams" in row(id), row(id).body], [false, false, fullGeneric().body]);
            assert.equal("body" in row(incident), false);
        },
    },
    {
        upstream: `${SH} packages/api/src/utils/validators.ts:163`,
        says: "refuses a URL on localhost or a private or reserved IP literal, on create and update (400 `Webhook URL resolves to a private or reserved address.`), without looking a name up",
        variants: ["self-hosted"],
        async onEmulator(api) {
            for (const host of PRIVATE_HOSTS) {
                const res = await api.call("POST", "/webhooks", { ...fullGeneric(), url: `https://${host}/alerts` });
                assert.deepEqual([res.status, res.json], [400, { message: "Webhook URL resolves to a private or reserved address." }], host);
            }
            for (const host of PUBLIC_HOSTS) await created(api, { ...fullGeneric(), url: `https://${host}/alerts` });
            const id = await created(api, fullGeneric());
            const res = await api.call("PUT", `/webhooks/${id}`, { ...fullGeneric(), url: "http://10.0.0.5/alerts" });
            assert.deepEqual([res.status, api.message(res)], [400, "Webhook URL resolves to a private or reserved address."]);
        },
        onSent(sent) {
            const url = typeof sent.body.url === "string" && URL.canParse(sent.body.url) ? new URL(sent.body.url) : undefined;
            return url && PRIVATE_HOSTS.some((host) => new URL(`https://${host}/`).hostname === url.hostname) ? "a URL on a private host" : undefined;
        },
    },
    {
        upstream: `${SH} packages/api/src/utils/validators.ts:76 (the list) and :81 (its matching; the live suite sends the same hosts to a server started with it)`,
        says: "exempts from that refusal the hosts its WEBHOOK_HOSTNAME_ALLOWLIST allows: a listed host, or a host under a listed name that is not an IP address, compared as texts",
        variants: ["self-hosted"],
        async onEmulator(api) {
            team(api.emu, "self-hosted").webhookHostnameAllowlist = parseHostAllowlist(ALLOWLIST);
            try {
                for (const { host, accepted, why } of ALLOWLIST_HOSTS) {
                    const res = await api.call("POST", "/webhooks", { ...fullGeneric(), url: `http://${host}/hook` });
                    assert.equal(res.status, accepted ? 200 : 400, `${host}: ${why}`);
                }
            } finally {
                team(api.emu, "self-hosted").webhookHostnameAllowlist = [];
            }
        },
    },
];

const PROVIDER = packageProviderText("webhook");

describeWireFacts({
    kind: "Webhook",
    collection: "/webhooks",
    facts,
    reset: ({ emu }) => {
        for (const variant of BOTH) team(emu, variant).alerts.clear();
    },
    async flows(stack, variant) {
        const incident = { ...fullGeneric("Incidents"), service: "incidentio", url: "https://api.incident.io/v2/alert_events/http/abc" };
        const declared = (change: PropertyMap): PropertyMap[] => [
            { ...fullGeneric("Relay"), ...change },
            { ...fullGeneric("Relay without maps"), headers: undefined, queryParams: undefined, ...change },
            { ...incident, ...change },
            { ...slack("Chat"), ...change },
        ];
        const program = (change: PropertyMap) =>
            declared(change).map((inputs, i) => ({ type: "Webhook", name: `hook-${i}`, provider: PROVIDER, inputs: { ...inputs, variant } }));
        await stack.engine.up(program({}));
        await stack.engine.up(program({ description: "Changed" }));
        await stack.engine.up(program({ description: undefined, headers: undefined, queryParams: undefined }));
        await stack.engine.destroy();
    },
});

describe("Round trip of a webhook made by hand: adopted, one field changed, nothing else touched", function () {
    const stack = useEmulatedStack();
    for (const variant of BOTH) {
        const trip = (made: Record<string, unknown>, declaration: Record<string, unknown>) =>
            roundTripOfHandMade(stack, {
                variant,
                type: "Webhook",
                providerKey: "webhook",
                collection: "/webhooks",
                made,
                declaration: { ...declaration, variant } as PropertyMap,
                change: ["description", "Adopted"],
                stored: (id) => team(stack.emu, variant).webhooks.get(id),
            });

        it(`a generic webhook on the ${variant} variant, declared without the headers and query parameters it has`, async function () {
            const { headers: _h, queryParams: _q, ...declaration } = fullGeneric();
            await trip({ ...declaration, headers: fullGeneric().headers, queryParams: fullGeneric().queryParams }, declaration);
        });

        it(`an incidentio webhook on the ${variant} variant, declared with its write-only body`, async function () {
            const made = { ...fullGeneric(), service: "incidentio", url: "https://api.incident.io/v2/alert_events/http/abc" };
            const { headers: _h, queryParams: _q, ...declaration } = made;
            await trip(made, declaration);
        });
    }
});
