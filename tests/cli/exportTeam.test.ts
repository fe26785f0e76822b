import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { resourceToken } from "../../provider/plugin/tokens";
import { main } from "../../sdk/cli/main";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { useEmulatedStack } from "../support/emulatedStack";
import { emulatorClient } from "../support/emulatorClient";

const DIR = path.join(REPO_ROOT, "tests", `.tmp-export-team-${process.pid}`);

describe("export of the team: members and pending invitations become TeamMember declarations", function () {
    this.timeout(120_000);
    const stack = useEmulatedStack(({ emu }) => {
        const team = emu.store.selfHosted;
        for (const id of team.members.keys()) if (id !== team.keyUserId) team.members.delete(id);
        team.invitations.clear();
    });
    after(() => rmSync(DIR, { recursive: true, force: true }));

    it("declares each by email (the key's own user left out), and the program adopts them without a write", async function () {
        const member = stack.emu.addTeamMember("ana@example.com", "Ana");
        await emulatorClient(stack.emu).call("/api/v2/team/invitation", "POST", { email: "Bo@Example.com", name: "Bo" });
        const [invitation] = stack.emu.store.selfHosted.invitations.values();
        rmSync(DIR, { recursive: true, force: true });
        mkdirSync(DIR, { recursive: true });
        let stderr = "";
        const status = await main(["export", "--kinds", "team-members", "--out", DIR, "--import-file", path.join(DIR, "import.json")], {
            stdout: { write: () => true },
            stderr: { write: (text: string) => (stderr += text) },
            env: { ...stack.emu.env(), OBSERVABILITY_RETRY_BASE_DELAY_MS: "1", OBSERVABILITY_SELF_HOSTED_RATE_LIMIT: "10000/1s" },
        });
        assert.equal(status, 0, stderr);
        const index = readFileSync(path.join(DIR, "index.ts"), "utf8");
        assert.ok(
            index.includes(
                '// Team member "ana@example.com" (member)\nnew observability.TeamMember("ana", { adoptId: "ana@example.com", variant: "self-hosted", name: "Ana", email: "ana@example.com" });',
            ),
            index,
        );
        assert.ok(
            index.includes(
                '// Team member "bo@example.com" (invitation pending)\nnew observability.TeamMember("bo", { adoptId: "bo@example.com", variant: "self-hosted", name: "Bo", email: "bo@example.com" });',
            ),
            index,
        );
        assert.ok(!index.includes("emulator@example.com"), "the key's own user is not declared");
        assert.ok(!index.includes(invitation.token), "no invitation URL in the program");

        stack.emu.clearRequests();
        const applied = await runProgram({
            program: path.join(DIR, "index.ts"),
            engine: stack.engine,
            config: {},
            mode: "up",
            project: "exported",
            stack: "dev",
        });
        assert.deepEqual(applied.created.sort(), ["ana", "bo"]);
        assert.deepEqual([...new Set(stack.emu.requests.map((r) => r.method))], ["GET"], "the adoption only reads");
        assert.deepEqual([...stack.engine.state.values()].map((s) => [s.id, s.outputs.status, s.outputs.memberId ?? s.outputs.invitationId]).sort(), [
            ["ana@example.com", "member", member.id],
            ["bo@example.com", "pending", invitation.id],
        ]);
        // The plugin's read by id takes a team member's id: its lowercase email, as the stack holds it.
        assert.deepEqual(JSON.parse(readFileSync(path.join(DIR, "import.json"), "utf8")), {
            resources: [
                { type: resourceToken("TeamMember"), name: "ana", id: "ana@example.com" },
                { type: resourceToken("TeamMember"), name: "bo", id: "bo@example.com" },
            ],
        });
        const refreshed = await stack.engine.refresh();
        assert.deepEqual({ updated: refreshed.updated, deleted: refreshed.deleted }, { updated: [], deleted: [] });
    });
});
