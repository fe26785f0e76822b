// The webhook host allowlist against real servers (`npm run test:live`): every host of the shared list
// (tests/support/webhookHosts.ts) sent to a real self-hosted server and through `check` (a preview on Pulumi's
// dynamic-provider host), once on a second server started with `WEBHOOK_HOSTNAME_ALLOWLIST` and the stack's
// `observability:webhookHostnameAllowlist` set to the same list, once on the suite's own server (no allowlist) without it.
import assert from "node:assert/strict";
import { CheckFailedError } from "../harness/engine";
import { ALLOWLIST, ALLOWLIST_HOSTS } from "../support/webhookHosts";
import { sharedRawClient } from "./hooks";
import { dynamicHost, type LiveStack } from "./hosts";
import { type StartedServer, startRealServer } from "./realServer";
import { type LiveServer, liveServer, PacedClient, RUN_PREFIX } from "./server";

type Answer = "accepted" | "refused";

/** What the server answers a webhook on a host it refuses as local, private or reserved. */
const REFUSAL = { message: "Webhook URL resolves to a private or reserved address." };

/** The server's answer to a generic webhook on the URL: made (then deleted), or refused as private. */
async function serverAnswer(raw: PacedClient, name: string, url: string): Promise<Answer> {
    const res = await raw.request("POST", "/webhooks", { name, service: "generic", url });
    if (res.status === 200) {
        const { id } = (res.json as { data: { id: string } }).data;
        assert.equal((await raw.request("DELETE", `/webhooks/${id}`)).status, 200, `deleted ${url}`);
        return "accepted";
    }
    assert.deepEqual([res.status, res.json], [400, REFUSAL], url);
    return "refused";
}

/** The answer of `check` (a preview) to a generic webhook on the URL: planned, or refused at `url`. */
async function checkAnswer(stack: LiveStack, url: string): Promise<Answer> {
    try {
        const run = await stack.preview([{ kind: "webhook", name: "hook", inputs: { name: "Relay", service: "generic", url } }]);
        assert.deepEqual(run.created, ["hook"], url);
        return "accepted";
    } catch (error) {
        assert.ok(error instanceof CheckFailedError, String(error));
        assert.deepEqual(
            error.failures.map((f) => f.property),
            ["url"],
            url,
        );
        assert.match(error.failures[0].reason, /private or reserved.*WEBHOOK_HOSTNAME_ALLOWLIST.*observability:webhookHostnameAllowlist/, url);
        return "refused";
    }
}

/** Sends every shared host to the server and through `check`, returning each one's two answers. */
async function answers(server: LiveServer, raw: PacedClient, config: Record<string, string>, prefix: string) {
    const stack = await dynamicHost.open(server, config);
    try {
        const rows: { host: string; server: Answer; check: Answer }[] = [];
        for (const [i, { host }] of ALLOWLIST_HOSTS.entries()) {
            const url = `http://${host}/hook`;
            rows.push({ host, server: await serverAnswer(raw, `${prefix} ${i}`, url), check: await checkAnswer(stack, url) });
        }
        return rows;
    } finally {
        await stack.close();
    }
}

const counts = (rows: { server: Answer }[]) =>
    `${rows.length} hosts, ${rows.filter((r) => r.server === "accepted").length} accepted and ${rows.filter((r) => r.server === "refused").length} refused`;

describe("Webhook hosts: check answers every shared host as the real server does", function () {
    this.timeout(10 * 60_000);

    describe("a second server started with an allowlist, and check with the same setting", function () {
        let server: StartedServer | undefined;
        before(async function () {
            this.timeout(3 * 60_000);
            server = await startRealServer({ WEBHOOK_HOSTNAME_ALLOWLIST: ALLOWLIST });
        });
        after(async function () {
            await server?.stop();
        });

        it(`the same answer from both for each of the ${ALLOWLIST_HOSTS.length} hosts, and the answers the shared list records`, async function () {
            assert.ok(server);
            const rows = await answers(server, new PacedClient(server), { "observability:webhookHostnameAllowlist": ALLOWLIST }, `${RUN_PREFIX}-allow`);
            assert.deepEqual(
                rows.filter((r) => r.server !== r.check),
                [],
                "check and the server disagree",
            );
            assert.deepEqual(
                rows.map((r) => `${r.host}: ${r.server}`),
                ALLOWLIST_HOSTS.map((c) => `${c.host}: ${c.accepted ? "accepted" : "refused"}`),
                "the shared list records what the server answers",
            );
            console.log(`      allowlist server: ${counts(rows)}, check alike`);
        });
    });

    it("the suite's own server (no allowlist), and check without the setting: the same answer from both", async function () {
        const rows = await answers(liveServer(), sharedRawClient(), {}, `${RUN_PREFIX}-default`);
        assert.deepEqual(
            rows.filter((r) => r.server !== r.check),
            [],
            "check and the server disagree",
        );
        assert.ok(
            rows.some((r) => r.host === "10.1.2.3" && r.server === "refused"),
            "the default server refuses what the allowlist allowed",
        );
        console.log(`      default server: ${counts(rows)}, check alike`);
    });
});
