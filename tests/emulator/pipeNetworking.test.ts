import { strict as assert } from "node:assert";
import { Emulator } from ".";
import { cdcScalingState, reversePrivateEndpointsState } from "./routes/pipeNetworking";
import { pipesState } from "./routes/pipes";

type Body = Record<string, unknown>;
interface Answer {
    status: number;
    text: string;
    json: { result?: any; error?: string } | undefined;
}

/** Calls the emulator's cloud API with its key, as a provider would. */
function cloud(emu: Emulator) {
    const { keyId, keySecret, organizationId, serviceId } = emu.credentials;
    const service = `/v1/organizations/${organizationId}/services/${serviceId}`;
    const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
    const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
        const headers: Record<string, string> = { Authorization: authorization };
        if (body !== undefined) headers["Content-Type"] = "application/json";
        const res = await fetch(emu.url + service + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await res.text();
        let json: Answer["json"];
        try {
            json = JSON.parse(text);
        } catch {
            json = undefined;
        }
        return { status: res.status, text, json };
    };
    return { call, service };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RPE = "/pipesReversePrivateEndpoints";
const CDC = "/pipesCdcScaling";

const vpcEndpoint = (description = "orders kafka"): Body => ({
    description,
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0",
});
const mskEndpoint: Body = {
    description: "orders msk",
    type: "MSK_MULTI_VPC",
    mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/orders/abc",
    mskAuthentication: "SASL_IAM",
};

function kafkaPipe(name: string, kafka: Body = {}): Body {
    return {
        name,
        source: {
            kafka: {
                format: "JSONEachRow",
                brokers: "b1:9092",
                topics: "orders",
                authentication: "SCRAM-SHA-512",
                credentials: { username: "u", password: "p" },
                ...kafka,
            },
        },
        destination: {
            table: name,
            managedTable: true,
            tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
            columns: [{ name: "id", type: "String" }],
        },
        fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    };
}

function postgresPipe(name: string, host: string): Body {
    return {
        name,
        source: {
            postgres: {
                host,
                database: "shop",
                settings: { replicationMode: "cdc" },
                tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" }],
                credentials: { username: "replicator", password: "pw" },
            },
        },
        destination: { database: "replica" },
    };
}

describe("emulator: pipe reverse private endpoints and CDC scaling", function () {
    let emu: Emulator;
    let api: ReturnType<typeof cloud>;

    beforeEach(async () => {
        emu = await Emulator.start({ rateLimits: false, seed: 15 });
        api = cloud(emu);
    });
    afterEach(async () => {
        assert.deepEqual(emu.serverErrors, []);
        await emu.close();
    });

    /** Creates an endpoint and reads it until it leaves Provisioning. */
    async function readyEndpoint(body: Body = vpcEndpoint()): Promise<any> {
        const created = await api.call("POST", RPE, body);
        assert.equal(created.status, 200, created.text);
        let read = created;
        while (read.json?.result?.status === "Provisioning") read = await api.call("GET", `${RPE}/${created.json?.result.id}`);
        assert.equal(read.json?.result.status, "Ready");
        return read.json?.result;
    }

    const refusal = (answer: Answer): string => {
        assert.equal(answer.status, 400, answer.text);
        return answer.json?.error ?? "";
    };

    describe("reverse private endpoints", () => {
        it("creates an endpoint in Provisioning, becomes Ready on the second GET, and is listed with its names", async () => {
            const created = await api.call("POST", RPE, vpcEndpoint());
            assert.equal(created.status, 200);
            const endpoint = created.json?.result;
            assert.match(endpoint.id, UUID);
            assert.equal(endpoint.serviceId, emu.credentials.serviceId);
            assert.equal(endpoint.status, "Provisioning");
            assert.deepEqual(
                {
                    vpcResourceConfigurationId: endpoint.vpcResourceConfigurationId,
                    mskClusterArn: endpoint.mskClusterArn,
                    gcpServiceAttachment: endpoint.gcpServiceAttachment,
                },
                { vpcResourceConfigurationId: null, mskClusterArn: null, gcpServiceAttachment: null },
                "the other types' fields read back null",
            );
            assert.deepEqual(endpoint.customPrivateDnsMappings, []);
            assert.match(endpoint.endpointId, /^vpce-[0-9a-f]{17}$/);

            const statuses = [];
            for (let i = 0; i < 3; i++) statuses.push((await api.call("GET", `${RPE}/${endpoint.id}`)).json?.result.status);
            assert.deepEqual(statuses, ["Provisioning", "Ready", "Ready"]);
            const [listed] = (await api.call("GET", RPE)).json?.result ?? [];
            assert.equal(listed.description, "orders kafka");
            assert.equal(listed.dnsNames.length, 1);
            assert.equal(listed.privateDnsNames.length, 1);
            assert.deepEqual(
                emu.requests.map((r) => `${r.method} ${r.path.slice(api.service.length)} ${r.status}`),
                [`POST ${RPE} 200`, ...Array(3).fill(`GET ${RPE}/${endpoint.id} 200`), `GET ${RPE} 200`],
                "every call is recorded",
            );
            assert.deepEqual(emu.requests[0].body, vpcEndpoint());
            assert.deepEqual(emu.invalidRequests, []);
        });

        it("follows the behaviour switches: no provisioning reads, PendingAcceptance, stuck", async () => {
            const { behaviour } = reversePrivateEndpointsState(emu.cloud);
            behaviour.provisioningReads = 0;
            behaviour.outcomeByDescription.set("needs acceptance", "PendingAcceptance");
            behaviour.stuckByDescription.add("stuck");
            const states = async (description: string) => {
                const id = (await api.call("POST", RPE, vpcEndpoint(description))).json?.result.id;
                return [(await api.call("GET", `${RPE}/${id}`)).json?.result.status, (await api.call("GET", `${RPE}/${id}`)).json?.result.status];
            };
            assert.deepEqual(await states("fast"), ["Ready", "Ready"]);
            assert.deepEqual(await states("needs acceptance"), ["PendingAcceptance", "PendingAcceptance"]);
            assert.deepEqual(await states("stuck"), ["Provisioning", "Provisioning"]);
        });

        it("mints MSK names, one per broker, and GCP names; accepts null for the other types' fields", async () => {
            const msk = await readyEndpoint({ ...mskEndpoint, vpcEndpointServiceName: null, gcpServiceAttachment: null });
            assert.equal(msk.privateDnsNames.length, 3);
            assert.equal(msk.mskAuthentication, "SASL_IAM");
            const gcp = await readyEndpoint({
                description: "psc",
                type: "GCP_PSC_SERVICE_ATTACHMENT",
                gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/db",
                mskAuthentication: null,
            });
            assert.match(gcp.endpointId, /^psc-/);
            assert.deepEqual(emu.invalidRequests, []);
        });

        it("refuses create bodies that break the document or the contract, and stores nothing", async () => {
            const cases: [Body, string, "openapi" | "contract" | undefined][] = [
                [{ description: "x" }, "type: Required", "contract"],
                [{ ...vpcEndpoint(), type: "VPN" }, "type: Invalid enum value", "openapi"],
                [{ description: "x", type: "VPC_ENDPOINT_SERVICE" }, "vpcEndpointServiceName: Required for type VPC_ENDPOINT_SERVICE", "contract"],
                [{ description: "x", type: "VPC_RESOURCE", vpcResourceConfigurationId: "rcfg-1" }, "vpcResourceShareArn: Required", "contract"],
                [{ ...vpcEndpoint(), mskClusterArn: "arn:aws:kafka:x" }, "mskClusterArn: not allowed for type VPC_ENDPOINT_SERVICE", "contract"],
                [{ ...vpcEndpoint("d".repeat(256)) }, "description: String must contain at most 255", "contract"],
                [
                    { description: "x", type: "GCP_PSC_SERVICE_ATTACHMENT", gcpServiceAttachment: "my-attachment" },
                    "gcpServiceAttachment: must be projects/",
                    "contract",
                ],
                [{ ...mskEndpoint, customPrivateDnsMappings: [{ privateDnsName: "kafka.example.com" }] }, "not supported for MSK_MULTI_VPC", undefined],
                [{ ...vpcEndpoint(), customPrivateDnsMappings: [{ privateDnsName: "db.*.example.com" }] }, "leading wildcard", "contract"],
                [
                    { ...vpcEndpoint(), customPrivateDnsMappings: [{ privateDnsName: "a.example.com" }, { privateDnsName: "A.example.com" }] },
                    "listed twice",
                    undefined,
                ],
            ];
            for (const [body, message, source] of cases) {
                emu.clearInvalidRequests();
                const error = refusal(await api.call("POST", RPE, body));
                assert.ok(error.startsWith("BAD_REQUEST: ") && error.includes(message), `${error} should say ${message}`);
                assert.equal(emu.invalidRequests[0]?.source, source, message);
            }
            assert.equal(reversePrivateEndpointsState(emu.cloud).endpoints.size, 0);
        });

        it("keeps custom private DNS names unique across the service", async () => {
            await readyEndpoint({ ...vpcEndpoint("first"), customPrivateDnsMappings: [{ privateDnsName: "*.db.example.com" }] });
            const error = refusal(
                await api.call("POST", RPE, { ...vpcEndpoint("second"), customPrivateDnsMappings: [{ privateDnsName: "*.DB.example.com" }] }),
            );
            assert.match(error, /already used by another reverse private endpoint/);
        });

        it("PATCHes only the custom DNS mappings, as a full replacement list; [] clears them", async () => {
            const { id } = await readyEndpoint();
            const mappings = [{ privateDnsName: "kafka.example.com" }, { privateDnsName: "*.brokers.example.com" }];
            assert.deepEqual((await api.call("PATCH", `${RPE}/${id}`, { customPrivateDnsMappings: mappings })).json?.result.customPrivateDnsMappings, mappings);
            const replaced = await api.call("PATCH", `${RPE}/${id}`, { customPrivateDnsMappings: [mappings[1]] });
            assert.deepEqual(replaced.json?.result.customPrivateDnsMappings, [mappings[1]]);
            assert.deepEqual((await api.call("PATCH", `${RPE}/${id}`, { customPrivateDnsMappings: [] })).json?.result.customPrivateDnsMappings, []);

            assert.match(refusal(await api.call("PATCH", `${RPE}/${id}`, { description: "renamed" })), /description: cannot be changed/);
            assert.equal((await api.call("GET", `${RPE}/${id}`)).json?.result.description, "orders kafka");
            assert.equal((await api.call("PATCH", `${RPE}/${emu.credentials.organizationId}`, { customPrivateDnsMappings: [] })).status, 404);
            assert.match(refusal(await api.call("GET", `${RPE}/not-a-uuid`)), /^BAD_REQUEST: Params validation failed: reversePrivateEndpointId/);
        });

        it("deletes asynchronously: Deleting for one GET, then 404; a repeated DELETE is accepted", async () => {
            const { id } = await readyEndpoint();
            const deleted = await api.call("DELETE", `${RPE}/${id}`);
            assert.equal(deleted.status, 200);
            assert.equal(deleted.json?.result, undefined, "no result on DELETE");
            assert.equal((await api.call("GET", RPE)).json?.result[0].status, "Deleting");
            assert.equal((await api.call("DELETE", `${RPE}/${id}`)).status, 200);
            assert.match(refusal(await api.call("PATCH", `${RPE}/${id}`, { customPrivateDnsMappings: [] })), /being deleted/);
            assert.equal((await api.call("GET", `${RPE}/${id}`)).json?.result.status, "Deleting");
            const gone = await api.call("GET", `${RPE}/${id}`);
            assert.equal(gone.status, 404);
            assert.match(gone.json?.error ?? "", /^NOT_FOUND: /);
            assert.deepEqual((await api.call("GET", RPE)).json?.result, []);
            assert.equal((await api.call("DELETE", `${RPE}/${id}`)).status, 404);
        });

        it("applies a create whose answer was dropped, so a client must look before it creates again", async () => {
            emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: RPE });
            await assert.rejects(api.call("POST", RPE, vpcEndpoint("lost answer")));
            const listed = (await api.call("GET", RPE)).json?.result;
            assert.deepEqual(
                listed.map((e: Body) => e.description),
                ["lost answer"],
            );
            assert.equal(emu.requests[0].fault, "drop-after");
        });

        it("answers 424 on every call while the service is idle", async () => {
            emu.cloud.setServiceState("idle");
            for (const [method, path] of [
                ["GET", RPE],
                ["POST", RPE],
                ["GET", CDC],
                ["PATCH", CDC],
            ]) {
                const answer = await api.call(method, path, method === "GET" ? undefined : {});
                assert.equal(answer.status, 424, `${method} ${path}`);
                assert.match(answer.json?.error ?? "", /^FAILED_DEPENDENCY: .*Current state: idle/);
            }
        });
    });

    describe("pipes over an endpoint", () => {
        it("accepts a kafka pipe only on existing Ready endpoints, and refuses the endpoint's delete while the pipe uses it", async () => {
            const pending = (await api.call("POST", RPE, vpcEndpoint("pending"))).json?.result.id;
            const missing = "00000000-0000-4000-8000-000000000000";
            assert.match(
                refusal(await api.call("POST", "/pipes", kafkaPipe("orders", { reversePrivateEndpointIds: [missing] }))),
                /Reverse private endpoint 0{8}-.* not found/,
            );
            assert.match(
                refusal(await api.call("POST", "/pipes", kafkaPipe("orders", { reversePrivateEndpointIds: [pending] }))),
                /which is Provisioning: a pipe needs a Ready endpoint/,
            );
            assert.equal(pipesState(emu.cloud).pipes.size, 0);

            const { id } = await readyEndpoint();
            const pipe = (await api.call("POST", "/pipes", kafkaPipe("orders", { reversePrivateEndpointIds: [id] }))).json?.result;
            assert.deepEqual(pipe.source.kafka.reversePrivateEndpointIds, [id]);
            const error = refusal(await api.call("DELETE", `${RPE}/${id}`));
            assert.ok(error.includes(`is in use by pipes orders (${pipe.id}): delete them first`), error);
            assert.equal((await api.call("GET", `${RPE}/${id}`)).json?.result.status, "Ready");

            assert.match(
                refusal(await api.call("PATCH", `/pipes/${pipe.id}`, { source: { kafka: { reversePrivateEndpointIds: [pending] } } })),
                /which is Provisioning/,
            );
            assert.equal((await api.call("DELETE", `/pipes/${pipe.id}`)).status, 200);
            assert.equal((await api.call("DELETE", `${RPE}/${id}`)).status, 200);
        });

        it("reaches MSK brokers only as the endpoint's private DNS names on 14001 + index", async () => {
            const msk = await readyEndpoint(mskEndpoint);
            const wrong = kafkaPipe("msk", {
                type: "msk",
                authentication: "IAM_ROLE",
                iamRole: "arn:aws:iam::1:role/r",
                credentials: undefined,
                brokers: "b-1.example.com:9098",
                reversePrivateEndpointIds: [msk.id],
            });
            assert.match(
                refusal(await api.call("POST", "/pipes", wrong)),
                /broker b-1.example.com:9098 is not reachable through MSK endpoint .*; use .*:14001,.*:14002,.*:14003/,
            );
            const brokers = msk.privateDnsNames.map((name: string, i: number) => `${name}:${14001 + i}`).join(",");
            assert.equal((await api.call("POST", "/pipes", { ...wrong, source: { kafka: { ...(wrong.source as any).kafka, brokers } } })).status, 200);
        });

        it("matches a postgres host to an endpoint's names or custom DNS, and refuses unknown minted names", async () => {
            const endpoint = await readyEndpoint({ ...vpcEndpoint("db"), customPrivateDnsMappings: [{ privateDnsName: "*.db.example.com" }] });
            const pipe = (await api.call("POST", "/pipes", postgresPipe("replica", "primary.db.example.com"))).json?.result;
            assert.match(refusal(await api.call("DELETE", `${RPE}/${endpoint.id}`)), /in use by pipes replica/);
            const other = (await api.call("POST", "/pipes", postgresPipe("direct", endpoint.dnsNames[0]))).json?.result;
            assert.equal(other.source.postgres.host, endpoint.dnsNames[0]);

            const unknown = endpoint.privateDnsNames[0].replace(/^rpe-[0-9a-f]{8}/, "rpe-00000000");
            assert.match(refusal(await api.call("POST", "/pipes", postgresPipe("stale", unknown))), /does not resolve/);
            assert.equal((await api.call("POST", "/pipes", postgresPipe("public", "db.public.example.org"))).status, 200);

            reversePrivateEndpointsState(emu.cloud).endpoints.get(endpoint.id)!.status = "Expired";
            const patch = { source: { postgres: { host: endpoint.privateDnsNames[0], credentials: { username: "replicator", password: "pw" } } } };
            assert.match(refusal(await api.call("PATCH", `/pipes/${pipe.id}`, patch)), /which is Expired/);
        });
    });

    describe("CDC scaling", () => {
        /** Creates a postgres pipe and reads it once, past Provisioning. */
        async function provisionDbPipe(name = "replica"): Promise<string> {
            const id = (await api.call("POST", "/pipes", postgresPipe(name, "db.example.com"))).json?.result.id;
            assert.equal((await api.call("GET", `/pipes/${id}`)).json?.result.state, "Setup");
            return id;
        }

        it("is unavailable until a database pipe was provisioned, then starts at one compute unit", async () => {
            const unavailable = /^BAD_REQUEST: CDC scaling is not available: .*once at least one database pipe was provisioned/;
            assert.match(refusal(await api.call("GET", CDC)), unavailable);
            await api.call("POST", "/pipes", kafkaPipe("stream"));
            const pg = (await api.call("POST", "/pipes", postgresPipe("replica", "db.example.com"))).json?.result.id;
            assert.match(
                refusal(await api.call("PATCH", CDC, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 })),
                unavailable,
                "the pipe is still Provisioning",
            );
            await api.call("GET", `/pipes/${pg}`);
            assert.deepEqual((await api.call("GET", CDC)).json?.result, { replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
        });

        it("answers a PATCH with the requested values and applies them after one GET of the old ones", async () => {
            await provisionDbPipe();
            const patched = await api.call("PATCH", CDC, { replicaCpuMillicores: 6000, replicaMemoryGb: 24 });
            assert.deepEqual(patched.json?.result, { replicaCpuMillicores: 6000, replicaMemoryGb: 24 });
            const reads = [];
            for (let i = 0; i < 3; i++) reads.push((await api.call("GET", CDC)).json?.result.replicaCpuMillicores);
            assert.deepEqual(reads, [2000, 6000, 6000]);
            assert.deepEqual(
                emu.requests.filter((r) => r.path.endsWith(CDC) && r.method === "PATCH").map((r) => r.body),
                [{ replicaCpuMillicores: 6000, replicaMemoryGb: 24 }],
            );

            const state = cdcScalingState(emu.cloud);
            state.behaviour.propagationReads = 0;
            await api.call("PATCH", CDC, { replicaCpuMillicores: 1000, replicaMemoryGb: 4 });
            assert.equal((await api.call("GET", CDC)).json?.result.replicaCpuMillicores, 1000);
            state.behaviour.neverApplies = true;
            await api.call("PATCH", CDC, { replicaCpuMillicores: 3000, replicaMemoryGb: 12 });
            assert.equal((await api.call("GET", CDC)).json?.result.replicaCpuMillicores, 1000);
            state.current = { replicaCpuMillicores: 8000, replicaMemoryGb: 32 };
            state.pending = undefined;
            assert.deepEqual(
                (await api.call("GET", CDC)).json?.result,
                { replicaCpuMillicores: 8000, replicaMemoryGb: 32 },
                "a platform rescale shows as drift",
            );
        });

        it("enforces the ranges, the steps and 4 GiB per core", async () => {
            await provisionDbPipe();
            const cases: [Body, RegExp, "openapi" | "contract"][] = [
                [{ replicaCpuMillicores: 4000, replicaMemoryGb: 8 }, /replicaMemoryGb: must be 4 GiB per CPU core: 16 for 4000 millicores, got 8/, "contract"],
                [{ replicaCpuMillicores: 4000 }, /must be 4 GiB per CPU core: 16 for 4000 millicores, got 8/, "contract"],
                [{ replicaCpuMillicores: 1500, replicaMemoryGb: 6 }, /replicaCpuMillicores: must be multiple of 1000/, "openapi"],
                [{ replicaCpuMillicores: 33000, replicaMemoryGb: 132 }, /replicaCpuMillicores: must be <= 32000/, "openapi"],
                [{ replicaCpuMillicores: 0, replicaMemoryGb: 0 }, /replicaCpuMillicores: must be >= 1000/, "openapi"],
            ];
            for (const [body, message, source] of cases) {
                emu.clearInvalidRequests();
                assert.match(refusal(await api.call("PATCH", CDC, body)), message);
                assert.equal(emu.invalidRequests[0]?.source, source);
            }
            assert.deepEqual((await api.call("PATCH", CDC, { replicaCpuMillicores: 32000, replicaMemoryGb: 128 })).json?.result, {
                replicaCpuMillicores: 32000,
                replicaMemoryGb: 128,
            });
        });

        it("has no create or delete, and forgets its values when the last database pipe goes", async () => {
            const pipe = await provisionDbPipe();
            assert.equal((await api.call("PATCH", CDC, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 })).status, 200);
            for (const method of ["DELETE", "POST"]) {
                const answer = await api.call(method, CDC);
                assert.equal(answer.status, 404);
                assert.match(answer.text, new RegExp(`Cannot ${method}`));
            }
            await api.call("DELETE", `/pipes/${pipe}`);
            assert.match(refusal(await api.call("GET", CDC)), /not available/);
            await provisionDbPipe("again");
            assert.deepEqual((await api.call("GET", CDC)).json?.result, { replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
        });
    });
});
