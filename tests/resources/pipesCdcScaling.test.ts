import assert from "node:assert/strict";
import { cdcScalingState } from "../emulator/routes/pipeNetworking";
import { pipesState } from "../emulator/routes/pipes";
import { DeclaredResource } from "../harness/engine";
import { HostCallError, PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { assertCheckRefuses, cloudRequest, provisionDatabasePipe, useEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("pipesCdcScaling");

function scaling(inputs: PropertyMap): DeclaredResource[] {
    return [{ type: "PipesCdcScaling", name: "cdc", provider: PROVIDER, inputs }];
}

describe("PipesCdcScaling (through the real host, against the emulator)", function () {
    // The emulator applies a PATCH after `propagationReads` GETs: polling without pauses never waits on real time.
    const stack = useEmulatedStack(
        ({ emu }) => {
            pipesState(emu.cloud).pipes.clear();
            Object.assign(cdcScalingState(emu.cloud), { current: undefined, pending: undefined });
            Object.assign(cdcScalingState(emu.cloud).behaviour, { propagationReads: 1, neverApplies: false });
        },
        { config: { "observability:pollIntervalMs": "0" } },
    );

    const service = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}`;
    const cdc = () => cdcScalingState(stack.emu.cloud);
    const calls = () => stack.cloudCalls().map((call) => call.replace(service(), ""));
    const stateOf = () => {
        const s = stack.engine.state.get(urn("PipesCdcScaling", "cdc"));
        assert.ok(s, "the CDC scaling is in state");
        return s;
    };

    it("fails clearly while the service has no database pipe, and sends no PATCH", async function () {
        await assert.rejects(stack.engine.up(scaling({ replicaCpuMillicores: 4000 })), (error: unknown) => {
            assert.ok(error instanceof HostCallError);
            assert.match(
                error.details,
                /the service has no change-capturing database pipe \(postgres, mysql, mongodb\) yet, and its CDC capacity exists only once one was provisioned .*dependsOn/,
            );
            return true;
        });
        assert.deepEqual(calls(), ["GET /pipesCdcScaling", "GET /pipes"]);
    });

    it("sends both sizes (memory follows from the CPU), waits until the service reports them, then plans nothing", async function () {
        await provisionDatabasePipe(stack.emu);
        cdc().behaviour.propagationReads = 2;

        const result = await stack.engine.up(scaling({ replicaCpuMillicores: 6000 }));

        assert.deepEqual(result.created, ["cdc"]);
        assert.deepEqual(
            calls(),
            ["GET /pipesCdcScaling", "PATCH /pipesCdcScaling", "GET /pipesCdcScaling", "GET /pipesCdcScaling", "GET /pipesCdcScaling"],
            "old sizes for two GETs, then the new ones",
        );
        assert.deepEqual(stack.emu.requests[1]?.body, { replicaCpuMillicores: 6000, replicaMemoryGb: 24 });
        assert.deepEqual(cdc().current, { replicaCpuMillicores: 6000, replicaMemoryGb: 24 });
        const { id, outputs } = stateOf();
        assert.equal(id, stack.emu.credentials.serviceId);
        assert.deepEqual([outputs.replicaCpuMillicores, outputs.replicaMemoryGb, outputs.managed], [6000, 24, true]);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(scaling({ replicaMemoryGb: 24 }))).same, ["cdc"], "declaring the other size alone is the same declaration");
        assert.deepEqual(stack.emu.requests, [], "a no-op plan sends nothing");
        assert.deepEqual((await stack.engine.refresh()).same, ["cdc"]);
        assert.deepEqual(calls(), ["GET /pipesCdcScaling"]);
    });

    for (const [kind, source] of [
        [
            "mysql",
            {
                host: "m.example.com",
                port: 3306,
                settings: { replicationMode: "cdc" },
                tableMappings: [{ sourceSchemaName: "shop", sourceTable: "carts", targetTable: "carts" }],
                credentials: { username: "binlog", password: "pw" },
            },
        ],
        [
            "mongodb",
            {
                uri: "mongodb+srv://c.example.net",
                readPreference: "primary",
                settings: { replicationMode: "cdc" },
                tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "users" }],
                credentials: { username: "reader", password: "pw" },
            },
        ],
    ] as const) {
        it(`sizes the capacity a ${kind} pipe alone makes available`, async function () {
            const created = await cloudRequest(stack.emu, "POST", `${service()}/pipes`, {
                name: kind,
                source: { [kind]: source },
                destination: { database: "r" },
            });
            assert.equal(created.status, 200, JSON.stringify(created.json));
            await cloudRequest(stack.emu, "GET", `${service()}/pipes/${(created.json as { result: { id: string } }).result.id}`);
            cdc().behaviour.propagationReads = 0;

            assert.deepEqual((await stack.engine.up(scaling({ replicaCpuMillicores: 3000 }))).created, ["cdc"]);
            assert.deepEqual(cdc().current, { replicaCpuMillicores: 3000, replicaMemoryGb: 12 });
        });
    }

    it("takes the capacity over without a PATCH when it already has the declared sizes", async function () {
        await provisionDatabasePipe(stack.emu);
        await stack.engine.up(scaling({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 }));
        assert.deepEqual(calls(), ["GET /pipesCdcScaling"]);
    });

    it("shows a platform rescale as drift on refresh, and the next up restores the declared sizes", async function () {
        await provisionDatabasePipe(stack.emu);
        await stack.engine.up(scaling({ replicaCpuMillicores: 4000 }));
        cdc().current = { replicaCpuMillicores: 8000, replicaMemoryGb: 32 };

        assert.deepEqual((await stack.engine.refresh()).updated, ["cdc"]);
        assert.equal(stateOf().inputs.replicaCpuMillicores, 8000);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(scaling({ replicaCpuMillicores: 4000 }))).updated, ["cdc"]);
        assert.deepEqual(cdc().current, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
    });

    it("only reports the sizes while none is declared: no PATCH, and a rescale is no drift", async function () {
        await provisionDatabasePipe(stack.emu);
        await stack.engine.up(scaling({}));
        assert.deepEqual(calls(), ["GET /pipesCdcScaling"]);
        assert.deepEqual([stateOf().outputs.replicaCpuMillicores, stateOf().outputs.managed], [2000, false]);

        cdc().current = { replicaCpuMillicores: 8000, replicaMemoryGb: 32 };
        const refreshed = await stack.engine.refresh();
        assert.equal(stateOf().outputs.replicaCpuMillicores, 8000);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(scaling({}))).same, ["cdc"], refreshed.updated.join());
        assert.deepEqual(stack.emu.requests, []);
    });

    it("ends an update the service never applies at its own timeout, with the sizes it still reports", async function () {
        await provisionDatabasePipe(stack.emu);
        await stack.engine.up(scaling({ replicaCpuMillicores: 2000 }));
        cdc().behaviour.neverApplies = true;

        await assert.rejects(stack.engine.up(scaling({ replicaCpuMillicores: 4000, timeouts: { update: "1s" } })), (error: unknown) => {
            assert.ok(error instanceof HostCallError);
            assert.match(
                error.details,
                /accepted 4000 millicores \/ 16 GB but still reported 2000 \/ 8 when the operation's timeout expired; the change can take a few minutes/,
            );
            return true;
        });
    });

    it("forgets the capacity on delete (the API has none), and drops it on refresh once the last database pipe is gone", async function () {
        await provisionDatabasePipe(stack.emu);
        await stack.engine.up(scaling({ replicaCpuMillicores: 4000 }));
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["cdc"]);
        assert.deepEqual(stack.emu.requests, []);
        assert.deepEqual(cdc().current, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 });

        await stack.engine.up(scaling({ replicaCpuMillicores: 4000 }));
        pipesState(stack.emu.cloud).pipes.clear();
        assert.deepEqual((await stack.engine.refresh()).deleted, ["cdc"]);
    });

    it("refuses sizes outside the ranges, off the steps or not 4 GB per core at check, and sends nothing", async function () {
        await assertCheckRefuses(stack, scaling, [
            [{ replicaCpuMillicores: 1500 }, "replicaCpuMillicores"],
            [{ replicaCpuMillicores: 0 }, "replicaCpuMillicores"],
            [{ replicaCpuMillicores: 33_000 }, "replicaCpuMillicores"],
            [{ replicaMemoryGb: 10 }, "replicaMemoryGb"],
            [{ replicaMemoryGb: 132 }, "replicaMemoryGb"],
            [{ replicaCpuMillicores: 4000, replicaMemoryGb: 8 }, "replicaMemoryGb"],
            [{ replicaCpuMillicores: "4000" }, "replicaCpuMillicores"],
            [{ serviceId: "svc" }, "serviceId"],
            [{ replicas: 2 }, "replicas"],
            [{ adoptId: "x" }, "adoptId"],
        ]);
    });
});
