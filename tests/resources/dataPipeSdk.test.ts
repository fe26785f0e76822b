import assert from "node:assert/strict";
import * as path from "node:path";
import { getDataPipes } from "../../sdk";
import { pipesState } from "../emulator/routes/pipes";
import { cdcScalingState, reversePrivateEndpointsState } from "../emulator/routes/pipeNetworking";
import { SECRET_SIG, SECRET_SIG_KEY } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { cloudRequest, EmulatedStack, startEmulatedStack } from "../support/emulatedStack";
import { recordRegistrations } from "../support/registrations";

const PROGRAM = path.join(REPO_ROOT, "examples", "data-pipes", "index.ts");
const SECRETS = {
    "demo:kafkaPassword": "example-kafka-pw-41d2",
    "demo:bucketSecretKey": "example-bucket-key-93aa",
    "demo:databasePassword": "example-db-pw-0c7e",
    "demo:mysqlPassword": "example-mysql-pw-5d21",
};

describe("DataPipe SDK: the example program and getDataPipes", function () {
    let stack: EmulatedStack;

    before(async function () {
        stack = await startEmulatedStack({ config: { "observability:pollIntervalMs": "0" } });
    });

    after(async function () {
        await stack?.close();
    });

    afterEach(function () {
        assert.deepEqual(stack.emu.invalidRequests, []);
        assert.deepEqual(stack.emu.serverErrors, []);
    });

    /** The stack's provider settings plus the example's own settings, as the CLI hands config to a program. */
    function programConfig(extra: Record<string, string> = {}): Record<string, string> {
        const providerSettings = Object.fromEntries(
            Object.entries(stack.config).map(([key, value]) => [key, typeof value === "string" ? value : value.secret]),
        );
        return {
            ...providerSettings,
            "demo:kafkaBrokers": "broker-1.emulated:9092",
            "demo:kafkaUser": "ingest",
            "demo:bucketUrl": "https://bucket.emulated/logs/*.json",
            "demo:bucketKeyId": "AKIAEMULATED",
            "demo:streamRoleArn": "arn:aws:iam::000000000000:role/emulated-ingest",
            "demo:databaseHost": "db.emulated",
            "demo:mskClusterArn": "arn:aws:kafka:us-east-1:000000000000:cluster/emulated/0",
            "demo:mysqlEndpointService": "com.amazonaws.vpce.us-east-1.vpce-svc-0emulated0mysql0",
            ...SECRETS,
            ...extra,
        };
    }

    it("runs the example: one pipe per kind, secrets wrapped and declared secret outputs, nothing planned twice", async function () {
        const recorder = recordRegistrations();
        pipesState(stack.emu.cloud).behaviour.holdByName.set("shop-replica", "Snapshot");
        pipesState(stack.emu.cloud).behaviour.holdByName.set("carts-from-mysql", "Snapshot");
        const run = (extra?: Record<string, string>) =>
            runProgram({
                program: PROGRAM,
                engine: stack.engine,
                config: programConfig(extra),
                secretKeys: Object.keys(SECRETS),
                project: "demo",
                stack: "dev",
            });
        try {
            // Every resource of the example program, by name.
            const declared = ["carts", "cdc", "clicks", "files", "mysql-endpoint", "orders", "private-brokers", "private-orders", "replica"];
            const first = await run();
            assert.deepEqual([...first.created].sort(), declared);

            for (const name of ["orders", "files", "replica", "private-orders", "carts"]) {
                const registration = recorder.seen.get(name);
                assert.ok(registration, `${name} was registered`);
                assert.deepEqual(registration.secretOutputs, ["secrets"], `${name}: the secrets output is declared secret`);
                const secrets = registration.object.secrets as Record<string, unknown>;
                assert.equal(secrets[SECRET_SIG_KEY], SECRET_SIG, `${name}: the secrets input is sent as a secret`);
                const source = JSON.stringify(registration.object.source);
                for (const value of Object.values(SECRETS)) assert.ok(!source.includes(value), `${name}: source holds no secret`);
            }
            const states = Object.fromEntries([...pipesState(stack.emu.cloud).pipes.values()].map((pipe) => [pipe.name, pipe.state]));
            // The CDC pipe rests in Snapshot (held there, where later lists would move it on to Running): its wait
            // ended there, since a CDC pipe that snapshots runs as intended.
            const { "shop-replica": replica, "carts-from-mysql": carts, ...streaming } = states;
            assert.equal(replica, "Snapshot");
            assert.equal(carts, "Snapshot");
            assert.deepEqual(streaming, {
                "orders-from-kafka": "Running",
                "logs-from-bucket": "Running",
                "clicks-from-stream": "Running",
                "orders-from-private-kafka": "Running",
            });
            // The private pipe reaches the MSK brokers through the endpoint, by reference to its outputs.
            const endpoint = [...reversePrivateEndpointsState(stack.emu.cloud).endpoints.values()].find((e) => e.type === "MSK_MULTI_VPC");
            assert.ok(endpoint);
            const privatePipe = [...pipesState(stack.emu.cloud).pipes.values()].find((pipe) => pipe.name === "orders-from-private-kafka");
            assert.deepEqual(privatePipe?.source.reversePrivateEndpointIds, [endpoint.id]);
            assert.equal(privatePipe?.source.brokers, endpoint.privateDnsNames.map((name, i) => `${name}:${14001 + i}`).join(","));
            assert.deepEqual(cdcScalingState(stack.emu.cloud).current, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
            // The MySQL pipe reaches its database through the other endpoint, by its first DNS name.
            const mysqlEndpoint = [...reversePrivateEndpointsState(stack.emu.cloud).endpoints.values()].find((e) => e.type === "VPC_ENDPOINT_SERVICE");
            const cartsPipe = [...pipesState(stack.emu.cloud).pipes.values()].find((pipe) => pipe.name === "carts-from-mysql");
            assert.equal(cartsPipe?.source.host, mysqlEndpoint?.dnsNames[0]);

            stack.emu.clearRequests();
            const second = await run();
            assert.deepEqual([...second.same].sort(), declared);
            assert.deepEqual(
                stack.cloudCalls().filter((call) => !call.startsWith("GET ")),
                [],
                "a second run writes nothing (the lookup only reads)",
            );

            const stopped = await run({ "demo:clicksStopped": "true" });
            assert.deepEqual(stopped.updated, ["clicks"]);
            assert.equal([...pipesState(stack.emu.cloud).pipes.values()].find((pipe) => pipe.name === "clicks-from-stream")?.state, "Stopped");
        } finally {
            recorder.stop();
            pipesState(stack.emu.cloud).behaviour.holdByName.clear();
        }
        await stack.engine.destroy();
        assert.equal(pipesState(stack.emu.cloud).pipes.size, 0);
        assert.equal(reversePrivateEndpointsState(stack.emu.cloud).endpoints.size, 0, "the endpoint goes after its pipe");
    });

    it("getDataPipes lists the service's pipes without secrets, with settings under the spec's names", async function () {
        const kafka = {
            name: "listed",
            source: { kafka: { format: "JSONEachRow", brokers: "b:9092", topics: "t" } },
            secrets: { credentials: { username: "u", password: "listed-secret-pw" } },
            destination: { table: "t", managedTable: false, columns: [{ name: "id", type: "String" }] },
            fieldMappings: [{ sourceField: "id", destinationField: "id" }],
            settings: { engine_max_threads: 2 },
        };
        await stack.engine.up([
            {
                type: "DataPipe",
                name: "listed",
                provider: 'exports.handler = () => require("pulumi-observability/providers").registry.dataPipe.provider;',
                inputs: kafka,
            },
        ]);
        const service = `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}`;
        const mongo = await cloudRequest(stack.emu, "POST", `${service}/pipes`, {
            name: "listed-mongo",
            source: {
                mongodb: {
                    uri: "mongodb+srv://c.example.net",
                    readPreference: "nearest",
                    settings: { replicationMode: "snapshot" },
                    tableMappings: [{ sourceDatabaseName: "a", sourceCollection: "b", targetTable: "a_b" }],
                    credentials: { username: "u", password: "listed-mongo-pw" },
                },
            },
            destination: { database: "r" },
        });
        assert.equal(mongo.status, 200);
        pipesState(stack.emu.cloud).behaviour.quantityStrings = true;
        const saved = { ...process.env };
        Object.assign(process.env, stack.emu.env(), { OBSERVABILITY_CLOUD_RATE_LIMIT: "10000/1s" });
        try {
            const pipes = await getDataPipes();
            assert.equal(pipes.length, 2);
            const [pipe, listedMongo] = pipes;
            assert.deepEqual(listedMongo.source, {
                mongodb: {
                    uri: "mongodb+srv://c.example.net",
                    readPreference: "nearest",
                    settings: { replicationMode: "snapshot" },
                    tableMappings: [{ sourceDatabaseName: "a", sourceCollection: "b", targetTable: "a_b" }],
                },
            });
            assert.ok(!JSON.stringify(pipes).includes("listed-mongo-pw"));
            assert.equal(pipe.name, "listed");
            assert.equal(pipe.state, "Running");
            assert.deepEqual(pipe.settings, { engine_max_threads: 2 });
            assert.deepEqual(pipe.scaling, { replicas: 1, replicaCpuMillicores: 500, replicaMemoryGb: 2 });
            assert.equal((pipe.source.kafka as { consumerGroup?: string }).consumerGroup?.startsWith("pipes-consumer-"), true);
            assert.ok(!JSON.stringify(pipes).includes("listed-secret-pw"));
            await assert.rejects(getDataPipes({ serviceId: "not-a-uuid" }), /serviceId must be a UUID/);
        } finally {
            for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
            Object.assign(process.env, saved);
            pipesState(stack.emu.cloud).behaviour.quantityStrings = false;
            await stack.engine.destroy();
            pipesState(stack.emu.cloud).pipes.clear();
        }
    });
});
