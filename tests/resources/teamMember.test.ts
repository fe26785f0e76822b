import assert from "node:assert/strict";
import * as path from "node:path";
import { CheckFailedError, DeclaredResource } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { runProgram } from "../harness/program";
import { packageProviderText } from "../harness/providerText";
import { emulatorClient } from "../support/emulatorClient";
import { assertCheckRefuses, useEmulatedStack } from "../support/emulatedStack";
import { recordRegistrations } from "../support/registrations";
import { INVITATION_URL_PREFIX } from "../emulator/domain/team";
import type { EmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("teamMember");
const KEY_USER = "emulator@example.com";

const declare = (inputs: PropertyMap, name = "ana"): DeclaredResource[] => [{ type: "TeamMember", name, provider: PROVIDER, inputs }];

/** Clears the team back to the key's own user, with no invitation and no user elsewhere. */
function resetTeam(stack: EmulatedStack): void {
    const team = stack.emu.store.selfHosted;
    for (const id of team.members.keys()) if (id !== team.keyUserId) team.members.delete(id);
    team.invitations.clear();
    team.usersElsewhere.clear();
    stack.emu.faults.clear();
}

describe("TeamMember (through the real host, against the emulator)", function () {
    const stack = useEmulatedStack(resetTeam);
    const team = () => stack.emu.store.selfHosted;
    const calls = () => stack.emu.requests.map((r) => `${r.method} ${r.path.replace("/api/v2", "")}`);
    const writes = () => calls().filter((call) => !call.startsWith("GET"));
    const state = (name = "ana") => {
        const s = stack.engine.state.get(urn("TeamMember", name));
        assert.ok(s, `${name} is in state`);
        return s;
    };
    /** The tokens of the pending invitations: none may appear anywhere but under `invitationUrl`. */
    const tokens = () => [...team().invitations.values()].map((invitation) => invitation.token);
    const assertNoPlainUrl = (where: string, value: unknown, seen: string[]) => {
        const text = typeof value === "string" ? value : JSON.stringify(value, (key, v: unknown) => (key === "invitationUrl" ? undefined : v));
        for (const token of seen) assert.ok(!text.includes(token), `${where} holds an invitation URL in plain text`);
    };

    it("invites, follows the invitation accepted out of band to membership on refresh, then removes the member", async function () {
        const program = declare({ email: "Ana@Example.com", name: "Ana" });
        assert.deepEqual((await stack.engine.up(program)).created, ["ana"]);
        assert.deepEqual(calls(), ["GET /team/members", "GET /team/invitations", "POST /team/invitation"]);
        assert.deepEqual(
            stack.emu.requests.filter((r) => r.method === "POST").map((r) => r.body),
            [{ email: "ana@example.com", name: "Ana" }],
            "the email goes lowercase, as the server stores it",
        );
        const [invitation] = team().invitations.values();
        const pending = state();
        assert.equal(pending.id, "ana@example.com");
        assert.equal(pending.outputs.status, "pending");
        assert.equal(pending.outputs.invitationId, invitation.id);
        assert.equal(pending.outputs.invitationUrl, `${INVITATION_URL_PREFIX}${invitation.token}`);
        assert.equal(pending.outputs.memberId, undefined);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(program)).same, ["ana"]);
        assert.deepEqual(stack.emu.requests, [], "check and diff make no request");
        assert.deepEqual((await stack.engine.refresh()).same, ["ana"], "nothing changed while the invitation is pending");

        const joined = stack.emu.acceptInvitation("ana@example.com");
        const refreshed = await stack.engine.refresh();
        // Only outputs changed: the refresh records them, and reports what an up would plan (nothing).
        assert.deepEqual(refreshed.same, ["ana"]);
        const member = state();
        assert.equal(member.outputs.status, "member");
        assert.equal(member.outputs.memberId, joined.id);
        assert.equal(member.outputs.invitationUrl, undefined, "the consumed invitation's URL is gone");
        assert.equal(member.id, "ana@example.com", "the id stays through the invitation's acceptance");
        assert.deepEqual((await stack.engine.up(program)).same, ["ana"]);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["ana"]);
        assert.deepEqual(writes(), [`DELETE /team/member/${joined.id}`]);
        assert.equal(team().members.has(joined.id), false);
    });

    it("revokes a pending invitation on delete; a delete of one already gone is done", async function () {
        await stack.engine.up(declare({ email: "bo@example.com" }));
        const id = String(state().outputs.invitationId);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["ana"]);
        assert.deepEqual(writes(), [`DELETE /team/invitation/${id}`]);
        assert.equal(team().invitations.size, 0);

        await stack.engine.up(declare({ email: "bo@example.com" }));
        team().invitations.clear();
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["ana"]);
        assert.deepEqual(writes(), [], "nothing left to revoke");
    });

    it("drops from state a member removed or an invitation revoked out of band", async function () {
        await stack.engine.up([...declare({ email: "cy@example.com" }, "cy"), ...declare({ email: "di@example.com" }, "di")]);
        const di = stack.emu.acceptInvitation("di@example.com");
        team().invitations.clear();
        team().members.delete(di.id);
        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.deleted.sort(), ["cy", "di"]);
        assert.equal(stack.engine.state.size, 0);
    });

    it("adopts an existing member or invitation without any write, and warns which it adopted", async function () {
        const existing = stack.emu.addTeamMember("eve@example.com", "Eve");
        const api = emulatorClient(stack.emu);
        const invited = api.payload(await api.call("/api/v2/team/invitation", "POST", { email: "fay@example.com" }));
        stack.emu.clearRequests();

        const result = await stack.engine.up([...declare({ email: "EVE@example.com" }, "eve"), ...declare({ email: "fay@example.com", name: "Fay" }, "fay")]);
        assert.deepEqual(result.created.sort(), ["eve", "fay"]);
        assert.deepEqual(writes(), [], "adoption only reads");
        assert.equal(state("eve").outputs.status, "member");
        assert.equal(state("eve").outputs.memberId, existing.id);
        assert.equal(state("fay").outputs.invitationId, invited.invitationId);
        await stack.host.stderrMatching(new RegExp(`eve@example.com is already a member of the team \\(member ${existing.id}\\)`));
        await stack.host.stderrMatching(new RegExp(`fay@example.com is already invited \\(invitation ${invited.invitationId as string}`));
        assert.deepEqual((await stack.engine.refresh()).same.sort(), ["eve", "fay"]);
    });

    it("adopts by adoptId (the email) what was made by hand; a name change sends nothing and changes nothing on the server", async function () {
        const api = emulatorClient(stack.emu);
        await api.call("/api/v2/team/invitation", "POST", { email: "gus@example.com", name: "Gus" });
        const before = structuredClone([...team().invitations.values()]);
        stack.emu.clearRequests();

        assert.deepEqual((await stack.engine.up(declare({ email: "gus@example.com", name: "Gus", adoptId: "gus@example.com" }))).created, ["ana"]);
        assert.deepEqual(writes(), []);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(declare({ email: "gus@example.com", name: "Gustav", adoptId: "gus@example.com" }))).updated, ["ana"]);
        assert.deepEqual(writes(), [], "no route renames an invitation");
        assert.equal(state().outputs.name, "Gustav");
        assert.deepEqual([...team().invitations.values()], before, "the stored invitation is as it was");
        await stack.host.stderrMatching(/no route renames a member or an invitation: nothing was sent/);

        await assert.rejects(stack.engine.up(declare({ email: "nobody@example.com", adoptId: "nobody@example.com" }, "nobody")), /no such object/);
    });

    it("never removes the key's own user: create and delete refuse it without a write", async function () {
        await assert.rejects(stack.engine.up(declare({ email: KEY_USER.toUpperCase() })), /is the user of the API key itself/);
        assert.deepEqual(writes(), []);

        // The stack's key changes hands: the member it manages is now the key's own user.
        await stack.engine.up(declare({ email: "hal@example.com" }));
        const hal = stack.emu.acceptInvitation("hal@example.com");
        const keyUser = team().keyUserId;
        team().keyUserId = hal.id;
        try {
            stack.emu.clearRequests();
            await assert.rejects(stack.engine.destroy(), /hal@example.com is the user of the API key itself .*pulumi state delete/);
            assert.deepEqual(writes(), [], "no DELETE is sent for the key's own user");
            assert.ok(team().members.has(hal.id));
        } finally {
            team().keyUserId = keyUser;
        }
    });

    it("refuses bad input at check with the property path, sending nothing", async function () {
        await assertCheckRefuses(stack, declare, [
            [{ email: "not-an-email" }, "email"],
            [{ email: "ana@example" }, "email"],
            [{}, "email"],
            [{ email: "ana@example.com", name: 7 }, "name"],
            [{ email: "ana@example.com", variant: "managed" }, "variant"],
            [{ email: "ana@example.com", role: "admin" }, "role"],
            [{ email: "ana@example.com", adoptId: "Ana@Example.com" }, "adoptId"],
        ]);
    });

    it("refuses an address that belongs to a user of another team, naming why", async function () {
        team().usersElsewhere.add("ivy@example.com");
        await assert.rejects(stack.engine.up(declare({ email: "ivy@example.com" })), (error: unknown) => {
            const text = String(error);
            assert.match(text, /POST \/api\/v2\/team\/invitation → HTTP 400/);
            assert.match(text, /User already exists/);
            assert.match(text, /existing user outside this team/);
            return true;
        });
        assert.equal(team().invitations.size, 0);
    });

    it("resends an invitation whose answer was lost: the server answers the same invitation, so there is one", async function () {
        stack.emu.faults.failNext(1, "drop-after", { method: "POST" });
        assert.deepEqual((await stack.engine.up(declare({ email: "jo@example.com" }))).created, ["ana"]);
        assert.equal(team().invitations.size, 1);
        assert.equal(state().outputs.invitationId, [...team().invitations.keys()][0]);
    });

    it("keeps every invitation URL out of plain state, errors and the host's log", async function () {
        await stack.engine.up([...declare({ email: "kim@example.com" }, "kim"), ...declare({ email: "lee@example.com" }, "lee")]);
        await stack.engine.refresh();
        const seen = tokens();
        assert.equal(seen.length, 2);
        this.timeout(30_000);
        // A failing refresh and a failing delete (the server errs on every attempt until the retry budget is spent).
        stack.emu.faults.failNext(500, "5xx", { method: "GET" });
        await assert.rejects(stack.engine.refresh(), (error: unknown) => {
            assertNoPlainUrl("the refresh error", String(error), seen);
            return true;
        });
        stack.emu.faults.clear();
        stack.emu.faults.failNext(500, "5xx", { method: "DELETE" });
        await assert.rejects(stack.engine.destroy(), (error: unknown) => {
            assertNoPlainUrl("the delete error", String(error), seen);
            return true;
        });
        for (const [u, resource] of stack.engine.state) {
            assertNoPlainUrl(`outputs of ${u}`, resource.outputs, seen);
            assertNoPlainUrl(`inputs of ${u}`, resource.inputs, seen);
        }
        assertNoPlainUrl("host stderr", stack.host.stderr, seen);
        assertNoPlainUrl("host stdout", stack.host.stdout, seen);
    });

    it("SDK: the invitation URL is declared a secret output", async function () {
        const recorder = recordRegistrations();
        try {
            const config = Object.fromEntries(Object.entries(stack.config).map(([key, value]) => [key, typeof value === "string" ? value : value.secret]));
            await runProgram({
                program: path.join(__dirname, "programs", "teamMember.ts"),
                engine: stack.engine,
                config,
                mode: "up",
                project: "demo",
                stack: "dev",
            });
            assert.deepEqual(recorder.seen.get("ana")?.secretOutputs, ["invitationUrl"]);
        } finally {
            recorder.stop();
        }
        assert.equal(state().outputs.status, "pending");
    });
});

describe("TeamMember with the key's own email configured (observability:apiKeyEmail)", function () {
    const stack = useEmulatedStack(resetTeam, { config: { "observability:apiKeyEmail": KEY_USER } });

    it("refuses a declaration of that email at preview, sending nothing", async function () {
        await assert.rejects(stack.engine.preview(declare({ email: "Emulator@Example.com" })), (error: unknown) => {
            assert.ok(error instanceof CheckFailedError, String(error));
            assert.deepEqual(
                error.failures.map((f) => f.property),
                ["email"],
            );
            assert.match(error.message, /is the API key's own user \(`observability:apiKeyEmail`/);
            return true;
        });
        assert.deepEqual(stack.emu.requests, []);
    });
});
