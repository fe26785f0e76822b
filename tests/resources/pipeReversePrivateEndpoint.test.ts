import assert from "node:assert/strict";
import { reversePrivateEndpointsState } from "../emulator/routes/pipeNetworking";
import { pipesState } from "../emulator/routes/pipes";
import { DeclaredResource, OutputsByName } from "../harness/engine";
import { HostCallError, PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { assertCheckRefuses, cloudRequest, useEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("pipeReversePrivateEndpoint");
const PIPE_PROVIDER = packageProviderText("dataPipe");
const SERVICE_NAME = "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0";

const vpcEndpoint = (extra: PropertyMap = {}): PropertyMap => ({
    description: "orders kafka",
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: SERVICE_NAME,
    ...extra,
});
const mskEndpoint: PropertyMap = {
    description: "orders msk",
    type: "MSK_MULTI_VPC",
    mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/orders/abc",
    mskAuthentication: "SASL_IAM",
};

function endpoint(inputs: PropertyMap, name = "rpe"): DeclaredResource {
    return { type: "PipeReversePrivateEndpoint", name, provider: PROVIDER, inputs };
}

/** A kafka pipe reaching its brokers through an endpoint, by reference to its outputs. */
function kafkaPipe(inputs: (outputs: OutputsByName) => PropertyMap): DeclaredResource {
    return { type: "DataPipe", name: "orders", provider: PIPE_PROVIDER, inputs };
}
const kafkaInputs = (kafka: PropertyMap): PropertyMap => ({
    name: "orders",
    source: { kafka: { format: "JSONEachRow", topics: "orders", authentication: "SCRAM-SHA-512", ...kafka } },
    secrets: { credentials: { username: "ingest", password: "pw" } },
    destination: {
        table: "orders",
        managedTable: true,
        tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
        columns: [{ name: "id", type: "String" }],
    },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
});

describe("PipeReversePrivateEndpoint (through the real host, against the emulator)", function () {
    // Endpoints move one status per GET in the emulator: polling without pauses never waits on real time.
    const stack = useEmulatedStack(
        ({ emu }) => {
            const rpe = reversePrivateEndpointsState(emu.cloud);
            rpe.endpoints.clear();
            Object.assign(rpe.behaviour, { provisioningReads: 1, deletingReads: 1 });
            rpe.behaviour.outcomeByDescription.clear();
            rpe.behaviour.stuckByDescription.clear();
            pipesState(emu.cloud).pipes.clear();
        },
        { config: { "observability:pollIntervalMs": "0" } },
    );

    const rpe = () => reversePrivateEndpointsState(stack.emu.cloud);
    const base = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}/pipesReversePrivateEndpoints`;
    /** Endpoint calls since the last clear, relative to the collection (`GET /{id}` as `GET /:id`). */
    const calls = () =>
        stack
            .cloudCalls()
            .filter((call) => call.includes("/pipesReversePrivateEndpoints"))
            .map((call) => call.replace(base(), "").replace(/\/[0-9a-f-]{36}$/, "/:id") || call);
    const stateOf = (name = "rpe") => {
        const s = stack.engine.state.get(urn("PipeReversePrivateEndpoint", name));
        assert.ok(s, `${name} is in state`);
        return s;
    };

    it("creates, waits while Provisioning (one GET per status step) and reports the names a pipe needs; then plans nothing", async function () {
        rpe().behaviour.provisioningReads = 2;

        const result = await stack.engine.up([endpoint(vpcEndpoint({ customPrivateDnsMappings: [{ privateDnsName: "kafka.internal.example.com" }] }))]);

        assert.deepEqual(result.created, ["rpe"]);
        assert.deepEqual(
            calls(),
            ["GET ", "POST ", "GET /:id", "GET /:id", "GET /:id"],
            "listed before the POST (to recognise a lost create), then polled until Ready",
        );
        const post = stack.emu.requests.find((r) => r.method === "POST");
        assert.deepEqual(
            post?.body,
            {
                description: "orders kafka",
                type: "VPC_ENDPOINT_SERVICE",
                vpcEndpointServiceName: SERVICE_NAME,
                customPrivateDnsMappings: [{ privateDnsName: "kafka.internal.example.com" }],
            },
            "only the type's own fields",
        );
        const record = [...rpe().endpoints.values()][0];
        const { id, outputs } = stateOf();
        assert.equal(id, record.id);
        assert.equal(outputs.status, "Ready");
        assert.equal(outputs.actionRequired, "");
        assert.equal(outputs.endpointId, record.endpointId);
        assert.deepEqual(outputs.dnsNames, record.dnsNames);
        assert.deepEqual(outputs.privateDnsNames, record.privateDnsNames);
        assert.equal(outputs.mskBrokers, "");
        assert.equal(outputs.serviceId, stack.emu.credentials.serviceId);

        stack.emu.clearRequests();
        const program = [endpoint(vpcEndpoint({ customPrivateDnsMappings: [{ privateDnsName: "kafka.internal.example.com" }] }))];
        assert.deepEqual((await stack.engine.up(program)).same, ["rpe"]);
        assert.deepEqual(stack.emu.requests, [], "a no-op plan sends nothing");
        assert.deepEqual((await stack.engine.refresh()).same, ["rpe"], "a refresh finds no drift");
        assert.deepEqual(calls(), ["GET /:id"]);
    });

    it("ends the create on PendingAcceptance, saying what must happen outside the API", async function () {
        rpe().behaviour.outcomeByDescription.set("partner", "PendingAcceptance");

        await stack.engine.up([endpoint(vpcEndpoint({ description: "partner" }))]);

        const { outputs } = stateOf();
        assert.equal(outputs.status, "PendingAcceptance");
        assert.match(
            String(outputs.actionRequired),
            new RegExp(`The owner of ${SERVICE_NAME.replace(/\./g, "\\.")} must accept the connection from endpoint vpce-`),
        );

        // Accepted outside the API: a refresh shows it Ready, and the message goes.
        [...rpe().endpoints.values()][0].status = "Ready";
        await stack.engine.refresh();
        assert.equal(stateOf().outputs.status, "Ready");
        assert.equal(stateOf().outputs.actionRequired, "");
    });

    for (const outcome of ["Failed", "Rejected", "Expired"] as const) {
        it(`fails the create on ${outcome} and keeps the endpoint in state so it can be replaced or destroyed`, async function () {
            rpe().behaviour.outcomeByDescription.set("doomed", outcome);

            await assert.rejects(stack.engine.up([endpoint(vpcEndpoint({ description: "doomed" }))]), (error: unknown) => {
                assert.ok(error instanceof HostCallError);
                assert.match(error.details, new RegExp(`ended ${outcome} instead of Ready: check the target.*replace it \\(\`pulumi up --replace <urn>\`\\)`));
                assert.equal(error.initFailure?.id, [...rpe().endpoints.keys()][0]);
                return true;
            });
            assert.equal(stateOf().outputs.status, outcome);
            await stack.engine.destroy();
            assert.equal(rpe().endpoints.size, 0);
        });
    }

    it("ends a create stuck in Provisioning at its own timeout and keeps the endpoint in state", async function () {
        rpe().behaviour.stuckByDescription.add("slow");
        const program = [endpoint(vpcEndpoint({ description: "slow", timeouts: { create: "1s", update: "1s" } }))];

        await assert.rejects(stack.engine.up(program), (error: unknown) => {
            assert.ok(error instanceof HostCallError);
            assert.match(error.details, /was still Provisioning when the operation's timeout expired; raise the resource's `timeouts` input/);
            assert.ok(error.initFailure?.id);
            return true;
        });
        assert.equal(stateOf().outputs.status, "Provisioning");

        rpe().behaviour.stuckByDescription.clear();
        await stack.engine.refresh();
        assert.equal(stateOf().outputs.status, "Provisioning", "one more step");
        await stack.engine.refresh();
        assert.equal(stateOf().outputs.status, "Ready");
    });

    it("changes the custom DNS names in place with a PATCH of the complete list, and replaces on any other change", async function () {
        await stack.engine.up([endpoint(vpcEndpoint({ customPrivateDnsMappings: [{ privateDnsName: "a.example.com" }] }))]);
        const id = stateOf().id;
        stack.emu.clearRequests();

        const updated = await stack.engine.up([
            endpoint(vpcEndpoint({ customPrivateDnsMappings: [{ privateDnsName: "a.example.com" }, { privateDnsName: "*.b.example.com" }] })),
        ]);
        assert.deepEqual(updated.updated, ["rpe"]);
        assert.deepEqual(calls(), ["PATCH /:id"]);
        assert.deepEqual(stack.emu.requests[0]?.body, {
            customPrivateDnsMappings: [{ privateDnsName: "a.example.com" }, { privateDnsName: "*.b.example.com" }],
        });
        stack.emu.clearRequests();
        await stack.engine.up([endpoint(vpcEndpoint())]);
        assert.deepEqual(
            stack.emu.requests.map((r) => r.body),
            [{ customPrivateDnsMappings: [] }],
            "dropping them sends [] (clears them)",
        );
        assert.equal(stateOf().id, id);

        const preview = await stack.engine.preview([endpoint(vpcEndpoint({ description: "orders kafka v2" }))]);
        assert.deepEqual(
            preview.steps.map((s) => [s.op, s.replaces, s.deleteBeforeReplace]),
            [["replace", ["description"], false]],
        );
        const replaced = await stack.engine.up([endpoint(vpcEndpoint({ vpcEndpointServiceName: `${SERVICE_NAME}1` }))]);
        assert.deepEqual(replaced.replaced, ["rpe"]);
        assert.notEqual(stateOf().id, id);
        assert.deepEqual([...rpe().endpoints.keys()], [stateOf().id], "the old endpoint was deleted (and waited for)");
    });

    it("deletes first a replaced endpoint whose custom DNS names the new one keeps (a name belongs to one endpoint)", async function () {
        const names = [{ privateDnsName: "Orders.Example.com" }];
        await stack.engine.up([endpoint(vpcEndpoint({ customPrivateDnsMappings: names }))]);
        const id = stateOf().id;
        const next = [endpoint(vpcEndpoint({ description: "orders kafka v2", customPrivateDnsMappings: [{ privateDnsName: "orders.example.com" }] }))];
        const preview = await stack.engine.preview(next);
        assert.deepEqual(
            preview.steps.map((s) => [s.op, s.replaces, s.deleteBeforeReplace]),
            [["replace", ["description"], true]],
        );
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(next)).replaced, ["rpe"]);
        assert.deepEqual(
            calls().filter((call) => !call.startsWith("GET")),
            ["DELETE /:id", "POST "],
            "the old endpoint went before the new one took its name",
        );
        assert.deepEqual([...rpe().endpoints.keys()], [stateOf().id]);
        assert.notEqual(stateOf().id, id);
    });

    it("shows drift on refresh, restores it on up, and drops an endpoint deleted out of band", async function () {
        await stack.engine.up([endpoint(vpcEndpoint())]);
        const record = [...rpe().endpoints.values()][0];
        record.customPrivateDnsMappings = [{ privateDnsName: "drift.example.com" }];

        assert.deepEqual((await stack.engine.refresh()).updated, ["rpe"]);
        assert.deepEqual(stateOf().inputs.customPrivateDnsMappings, [{ privateDnsName: "drift.example.com" }]);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up([endpoint(vpcEndpoint())])).updated, ["rpe"]);
        assert.deepEqual(record.customPrivateDnsMappings, []);

        rpe().endpoints.clear();
        assert.deepEqual((await stack.engine.refresh()).deleted, ["rpe"]);
    });

    it("carries a kafka pipe (by id, brokers on 14001 + index behind MSK) and deletes pipe first, endpoint after, waiting until it is gone", async function () {
        rpe().behaviour.deletingReads = 2;
        const program = [
            endpoint(mskEndpoint),
            kafkaPipe((outputs) => kafkaInputs({ brokers: outputs.rpe.mskBrokers, reversePrivateEndpointIds: [outputs.rpe.id] })),
        ];

        await stack.engine.up(program);

        const record = [...rpe().endpoints.values()][0];
        const pipe = [...pipesState(stack.emu.cloud).pipes.values()][0];
        assert.deepEqual(pipe.source.reversePrivateEndpointIds, [record.id]);
        assert.equal(pipe.source.brokers, record.privateDnsNames.map((name, i) => `${name}:${14001 + i}`).join(","));

        stack.emu.clearRequests();
        await stack.engine.destroy();
        assert.deepEqual(calls(), ["DELETE /:id", "GET /:id", "GET /:id", "GET /:id"], "Deleting for two GETs, then 404");
        assert.ok(
            stack.cloudCalls().findIndex((c) => c.startsWith("DELETE") && c.includes("/pipes/")) <
                stack.cloudCalls().findIndex((c) => c.includes("/pipesReversePrivateEndpoints")),
        );
        assert.equal(rpe().endpoints.size, 0);
    });

    it("refuses to delete an endpoint that pipes still use, with the server's message naming them", async function () {
        await stack.engine.up([
            endpoint(vpcEndpoint()),
            kafkaPipe((outputs) => kafkaInputs({ brokers: "b1:9092", reversePrivateEndpointIds: [outputs.rpe.id] })),
        ]);
        const id = stateOf().id;
        const pipeId = [...pipesState(stack.emu.cloud).pipes.keys()][0];

        // The program keeps the pipe (now with a literal id) and drops the endpoint.
        await assert.rejects(stack.engine.up([kafkaPipe(() => kafkaInputs({ brokers: "b1:9092", reversePrivateEndpointIds: [id] }))]), (error: unknown) => {
            assert.ok(error instanceof HostCallError);
            assert.match(
                error.details,
                new RegExp(
                    `DELETE .*/pipesReversePrivateEndpoints/${id} → HTTP 400.*in use by pipes orders \\(${pipeId}\\).*Delete the pipes that use the endpoint first`,
                ),
            );
            return true;
        });
        assert.ok(rpe().endpoints.has(id));
    });

    it("lets a postgres pipe use the endpoint's DNS name as its host", async function () {
        const postgres = (outputs: OutputsByName): PropertyMap => ({
            name: "replica",
            source: {
                postgres: {
                    host: (outputs.rpe.dnsNames as string[])[0],
                    database: "shop",
                    settings: { replicationMode: "cdc" },
                    tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" }],
                },
            },
            secrets: { credentials: { username: "replicator", password: "pw" } },
            destination: { database: "replica" },
        });

        await stack.engine.up([endpoint(vpcEndpoint()), { type: "DataPipe", name: "replica", provider: PIPE_PROVIDER, inputs: postgres }]);

        const record = [...rpe().endpoints.values()][0];
        assert.equal([...pipesState(stack.emu.cloud).pipes.values()][0].source.host, record.dnsNames[0]);
    });

    it("adopts an existing endpoint by adoptId without a write, and applies a differing DNS list in place", async function () {
        // Each adoption takes its own endpoint: the host remembers the ids its resources manage.
        const existing = async (description: string) => {
            const created = await cloudRequest(stack.emu, "POST", base(), vpcEndpoint({ description }));
            const id = (created.json as { result: { id: string } }).result.id;
            await cloudRequest(stack.emu, "GET", `${base()}/${id}`);
            stack.engine.state.clear();
            stack.emu.clearRequests();
            return id;
        };

        const faithful = await existing("faithful");
        await stack.engine.up([endpoint({ ...vpcEndpoint({ description: "faithful" }), adoptId: faithful })]);
        assert.equal(stateOf().id, faithful);
        assert.deepEqual(calls(), ["GET /:id"], "a faithful declaration is only read");

        const renamed = await existing("dns");
        await stack.engine.up([
            endpoint({ ...vpcEndpoint({ description: "dns", customPrivateDnsMappings: [{ privateDnsName: "adopted.example.com" }] }), adoptId: renamed }),
        ]);
        assert.deepEqual(calls(), ["GET /:id", "PATCH /:id"]);

        const other = await existing("other");
        await assert.rejects(
            stack.engine.up([endpoint({ ...vpcEndpoint({ description: "another" }), adoptId: other })]),
            /description of endpoint .* cannot change in place/,
        );
    });

    it("finds the endpoint instead of creating a second one when the POST's answer is lost", async function () {
        stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/pipesReversePrivateEndpoints" });

        await stack.engine.up([endpoint(vpcEndpoint())]);

        assert.equal(rpe().endpoints.size, 1);
        assert.equal(stateOf().id, [...rpe().endpoints.keys()][0]);
        assert.deepEqual(calls().slice(0, 3), ["GET ", "POST ", "GET "], "after the lost answer the list is searched, not posted again");
    });

    it("refuses bad input at check with the property path and sends nothing", async function () {
        const declare = (inputs: PropertyMap) => [endpoint(inputs)];
        await assertCheckRefuses(stack, declare, [
            [{ description: "x", type: "VPC_ENDPOINT_SERVICE" }, "vpcEndpointServiceName"],
            [vpcEndpoint({ mskClusterArn: "arn:aws:kafka:x" }), "mskClusterArn"],
            [{ ...mskEndpoint, customPrivateDnsMappings: [{ privateDnsName: "a.example.com" }] }, "customPrivateDnsMappings"],
            [vpcEndpoint({ customPrivateDnsMappings: [{ privateDnsName: "not a name" }] }), "customPrivateDnsMappings[0].privateDnsName"],
            [
                vpcEndpoint({ customPrivateDnsMappings: [{ privateDnsName: "a.example.com" }, { privateDnsName: "A.example.com" }] }),
                "customPrivateDnsMappings[1].privateDnsName",
            ],
            [vpcEndpoint({ description: "d".repeat(256) }), "description"],
            [vpcEndpoint({ type: "VPC_PEERING" }), "type"],
            [{ description: "g", type: "GCP_PSC_SERVICE_ATTACHMENT", gcpServiceAttachment: "attachment-1" }, "gcpServiceAttachment"],
            [vpcEndpoint({ region: "us-east-1" }), "region"],
            [vpcEndpoint({ adoptId: "not-a-uuid" }), "adoptId"],
        ]);
    });
});
