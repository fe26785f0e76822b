/**
 * The source kinds beyond kafka, object storage, kinesis and postgres (pubsub, mysql, mongodb, bigquery), one table
 * row each, every row through the same life: create and wait, a no-op plan without requests, an in-place update and a
 * replacing change, a refresh that sees an out-of-band edit, adoption without a write, delete, the secret kept out of
 * plain state and out of errors, and bad input refused at preview with nothing sent.
 */
import assert from "node:assert/strict";
import { type PipeRecord, pipesState, type PipesState } from "../emulator/routes/pipes";
import { CheckFailedError, DeclaredResource } from "../harness/engine";
import { HostCallError, PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { cloudRequest, useEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("dataPipe");

const SERVICE_ACCOUNT = Buffer.from('{"type":"service_account","private_key":"sa-key-6f1d2c"}').toString("base64");
const MYSQL_PASSWORD = "mysql-pw-0c4e7b19";
const MONGO_PASSWORD = "mongo-pw-a83d5e02";

const columns = [{ name: "id", type: "String" }];
const streamDestination = { table: "events", managedTable: true, tableDefinition: { engine: { type: "MergeTree" } }, columns };
const streamMappings = [{ sourceField: "id", destinationField: "id" }];

/** One source kind and what its life through the host looks like. */
interface KindCase {
    kind: "pubsub" | "mysql" | "mongodb" | "bigquery";
    /** The declaration (its secrets included). */
    inputs(name: string): PropertyMap;
    /** The secret value, looked for everywhere it must not be. */
    secret: string;
    /** The arm's secret fields as the POST carries them. */
    wireSecret: PropertyMap;
    /** Where the pipe rests once created. */
    settled: string;
    /** A change applied in place, and the body of the PATCH it sends. */
    inPlace: { change(inputs: PropertyMap): PropertyMap; body: PropertyMap };
    /** A change that replaces the pipe, and the property path the plan names. */
    replacing: { change(inputs: PropertyMap): PropertyMap; key: string };
    /** An edit made outside Pulumi, and the source field a refresh reads it into. */
    outOfBand: { edit(record: PipeRecord): void; field: string; value: unknown };
    /** Inputs `check` refuses, and the property path it names. */
    bad: { inputs: PropertyMap; property: string };
}

const arm = (inputs: PropertyMap, kind: string): PropertyMap => (inputs.source as Record<string, PropertyMap>)[kind];
const withArm = (inputs: PropertyMap, kind: string, change: PropertyMap): PropertyMap => ({
    ...inputs,
    source: { [kind]: { ...arm(inputs, kind), ...change } },
});

const mysqlCredentials = { username: "replicator", password: MYSQL_PASSWORD };
const mongoCredentials = { username: "reader", password: MONGO_PASSWORD };

const CASES: KindCase[] = [
    {
        kind: "pubsub",
        inputs: (name) => ({
            name,
            source: { pubsub: { format: "JSONEachRow", projectId: "analytics", topic: "events", seekType: "latest" } },
            secrets: { serviceAccountKey: SERVICE_ACCOUNT },
            destination: streamDestination,
            fieldMappings: streamMappings,
        }),
        secret: SERVICE_ACCOUNT,
        wireSecret: { authentication: "SERVICE_ACCOUNT", serviceAccountKey: { serviceAccountFile: SERVICE_ACCOUNT } },
        settled: "Running",
        inPlace: {
            change: (inputs) => withArm(inputs, "pubsub", { ackDeadline: 60 }),
            body: { source: { pubsub: { ackDeadline: 60, authentication: "SERVICE_ACCOUNT" } } },
        },
        replacing: { change: (inputs) => withArm(inputs, "pubsub", { topic: "other" }), key: "source.pubsub.topic" },
        outOfBand: { edit: (record) => (record.source.ackDeadline = 120), field: "ackDeadline", value: 120 },
        bad: {
            inputs: {
                name: "bad",
                source: { pubsub: { format: "JSONEachRow", projectId: "p", topic: "t", seekType: "timestamp" } },
                secrets: { serviceAccountKey: "x" },
                destination: streamDestination,
                fieldMappings: streamMappings,
            },
            property: "source.pubsub.seekTimestamp",
        },
    },
    {
        kind: "mysql",
        inputs: (name) => ({
            name,
            source: {
                mysql: {
                    host: "mysql.example.com",
                    settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
                    tableMappings: [{ sourceSchemaName: "shop", sourceTable: "orders", targetTable: "shop_orders" }],
                },
            },
            secrets: { credentials: mysqlCredentials },
            destination: { database: "replica" },
        }),
        secret: MYSQL_PASSWORD,
        wireSecret: { port: 3306, credentials: mysqlCredentials },
        settled: "Snapshot",
        inPlace: {
            change: (inputs) => withArm(inputs, "mysql", { serverId: 77 }),
            body: { source: { mysql: { serverId: 77, host: "mysql.example.com", port: 3306, credentials: mysqlCredentials } } },
        },
        replacing: {
            change: (inputs) => withArm(inputs, "mysql", { settings: { replicationMode: "cdc", syncIntervalSeconds: 30, replicationMechanism: "FILE_POS" } }),
            key: "source.mysql.settings.replicationMechanism",
        },
        outOfBand: { edit: (record) => (record.source.port = 3307), field: "port", value: 3307 },
        bad: {
            inputs: {
                name: "bad",
                source: {
                    mysql: {
                        type: "mariadb",
                        host: "h",
                        settings: { replicationMode: "cdc", replicationMechanism: "FILE_POS" },
                        tableMappings: [{ sourceSchemaName: "s", sourceTable: "t", targetTable: "s_t" }],
                    },
                },
                secrets: { credentials: mysqlCredentials },
                destination: {},
            },
            property: "source.mysql.settings.replicationMechanism",
        },
    },
    {
        kind: "mongodb",
        inputs: (name) => ({
            name,
            source: {
                mongodb: {
                    uri: "mongodb+srv://cluster.example.net",
                    readPreference: "secondaryPreferred",
                    settings: { replicationMode: "cdc" },
                    tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "app_users" }],
                },
            },
            secrets: { credentials: mongoCredentials },
            destination: { database: "replica" },
        }),
        secret: MONGO_PASSWORD,
        wireSecret: { credentials: mongoCredentials },
        settled: "Snapshot",
        inPlace: {
            change: (inputs) => withArm(inputs, "mongodb", { readPreference: "nearest" }),
            body: { source: { mongodb: { readPreference: "nearest", uri: "mongodb+srv://cluster.example.net", credentials: mongoCredentials } } },
        },
        replacing: {
            change: (inputs) => withArm(inputs, "mongodb", { settings: { replicationMode: "cdc", useJsonNativeFormat: true } }),
            key: "source.mongodb.settings.useJsonNativeFormat",
        },
        outOfBand: { edit: (record) => (record.source.tlsHost = "tls.example.net"), field: "tlsHost", value: "tls.example.net" },
        bad: {
            inputs: {
                name: "bad",
                source: {
                    mongodb: {
                        uri: "mongodb://reader:pw@cluster.example.net",
                        readPreference: "primary",
                        settings: { replicationMode: "cdc" },
                        tableMappings: [{ sourceDatabaseName: "a", sourceCollection: "b", targetTable: "a_b" }],
                    },
                },
                secrets: { credentials: mongoCredentials },
                destination: {},
            },
            property: "source.mongodb.uri",
        },
    },
    {
        kind: "bigquery",
        inputs: (name) => ({
            name,
            source: {
                bigquery: {
                    snapshotStagingPath: "gs://staging/pipes/",
                    tableMappings: [{ sourceDatasetName: "sales", sourceTable: "orders", targetTable: "sales_orders" }],
                },
            },
            secrets: { serviceAccountKey: SERVICE_ACCOUNT },
            destination: { database: "warehouse" },
        }),
        secret: SERVICE_ACCOUNT,
        wireSecret: { settings: { replicationMode: "snapshot" }, credentials: { serviceAccountFile: SERVICE_ACCOUNT } },
        settled: "Snapshot",
        inPlace: { change: (inputs) => ({ ...inputs, name: `${String(inputs.name)}-v2` }), body: {} },
        replacing: { change: (inputs) => withArm(inputs, "bigquery", { snapshotStagingPath: "gs://other/" }), key: "source.bigquery.snapshotStagingPath" },
        outOfBand: { edit: (record) => (record.source.snapshotStagingPath = "gs://moved/"), field: "snapshotStagingPath", value: "gs://moved/" },
        bad: {
            inputs: {
                name: "bad",
                source: { bigquery: { snapshotStagingPath: "gs://s/", tableMappings: [{ sourceDatasetName: "a", sourceTable: "b", targetTable: "c" }] } },
                destination: {},
            },
            property: "secrets.serviceAccountKey",
        },
    },
];

const declare = (name: string, inputs: PropertyMap): DeclaredResource[] => [{ type: "DataPipe", name, provider: PROVIDER, inputs }];

describe("DataPipe source kinds pubsub, mysql, mongodb and bigquery (through the real host, against the emulator)", function () {
    // Pipes move one state per read in the emulator: polling without pauses never waits on real time.
    const stack = useEmulatedStack(
        (started) => {
            pipesState(started.emu.cloud).pipes.clear();
            pipesState(started.emu.cloud).behaviour.failByName.clear();
        },
        { config: { "observability:pollIntervalMs": "0" } },
    );
    const pipes = (): PipesState => pipesState(stack.emu.cloud);

    const service = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}`;
    const writes = () =>
        stack.emu.requests
            .filter((r) => r.api === "cloud" && r.method !== "GET")
            .map((r) => ({ call: `${r.method} ${r.path.replace(`${service()}/pipes`, "") || "/"}`, body: r.body }));
    const stateOf = (name: string) => {
        const s = stack.engine.state.get(urn("DataPipe", name));
        assert.ok(s, `${name} is in state`);
        return s;
    };
    const recordOf = (name: string): PipeRecord => {
        const record = [...pipes().pipes.values()].find((p) => p.name === name);
        assert.ok(record, `the service holds a pipe named ${name}`);
        return record;
    };
    /** The secret is nowhere but under the `secrets` key (which the SDK marks secret). */
    const assertNoPlainSecret = (secret: string, where: string, value: unknown) => {
        const text = JSON.stringify(value, (key, v: unknown) => (key === "secrets" ? undefined : v));
        assert.ok(!text.includes(secret), `${where} holds the secret in plain text`);
    };

    for (const c of CASES) {
        describe(c.kind, function () {
            it("creates the pipe with its secret in the wire form, waits for it, keeps the secret out of plain state and plans nothing", async function () {
                const program = declare("p", c.inputs("p"));
                assert.deepEqual((await stack.engine.up(program)).created, ["p"]);

                const [post] = writes();
                assert.equal(post.call, "POST /");
                const sentArm = (post.body as { source: Record<string, PropertyMap> }).source[c.kind];
                assert.deepEqual(sentArm, { ...arm(c.inputs("p"), c.kind), ...c.wireSecret });
                const { outputs, inputs } = stateOf("p");
                assert.equal(outputs.state, c.settled);
                assert.deepEqual(outputs.secrets, c.inputs("p").secrets, "the write-only secret is kept from the inputs");
                assertNoPlainSecret(c.secret, "the outputs", outputs);
                assertNoPlainSecret(c.secret, "the inputs", inputs);
                assertNoPlainSecret(c.secret, "what the service reports", { ...recordOf("p"), secrets: undefined });
                assertNoPlainSecret(c.secret, "the host's output", [stack.host.stdout, stack.host.stderr]);

                stack.emu.clearRequests();
                assert.deepEqual((await stack.engine.up(program)).same, ["p"]);
                assert.deepEqual(stack.emu.requests, [], "check and diff send nothing");
                // A refresh may see a database pipe move on (Snapshot → Running): its inputs stay what was declared.
                await stack.engine.refresh();
                assert.deepEqual((await stack.engine.up(program)).same, ["p"], "a refresh finds what was declared");
            });

            it("updates in place with only what changed, and plans a replacement for a field fixed at creation", async function () {
                await stack.engine.up(declare("p", c.inputs("p")));
                const id = stateOf("p").id;
                stack.emu.clearRequests();

                const changed = c.inPlace.change(c.inputs("p"));
                assert.deepEqual((await stack.engine.up(declare("p", changed))).updated, ["p"]);
                const patches = writes().filter((w) => w.call === `PATCH /${id}`);
                const expected = Object.keys(c.inPlace.body).length > 0 ? c.inPlace.body : { name: changed.name };
                assert.deepEqual(
                    patches.map((w) => w.body),
                    [expected],
                );
                assert.equal(recordOf(String(changed.name)).id, id, "the same pipe");
                assert.equal((await stack.engine.up(declare("p", changed))).same.length, 1);

                stack.emu.clearRequests();
                const preview = await stack.engine.preview(declare("p", c.replacing.change(changed)));
                assert.deepEqual(
                    preview.steps.map((s) => [s.op, s.replaces]),
                    [["replace", [c.replacing.key]]],
                );
                assert.deepEqual(stack.emu.requests, [], "preview sends nothing");
            });

            it("reads an out-of-band edit on refresh, and deletes the pipe", async function () {
                await stack.engine.up(declare("p", c.inputs("p")));
                c.outOfBand.edit(recordOf("p"));

                assert.deepEqual((await stack.engine.refresh()).updated, ["p"]);
                assert.equal(arm(stateOf("p").inputs, c.kind)[c.outOfBand.field], c.outOfBand.value);
                assert.deepEqual(stateOf("p").inputs.secrets, c.inputs("p").secrets, "the secret is kept from the last inputs");

                await stack.engine.destroy();
                assert.equal(pipes().pipes.size, 0);
            });

            it("adopts a pipe made outside Pulumi without a write", async function () {
                const declared = c.inputs("hand-made");
                const body: PropertyMap = {
                    name: declared.name,
                    source: { [c.kind]: { ...arm(declared, c.kind), ...c.wireSecret } },
                    destination: declared.destination,
                };
                if (declared.fieldMappings) body.fieldMappings = declared.fieldMappings;
                const made = (await cloudRequest(stack.emu, "POST", `${service()}/pipes`, body)).json as { result: { id: string } };
                stack.emu.clearRequests();

                await stack.engine.up(declare("adopted", { ...declared, adoptId: made.result.id }));

                assert.deepEqual(writes(), [], "the declaration matches: nothing is written");
                assert.equal(stateOf("adopted").id, made.result.id);
                assert.deepEqual((await stack.engine.up(declare("adopted", declared))).same, ["adopted"]);
            });

            it("redacts the secret from a failure the service reports", async function () {
                pipes().behaviour.failByName.set("leaky", `cannot use credentials ${c.secret} for the source`);

                await assert.rejects(stack.engine.up(declare("leaky", c.inputs("leaky"))), (error: unknown) => {
                    assert.ok(error instanceof HostCallError, String(error));
                    assert.match(error.details, /cannot use credentials \[redacted\] for the source/);
                    assertNoPlainSecret(c.secret, "the error", { details: error.details, reasons: error.initFailure?.reasons });
                    return true;
                });
                assertNoPlainSecret(c.secret, "the host's output", [stack.host.stdout, stack.host.stderr]);
            });

            it("refuses bad input at preview with the property path and sends nothing", async function () {
                await assert.rejects(stack.engine.preview(declare("bad", c.bad.inputs)), (error: unknown) => {
                    assert.ok(error instanceof CheckFailedError, String(error));
                    assert.deepEqual(
                        error.failures.map((f) => f.property),
                        [c.bad.property],
                    );
                    return true;
                });
                assert.deepEqual(stack.emu.requests, []);
            });
        });
    }

    const ADDED_MAPPING = {
        mysql: { sourceSchemaName: "shop", sourceTable: "users", targetTable: "shop_users" },
        mongodb: { sourceDatabaseName: "app", sourceCollection: "orders", targetTable: "app_orders" },
    };
    for (const kind of ["mysql", "mongodb"] as const) {
        it(`edits a ${kind} pipe's tables as a delta while paused, then lets it run again`, async function () {
            const c = CASES.find((row) => row.kind === kind);
            assert.ok(c);
            await stack.engine.up(declare("p", c.inputs("p")));
            Object.assign(recordOf("p"), { state: "Running", pending: [] });
            const id = stateOf("p").id;
            stack.emu.clearRequests();

            const added = ADDED_MAPPING[kind];
            const tables = [...(arm(c.inputs("p"), kind).tableMappings as PropertyMap[]), added];
            await stack.engine.up(declare("p", withArm(c.inputs("p"), kind, { tableMappings: tables })));

            assert.deepEqual(
                writes().map((w) => [w.call, w.body]),
                [
                    [`PATCH /${id}`, { source: { [kind]: { tableMappingsToAdd: [added] } } }],
                    [`PATCH /${id}/state`, { command: "stop" }],
                    [`PATCH /${id}`, { source: { [kind]: { tableMappingsToAdd: [added] } } }],
                ],
            );
            assert.deepEqual(recordOf("p").source.tableMappings, tables);
            assert.equal(stateOf("p").outputs.stopped, false);

            // A removal names the mapping by its identity fields only.
            stack.emu.clearRequests();
            Object.assign(recordOf("p"), { state: "Paused", pending: [] });
            await stack.engine.up(declare("p", withArm(c.inputs("p"), kind, { tableMappings: [added] })));
            const [removal] = writes();
            const removed = (arm(c.inputs("p"), kind).tableMappings as PropertyMap[])[0];
            assert.deepEqual(removal.body, { source: { [kind]: { tableMappingsToRemove: [removed] } } });
            assert.deepEqual(recordOf("p").source.tableMappings, [added]);
        });
    }
});
