/** Organization settings: facts of the cloud document and of the reference client about private endpoints. */
import assert from "node:assert/strict";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import type { DeclaredResource } from "../harness/engine";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { isDeprecated, refusedNulls } from "./documentNulls";
import { describeWireFacts, UPSTREAM, type WireFact } from "./wireFacts";

const PROVIDER = packageProviderText("organizationSettings");
const QUERY_ENDPOINT = packageProviderText("queryEndpoint");

const located = (id: string, description: string, cloudProvider = "aws", region = "eu-west-1") => ({ id, description, cloudProvider, region });
const addItems = (body: Record<string, unknown>) =>
    ((body.privateEndpoints as { add?: Record<string, unknown>[] } | undefined)?.add ?? []) as Record<string, unknown>[];

const facts: WireFact[] = [
    {
        upstream: `${UPSTREAM.cloudProvider} internal/api/private_endpoints.go:10 (each item: cloudProvider, description, id, region)`,
        says: "adds a private endpoint with the cloudProvider and region it is sent with",
        variants: ["managed"],
        async onEmulator(api) {
            const patched = await api.cloud("PATCH", "", { privateEndpoints: { add: [located("vpce-g", "GCP", "gcp", "europe-west4")] } });
            assert.equal(patched.status, 200, patched.text);
            const read = (await api.cloud("GET", "")).json.result as { privateEndpoints: Record<string, unknown>[] };
            assert.deepEqual(
                read.privateEndpoints.find((e) => e.id === "vpce-g"),
                located("vpce-g", "GCP", "gcp", "europe-west4"),
            );
        },
        onSent(sent) {
            const missing = addItems(sent.body).filter((item) => typeof item.cloudProvider !== "string" || typeof item.region !== "string");
            return missing.length === 0 ? undefined : `added without a location: ${missing.map((item) => String(item.id)).join(", ")}`;
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} OrganizationPrivateEndpointsPatch.add (deprecated; the service's privateEndpointIds replaces it)`,
        says: "still accepts the deprecated organization-level `add`, processed after `remove`",
        variants: ["managed"],
        async onEmulator(api) {
            assert.equal(isDeprecated("OrganizationPrivateEndpointsPatch", "add"), true);
            assert.equal(isDeprecated("OrganizationPrivateEndpointsPatch", "remove"), false);
            await api.cloud("PATCH", "", { privateEndpoints: { add: [located("vpce-a", "A")] } });
            const patched = await api.cloud("PATCH", "", { privateEndpoints: { remove: [located("vpce-a", "A")], add: [located("vpce-a", "A2")] } });
            assert.equal(patched.status, 200, patched.text);
            const read = (await api.cloud("GET", "")).json.result as { privateEndpoints: Record<string, unknown>[] };
            assert.deepEqual(
                read.privateEndpoints.filter((e) => e.id === "vpce-a"),
                [located("vpce-a", "A2")],
            );
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} OrganizationPatchRequest`,
        says: "refuses `null` wherever its request schema does not list null",
        variants: ["managed"],
        async onEmulator(api) {
            const before = (await api.cloud("GET", "")).json.result.name as string;
            assert.equal((await api.cloud("PATCH", "", { name: null })).status, 400);
            assert.equal((await api.cloud("GET", "")).json.result.name, before);
            api.emu.clearInvalidRequests();
        },
        onSent(sent) {
            const nulls = refusedNulls(sent.method, sent.path, sent.body);
            return nulls.length === 0 ? undefined : `null at ${nulls.join(", ")}`;
        },
    },
];

describeWireFacts({
    kind: "OrganizationSettings",
    collection: "/v1/organizations/",
    facts,
    reset(stack) {
        Object.assign(stack.emu.cloud.organization, { name: "Emulated organization", privateEndpoints: [] });
        queryEndpointState(stack.emu.cloud).endpoint = undefined;
    },
    async flows(stack) {
        const org = (inputs: PropertyMap): DeclaredResource[] => [{ type: "OrganizationSettings", name: "org", provider: PROVIDER, inputs }];
        // The query endpoint's bodies go through the same null audit.
        const query = (roles: string[]): DeclaredResource => ({
            type: "QueryEndpoint",
            name: "query",
            provider: QUERY_ENDPOINT,
            inputs: { roles, allowedOrigins: "" },
        });
        await stack.engine.up([
            ...org({ name: "Acme", privateEndpoints: [located("vpce-a", "A"), located("vpce-b", "B", "azure", "eastus2")] }),
            query(["sql_console_read_only"]),
        ]);
        await stack.engine.up([
            ...org({ name: "Acme", privateEndpoints: [located("vpce-b", "B moved", "azure", "westus3"), located("vpce-c", "C", "gcp", "us-central1")] }),
            query(["sql_console_admin"]),
        ]);
        await stack.engine.destroy();
    },
});
