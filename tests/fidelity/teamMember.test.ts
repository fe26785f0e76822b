import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { packageProviderText } from "../harness/providerText";
import { type RawApi, UPSTREAM, type WireFact, describeWireFacts } from "./wireFacts";

const TEAM = `${UPSTREAM.selfHosted} packages/api/src/routers/external-api/v2/team.ts`;
const SEARCH = `${UPSTREAM.selfHosted} packages/api/src/routers/external-api/v2/search.ts`;
const PROVIDER = packageProviderText("teamMember");

const invite = (api: RawApi, body: unknown) => api.call("POST", "/team/invitation", body);
/** The issues of a 400 from the team routes' validation middleware: a JSON array `[{type, errors: {issues}}]`. */
const issuesOf = (json: unknown): { type: string; issues: { path: string[]; message: string }[] }[] =>
    (json as { type: string; errors: { issues: { path: string[]; message: string }[] } }[]).map((e) => ({ type: e.type, issues: e.errors.issues }));
const clearTeam = (api: RawApi) => {
    const team = api.emu.store.selfHosted;
    for (const id of team.members.keys()) if (id !== team.keyUserId) team.members.delete(id);
    team.invitations.clear();
    team.usersElsewhere.clear();
};
const isEmail = (value: unknown) =>
    typeof value === "string" && /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(value);

const facts: WireFact[] = [
    {
        upstream: `${TEAM}:43`,
        says: "GET /team answers the key's team as {id, name}",
        variants: ["self-hosted"],
        async onEmulator(api) {
            assert.deepEqual(await api.ok("GET", "/team"), { id: api.emu.store.selfHosted.teamId, name: api.emu.store.selfHosted.name });
        },
    },
    {
        upstream: `${TEAM}:74`,
        says: "GET /team/members answers every member whole (no paging) as {id, email, name, isCurrentUser}, the key's own user marked",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            for (let i = 0; i < 1100; i++) api.emu.addTeamMember(`m${i}@example.com`);
            const res = await api.call("GET", "/team/members?limit=1&offset=5");
            const members = res.json.data as Record<string, unknown>[];
            assert.equal(members.length, 1101, "limit and offset mean nothing to this route");
            assert.equal(res.json.meta, undefined);
            assert.deepEqual(members[0], { id: api.emu.store.selfHosted.keyUserId, email: "emulator@example.com", name: "Emulator User", isCurrentUser: true });
            assert.deepEqual(members[1].isCurrentUser, false);
            clearTeam(api);
        },
    },
    {
        upstream: `${TEAM}:106`,
        says: "POST /team/invitation takes `email` (a string in email form) and an optional string `name`; anything else is a 400 whose body is the validation middleware's JSON array",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            const bad = await invite(api, { email: "not-an-email", name: null });
            assert.equal(bad.status, 400);
            assert.deepEqual(
                issuesOf(bad.json).map((e) => [e.type, e.issues.map((i) => [i.path.join("."), i.message])]),
                [
                    [
                        "Body",
                        [
                            ["email", "Invalid email"],
                            ["name", "Expected string, received null"],
                        ],
                    ],
                ],
            );
            const missing = await invite(api, {});
            assert.deepEqual(issuesOf(missing.json)[0].issues[0], {
                code: "invalid_type",
                expected: "string",
                received: "undefined",
                path: ["email"],
                message: "Required",
            });
            assert.equal(api.emu.store.selfHosted.invitations.size, 0);
        },
        onSent(sent) {
            if (!isEmail(sent.body.email)) return `email ${JSON.stringify(sent.body.email)} is not in email form`;
            if ("name" in sent.body && typeof sent.body.name !== "string") return `name ${JSON.stringify(sent.body.name)} is not a string`;
            return undefined;
        },
    },
    {
        upstream: `${TEAM}:118`,
        says: "the invited email is lowercased, and a second invitation of the same address answers the existing one (same id, same URL)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            const first = await api.ok("POST", "/team/invitation", { email: "Ann@Example.COM", name: "Ann" });
            const second = await api.ok("POST", "/team/invitation", { email: "ann@example.com", name: "Other" });
            assert.equal(first.email, "ann@example.com");
            assert.deepEqual(second, first);
            assert.equal(api.emu.store.selfHosted.invitations.size, 1);
            assert.equal([...api.emu.store.selfHosted.invitations.values()][0].name, "Ann", "the first invitation's name stays");
        },
    },
    {
        upstream: `${TEAM}:120`,
        says: "inviting the email of an existing user (of this team or any other) is a 400 `User already exists…`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            api.emu.addTeamMember("bob@example.com");
            api.emu.store.selfHosted.usersElsewhere.add("cat@example.com");
            for (const email of ["BOB@example.com", "cat@example.com"]) {
                const res = await invite(api, { email });
                assert.equal(res.status, 400);
                assert.match(api.message(res), /^User already exists\./);
            }
            assert.equal(api.emu.store.selfHosted.invitations.size, 0);
        },
    },
    {
        upstream: `${TEAM}:156`,
        says: "an invitation answers {email, invitationId, status: pending, url}, the URL `<frontend>/join-team?token=<64 hex>` (a credential)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            const made = await api.ok("POST", "/team/invitation", { email: "dan@example.com" });
            assert.deepEqual(Object.keys(made).sort(), ["email", "invitationId", "status", "url"]);
            assert.equal(made.status, "pending");
            assert.match(String(made.url), /\/join-team\?token=[0-9a-f]{64}$/);
        },
    },
    {
        upstream: `${TEAM}:189`,
        says: "GET /team/invitations answers every pending invitation whole (no paging) as {id, createdAt, email, name, url}",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            await api.ok("POST", "/team/invitation", { email: "eli@example.com", name: "Eli" });
            await api.ok("POST", "/team/invitation", { email: "flo@example.com" });
            const res = await api.call("GET", "/team/invitations");
            assert.equal(res.json.meta, undefined);
            const listed = res.json.data as Record<string, unknown>[];
            assert.deepEqual(Object.keys(listed[0]).sort(), ["createdAt", "email", "id", "name", "url"]);
            assert.equal(listed[1].name, undefined, "no name, no key");
        },
    },
    {
        upstream: `${UPSTREAM.selfHosted} packages/api/src/models/teamInvite.ts:37`,
        says: "an invitation expires 30 days after its creation (a TTL index): it leaves the list and cannot be revoked",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            const made = await api.ok("POST", "/team/invitation", { email: "gil@example.com" });
            const stored = api.emu.store.selfHosted.invitations.get(String(made.invitationId));
            assert.ok(stored);
            stored.createdAt = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
            assert.deepEqual(await api.ok("GET", "/team/invitations"), []);
            assert.equal((await api.call("DELETE", `/team/invitation/${String(made.invitationId)}`)).status, 404);
        },
    },
    {
        upstream: `${TEAM}:230`,
        says: "the DELETE routes check the path id as an ObjectId: a malformed one is a 400 `Params` array `Invalid ObjectId`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            for (const route of ["/team/invitation/nope", "/team/member/nope"]) {
                const res = await api.call("DELETE", route);
                assert.equal(res.status, 400);
                assert.deepEqual(issuesOf(res.json), [{ type: "Params", issues: [{ code: "custom", message: "Invalid ObjectId", path: ["id"] }] }]);
            }
        },
    },
    {
        upstream: `${TEAM}:243`,
        says: "revoking answers {success: true}; an invitation of no team is a plain-text 404 `Not Found`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            const made = await api.ok("POST", "/team/invitation", { email: "hal@example.com" });
            assert.deepEqual(await api.ok("DELETE", `/team/invitation/${String(made.invitationId)}`), { success: true });
            const again = await api.call("DELETE", `/team/invitation/${String(made.invitationId)}`);
            assert.deepEqual([again.status, again.text], [404, "Not Found"]);
        },
    },
    {
        upstream: `${TEAM}:287`,
        says: "removing the key's own user is a 400 `You cannot remove yourself from the team`; it stays",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const self = api.emu.store.selfHosted.keyUserId;
            const res = await api.call("DELETE", `/team/member/${self}`);
            assert.deepEqual([res.status, api.message(res)], [400, "You cannot remove yourself from the team"]);
            assert.ok(api.emu.store.selfHosted.members.has(self));
        },
    },
    {
        upstream: `${TEAM}:299`,
        says: "removing a member answers {success: true} and frees the address (the user is deleted); a member of no team is a plain-text 404",
        variants: ["self-hosted"],
        async onEmulator(api) {
            clearTeam(api);
            const ivy = api.emu.addTeamMember("ivy@example.com");
            assert.deepEqual(await api.ok("DELETE", `/team/member/${ivy.id}`), { success: true });
            const again = await api.call("DELETE", `/team/member/${ivy.id}`);
            assert.deepEqual([again.status, again.text], [404, "Not Found"]);
            assert.equal((await invite(api, { email: "ivy@example.com" })).status, 200, "a removed user's address can be invited again");
        },
    },
    {
        upstream: `${SEARCH}:222`,
        says: "POST /search takes maxResults 1–2000 (default 100) and offset 0–10000 (default 0); a bad body is a 400 `Body validation failed: …`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const sourceId = api.emu.fixturesOf(api.variant).sources.logs.id;
            const res = await api.call("POST", "/search", { sourceId, maxResults: 2001, offset: 10_001, whereLanguage: "kql", select: "a; b" });
            assert.equal(res.status, 400);
            assert.equal(
                api.message(res),
                "Body validation failed: whereLanguage: Invalid enum value. Expected 'lucene' | 'sql', received 'kql'; " +
                    "select: select must not contain semicolons or SELECT subqueries; use column references, map lookups, or scalar functions only; " +
                    "maxResults: Number must be less than or equal to 2000; offset: Number must be less than or equal to 10000",
            );
        },
    },
    {
        upstream: `${SEARCH}:415`,
        says: "a search answers {data: rows, rows: count} with no total: a reader pages until a short page",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const sourceId = api.emu.fixturesOf(api.variant).sources.logs.id;
            api.emu.store.selfHosted.searchRows.set(
                sourceId,
                Array.from({ length: 5 }, (_, i) => ({ n: i })),
            );
            const res = await api.call("POST", "/search", { sourceId, maxResults: 2, offset: 4 });
            assert.deepEqual(res.json, { data: [{ n: 4 }], rows: 1 });
            api.emu.store.selfHosted.searchRows.clear();
            const missing = await api.call("POST", "/search", { sourceId: "d".repeat(24) });
            assert.deepEqual([missing.status, api.message(missing)], [404, `Source not found: ${"d".repeat(24)}`]);
        },
    },
    {
        upstream: `${UPSTREAM.cloudDocument} (paths)`,
        says: "the managed variant has no team, member, invitation or search route: the cloud document declares none, and the route is not served",
        variants: ["managed"],
        async onEmulator(api) {
            const document = JSON.parse(readFileSync(path.join(__dirname, "..", "emulator", "openapi", "cloud.json"), "utf8")) as {
                paths: Record<string, unknown>;
            };
            assert.deepEqual(
                Object.keys(document.paths).filter((p) => /team|member|invitation|\/search$/i.test(p)),
                [],
            );
            for (const route of ["/team", "/team/members", "/team/invitations"]) {
                const res = await api.call("GET", route);
                assert.equal(res.status, 404);
                assert.match(res.text, /Cannot GET/);
            }
        },
    },
];

describeWireFacts({
    kind: "TeamMember (and the team and search lookups)",
    collection: "/team/invitation",
    facts,
    reset(stack) {
        const team = stack.emu.store.selfHosted;
        for (const id of team.members.keys()) if (id !== team.keyUserId) team.members.delete(id);
        team.invitations.clear();
    },
    async flows(stack) {
        const declare = (inputs: Record<string, unknown>, name: string) => ({ type: "TeamMember", name, provider: PROVIDER, inputs });
        await stack.engine.up([declare({ email: "Named@Example.com", name: "Named" }, "named"), declare({ email: "plain@example.com" }, "plain")]);
        await stack.engine.up([declare({ email: "Named@Example.com", name: "Renamed" }, "named"), declare({ email: "plain@example.com" }, "plain")]);
        await stack.engine.destroy();
    },
});
