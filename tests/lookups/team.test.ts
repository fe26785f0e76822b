import assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import type { Emulator } from "../emulator";
import { useLookupEmulator, valueOf } from "../support/lookupEmulator";
import { getTeam, getTeamMembers, getTeamMembersOutput, getTeamOutput, search, searchOutput } from "../../sdk/functions/observability";

describe("Team and search lookups (in the program's process, against the emulator)", function () {
    const lookups = useLookupEmulator({ OBSERVABILITY_READ_CACHE_MS: "0" });
    let emu: Emulator;
    before(() => (emu = lookups.emu));

    const calls = () =>
        emu.requests.map((r) => `${r.method} ${r.path}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query as Record<string, string>)}` : ""}`);

    describe("getTeam and getTeamMembers", function () {
        it("reads the team's id and name", async function () {
            assert.deepEqual(await getTeam(), { id: emu.store.selfHosted.teamId, name: "Emulated team" });
            assert.deepEqual(await valueOf(getTeamOutput({ variant: pulumi.output("self-hosted" as const) })), {
                id: emu.store.selfHosted.teamId,
                name: "Emulated team",
            });
            assert.deepEqual(calls(), ["GET /api/v2/team", "GET /api/v2/team"]);
        });

        it("reads every member and every pending invitation whole, never an invitation URL", async function () {
            // Neither route pages: team.ts:74 (`findUsersByTeam`, every user of the team) and team.ts:189 (every
            // invitation of the team) answer all at once, with no limit, offset or meta (pinned commit, see
            // tests/fidelity/teamMember.test.ts). So one request each reads 1200 members whole.
            const added = Array.from({ length: 1200 }, (_, i) => emu.addTeamMember(`person${i}@example.com`, i % 2 === 0 ? `Person ${i}` : undefined));
            const api = `${emu.url}/api/v2/team/invitation`;
            const invite = (email: string, name?: string) =>
                fetch(api, {
                    method: "POST",
                    headers: { Authorization: `Bearer ${emu.credentials.apiKey}`, "Content-Type": "application/json" },
                    body: JSON.stringify({ email, name }),
                });
            await invite("New@Example.com", "New");
            await invite("other@example.com");
            emu.clearRequests();
            try {
                const team = await valueOf(getTeamMembersOutput());
                assert.equal(team.members.length, 1201);
                assert.deepEqual(team.members[0], {
                    id: emu.store.selfHosted.keyUserId,
                    email: "emulator@example.com",
                    name: "Emulator User",
                    isCurrentUser: true,
                });
                assert.deepEqual(team.members[2], { id: added[1].id, email: "person1@example.com", isCurrentUser: false });
                assert.deepEqual(
                    team.invitations.map((i) => [i.email, i.name, typeof i.createdAt]),
                    [
                        ["new@example.com", "New", "string"],
                        ["other@example.com", undefined, "string"],
                    ],
                );
                assert.ok(!JSON.stringify(team).includes("token="), "no invitation URL");
                assert.deepEqual(calls(), ["GET /api/v2/team/members", "GET /api/v2/team/invitations"]);
            } finally {
                for (const user of added) emu.store.selfHosted.members.delete(user.id);
                emu.store.selfHosted.invitations.clear();
            }
        });

        it("refuses the managed variant before sending anything", async function () {
            await assert.rejects(getTeamMembers({ variant: "managed" }), /getTeamMembers: the managed variant has no team routes/);
            await assert.rejects(getTeam({ variant: "managed" }), /getTeam: the managed variant has no team routes/);
            assert.deepEqual(emu.requests, []);
        });
    });

    describe("search", function () {
        const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ Timestamp: `row-${i}`, Body: `line ${i}` }));
        const searches = () => emu.requests.filter((r) => r.path === "/api/v2/search").map((r) => r.body as Record<string, unknown>);
        afterEach(() => emu.store.selfHosted.searchRows.clear());

        it("reads more than one page: pages of at most 2000 rows from the offset, until maxResults", async function () {
            const source = emu.fixtures.sources.logs.id;
            emu.store.selfHosted.searchRows.set(source, rows(4600));
            const found = await search({
                sourceId: source,
                where: "level:error",
                select: "Timestamp,Body",
                maxResults: 4500,
                startTime: "2026-05-10T00:00:00Z",
                endTime: "2026-05-10T01:00:00Z",
            });
            assert.equal(found.length, 4500);
            assert.deepEqual(found[2000], { Timestamp: "row-2000", Body: "line 2000" });
            assert.deepEqual(
                searches().map((b) => [b.offset, b.maxResults]),
                [
                    [0, 2000],
                    [2000, 2000],
                    [4000, 500],
                ],
            );
            assert.deepEqual(searches()[0], {
                sourceId: source,
                where: "level:error",
                select: "Timestamp,Body",
                startTime: "2026-05-10T00:00:00Z",
                endTime: "2026-05-10T01:00:00Z",
                maxResults: 2000,
                offset: 0,
            });
        });

        it("stops at a short page, and reaches the last rows past offset 10000 with a shorter page before", async function () {
            const source = emu.fixtures.sources.logs.id;
            emu.store.selfHosted.searchRows.set(source, rows(2500));
            assert.equal((await valueOf(searchOutput({ sourceId: pulumi.output(source), maxResults: 5000 }))).length, 2500);
            assert.deepEqual(
                searches().map((b) => [b.offset, b.maxResults]),
                [
                    [0, 2000],
                    [2000, 2000],
                ],
            );
            emu.clearRequests();
            emu.store.selfHosted.searchRows.set(source, rows(13_000));
            const last = await search({ sourceId: source, offset: 9000, maxResults: 3000 });
            assert.equal(last.length, 3000);
            assert.deepEqual(last[2999], { Timestamp: "row-11999", Body: "line 11999" });
            assert.deepEqual(
                searches().map((b) => [b.offset, b.maxResults]),
                [
                    [9000, 1000],
                    [10000, 2000],
                ],
            );
        });

        it("refuses what the server refuses before sending anything", async function () {
            const source = emu.fixtures.sources.logs.id;
            await assert.rejects(search({ sourceId: "nope" }), /search: sourceId: must be a 24-character/);
            await assert.rejects(search({ sourceId: source, select: "Body; DROP TABLE x" }), /search: select: must not contain semicolons/);
            await assert.rejects(search({ sourceId: source, offset: 10_001 }), /search: offset/);
            await assert.rejects(
                search({ sourceId: source, offset: 9000, maxResults: 3001 }),
                /search: maxResults: with offset, must stay within the first 12000 rows/,
            );
            await assert.rejects(
                search({ sourceId: source, startTime: "2026-05-10T01:00:00Z", endTime: "2026-05-10T00:00:00Z" }),
                /search: endTime: must be after startTime/,
            );
            await assert.rejects(search({ sourceId: source, whereLanguage: "kql" as "sql" }), /search: whereLanguage/);
            await assert.rejects(search({ sourceId: source, variant: "managed" }), /search: the managed variant has no search route/);
            assert.deepEqual(emu.requests, []);
        });

        it("reports the server's 404 for a source of no team", async function () {
            await assert.rejects(search({ sourceId: "c".repeat(24) }), /POST \/api\/v2\/search → HTTP 404: Source not found: c{24}/);
        });
    });
});
