import assert from "node:assert/strict";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { useEmulatedStack } from "../support/emulatedStack";
import { roundTripOfHandMade } from "./handMade";
import { describeWireFacts, type RawApi, UPSTREAM, type WireFact } from "./wireFacts";

const ROUTER = `${UPSTREAM.selfHosted} packages/api/src/routers/external-api/v2/connections.ts`;
const TYPES = `${UPSTREAM.selfHosted} packages/common-utils/src/types.ts`;
/** The wire name of the setting-prefix field, as the emulator and the providers spell it (a neutral stand-in). */
const PREFIX = "observabilitySettingPrefix";

/** A connection with every field the server stores. */
const fullConnection = () => ({
    name: "Analytics engine",
    host: "https://engine.example.com:8443",
    username: "observer",
    password: "engine-pass-4e1b",
    [PREFIX]: "obs_",
    isPrometheusEndpoint: false,
});

const stored = (api: RawApi, id: string) => api.emu.store.selfHosted.connections.get(id);
const created = async (api: RawApi, body: Record<string, unknown> = fullConnection()) => String((await api.ok("POST", "/connections", body)).id);

const facts: WireFact[] = [
    {
        upstream: `${ROUTER}:511`,
        says: "PUT sets what it is sent and keeps what it is not: a left-out password, Prometheus flag or setting prefix stays",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const id = await created(api, { ...fullConnection(), isPrometheusEndpoint: true });
            const { host, username } = fullConnection();
            await api.ok("PUT", `/connections/${id}`, { name: "Renamed", host, username });
            const after = stored(api, id);
            assert.deepEqual(
                [after?.name, after?.password, after?.isPrometheusEndpoint, after?.[PREFIX]],
                ["Renamed", fullConnection().password, true, fullConnection()[PREFIX]],
            );
        },
        onSent(sent) {
            return sent.method === "PUT" && !("isPrometheusEndpoint" in sent.body) ? "leaves out isPrometheusEndpoint, which the server then keeps" : undefined;
        },
    },
    {
        upstream: `${ROUTER}:507`,
        says: 'PUT clears the setting prefix when it is sent `null` or `""`',
        variants: ["self-hosted"],
        async onEmulator(api) {
            for (const cleared of [null, ""]) {
                const id = await created(api);
                await api.ok("PUT", `/connections/${id}`, { ...fullConnection(), [PREFIX]: cleared });
                assert.equal(stored(api, id)?.[PREFIX], undefined, JSON.stringify(cleared));
            }
        },
    },
    {
        upstream: `${ROUTER}:517`,
        says: "PUT keeps the stored password when it is sent empty or left out: a password cannot be cleared",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const id = await created(api);
            await api.ok("PUT", `/connections/${id}`, { ...fullConnection(), password: "" });
            assert.equal(stored(api, id)?.password, fullConnection().password);
        },
    },
    {
        upstream: `${TYPES}:1934`,
        says: "refuses `null` for `password` and `isPrometheusEndpoint` (400); only the setting prefix takes `null`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            for (const key of ["password", "isPrometheusEndpoint"]) {
                const res = await api.call("POST", "/connections", { ...fullConnection(), [key]: null });
                assert.equal(res.status, 400, key);
            }
            await created(api, { ...fullConnection(), [PREFIX]: null });
        },
        onSent(sent) {
            const nulls = Object.entries(sent.body).filter(([key, value]) => value === null && key !== PREFIX);
            return nulls.length > 0 ? `sends null for ${nulls.map(([key]) => key).join(", ")}` : undefined;
        },
    },
    {
        upstream: `${ROUTER}:19`,
        says: "never returns the password",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const id = await created(api);
            assert.equal("password" in (await api.ok("GET", `/connections/${id}`)), false);
            const listed = (await api.call("GET", "/connections")).json.data as Record<string, unknown>[];
            assert.ok(listed.every((connection) => !("password" in connection)));
        },
    },
    {
        upstream: `${ROUTER}:341`,
        says: "answers a missing connection with the plain-text 404 `Not Found`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const res = await api.call("GET", "/connections/0123456789abcdef01234567");
            assert.deepEqual([res.status, res.text], [404, "Not Found"]);
        },
    },
];

const PROVIDER = packageProviderText("connection");

describeWireFacts({
    kind: "Connection",
    collection: "/connections",
    facts,
    async flows(stack) {
        const declared = (change: PropertyMap): PropertyMap[] => [
            { ...fullConnection(), ...change },
            { name: "Prometheus", host: "https://prometheus.example.com", username: "", isPrometheusEndpoint: true, ...change },
        ];
        const program = (change: PropertyMap) =>
            declared(change).map((inputs, i) => ({ type: "Connection", name: `connection-${i}`, provider: PROVIDER, inputs }));
        await stack.engine.up(program({}));
        await stack.engine.up(program({ name: "Changed" }));
        await stack.engine.up(program({ [PREFIX]: undefined }));
        await stack.engine.destroy();
    },
});

describe("Round trip of a connection made by hand: adopted, one field changed, nothing else touched", function () {
    const stack = useEmulatedStack();
    for (const isPrometheusEndpoint of [false, true]) {
        it(`a connection with isPrometheusEndpoint ${isPrometheusEndpoint}, declared without its password`, async function () {
            const made = { ...fullConnection(), isPrometheusEndpoint };
            const { password: _p, ...declaration } = made;
            await roundTripOfHandMade(stack, {
                variant: "self-hosted",
                type: "Connection",
                providerKey: "connection",
                collection: "/connections",
                made,
                declaration,
                change: ["name", "Adopted"],
                stored: (id) => stack.emu.store.selfHosted.connections.get(id),
            });
        });
    }
});
