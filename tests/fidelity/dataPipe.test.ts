/**
 * Data pipes and their cloud neighbours (CDC scaling, reverse private endpoints): facts of the cloud document and of
 * the reference client, and the round trip of a pipe made by hand. The reference client's files are cited with their
 * vendor prefixes elided: `internal/api/<pipe>_models.go`, `internal/service/<vendor>/resource/<pipe>.go`.
 */
import assert from "node:assert/strict";
import { cdcScalingState } from "../emulator/domain/pipeNetworking/cdcScaling";
import { reversePrivateEndpointsState } from "../emulator/routes/pipeNetworking";
import { pipesState } from "../emulator/routes/pipes";
import type { DeclaredResource } from "../harness/engine";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { cloudRequest, useEmulatedStack } from "../support/emulatedStack";
import { refusedNulls } from "./documentNulls";
import { describeWireFacts, type RawApi, UPSTREAM, type WireFact } from "./wireFacts";

const PIPE = packageProviderText("dataPipe");
const CDC = packageProviderText("pipesCdcScaling");
const ENDPOINT = packageProviderText("pipeReversePrivateEndpoint");
const PIPE_SOURCE = `${UPSTREAM.cloudProvider} internal/service/<vendor>/resource/<pipe>.go`;
const PIPE_MODELS = `${UPSTREAM.cloudProvider} internal/api/<pipe>_models.go`;
const ZERO_POLL = { config: { "observability:pollIntervalMs": "0" } };

const columns = [{ name: "id", type: "String" }];
const table = { table: "events", managedTable: true, tableDefinition: { engine: { type: "MergeTree" } }, columns };
const mapped = [{ sourceField: "id", destinationField: "id" }];
const kafkaArm = { format: "JSONEachRow", brokers: "b1:9092", topics: "events", authentication: "SCRAM-SHA-512" };
const kafkaBody = (name: string, extra: PropertyMap = {}) => ({
    name,
    source: { kafka: { ...kafkaArm, credentials: { username: "u", password: "p" } } },
    destination: table,
    fieldMappings: mapped,
    ...extra,
});
const postgresArm = {
    host: "db.example.com",
    database: "shop",
    settings: { replicationMode: "cdc" },
    tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" }],
};
const postgresBody = (name: string) => ({
    name,
    source: { postgres: { ...postgresArm, credentials: { username: "replicator", password: "pw" } } },
    destination: { database: "replica" },
});

/** Creates a pipe over raw HTTP and reads it until it runs (one state per read): its id. */
async function runningPipe(api: RawApi, body: unknown): Promise<string> {
    const created = await api.cloud("POST", `${api.servicePath}/pipes`, body);
    assert.equal(created.status, 200, created.text);
    const id = String(created.json.result.id);
    for (let i = 0; i < 4; i++) await api.cloud("GET", `${api.servicePath}/pipes/${id}`);
    return id;
}

const inRange = (value: unknown, min: number, max: number, step = 1) =>
    typeof value !== "number" || (value >= min && value <= max && Number.isInteger(value / step));

const facts: WireFact[] = [
    {
        upstream: `${UPSTREAM.cloudDocument} DataPipeScaling, DataPipeScalingPatchRequest`,
        says: "refuses `replicas` outside 1 to 40",
        variants: ["managed"],
        async onEmulator(api) {
            const id = await runningPipe(api, kafkaBody("wide", { scaling: { replicas: 40 } }));
            assert.equal((await api.cloud("PATCH", `${api.servicePath}/pipes/${id}/scaling`, { replicas: 41 })).status, 400);
            assert.equal((await api.cloud("PATCH", `${api.servicePath}/pipes/${id}/scaling`, { replicas: 0 })).status, 400);
            api.emu.clearInvalidRequests();
        },
        onSent(sent) {
            const scaling = sent.path.endsWith("/scaling") ? sent.body : (sent.body.scaling as Record<string, unknown> | undefined);
            return inRange(scaling?.replicas, 1, 40) ? undefined : `replicas ${String(scaling?.replicas)}`;
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} DataPipesCdcScalingPatchRequest`,
        says: "takes CDC CPU of 1000 to 32000 millicores in steps of 1000 and memory of 4 to 128 GB in steps of 4",
        variants: ["managed"],
        async onEmulator(api) {
            await runningPipe(api, postgresBody("cdc"));
            const patch = (body: unknown) => api.cloud("PATCH", `${api.servicePath}/pipesCdcScaling`, body);
            assert.equal((await patch({ replicaCpuMillicores: 32_000, replicaMemoryGb: 128 })).status, 200);
            for (const refused of [
                { replicaCpuMillicores: 33_000, replicaMemoryGb: 132 },
                { replicaCpuMillicores: 1500, replicaMemoryGb: 6 },
            ])
                assert.equal((await patch(refused)).status, 400, JSON.stringify(refused));
            api.emu.clearInvalidRequests();
        },
        onSent(sent) {
            if (!sent.path.endsWith("/pipesCdcScaling")) return undefined;
            const { replicaCpuMillicores: cpu, replicaMemoryGb: memory } = sent.body;
            return inRange(cpu, 1000, 32_000, 1000) && inRange(memory, 4, 128, 4) ? undefined : `CDC scaling ${String(cpu)} / ${String(memory)}`;
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} DataPipeKinesisSource.timestamp`,
        says: "takes a kinesis `timestamp` as whole epoch seconds, not as text",
        variants: ["managed"],
        async onEmulator(api) {
            const kinesis = (timestamp: unknown) => ({
                name: "stream",
                source: {
                    kinesis: {
                        format: "JSONEachRow",
                        streamName: "s",
                        region: "eu-west-1",
                        iteratorType: "AT_TIMESTAMP",
                        timestamp,
                        authentication: "IAM_ROLE",
                        iamRole: "arn:aws:iam::1:role/r",
                    },
                },
                destination: table,
                fieldMappings: mapped,
            });
            assert.equal((await api.cloud("POST", `${api.servicePath}/pipes`, kinesis("1735689600"))).status, 400);
            assert.equal((await api.cloud("POST", `${api.servicePath}/pipes`, kinesis(1_735_689_600))).status, 200);
            api.emu.clearInvalidRequests();
        },
        onSent(sent) {
            const kinesis = (sent.body.source as Record<string, Record<string, unknown> | undefined> | undefined)?.kinesis;
            return kinesis?.timestamp === undefined || Number.isInteger(kinesis.timestamp) ? undefined : "kinesis timestamp is not whole seconds";
        },
    },
    {
        upstream: `${PIPE_SOURCE}:891 (authentication without RequiresReplace), :3486 (sent in the update)`,
        says: "changes a postgres pipe's `authentication` and `iamRole` in place, without a new snapshot",
        variants: ["managed"],
        async onEmulator(api) {
            const id = await runningPipe(api, postgresBody("auth"));
            const patched = await api.cloud("PATCH", `${api.servicePath}/pipes/${id}`, {
                source: { postgres: { authentication: "IAM_ROLE", iamRole: "arn:aws:iam::1:role/db", credentials: { username: "replicator" } } },
            });
            assert.equal(patched.status, 200, patched.text);
            const read = (await api.cloud("GET", `${api.servicePath}/pipes/${id}`)).json.result;
            assert.equal(read.source.postgres.authentication, "IAM_ROLE");
            assert.equal(read.source.postgres.iamRole, "arn:aws:iam::1:role/db");
            assert.equal(read.state, "Running", "no re-snapshot");
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} DataPipePostRequest, DataPipePatchRequest, DataPipesCdcScalingPatchRequest, CreateReversePrivateEndpoint`,
        says: "refuses `null` wherever its request schema does not list null",
        variants: ["managed"],
        async onEmulator(api) {
            const refused = await api.cloud("POST", `${api.servicePath}/pipes`, kafkaBody("nulls", { scaling: { replicas: null } }));
            assert.equal(refused.status, 400);
            assert.equal(pipesState(api.emu.cloud).pipes.size, 0, "nothing was created");
            api.emu.clearInvalidRequests();
        },
        onSent(sent) {
            const nulls = refusedNulls(sent.method, sent.path, sent.body);
            return nulls.length === 0 ? undefined : `null at ${nulls.join(", ")}`;
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} DataPipePatchSource (no bigquery arm)`,
        says: "has no PATCH of a bigquery source: every change of it replaces the pipe",
        variants: ["managed"],
        async onEmulator(api) {
            const created = await api.cloud("POST", `${api.servicePath}/pipes`, {
                name: "warehouse",
                source: {
                    bigquery: {
                        snapshotStagingPath: "gs://s/",
                        tableMappings: [{ sourceDatasetName: "d", sourceTable: "t", targetTable: "d_t" }],
                        credentials: { serviceAccountFile: "e30=" },
                    },
                },
                destination: { database: "w" },
            });
            assert.equal(created.status, 200, created.text);
            const patched = await api.cloud("PATCH", `${api.servicePath}/pipes/${created.json.result.id}`, {
                source: { bigquery: { snapshotStagingPath: "gs://other/" } },
            });
            assert.equal(patched.status, 400);
        },
        onSent(sent) {
            const source = sent.body.source as Record<string, unknown> | undefined;
            return sent.method === "PATCH" && source?.bigquery !== undefined ? "a PATCH of a bigquery source" : undefined;
        },
    },
    {
        upstream: `${PIPE_MODELS}:216 (mysql), :274 (mongodb), :157 (pubsub), :309 (bigquery)`,
        says: "serves pubsub, mysql, mongodb and bigquery sources and never returns their secrets",
        variants: ["managed"],
        async onEmulator(api) {
            const bodies = [
                {
                    name: "topic",
                    source: {
                        pubsub: {
                            format: "JSONEachRow",
                            projectId: "p",
                            topic: "t",
                            authentication: "SERVICE_ACCOUNT",
                            seekType: "latest",
                            serviceAccountKey: { serviceAccountFile: "c2VjcmV0LWtleQ==" },
                        },
                    },
                    destination: table,
                    fieldMappings: mapped,
                },
                {
                    name: "mysql",
                    source: {
                        mysql: {
                            host: "m.example.com",
                            port: 3306,
                            settings: { replicationMode: "cdc" },
                            tableMappings: [postgresArm.tableMappings[0]],
                            credentials: { username: "u", password: "secret-pw" },
                        },
                    },
                    destination: { database: "r" },
                },
                {
                    name: "mongo",
                    source: {
                        mongodb: {
                            uri: "mongodb+srv://c.example.net",
                            readPreference: "primary",
                            settings: { replicationMode: "cdc" },
                            tableMappings: [{ sourceDatabaseName: "a", sourceCollection: "b", targetTable: "a_b" }],
                            credentials: { username: "u", password: "secret-pw" },
                        },
                    },
                    destination: { database: "r" },
                },
            ];
            for (const body of bodies) {
                const created = await api.cloud("POST", `${api.servicePath}/pipes`, body);
                assert.equal(created.status, 200, created.text);
                const read = await api.cloud("GET", `${api.servicePath}/pipes/${created.json.result.id}`);
                const kind = Object.keys(body.source)[0];
                assert.ok(read.json.result.source[kind], `${kind} is read back under its key`);
                assert.ok(!read.text.includes("secret"), `${kind}: no secret in the read`);
            }
        },
    },
];

describeWireFacts({
    kind: "DataPipe, PipesCdcScaling",
    collection: "/pipes",
    facts,
    options: ZERO_POLL,
    reset(stack) {
        pipesState(stack.emu.cloud).pipes.clear();
        reversePrivateEndpointsState(stack.emu.cloud).behaviour.provisioningReads = 0;
        Object.assign(cdcScalingState(stack.emu.cloud), { current: undefined, pending: undefined });
        cdcScalingState(stack.emu.cloud).behaviour.propagationReads = 0;
    },
    async flows(stack) {
        const pipe = (name: string, inputs: PropertyMap): DeclaredResource => ({ type: "DataPipe", name, provider: PIPE, inputs });
        const kafka = (name: string, extra: PropertyMap = {}) =>
            pipe("kafka", {
                name,
                source: { kafka: kafkaArm },
                secrets: { credentials: { username: "u", password: "p" } },
                destination: table,
                fieldMappings: mapped,
                ...extra,
            });
        const postgres = (extra: PropertyMap = {}) =>
            pipe("postgres", {
                name: "replica",
                source: { postgres: { ...postgresArm, ...extra } },
                secrets: { credentials: { username: "replicator", password: "pw" } },
                destination: { database: "replica" },
            });
        // The mysql pipe reaches its database through a reverse private endpoint: its host is the endpoint's first name.
        const endpoint = (names: string[]): DeclaredResource => ({
            type: "PipeReversePrivateEndpoint",
            name: "endpoint",
            provider: ENDPOINT,
            inputs: {
                description: "mysql",
                type: "VPC_ENDPOINT_SERVICE",
                vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0",
                customPrivateDnsMappings: names.map((privateDnsName) => ({ privateDnsName })),
            },
        });
        const mysql = (serverId?: number): DeclaredResource => ({
            type: "DataPipe",
            name: "mysql",
            provider: PIPE,
            inputs: (outputs) => ({
                name: "mysql",
                source: {
                    mysql: {
                        host: (outputs.endpoint.dnsNames as string[])[0],
                        settings: { replicationMode: "cdc" },
                        tableMappings: postgresArm.tableMappings,
                        ...(serverId ? { serverId } : {}),
                    },
                },
                secrets: { credentials: { username: "u", password: "pw" } },
                destination: { database: "replica" },
            }),
        });
        const pubsub = (ackDeadline?: number) =>
            pipe("pubsub", {
                name: "topic",
                source: { pubsub: { format: "JSONEachRow", projectId: "p", topic: "t", seekType: "earliest", ...(ackDeadline ? { ackDeadline } : {}) } },
                secrets: { serviceAccountKey: "c2VjcmV0" },
                destination: { ...table, table: "topic" },
                fieldMappings: mapped,
            });
        const cdc: DeclaredResource = { type: "PipesCdcScaling", name: "cdc", provider: CDC, inputs: { replicaCpuMillicores: 4000 } };
        await stack.engine.up([
            kafka("events", { scaling: { replicas: 40 }, settings: { engine_max_threads: 8 } }),
            postgres(),
            endpoint([]),
            mysql(),
            pubsub(),
        ]);
        await stack.engine.up([
            kafka("events-v2", { scaling: { replicas: 3 }, settings: { streaming_max_insert_wait_ms: 1000 } }),
            endpoint(["mysql.internal.example.com"]),
            postgres({ authentication: "IAM_ROLE", iamRole: "arn:aws:iam::1:role/db", tlsHost: "tls.example.com" }),
            mysql(77),
            pubsub(60),
            { ...cdc, dependsOn: ["postgres"] },
        ]);
        await stack.engine.destroy();
    },
});

describe("Round trip of a data pipe made by hand (every stored field, adopted, one field updated)", function () {
    const stack = useEmulatedStack(({ emu }) => pipesState(emu.cloud).pipes.clear(), ZERO_POLL);
    const service = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}`;

    it("changes nothing on the server but the one field", async function () {
        const credentials = { username: "ingest", password: "kafka-pw" };
        const registryCredentials = { username: "registry", password: "registry-pw" };
        const source = {
            type: "confluent",
            format: "AvroConfluent",
            brokers: "b1:9092,b2:9092",
            topics: "orders",
            consumerGroup: "orders-group",
            authentication: "SCRAM-SHA-512",
            offset: { strategy: "from_timestamp", timestamp: "2026-01-01T00:00" },
            schemaRegistry: {
                url: "https://registry.example.com",
                authentication: "PLAIN",
                caCertificate: "-----BEGIN CERTIFICATE-----\nR\n-----END CERTIFICATE-----",
            },
            caCertificate: "-----BEGIN CERTIFICATE-----\nB\n-----END CERTIFICATE-----",
            exactlyOnce: true,
        };
        const destination = {
            database: "sales",
            table: "orders",
            managedTable: true,
            tableDefinition: { engine: { type: "ReplacingMergeTree" }, sortingKey: ["id"], partitionBy: "toYYYYMM(at)", primaryKey: "id" },
            columns: [
                { name: "id", type: "String" },
                { name: "at", type: "DateTime64(3)" },
            ],
        };
        const fieldMappings = [
            { sourceField: "id", destinationField: "id" },
            { sourceField: "time", destinationField: "at" },
        ];
        const scaling = { replicas: 2, replicaCpuMillicores: 500, replicaMemoryGb: 2 };
        const settings = { streaming_max_insert_wait_ms: 2000, engine_max_threads: 8, engine_parallel_view_processing: true };
        const made = await cloudRequest(stack.emu, "POST", `${service()}/pipes`, {
            name: "orders",
            source: { kafka: { ...source, credentials, schemaRegistry: { ...source.schemaRegistry, credentials: registryCredentials } } },
            destination,
            fieldMappings,
            scaling,
            settings,
        });
        assert.equal(made.status, 200, JSON.stringify(made.json));
        const id = (made.json as { result: { id: string } }).result.id;
        const record = () => pipesState(stack.emu.cloud).pipes.get(id);
        for (let i = 0; i < 2; i++) await cloudRequest(stack.emu, "GET", `${service()}/pipes/${id}`);
        const before = structuredClone(record());
        assert.equal(before?.state, "Running");

        const declared = (name: string): DeclaredResource[] => [
            {
                type: "DataPipe",
                name: "orders",
                provider: PIPE,
                inputs: {
                    name,
                    source: { kafka: source },
                    secrets: { credentials, schemaRegistryCredentials: registryCredentials },
                    destination,
                    fieldMappings,
                    scaling,
                    settings,
                },
            },
        ];
        stack.emu.clearRequests();
        await stack.engine.up(declared("orders").map((d) => ({ ...d, inputs: { ...d.inputs, adoptId: id } })));
        assert.deepEqual(
            stack.emu.requests.filter((r) => r.method !== "GET"),
            [],
            "the adoption writes nothing",
        );

        await stack.engine.up(declared("orders-renamed"));
        const writes = stack.emu.requests.filter((r) => r.method !== "GET").map((r) => [r.method, r.path.replace(service(), ""), r.body]);
        assert.deepEqual(writes, [["PATCH", `/pipes/${id}`, { name: "orders-renamed" }]]);

        const after = record();
        assert.ok(after && before);
        const { name: _n, updatedAt: _u, ...kept } = after;
        const { name: _n0, updatedAt: _u0, ...keptBefore } = before;
        assert.deepEqual(kept, keptBefore, "every stored field but the name is as it was (credentials not re-sent)");
        assert.equal(after.name, "orders-renamed");
    });
});
