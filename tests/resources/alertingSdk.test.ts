import assert from "node:assert/strict";
import * as path from "node:path";
import { SECRET_SIG, SECRET_SIG_KEY, urn } from "../harness/host";
import { runProgram } from "../harness/program";
import { startEmulatedStack, EmulatedStack } from "../support/emulatedStack";
import { recordRegistrations } from "../support/registrations";

const PROGRAM = path.join(__dirname, "programs", "alerting.ts");
const SLACK_URL = "https://hooks.slack.com/services/T9/B9/program-token-0c41";
const RELAY_TOKEN = "Bearer program-relay-7d2e";

describe("SDK: alerts referencing a dashboard's tileId(), a SavedSearch and Webhooks (a real program)", function () {
    let stack: EmulatedStack;

    before(async function () {
        stack = await startEmulatedStack();
    });
    after(async function () {
        await stack?.close();
    });
    afterEach(function () {
        assert.deepEqual(stack.emu.invalidRequests, []);
        assert.deepEqual(stack.emu.serverErrors, []);
    });

    const config = (extra: Record<string, string> = {}) => ({
        "demo:logsSourceId": stack.emu.fixtures.sources.logs.id,
        "demo:slackUrl": SLACK_URL,
        "demo:relayToken": RELAY_TOKEN,
        ...extra,
    });
    const run = (extra?: Record<string, string>) =>
        runProgram({
            program: PROGRAM,
            engine: stack.engine,
            config: config(extra),
            secretKeys: ["demo:slackUrl", "demo:relayToken"],
            project: "demo",
            stack: "dev",
        });
    const outputs = (type: string, name: string) => {
        const state = stack.engine.state.get(urn(type, name));
        assert.ok(state, `${type} ${name} is in state`);
        return { ...state.outputs, id: state.id } as Record<string, unknown> & { id: string };
    };

    it("wires the references, marks the webhook's secrets, plans nothing twice and deletes alerts before their parents", async function () {
        const recorder = recordRegistrations();
        try {
            const first = await run();
            assert.deepEqual([...first.created].sort(), ["board", "errors", "relay", "search-alert", "slack", "tile-alert"]);
            for (const name of ["slack", "relay"]) {
                const registration = recorder.seen.get(name);
                assert.ok(registration);
                assert.deepEqual(
                    [...registration.secretOutputs].sort(),
                    ["body", "headers", "queryParams", "url"],
                    `${name}: url and the write-only values are secret outputs`,
                );
                assert.equal((registration.object.url as Record<string, unknown>)[SECRET_SIG_KEY], SECRET_SIG, `${name}: the url is sent as a secret`);
            }
            assert.equal((recorder.seen.get("relay")?.object.headers as Record<string, unknown>)[SECRET_SIG_KEY], SECRET_SIG, "headers are sent as a secret");
        } finally {
            recorder.stop();
        }
        const board = outputs("Dashboard", "board");
        const tileAlert = outputs("Alert", "tile-alert");
        assert.equal(tileAlert.tileId, (board.tileIds as Record<string, string>).Errors);
        assert.deepEqual(tileAlert.channel, { type: "webhook", webhookId: outputs("Webhook", "slack").id });
        const searchAlert = outputs("Alert", "search-alert");
        assert.equal(searchAlert.savedSearchId, outputs("SavedSearch", "errors").id);
        assert.deepEqual(
            (searchAlert.channels as { webhookId: string }[]).map((c) => c.webhookId),
            [outputs("Webhook", "relay").id, outputs("Webhook", "slack").id],
        );

        stack.emu.clearRequests();
        const second = await run();
        assert.equal(second.same.length, 6);
        assert.equal(stack.emu.requests.length, 0, "a second run sends nothing");

        await stack.engine.destroy();
        const deletes = stack.emu.requests.filter((r) => r.method === "DELETE").map((r) => r.path.split("/")[3]);
        const last = (kind: string) => deletes.lastIndexOf(kind);
        assert.ok(
            last("alerts") < deletes.indexOf("webhooks") &&
                last("alerts") < deletes.indexOf("saved-searches") &&
                last("alerts") < deletes.indexOf("dashboards"),
            `alerts first: ${deletes.join(", ")}`,
        );
        assert.equal(stack.emu.store.selfHosted.alerts.size, 0);
    });

    it("refuses a tile name no declared tile has when the program runs, naming the dashboard and its tiles", async function () {
        stack.emu.clearRequests();
        await assert.rejects(run({ "demo:tileName": "Erors" }), (error: Error) => {
            assert.equal(error.message, 'Dashboard "board" declares no tile named "Erors"; its tiles: "Errors", "Latency"');
            return true;
        });
        assert.ok(!stack.emu.requests.some((r) => r.path.includes("/alerts")), "no alert was attempted");
    });
});
