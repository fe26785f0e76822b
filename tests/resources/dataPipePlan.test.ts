import assert from "node:assert/strict";
import { planUpdate, replaceKeys } from "../../provider/resources/dataPipe/plan";
import { gigabytes, millicores, reportedSettings } from "../../provider/resources/dataPipe/wire";
import { DataPipeInputs, dataPipeSchema } from "../../provider/resources/dataPipe/schema";
import { UNKNOWN } from "../../provider/common/unknown";

const ORG = "00000000-0000-4000-8000-000000000000";
const SVC = "00000000-0000-4000-8000-000000000001";

function inputs(overrides: Record<string, unknown> = {}): DataPipeInputs {
    return dataPipeSchema.parse({
        organizationId: ORG,
        serviceId: SVC,
        name: "db",
        source: {
            postgres: {
                host: "db.example.com",
                database: "shop",
                settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
                tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" }],
            },
        },
        secrets: { credentials: { username: "u", password: "p" } },
        destination: { database: "replica" },
        ...overrides,
    }) as DataPipeInputs;
}

const withPostgres = (change: Record<string, unknown>) => {
    const base = inputs();
    return { ...base, source: { postgres: { ...base.source.postgres!, ...change } } } as DataPipeInputs;
};

describe("DataPipe update planning", function () {
    it("replaces for fields fixed at creation, by nested property path, and never for in-place ones", function () {
        const olds = inputs();
        const news = withPostgres({ settings: { replicationMode: "snapshot", syncIntervalSeconds: 60 }, host: "db2.example.com", port: 6543 });
        assert.deepEqual(replaceKeys(olds, news, new Set(["source"])), ["source.postgres.settings.replicationMode"]);
    });

    it("changes a postgres pipe's authentication and role in place, sending them with the credentials", function () {
        const news = {
            ...withPostgres({ authentication: "IAM_ROLE", iamRole: "arn:aws:iam::1:role/db" }),
            secrets: { credentials: { username: "u" } },
        } as DataPipeInputs;
        assert.deepEqual(replaceKeys(inputs(), news, new Set(["source", "secrets"])), []);
        assert.deepEqual(planUpdate(inputs(), news), {
            patch: { source: { postgres: { authentication: "IAM_ROLE", iamRole: "arn:aws:iam::1:role/db", credentials: { username: "u" } } } },
        });
    });

    it("replaces the whole source when the kind changes or is not known yet (preview)", function () {
        const kafka = { kafka: { format: "JSONEachRow", brokers: "b", topics: "t" } };
        assert.deepEqual(replaceKeys(inputs(), { ...inputs(), source: kafka } as DataPipeInputs, new Set(["source"])), ["source"]);
        assert.deepEqual(replaceKeys(inputs(), { ...inputs(), source: UNKNOWN } as unknown as DataPipeInputs, new Set(["source"])), ["source"]);
        const unknownHost = withPostgres({ host: UNKNOWN, database: "other" });
        assert.deepEqual(replaceKeys(inputs(), unknownHost, new Set(["source"])), [], "unknown in-place fields update in place");
        const unknownMode = withPostgres({ settings: { replicationMode: UNKNOWN } });
        assert.deepEqual(replaceKeys(inputs(), unknownMode, new Set(["source"])), ["source.postgres.settings.replicationMode"]);
        assert.deepEqual(replaceKeys(inputs(), { ...inputs(), destination: UNKNOWN } as unknown as DataPipeInputs, new Set(["destination"])), ["destination"]);
    });

    it("replaces for destination fields other than columns, the service and schema-registry credentials", function () {
        const news = inputs({ serviceId: "00000000-0000-4000-8000-000000000002", destination: { database: "other" } });
        assert.deepEqual(replaceKeys(inputs(), news, new Set(["serviceId", "destination"])), ["serviceId", "destination.database"]);
        const rotated = { ...inputs(), secrets: { credentials: { username: "u", password: "rotated" } } } as DataPipeInputs;
        assert.deepEqual(replaceKeys(inputs(), rotated, new Set(["secrets"])), [], "source credentials change in place");
        const registry = { ...inputs(), secrets: { ...inputs().secrets, schemaRegistryCredentials: { username: "r", password: "x" } } } as DataPipeInputs;
        assert.deepEqual(replaceKeys(inputs(), registry, new Set(["secrets"])), ["secrets.schemaRegistryCredentials"]);
    });

    it("sends only the changed connection fields, with the credentials the service needs to re-validate them", function () {
        const plan = planUpdate(inputs(), withPostgres({ port: 6543, settings: { replicationMode: "cdc", syncIntervalSeconds: 60 } }));
        assert.deepEqual(plan, {
            patch: { source: { postgres: { port: 6543, settings: { syncIntervalSeconds: 60 }, credentials: { username: "u", password: "p" } } } },
        });
    });

    it("sends a table-mapping change as a delta only, an edit as removal plus addition", function () {
        const edited = { sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders", excludedColumns: ["secret"] };
        const added = { sourceSchemaName: "public", sourceTable: "users", targetTable: "users" };
        const plan = planUpdate(inputs(), withPostgres({ tableMappings: [edited, added] }));
        assert.deepEqual(plan, {
            mappings: {
                kind: "postgres",
                delta: {
                    tableMappingsToAdd: [edited, added],
                    tableMappingsToRemove: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" }],
                },
            },
        });
    });

    it("plans nothing for unchanged inputs", function () {
        assert.deepEqual(planUpdate(inputs(), inputs()), {});
    });
});

describe("DataPipe read normalization", function () {
    it("reads CPU and memory quantities", function () {
        assert.equal(millicores("500m"), 500);
        assert.equal(millicores("1.5"), 1500);
        assert.equal(millicores(250), 250);
        assert.equal(millicores("lots"), undefined);
        assert.equal(gigabytes("1Gi"), 1);
        assert.equal(gigabytes("512Mi"), 0.5);
        assert.equal(gigabytes(2.5), 2.5);
    });

    it("reads the known settings that are set, dropping nulls and names it does not know (another prefix is the client's to translate)", function () {
        assert.deepEqual(reportedSettings({ vendor_max_threads: 4, engine_max_insert_threads: 2, streaming_max_insert_wait_ms: null, unknown_setting: 1 }), {
            engine_max_insert_threads: 2,
        });
    });
});
