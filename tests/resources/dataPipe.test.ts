import assert from "node:assert/strict";
import { pipesState, type PipesState } from "../emulator/routes/pipes";
import { CheckFailedError, DeclaredResource, Engine } from "../harness/engine";
import { HostCallError, PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { EmulatedStack, startEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("dataPipe");

// Values that must never leave the `secrets` output: scanned for in every other place.
const KAFKA_PASSWORD = "kafka-pw-5c1e0f7d";
const ACCESS_SECRET = "access-secret-9b2d41aa";
const PG_PASSWORD = "pg-pw-3e8f6c20";
const REGISTRY_PASSWORD = "registry-pw-77aa01";
const SECRET_VALUES = [KAFKA_PASSWORD, ACCESS_SECRET, PG_PASSWORD, REGISTRY_PASSWORD];

const columns = [
    { name: "id", type: "String" },
    { name: "amount", type: "Float64" },
];
const fieldMappings = [
    { sourceField: "id", destinationField: "id" },
    { sourceField: "amount", destinationField: "amount" },
];
const tableDestination = (table: string) => ({
    table,
    managedTable: true,
    tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
    columns,
});

function kafkaPipe(name: string, extra: PropertyMap = {}): PropertyMap {
    return {
        name,
        source: { kafka: { format: "JSONEachRow", brokers: "b1:9092,b2:9092", topics: "orders", authentication: "SCRAM-SHA-512" } },
        secrets: { credentials: { username: "ingest", password: KAFKA_PASSWORD } },
        destination: tableDestination("orders"),
        fieldMappings,
        ...extra,
    };
}

function objectStoragePipe(name: string): PropertyMap {
    return {
        name,
        source: { objectStorage: { format: "CSVWithNames", url: "https://bucket.example.com/logs/*.csv", isContinuous: true, authentication: "IAM_USER" } },
        secrets: { accessKey: { accessKeyId: "AKIAEXAMPLE", secretKey: ACCESS_SECRET } },
        destination: tableDestination(name),
        fieldMappings,
        scaling: { concurrency: 2 },
    };
}

function kinesisPipe(name: string): PropertyMap {
    return {
        name,
        source: {
            kinesis: {
                format: "JSONEachRow",
                streamName: "clicks",
                region: "eu-west-1",
                iteratorType: "AT_TIMESTAMP",
                timestamp: 1_735_689_600,
                authentication: "IAM_ROLE",
                iamRole: "arn:aws:iam::123456789012:role/ingest",
            },
        },
        destination: tableDestination(name),
        fieldMappings,
    };
}

const ordersMapping = { sourceSchemaName: "public", sourceTable: "orders", targetTable: "public_orders" };
const usersMapping = { sourceSchemaName: "public", sourceTable: "users", targetTable: "public_users" };

function postgresPipe(name: string, extra: { tableMappings?: PropertyMap[]; stopped?: boolean; host?: string } = {}): PropertyMap {
    return {
        name,
        source: {
            postgres: {
                host: extra.host ?? "db.example.com",
                database: "shop",
                settings: { replicationMode: "cdc", syncIntervalSeconds: 30, enableFailoverSlots: true },
                tableMappings: extra.tableMappings ?? [ordersMapping],
            },
        },
        secrets: { credentials: { username: "replicator", password: PG_PASSWORD } },
        destination: { database: "replica" },
        ...(extra.stopped === undefined ? {} : { stopped: extra.stopped }),
    };
}

const declare = (name: string, inputs: PropertyMap): DeclaredResource[] => [{ type: "DataPipe", name, provider: PROVIDER, inputs }];

describe("DataPipe (through the real host, against the emulator)", function () {
    let stack: EmulatedStack;
    let pipes: PipesState;

    before(async function () {
        // Pipes move one state per read (GET or list) in the emulator: polling without pauses never waits on real time.
        stack = await startEmulatedStack({ config: { "observability:pollIntervalMs": "0" } });
        pipes = pipesState(stack.emu.cloud);
    });

    after(async function () {
        await stack?.close();
    });

    beforeEach(function () {
        stack.engine = new Engine(stack.host);
        pipes.pipes.clear();
        pipes.behaviour.failByName.clear();
        pipes.behaviour.holdByName.clear();
        delete pipes.behaviour.failAll;
        pipes.behaviour.quantityStrings = false;
        pipes.behaviour.transientZeroAfterScaling = false;
        stack.emu.cloud.setServiceState("running");
        stack.emu.clearRequests();
        stack.emu.clearInvalidRequests();
    });

    afterEach(function () {
        assert.deepEqual(stack.emu.invalidRequests, []);
        assert.deepEqual(stack.emu.serverErrors, []);
    });

    const base = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}/pipes`;
    /** Cloud calls since the last clear, paths relative to the pipes collection (`GET /{id}`). */
    const calls = () => stack.cloudCalls().map((call) => call.replace(base(), "").replace(/ $/, " /"));
    /** Writes since the last clear: method, relative path, status and body. */
    const writes = () =>
        stack.emu.requests
            .filter((r) => r.api === "cloud" && r.method !== "GET")
            .map((r) => ({ call: `${r.method} ${r.path.replace(base(), "") || "/"}`, status: r.status, body: r.body }));
    const stateOf = (name: string) => {
        const s = stack.engine.state.get(urn("DataPipe", name));
        assert.ok(s, `${name} is in state`);
        return s;
    };
    const recordOf = (name: string) => {
        const record = [...pipes.pipes.values()].find((p) => p.name === name);
        assert.ok(record, `the service holds a pipe named ${name}`);
        return record;
    };
    /** No secret value anywhere but under the `secrets` key (which the SDK marks secret). */
    const assertNoPlainSecret = (where: string, value: unknown) => {
        const text = JSON.stringify(value, (key, v: unknown) => (key === "secrets" ? undefined : v));
        for (const secret of SECRET_VALUES) assert.ok(!text.includes(secret), `${where} holds a secret value in plain text`);
    };

    describe("create", function () {
        it("creates a kafka pipe with its secrets in the spec form, waits until it runs and then plans nothing", async function () {
            const program = declare("orders", kafkaPipe("orders", { scaling: { replicas: 2 }, settings: { engine_max_threads: 4 } }));
            const result = await stack.engine.up(program);

            assert.deepEqual(result.created, ["orders"]);
            const record = recordOf("orders");
            assert.deepEqual(calls(), ["GET /", "POST /", "GET /"], "the list before the POST, then its state through the poll round's list");
            const [post] = writes();
            assert.deepEqual(post.body, {
                name: "orders",
                source: {
                    kafka: {
                        format: "JSONEachRow",
                        brokers: "b1:9092,b2:9092",
                        topics: "orders",
                        authentication: "SCRAM-SHA-512",
                        credentials: { username: "ingest", password: KAFKA_PASSWORD },
                    },
                },
                destination: tableDestination("orders"),
                fieldMappings,
                scaling: { replicas: 2 },
                settings: { engine_max_threads: 4 },
            });
            const { id, inputs, outputs } = stateOf("orders");
            assert.equal(id, record.id);
            assert.equal(outputs.state, "Running");
            assert.equal(outputs.organizationId, stack.emu.credentials.organizationId, "the resolved organization is stored");
            assert.equal(outputs.serviceId, stack.emu.credentials.serviceId);
            assert.equal(inputs.serviceId, stack.emu.credentials.serviceId, "check stores the configured service");
            assert.equal(outputs.createdAt, record.createdAt);
            assert.deepEqual(outputs.secrets, { credentials: { username: "ingest", password: KAFKA_PASSWORD } }, "write-only secrets are kept from the inputs");
            assert.deepEqual(outputs.scaling, { replicas: 2 }, "only the declared scaling fields");
            assert.equal((outputs.source as { kafka: PropertyMap }).kafka.consumerGroup, undefined, "the generated consumer group is not an input");

            stack.emu.clearRequests();
            const again = await stack.engine.up(program);
            assert.deepEqual(again.same, ["orders"]);
            assert.deepEqual(calls(), [], "check and diff send nothing");

            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.same, ["orders"], "a refresh finds exactly what was declared");
            assert.deepEqual((await stack.engine.up(program)).same, ["orders"]);
        });

        it("creates an object-storage pipe (continuous) and a kinesis pipe", async function () {
            const result = await stack.engine.up([...declare("files", objectStoragePipe("files")), ...declare("clicks", kinesisPipe("clicks"))]);

            assert.deepEqual(result.created, ["files", "clicks"]);
            const files = writes().find((w) => (w.body as { name: string }).name === "files");
            assert.deepEqual((files?.body as { source: PropertyMap }).source, {
                objectStorage: {
                    format: "CSVWithNames",
                    url: "https://bucket.example.com/logs/*.csv",
                    isContinuous: true,
                    authentication: "IAM_USER",
                    accessKey: { accessKeyId: "AKIAEXAMPLE", secretKey: ACCESS_SECRET },
                },
            });
            assert.equal(stateOf("files").outputs.state, "Running");
            assert.deepEqual(stateOf("files").outputs.scaling, { concurrency: 2 });
            assert.equal(stateOf("clicks").outputs.state, "Running");
            assert.equal(stateOf("clicks").outputs.secrets, undefined);
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.refresh()).same, ["files", "clicks"]);
            assert.deepEqual((await stack.engine.up([...declare("files", objectStoragePipe("files")), ...declare("clicks", kinesisPipe("clicks"))])).same, [
                "files",
                "clicks",
            ]);
        });

        it("creates a postgres pipe and waits through Setup until it snapshots; unreturned settings are kept", async function () {
            const program = declare("replica", postgresPipe("replica"));
            await stack.engine.up(program);

            assert.deepEqual(
                calls(),
                ["GET /", "POST /", "GET /", "GET /"],
                "the list before the POST; Provisioning → Setup → Snapshot, one list per poll round",
            );
            const { outputs } = stateOf("replica");
            assert.equal(outputs.state, "Snapshot");
            const source = (outputs.source as { postgres: { settings: PropertyMap; port?: number } }).postgres;
            assert.equal(source.settings.enableFailoverSlots, true, "a setting the service does not report is kept from the inputs");
            assert.equal(source.settings.publicationName, undefined, "the generated publication is not an input");
            assert.equal(source.port, undefined, "the default port is not an input");
            assert.equal((await stack.engine.up(program)).same.length, 1);
        });

        it("stops a pipe declared stopped right after creating it", async function () {
            await stack.engine.up(declare("idle", kafkaPipe("idle", { stopped: true })));

            const id = recordOf("idle").id;
            assert.deepEqual(
                writes().map((w) => w.call),
                ["POST /", `PATCH /${id}/state`],
            );
            assert.deepEqual(writes()[1].body, { command: "stop" });
            assert.equal(stateOf("idle").outputs.state, "Stopped");
            assert.equal(stateOf("idle").outputs.stopped, true);
        });

        it("keeps a pipe that never leaves Provisioning in the stack with a partial-create error", async function () {
            pipes.behaviour.holdByName.set("slow", "Provisioning");
            const inputs = kafkaPipe("slow", { timeouts: { create: "1s" } });

            const error = await stack.engine.up(declare("slow", inputs)).then(
                () => assert.fail("create should have failed"),
                (e: unknown) => e,
            );
            assert.ok(error instanceof HostCallError, String(error));
            const id = recordOf("slow").id;
            assert.equal(error.initFailure?.id, id, "the engine learns the id of the pipe");
            assert.match(error.details, /still Provisioning when the operation's timeout expired/);
            assert.equal(stateOf("slow").id, id, "the pipe stays in state instead of being orphaned");
            assert.equal(stateOf("slow").outputs.state, "Provisioning");
            assertNoPlainSecret("the partial-create error", error.details);

            // Once the service catches up, a refresh sees it running and destroy (via the stored provider) removes it.
            pipes.behaviour.holdByName.clear();
            Object.assign(recordOf("slow"), { state: "Running", pending: [] });
            await stack.engine.refresh();
            assert.equal(stateOf("slow").outputs.state, "Running");
            await stack.engine.destroy();
            assert.equal(pipes.pipes.size, 0);
        });

        it("reports a pipe that fails with the service's reason and keeps it in state", async function () {
            pipes.behaviour.failByName.set("broken", "topic orders does not exist on the brokers");

            await assert.rejects(stack.engine.up(declare("broken", kafkaPipe("broken"))), (error: unknown) => {
                assert.ok(error instanceof HostCallError);
                assert.match(error.details, /entered state Failed instead of Running: topic orders does not exist on the brokers/);
                assert.equal(error.initFailure?.id, recordOf("broken").id);
                return true;
            });
            assert.equal(stateOf("broken").outputs.state, "Failed");
        });

        it("finds the pipe instead of creating a second one when the POST's answer is lost", async function () {
            stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/pipes" });

            await stack.engine.up(declare("once", kafkaPipe("once")));

            assert.equal(pipes.pipes.size, 1, "exactly one pipe exists");
            assert.equal(stateOf("once").id, recordOf("once").id);
            assert.deepEqual(calls().slice(0, 3), ["GET /", "POST /", "GET /"], "after the lost answer the list is searched, not posted again");
        });
    });

    describe("update in place", function () {
        it("renames with a PATCH of the name only (credentials are not re-sent)", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            const id = stateOf("p").id;
            stack.emu.clearRequests();

            const result = await stack.engine.up(declare("p", kafkaPipe("orders-v2")));

            assert.deepEqual(result.updated, ["p"]);
            assert.deepEqual(writes(), [{ call: `PATCH /${id}`, status: 200, body: { name: "orders-v2" } }]);
            assert.equal(stateOf("p").outputs.name, "orders-v2");
            assert.equal(recordOf("orders-v2").credentialWrites, 1, "the service never re-encrypted the credentials");
        });

        it("sends an in-place PATCH again when its answer is lost: it only sets absolute values", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            const id = stateOf("p").id;
            stack.emu.clearRequests();
            stack.emu.faults.failNext(1, "drop-after", { method: "PATCH" });

            const result = await stack.engine.up(declare("p", kafkaPipe("orders-v2")));

            assert.deepEqual(result.updated, ["p"]);
            assert.deepEqual(writes(), [
                { call: `PATCH /${id}`, status: 0, body: { name: "orders-v2" } }, // applied, then the connection dropped
                { call: `PATCH /${id}`, status: 200, body: { name: "orders-v2" } },
            ]);
            assert.equal(recordOf("orders-v2").id, id);
        });

        it("sends field mappings together with the destination columns", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            const id = stateOf("p").id;
            stack.emu.clearRequests();
            const moreColumns = [...columns, { name: "currency", type: "LowCardinality(String)" }];
            const moreMappings = [...fieldMappings, { sourceField: "cur", destinationField: "currency" }];

            await stack.engine.up(
                declare("p", kafkaPipe("orders", { destination: { ...tableDestination("orders"), columns: moreColumns }, fieldMappings: moreMappings })),
            );

            assert.deepEqual(writes(), [{ call: `PATCH /${id}`, status: 200, body: { fieldMappings: moreMappings, destination: { columns: moreColumns } } }]);
        });

        it("changes credentials by a PATCH of the source arm holding only them", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            const id = stateOf("p").id;
            stack.emu.clearRequests();
            const rotated = { credentials: { username: "ingest", password: `${KAFKA_PASSWORD}-rotated` } };

            await stack.engine.up(declare("p", kafkaPipe("orders", { secrets: rotated })));

            assert.deepEqual(writes(), [{ call: `PATCH /${id}`, status: 200, body: { source: { kafka: rotated } } }]);
            assert.deepEqual(stateOf("p").outputs.secrets, rotated);
        });

        it("scales by PATCH …/scaling, tolerating quantity strings and a transient 0", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders", { scaling: { replicas: 1, replicaCpuMillicores: 500 } })));
            const id = stateOf("p").id;
            stack.emu.clearRequests();
            pipes.behaviour.transientZeroAfterScaling = true;

            await stack.engine.up(declare("p", kafkaPipe("orders", { scaling: { replicas: 3, replicaCpuMillicores: 1000, replicaMemoryGb: 4 } })));

            assert.deepEqual(writes(), [{ call: `PATCH /${id}/scaling`, status: 200, body: { replicas: 3, replicaCpuMillicores: 1000, replicaMemoryGb: 4 } }]);
            assert.deepEqual(
                stateOf("p").outputs.scaling,
                { replicas: 3, replicaCpuMillicores: 1000, replicaMemoryGb: 4 },
                "the transient 0 keeps the declared values",
            );

            pipes.behaviour.quantityStrings = true;
            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.same, ["p"], "`1000m` and `4096Mi` read as 1000 millicores and 4 GB");
        });

        it("puts the whole settings with their names, an undeclared one as null (another prefix: tests/api/wireNames.test.ts)", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders", { settings: { engine_max_threads: 4, streaming_max_insert_wait_ms: 1000 } })));
            const id = stateOf("p").id;
            stack.emu.clearRequests();
            const settings = { engine_max_threads: 8, engine_parallel_view_processing: true };

            await stack.engine.up(declare("p", kafkaPipe("orders", { settings })));

            assert.deepEqual(writes(), [{ call: `PUT /${id}/settings`, status: 200, body: { ...settings, streaming_max_insert_wait_ms: null } }]);
            assert.deepEqual((await stack.engine.refresh()).same, ["p"]);
            assert.deepEqual(stateOf("p").outputs.settings, settings);
        });

        it("stops and starts the pipe with state commands and waits for each state", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            const id = stateOf("p").id;
            stack.emu.clearRequests();

            await stack.engine.up(declare("p", kafkaPipe("orders", { stopped: true })));
            assert.deepEqual(writes(), [{ call: `PATCH /${id}/state`, status: 200, body: { command: "stop" } }]);
            assert.equal(stateOf("p").outputs.state, "Stopped");

            stack.emu.clearRequests();
            await stack.engine.up(declare("p", kafkaPipe("orders", { stopped: false })));
            assert.deepEqual(writes(), [{ call: `PATCH /${id}/state`, status: 200, body: { command: "start" } }]);
            assert.equal(stateOf("p").outputs.state, "Running");
        });

        it("applies a postgres table-mapping delta, pausing the running pipe when the service asks for it", async function () {
            await stack.engine.up(declare("db", postgresPipe("db")));
            const id = stateOf("db").id;
            stack.emu.clearRequests();

            await stack.engine.up(declare("db", postgresPipe("db", { tableMappings: [ordersMapping, usersMapping] })));

            const delta = { source: { postgres: { tableMappingsToAdd: [usersMapping] } } };
            assert.deepEqual(writes(), [
                { call: `PATCH /${id}`, status: 400, body: delta },
                { call: `PATCH /${id}/state`, status: 200, body: { command: "stop" } },
                { call: `PATCH /${id}`, status: 200, body: delta },
            ]);
            assert.deepEqual(
                (recordOf("db").source.tableMappings as PropertyMap[]).map((m) => m.targetTable),
                ["public_orders", "public_users"],
            );
            assert.ok(["Running", "Snapshot"].includes(stateOf("db").outputs.state as string), "the pipe runs again");
            assert.equal(recordOf("db").credentialWrites, 1, "a mapping change sends no credentials");

            // An edited mapping is removed and added again; a stopped pipe is stopped again after the service resumes it.
            stack.emu.clearRequests();
            const edited = { ...usersMapping, excludedColumns: ["password_hash"] };
            await stack.engine.up(declare("db", postgresPipe("db", { tableMappings: [ordersMapping, edited], stopped: true })));
            const calls2 = writes();
            assert.deepEqual(calls2[0], { call: `PATCH /${id}/state`, status: 200, body: { command: "stop" } }, "declared stopped: nothing to pause for");
            assert.deepEqual(calls2.slice(1), [
                {
                    call: `PATCH /${id}`,
                    status: 200,
                    body: { source: { postgres: { tableMappingsToAdd: [edited], tableMappingsToRemove: [usersMapping] } } },
                },
                { call: `PATCH /${id}/state`, status: 200, body: { command: "stop" } },
            ]);
            assert.equal(stateOf("db").outputs.state, "Paused");
            assert.equal(stateOf("db").outputs.stopped, true);
        });

        it("sends the credentials along with changed postgres connection fields", async function () {
            await stack.engine.up(declare("db", postgresPipe("db")));
            const id = stateOf("db").id;
            stack.emu.clearRequests();

            await stack.engine.up(declare("db", postgresPipe("db", { host: "db2.example.com" })));

            assert.deepEqual(writes(), [
                {
                    call: `PATCH /${id}`,
                    status: 200,
                    body: { source: { postgres: { host: "db2.example.com", credentials: { username: "replicator", password: PG_PASSWORD } } } },
                },
            ]);
        });
    });

    describe("replacement, refresh and delete", function () {
        it("replaces the pipe when a field fixed at creation changes", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            const oldId = stateOf("p").id;
            const changed = kafkaPipe("orders");
            (changed.source as { kafka: PropertyMap }).kafka.brokers = "b3:9092";

            const result = await stack.engine.up(declare("p", changed));

            assert.deepEqual(result.replaced, ["p"]);
            assert.deepEqual(result.steps[0].replaces, ["source.kafka.brokers"]);
            assert.notEqual(stateOf("p").id, oldId);
            assert.equal(pipes.pipes.has(oldId), false, "the old pipe was deleted");
            assert.equal(pipes.pipes.size, 1);
        });

        it("drops a pipe deleted outside Pulumi on refresh, and shows out-of-band changes as drift", async function () {
            await stack.engine.up([...declare("gone", kafkaPipe("gone")), ...declare("drifted", kafkaPipe("drifted"))]);
            pipes.pipes.delete(stateOf("gone").id);
            recordOf("drifted").name = "renamed-in-console";

            const result = await stack.engine.refresh();

            assert.deepEqual(result.deleted, ["gone"]);
            assert.equal(stack.engine.state.has(urn("DataPipe", "gone")), false);
            assert.equal(stateOf("drifted").inputs.name, "renamed-in-console");
            stack.emu.clearRequests();
            const up = await stack.engine.up([...declare("gone", kafkaPipe("gone")), ...declare("drifted", kafkaPipe("drifted"))]);
            assert.deepEqual(up.created, ["gone"]);
            assert.deepEqual(up.updated, ["drifted"]);
        });

        it("refreshes many pipes through one shared list, and never trusts the list for a miss", async function () {
            const names = ["a", "b", "c", "d"];
            const program = (renamed = "a") => names.flatMap((name) => declare(name, kafkaPipe(name === "a" ? renamed : name)));
            await stack.engine.up(program());
            stack.emu.clearRequests();
            assert.deepEqual((await stack.engine.refresh()).same.length, 4);
            assert.deepEqual(calls(), ["GET /"], "one list answers four reads");

            // A write clears the shared list; a pipe missing from it is read by id before it is declared gone.
            assert.deepEqual((await stack.engine.up(program("a-renamed"))).updated, ["a"]);
            const goneId = stateOf("b").id;
            pipes.pipes.delete(goneId);
            stack.emu.clearRequests();
            const refreshed = await stack.engine.refresh();
            assert.deepEqual(refreshed.deleted, ["b"]);
            assert.deepEqual(calls(), ["GET /", `GET /${goneId}`]);
        });

        it("deletes the pipe, and treats one already gone as deleted", async function () {
            await stack.engine.up([...declare("a", kafkaPipe("a")), ...declare("b", kafkaPipe("b"))]);
            pipes.pipes.delete(stateOf("b").id);
            stack.emu.clearRequests();

            await stack.engine.destroy();

            assert.equal(pipes.pipes.size, 0);
            assert.deepEqual(
                writes()
                    .map((w) => w.status)
                    .sort(),
                [200, 404],
            );
        });
    });

    describe("secrets, validation and errors", function () {
        it("keeps every secret out of plain outputs, reads, errors and the host's output", async function () {
            const kafka = kafkaPipe("registry", {
                source: {
                    kafka: {
                        format: "AvroConfluent",
                        brokers: "b1:9092",
                        topics: "events",
                        schemaRegistry: { url: "https://registry.example.com", authentication: "PLAIN" },
                    },
                },
                secrets: {
                    credentials: { username: "ingest", password: KAFKA_PASSWORD },
                    schemaRegistryCredentials: { username: "reg", password: REGISTRY_PASSWORD },
                },
            });
            const program = [...declare("registry", kafka), ...declare("files", objectStoragePipe("files")), ...declare("db", postgresPipe("db"))];
            await stack.engine.up(program);
            await stack.engine.refresh();
            pipes.behaviour.failAll = "no route to the source";
            await stack.engine.up([...program, ...declare("fails", kafkaPipe("fails"))]).catch((e: unknown) => assertNoPlainSecret("an error", String(e)));

            for (const [u, resource] of stack.engine.state) {
                assertNoPlainSecret(`outputs of ${u}`, resource.outputs);
                assertNoPlainSecret(`inputs of ${u}`, resource.inputs);
            }
            assert.equal(
                (stateOf("registry").outputs.secrets as { schemaRegistryCredentials: { password: string } }).schemaRegistryCredentials.password,
                REGISTRY_PASSWORD,
            );
            const answers = stack.emu.requests.filter((r) => r.method === "GET");
            assert.ok(answers.length > 0);
            for (const record of pipes.pipes.values())
                assertNoPlainSecret("what the service reports", { ...record, secrets: undefined, unreturned: undefined });
            assertNoPlainSecret("host stderr", stack.host.stderr);
            assertNoPlainSecret("host stdout", stack.host.stdout);
        });

        it("takes a secret the service quotes in a failure reason out of the error and the host's log", async function () {
            pipes.behaviour.failByName.set("leaky", `SASL authentication failed for ingest:${KAFKA_PASSWORD}@b1:9092`);

            await assert.rejects(stack.engine.up(declare("leaky", kafkaPipe("leaky"))), (error: unknown) => {
                assert.ok(error instanceof HostCallError);
                assert.match(error.details, /SASL authentication failed for \[redacted\]:\[redacted\]@b1:9092/);
                assert.equal(error.initFailure?.id, recordOf("leaky").id, "still a partial create");
                assertNoPlainSecret("the error", { details: error.details, reasons: error.initFailure?.reasons });
                return true;
            });
            assertNoPlainSecret("host stderr", stack.host.stderr);
        });

        it("refuses bad inputs at check with the property path and sends nothing", async function () {
            const cases: [PropertyMap, string, RegExp][] = [
                [
                    {
                        ...kafkaPipe("x"),
                        source: {
                            kafka: (kafkaPipe("x").source as { kafka: PropertyMap }).kafka,
                            kinesis: (kinesisPipe("x").source as { kinesis: PropertyMap }).kinesis,
                        },
                    },
                    "source",
                    /exactly one/,
                ],
                [{ ...kafkaPipe("x"), secrets: undefined }, "secrets.credentials", /\{username, password\}/],
                [
                    kafkaPipe("x", { source: { kafka: { format: "JSONEachRow", brokers: "b", topics: "t", authentication: "IAM_ROLE" } }, secrets: undefined }),
                    "source.kafka.authentication",
                    /not available for type kafka/,
                ],
                [
                    kafkaPipe("x", { source: { kafka: { format: "JSONEachRow", brokers: "b", topics: "t", offset: { strategy: "from_timestamp" } } } }),
                    "source.kafka.offset.timestamp",
                    /required/,
                ],
                [
                    kafkaPipe("x", { source: { kafka: { format: "JSONEachRow", brokers: "b", topics: "t", offset: { timestamp: "2025-01-01T10:00:30" } } } }),
                    "source.kafka.offset.timestamp",
                    /minute precision/,
                ],
                [kafkaPipe("x", { source: { kafka: { format: "XML", brokers: "b", topics: "t" } } }), "source.kafka.format", /JSONEachRow/],
                [
                    { ...kinesisPipe("x"), source: { kinesis: { ...(kinesisPipe("x").source as { kinesis: PropertyMap }).kinesis, timestamp: undefined } } },
                    "source.kinesis.timestamp",
                    /AT_TIMESTAMP/,
                ],
                [kafkaPipe("x", { scaling: { replicas: 41 } }), "scaling.replicas", /at most 40/],
                [kafkaPipe("x", { scaling: { replicaMemoryGb: 0.25 } }), "scaling.replicaMemoryGb", /at least 0.5/],
                [kafkaPipe("x", { scaling: { concurrency: 2 } }), "scaling.concurrency", /objectStorage/],
                [kafkaPipe("x", { fieldMappings: [fieldMappings[0]] }), "destination.columns[1].name", /not mapped/],
                [postgresPipe("x", { tableMappings: [] }), "source.postgres.tableMappings", /at least one/],
                [
                    postgresPipe("x", { tableMappings: [ordersMapping, { ...usersMapping, targetTable: "public_orders" }] }),
                    "source.postgres.tableMappings[1].targetTable",
                    /duplicates/,
                ],
                [
                    { ...postgresPipe("x"), source: { postgres: { host: "h", database: "d", settings: {}, tableMappings: [ordersMapping] } } },
                    "source.postgres.settings.replicationMode",
                    /expected one of/i,
                ],
                [{ ...kafkaPipe("x"), settings: { engine_max_threads: 65 } }, "settings.engine_max_threads", /at most 64/],
            ];
            for (const [inputs, property, reason] of cases) {
                await assert.rejects(stack.engine.up(declare("bad", inputs)), (error: unknown) => {
                    assert.ok(error instanceof CheckFailedError, `${property}: ${String(error)}`);
                    const failure = error.failures.find((f) => f.property === property);
                    assert.ok(failure, `${property}: expected a failure there, got ${JSON.stringify(error.failures)}`);
                    assert.match(failure.reason, reason);
                    return true;
                });
            }
            assert.deepEqual(stack.cloudCalls(), [], "nothing was sent");
        });

        it("explains the idle service's 424", async function () {
            await stack.engine.up(declare("p", kafkaPipe("orders")));
            stack.emu.cloud.setServiceState("idle");

            await assert.rejects(stack.engine.up(declare("p", kafkaPipe("orders-v2"))), (error: unknown) => {
                assert.ok(error instanceof HostCallError);
                assert.match(error.details, /HTTP 424/);
                assert.match(error.details, /Current state: idle/);
                assert.match(error.details, /The target service is idle or stopped: start it/);
                return true;
            });
        });
    });
});
