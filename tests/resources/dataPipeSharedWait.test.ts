import assert from "node:assert/strict";
import { Apis } from "../../provider/api/apis";
import { PipeApi } from "../../provider/resources/dataPipe/api";
import { sharedPoller } from "../../provider/resources/dataPipe/statePoller";
import { runningStates, waitForState } from "../../provider/resources/dataPipe/wait";
import { createBody, WirePipe } from "../../provider/resources/dataPipe/wire";
import type { Clock } from "../../provider/api/http/clock";
import { ManualClock } from "../emulator/clock";
import { DataPipeInputs, dataPipeSchema } from "../../provider/resources/dataPipe/schema";
import { Emulator } from "../emulator";
import { pipesState } from "../emulator/routes/pipes";
import { emulatorApis } from "../support/emulatorConfig";

describe("data pipe state waits: one list per poll round for every pipe waiting (through the emulator)", function () {
    let emu: Emulator;

    before(async function () {
        emu = await Emulator.start({ rateLimits: false });
    });

    after(async function () {
        await emu?.close();
    });

    beforeEach(function () {
        pipesState(emu.cloud).pipes.clear();
        pipesState(emu.cloud).behaviour.holdByName.clear();
    });

    /** Fresh clients (so a fresh poller) configured against the emulator; `extra` overrides settings. */
    const apis = (extra: Record<string, string> = {}, clock?: Clock) => emulatorApis(emu, extra, { clock });

    const pipeInputs = (name: string, kind: "kafka" | "postgres"): DataPipeInputs =>
        dataPipeSchema.parse({
            name,
            organizationId: emu.credentials.organizationId,
            serviceId: emu.credentials.serviceId,
            source:
                kind === "kafka"
                    ? { kafka: { format: "JSONEachRow", brokers: "b1:9092", topics: name, authentication: "SCRAM-SHA-512" } }
                    : {
                          postgres: {
                              host: "db.example.com",
                              database: "shop",
                              settings: { replicationMode: "cdc" },
                              tableMappings: [{ sourceSchemaName: "public", sourceTable: name, targetTable: name }],
                          },
                      },
            secrets: { credentials: { username: "u", password: "p" } },
            destination:
                kind === "kafka"
                    ? {
                          table: name,
                          managedTable: true,
                          tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
                          columns: [{ name: "id", type: "String" }],
                      }
                    : { database: "replica" },
            ...(kind === "kafka" ? { fieldMappings: [{ sourceField: "id", destinationField: "id" }] } : {}),
        });

    /** Creates the pipes (all in Provisioning) and returns their inputs and ids. */
    async function createPipes(api: PipeApi, kinds: ("kafka" | "postgres")[]): Promise<{ inputs: DataPipeInputs; pipe: WirePipe }[]> {
        const made = [];
        for (const [i, kind] of kinds.entries()) {
            const inputs = pipeInputs(`pipe_${i}`, kind);
            made.push({ inputs, pipe: await api.create(createBody(inputs)) });
        }
        return made;
    }

    const operation = { signal: new AbortController().signal };
    const pipeApi = (a: Apis, signal = operation.signal) => new PipeApi({ apis: a, signal }, {}, "test");
    const base = () => `/v1/organizations/${emu.credentials.organizationId}/services/${emu.credentials.serviceId}/pipes`;
    /** Cloud requests since the last clear, paths relative to the pipes collection. */
    const calls = () => emu.requests.filter((r) => r.api === "cloud").map((r) => `${r.method} ${r.path.replace(base(), "") || "/"}`);

    it("serves N pipes waiting together with one list per round and reads none of them by id", async function () {
        const api = pipeApi(apis());
        // Five Kafka pipes run at their first look; the database pipe passes through Setup to Snapshot, a second look.
        const pipes = await createPipes(api, ["kafka", "kafka", "postgres", "kafka", "kafka", "kafka"]);
        emu.clearRequests();

        const settled = await Promise.all(pipes.map(({ inputs, pipe }) => waitForState(api, pipe.id, runningStates(inputs), 0)));

        assert.deepEqual(
            settled.map((pipe) => pipe.state),
            ["Running", "Running", "Snapshot", "Running", "Running", "Running"],
        );
        assert.deepEqual(calls(), ["GET /", "GET /"], "two rounds: one list each, whatever the number of pipes");
    });

    it("serves pipes that start waiting while the round queues for rate budget with that same round", async function () {
        const clock = new ManualClock();
        // One request per window: the round has to wait for the budget the first list used.
        const api = pipeApi(apis({ "observability:cloudRateLimit": "1/7s" }, clock));
        const [first, ...later] = await createPipesUnlimited(["kafka", "kafka", "kafka"]);
        await api.list();
        emu.clearRequests();

        const firstWait = waitForState(api, first.pipe.id, runningStates(first.inputs), 0);
        await clock.untilSleeping();
        assert.deepEqual(calls(), [], "the round waits for budget");
        const laterWaits = later.map(({ inputs, pipe }) => waitForState(api, pipe.id, runningStates(inputs), 0));
        clock.advance(7_000 + 250);

        const settled = await Promise.all([firstWait, ...laterWaits]);
        assert.deepEqual(
            settled.map((pipe) => pipe.state),
            ["Running", "Running", "Running"],
        );
        assert.deepEqual(calls(), ["GET /"], "the pipes that joined while it queued are answered by the same list");
    });

    it("waits for its rounds on the provider's clock, never on real time", async function () {
        const clock = new ManualClock();
        const api = pipeApi(apis({}, clock));
        const [only] = await createPipes(api, ["kafka"]);
        emu.clearRequests();

        const wait = waitForState(api, only.pipe.id, runningStates(only.inputs), 60_000);
        await clock.untilSleeping();
        assert.deepEqual(calls(), [], "no look before the first interval has passed on the clock");
        clock.advance(60_000);
        assert.equal((await wait).state, "Running");
        assert.deepEqual(calls(), ["GET /"]);
    });

    it("reads a pipe missing from the round's list by id, and drops a round every pipe left", async function () {
        const api = pipeApi(apis());
        const [kept, gone] = await createPipes(api, ["kafka", "kafka"]);
        pipesState(emu.cloud).pipes.delete(gone.pipe.id);
        emu.clearRequests();

        const results = await Promise.allSettled([kept, gone].map(({ inputs, pipe }) => waitForState(api, pipe.id, runningStates(inputs), 0)));
        assert.equal(results[0].status === "fulfilled" && results[0].value.state, "Running");
        assert.ok(
            results[1].status === "rejected" && /GET .*\/pipes\/.* → HTTP 404/.test(String(results[1].reason)),
            String(results[1].status === "rejected" && results[1].reason),
        );
        assert.deepEqual(calls(), ["GET /", `GET /${gone.pipe.id}`]);

        // A pipe whose deadline expires before its round leaves it; a round nobody waits for any more is never run.
        const client = apis();
        const deadline = new AbortController();
        const waiting = waitForState(pipeApi(client, deadline.signal), kept.pipe.id, new Set(["Stopped"]), 0);
        deadline.abort(new Error("deadline"));
        await assert.rejects(waiting, /was still not readable when the operation's timeout expired/);
        // The poller's own timer (0 ms, set first) would fire before this one.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const poller = sharedPoller(client.cloud(), `${client.servicePath()}/pipes`, () => assert.fail("the poller exists"));
        assert.equal(poller.stats.rounds, 0);
    });

    /** Creates pipes through a client without a client-side limit (so that the limited client's budget stays its own). */
    function createPipesUnlimited(kinds: ("kafka" | "postgres")[]): Promise<{ inputs: DataPipeInputs; pipe: WirePipe }[]> {
        return createPipes(pipeApi(apis()), kinds);
    }
});
