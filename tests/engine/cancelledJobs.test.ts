// Issue 30: a `pulumi up` killed while a create is in flight (a cancelled CI job), and adoptions that run at once.
import assert from "node:assert/strict";
import type { DeclaredResource } from "../harness/engine";
import { HostCallError, type PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { ManualClock } from "../emulator/clock";
import { useEmulatedStack, type EmulatedStack } from "../support/emulatedStack";
import { eventually } from "../support/emulatorConfig";
import { newProcess } from "../support/stackStart";
import { startedTogether } from "../support/startedTogether";
import { clicksFromStream } from "../support/pipeInputs";
import { pipesState } from "../emulator/routes/pipes";

const DASHBOARD = packageProviderText("dashboard");
const WEBHOOK = packageProviderText("webhook");
const PIPE = packageProviderText("dataPipe");
// The server's answer to the killed run's POST is held this long on the emulator's clock.
const HELD_MS = 1_000;

/** A dashboard of the self-hosted variant with one tile. */
function dashboard(name: string, more: PropertyMap = {}): DeclaredResource {
    const notes = { name: "Notes", x: 0, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "On call: see the runbook" } };
    return { type: "Dashboard", name, provider: DASHBOARD, inputs: { name: "Web service", tiles: [notes], ...more } };
}

/**
 * Runs `up` and kills the host while its POST to `collection` is at the server, which then finishes it: what a CI
 * runner's cancel does to a job in the middle of a create. Resolves with the id the server gave the killed run's object.
 * @param ids the ids of the collection's objects on the server
 */
async function killedInCreate(
    stack: EmulatedStack,
    clock: ManualClock,
    program: DeclaredResource[],
    collection: string,
    ids: () => Iterable<string>,
): Promise<string> {
    const before = new Set(ids());
    stack.emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: `/${collection}` }, { slowMs: HELD_MS });
    const failed = assert.rejects(stack.engine.up(program), HostCallError);
    // The POST reached the server, which holds it; the job is cancelled now.
    await clock.untilSleeping(1);
    await stack.host.kill();
    await failed;
    clock.advance(HELD_MS);
    const made = () => [...ids()].filter((id) => !before.has(id));
    await eventually(() => made().length > 0);
    assert.equal(made().length, 1, "the killed run's POST made one object");
    assert.equal(stack.engine.state.size, 0, "the killed run recorded nothing in the stack");
    assert.deepEqual(
        stack.engine.pendingCreates.map((op) => op.urn),
        program.map((decl) => stack.engine.urnOf(decl)),
        "Pulumi keeps the interrupted create as a pending operation",
    );
    await newProcess(stack); // the next job: a new `pulumi up`, with a host that knows nothing of the killed one
    return made()[0] as string;
}

describe("a `pulumi up` killed in the middle of a create (a cancelled CI job), through the real host", function () {
    const clock = new ManualClock();
    // Pipes are looked at again 1 ms after each write: their waits cost no real time.
    const stack = useEmulatedStack(() => stack.emu.store.selfHosted.dashboards.clear(), {
        emulator: { clock },
        config: { "observability:pollIntervalMs": "1" },
    });
    const deletesOf = (id: string) => stack.emu.requests.filter((r) => r.method === "DELETE" && r.path.endsWith(`/${id}`)).length;

    it("the next `up` creates the dashboard again and names the one the killed run made, with the way to keep or delete it", async function () {
        const program = [dashboard("web")];
        const leftover = await killedInCreate(stack, clock, program, "dashboards", () => stack.emu.store.selfHosted.dashboards.keys());

        const next = await stack.engine.up(program);
        assert.match(next.warnings.join("\n"), /1 pending operations from previous deployment\.\n {2}\* .*Dashboard::web, interrupted while creating/);
        assert.deepEqual(next.created, ["web"], "Pulumi plans the pending create again; the provider never adopts unasked");
        const made = stack.engine.state.get(stack.engine.urnOf(program[0] as DeclaredResource))?.id as string;
        assert.notEqual(made, leftover);
        await stack.host.stderrMatching(
            new RegExp(
                `create Dashboard "Web service": created ${made}, although ${leftover} already existed with the same name and tiles, ` +
                    `and no resource of this stack manages it\\. If it was made by an earlier \`pulumi up\` that was cancelled while it ` +
                    `created this resource .*delete it, or keep it instead: set \`adoptId: "${leftover}"\` on this resource and run ` +
                    `\`pulumi up --replace\` on it`,
            ),
        );

        // docs/guides/pipelines.md "After a cancelled job": keep the killed run's dashboard instead of the new one.
        const keep = await stack.engine.up([{ ...dashboard("web", { adoptId: leftover }), replace: true }]);
        assert.deepEqual(keep.replaced, ["web"]);
        assert.equal(stack.engine.state.get(stack.engine.urnOf(program[0] as DeclaredResource))?.id, leftover);
        assert.deepEqual([...stack.emu.store.selfHosted.dashboards.keys()], [leftover], "the replacement adopted it and deleted the new one");
        await stack.engine.refresh({ clearPendingCreates: true });
        assert.deepEqual(stack.engine.pendingCreates, []);
        assert.deepEqual((await stack.engine.up([dashboard("web", { adoptId: leftover })])).warnings, [], "nothing is pending any more");
        await stack.engine.destroy();
        assert.equal(deletesOf(leftover), 1);
        assert.equal(stack.emu.store.selfHosted.dashboards.size, 0);
    });

    it("a webhook's create fails before its POST, naming the one the killed run made; adopting it completes the stack", async function () {
        const hook = (more: PropertyMap = {}): DeclaredResource => ({
            type: "Webhook",
            name: "alerts",
            provider: WEBHOOK,
            inputs: { name: "On-call", service: "slack", url: "https://hooks.slack.com/services/T0/B0/oncall", ...more },
        });
        const leftover = await killedInCreate(stack, clock, [hook()], "webhooks", () => stack.emu.store.selfHosted.webhooks.keys());
        stack.emu.clearRequests();

        await assert.rejects(
            stack.engine.up([hook()]),
            new RegExp(
                `create Webhook "On-call": ${leftover} already existed with the same service and name, and no resource of this stack ` +
                    `manages it, and the server refuses a second one\\. If it was made by an earlier \`pulumi up\` that was cancelled ` +
                    `while it created this resource .*adopt it: set \`adoptId: "${leftover}"\` on this resource and run \`pulumi up\` again`,
            ),
        );
        assert.deepEqual(
            stack.emu.requests.filter((r) => r.method !== "GET"),
            [],
            "nothing was posted",
        );
        await stack.engine.up([hook({ adoptId: leftover })]);
        assert.equal(stack.engine.state.get(stack.engine.urnOf(hook()))?.id, leftover);
        await stack.engine.refresh({ clearPendingCreates: true });
        await stack.engine.destroy();
        assert.equal(deletesOf(leftover), 1);
        assert.equal(stack.emu.store.selfHosted.webhooks.has(leftover), false);
    });

    it("the next `up` of a data pipe names the pipe the killed run made, with when it was made", async function () {
        const pipe: DeclaredResource = { type: "DataPipe", name: "clicks", provider: PIPE, inputs: clicksFromStream() as PropertyMap };
        const pipes = pipesState(stack.emu.cloud).pipes;
        const leftover = await killedInCreate(stack, clock, [pipe], "pipes", () => pipes.keys());

        await stack.engine.up([pipe]);
        const made = stack.engine.state.get(stack.engine.urnOf(pipe))?.id as string;
        assert.notEqual(made, leftover);
        await stack.host.stderrMatching(
            new RegExp(
                `create DataPipe "clicks-from-stream": created ${made}, although ${leftover} \\(made [^)]+\\) already existed with the same ` +
                    `name, and no resource of this stack manages it\\..*\`adoptId: "${leftover}"\``,
            ),
        );
        await stack.engine.refresh({ clearPendingCreates: true });
        await stack.engine.destroy();
        assert.deepEqual([...pipes.keys()], [leftover], "destroy deletes the stack's pipe; the earlier one waits for the user");
        pipes.clear();
    });
});

describe("two resources adopting one id, their creates started together (the engine's parallel steps)", function () {
    const clock = new ManualClock();
    // Reads by id (no list shared between them): each adoption's read is a request of its own, held by the server.
    const stack = useEmulatedStack(() => {}, { emulator: { clock }, config: { "observability:readCacheMs": "0" } });

    it("the second fails naming the id, and destroy deletes the object once", async function () {
        const made = await fetch(`${stack.emu.url}/api/v2/dashboards`, {
            method: "POST",
            headers: { authorization: `Bearer ${stack.emu.credentials.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify({ name: "Hand made", tiles: [] }),
        });
        const id = ((await made.json()) as { data: { id: string } }).data.id;
        const adopting = (name: string): DeclaredResource => ({
            type: "Dashboard",
            name,
            provider: DASHBOARD,
            inputs: { adoptId: id, name: "Hand made", tiles: [] },
        });
        assert.ok(stack.engine.parallel >= 2, "the engine runs steps in parallel, as the CLI does");

        const outcome = await startedTogether(stack, clock, `/dashboards/${id}`, () => stack.engine.up([adopting("first"), adopting("second")]));
        assert.equal(outcome.status, "rejected");
        assert.match(String(outcome.reason), new RegExp(`adopt Dashboard "${id}": another resource of this stack already manages it or is adopting it`));

        assert.deepEqual(
            [...stack.engine.state.values()].map((s) => s.id),
            [id],
            "one resource holds the object",
        );
        await newProcess(stack); // `pulumi destroy`, a command of its own
        await stack.engine.destroy();
        assert.equal(stack.emu.requests.filter((r) => r.method === "DELETE" && r.path.endsWith(`/${id}`)).length, 1, "destroy deletes it once");
        assert.equal(stack.emu.store.selfHosted.dashboards.has(id), false);
    });
});
