/**
 * The round trip of what a person made by hand (issue 20, requirement 4) for the cloud API's objects: made with every
 * field the service stores (as the console would), adopted without a write, one field changed through Pulumi's host,
 * and nothing else changed on the service. The observability kinds, the data pipes and team members have theirs in
 * their own tables (`handMade.ts`, `dataPipe.test.ts`, `teamMember.test.ts`).
 */
import assert from "node:assert/strict";
import { reversePrivateEndpointsState } from "../emulator/routes/pipeNetworking";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import type { DeclaredResource } from "../harness/engine";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { cloudRequest, type EmulatedStack, useEmulatedStack } from "../support/emulatedStack";

/** The writes a step sent, as `METHOD path`. */
const writes = (stack: EmulatedStack) => stack.emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

/** Adopts `id` with a faithful declaration (no write), then changes one field: one write, the object otherwise kept. */
async function roundTrip(
    stack: EmulatedStack,
    trip: { type: string; key: string; id?: string; declaration: PropertyMap; change: PropertyMap; write: string; stored(): unknown },
): Promise<void> {
    const declare = (inputs: PropertyMap): DeclaredResource[] => [{ type: trip.type, name: "hand-made", provider: packageProviderText(trip.key), inputs }];
    const before = structuredClone(trip.stored()) as Record<string, unknown>;
    const adopt = trip.id === undefined ? {} : { adoptId: trip.id };
    stack.emu.clearRequests();
    assert.deepEqual((await stack.engine.up(declare({ ...trip.declaration, ...adopt }))).created, ["hand-made"]);
    assert.deepEqual(writes(stack), [], "a faithful declaration adopts without a write");

    stack.emu.clearRequests();
    assert.deepEqual((await stack.engine.up(declare({ ...trip.declaration, ...adopt, ...trip.change }))).updated, ["hand-made"]);
    assert.deepEqual(writes(stack), [trip.write]);
    const after = structuredClone(trip.stored()) as Record<string, unknown>;
    for (const key of Object.keys(trip.change)) {
        delete before[key];
        delete after[key];
    }
    assert.deepEqual(after, before, "nothing but the changed field differs on the service");
}

describe("Round trip of the cloud objects made by hand: adopted, one field changed, nothing else touched", function () {
    const stack = useEmulatedStack(
        ({ emu }) => {
            queryEndpointState(emu.cloud).endpoint = undefined;
            reversePrivateEndpointsState(emu.cloud).endpoints.clear();
        },
        { config: { "observability:pollIntervalMs": "0" } },
    );
    const service = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}`;

    it("QueryEndpoint: every field set in the console; the allowed origins changed", async function () {
        const made = { roles: ["sql_console_read_only", "sql_console_admin"], openApiKeys: ["key-a", "key-b"], allowedOrigins: "app.example.com" };
        const res = await cloudRequest(stack.emu, "POST", `${service()}/serviceQueryEndpoint`, made);
        assert.equal(res.status, 200);
        await roundTrip(stack, {
            type: "QueryEndpoint",
            key: "queryEndpoint",
            id: queryEndpointState(stack.emu.cloud).endpoint?.id,
            declaration: { roles: ["sql_console_admin", "sql_console_read_only"], openApiKeys: ["key-a", "key-b"], allowedOrigins: "app.example.com" },
            change: { allowedOrigins: "app.example.com,admin.example.com" },
            write: `POST ${service()}/serviceQueryEndpoint`,
            stored: () => queryEndpointState(stack.emu.cloud).endpoint,
        });
    });

    it("PipeReversePrivateEndpoint: every field set in the console; the custom DNS names changed", async function () {
        const made = {
            description: "orders kafka",
            type: "VPC_ENDPOINT_SERVICE",
            vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0",
            customPrivateDnsMappings: [{ privateDnsName: "kafka.internal.example.com" }],
        };
        const res = await cloudRequest(stack.emu, "POST", `${service()}/pipesReversePrivateEndpoints`, made);
        assert.equal(res.status, 200);
        const id = (res.json as { result: { id: string } }).result.id;
        // Read until it is ready, as the console shows it.
        await cloudRequest(stack.emu, "GET", `${service()}/pipesReversePrivateEndpoints/${id}`);
        await roundTrip(stack, {
            type: "PipeReversePrivateEndpoint",
            key: "pipeReversePrivateEndpoint",
            id,
            declaration: made,
            change: { customPrivateDnsMappings: [{ privateDnsName: "kafka.internal.example.com" }, { privateDnsName: "*.brokers.example.com" }] },
            write: `PATCH ${service()}/pipesReversePrivateEndpoints/${id}`,
            // The status is the service's own: a DNS change provisions the endpoint again.
            stored: () => {
                const { status: _status, pending: _pending, ...record } = reversePrivateEndpointsState(stack.emu.cloud).endpoints.get(id) ?? {};
                return record;
            },
        });
    });

    it("OrganizationSettings: name, private endpoints and the rest set in the console; the name changed", async function () {
        const privateEndpoints = [
            { id: "vpce-0a1b2c3d4e5f60001", description: "Build runners", cloudProvider: "aws", region: "eu-west-1" },
            { id: "vpce-0a1b2c3d4e5f60002", description: "Office network", cloudProvider: "aws", region: "eu-west-1" },
        ];
        Object.assign(stack.emu.cloud.organization, {
            name: "Made in the console",
            privateEndpoints,
            enableCoreDumps: true,
            byocConfig: [{ id: "byoc-1", accountName: "main-account", state: "infra-ready", regionId: "eu-west-1", cloudProvider: "aws", displayName: "Main" }],
        });
        await roundTrip(stack, {
            type: "OrganizationSettings",
            key: "organizationSettings",
            declaration: { name: "Made in the console", privateEndpoints },
            change: { name: "Renamed by Pulumi" },
            write: `PATCH /v1/organizations/${stack.emu.credentials.organizationId}`,
            stored: () => stack.emu.cloud.organization,
        });
    });
});
