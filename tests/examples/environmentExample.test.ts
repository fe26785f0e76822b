import assert from "node:assert/strict";
import * as path from "node:path";
import { rolesState } from "../emulator/routes/observability/roles";
import type { TeamStore } from "../emulator/store/teamStore";
import { type PropertyMap, SECRET_SIG, SECRET_SIG_KEY } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { readStackConfig } from "../harness/stackFile";
import { type EmulatedStack, startEmulatedStack } from "../support/emulatedStack";
import { recordRegistrations } from "../support/registrations";

const EXAMPLE = path.join(REPO_ROOT, "examples", "environment");
/** The values a user sets with `pulumi config set --secret` (Pulumi.dev.yaml's comments), distinctive enough to search for. */
const ENGINE_PASSWORD = "engine-pw-5f1e9a";
const ONCALL_TOKEN = "oncall-token-83b2c4";

const EVERYTHING = ["developer", "engine", "errors", "errors-high", "errors-search", "lead", "logs", "oncall", "responders", "service", "slack", "traces"];
/** Self-hosted only: the connection and the team members (the managed variant has neither route). */
const SELF_HOSTED_ONLY = ["developer", "engine", "lead"];
/** Managed only: the responders' role (the self-hosted server has no roles). */
const MANAGED_ONLY = ["responders"];

/** Which source each tile and the filter of the dashboard query, by the source resource's name. */
const TILE_SOURCES: Record<string, "logs" | "traces"> = { Errors: "logs", Requests: "traces", "p95 latency": "traces", "Recent errors": "logs" };

function isSecret(value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;
}

/** The part of a resource's inputs or outputs Pulumi keeps in plain text: every key but the secret ones. */
function plainPart(properties: PropertyMap, secretKeys: ReadonlySet<string>): string {
    return JSON.stringify(Object.fromEntries(Object.entries(properties).filter(([key]) => !secretKeys.has(key))));
}

describe("examples/environment: a whole environment from an empty team (the program through the real host)", function () {
    let stack: EmulatedStack | undefined;
    afterEach(async () => {
        await stack?.close();
        stack = undefined;
    });

    /** Runs the example's dev stack on an empty emulator in `variant` and checks its whole life. */
    async function lifecycle(variant: "self-hosted" | "managed"): Promise<void> {
        const started = await startEmulatedStack({ emulator: { fixtures: "empty" }, config: { "observability:variant": variant } });
        stack = started;
        const { emu, engine } = started;
        const team: TeamStore = variant === "managed" ? emu.store.managed : emu.store.selfHosted;
        const config: Record<string, string> = {
            ...readStackConfig(path.join(EXAMPLE, "Pulumi.dev.yaml")),
            "demo:enginePassword": ENGINE_PASSWORD,
            "demo:oncallToken": ONCALL_TOKEN,
            "observability:variant": variant,
        };
        if (variant === "managed") config["demo:platformConnectionId"] = emu.managedConnectionId;
        const secretKeys = ["demo:enginePassword", "demo:oncallToken"];
        for (const [key, value] of Object.entries(started.config)) {
            config[key] = typeof value === "string" ? value : value.secret;
            if (typeof value !== "string") secretKeys.push(key);
        }
        const slackUrl = config["demo:slackUrl"];
        const run = (mode?: "preview") =>
            runProgram({ program: path.join(EXAMPLE, "index.ts"), engine, config, secretKeys, project: "environment", stack: "dev", mode });
        const declared = EVERYTHING.filter((name) => !(variant === "managed" ? SELF_HOSTED_ONLY : MANAGED_ONLY).includes(name));

        const recorder = recordRegistrations();
        let first;
        try {
            first = await run();
        } finally {
            recorder.stop();
        }
        assert.deepEqual([...first.created].sort(), declared);
        assert.deepEqual(emu.invalidRequests, []);
        assert.deepEqual(emu.serverErrors, []);

        // The graph, as the server holds it: every reference points at the object the stack made.
        const one = <T>(map: Map<string, T>, what: string, where: (item: T) => boolean = () => true): T => {
            const found = [...map.values()].filter(where);
            assert.equal(found.length, 1, `one ${what}`);
            return found[0];
        };
        const stateId = (name: string): string => {
            const found = [...engine.state.entries()].find(([urn]) => urn.endsWith(`::${name}`));
            assert.ok(found, `${name} is in the stack's state`);
            return found[1].id;
        };
        const connectionId = variant === "managed" ? emu.managedConnectionId : one(team.connections, "connection").id;
        if (variant === "self-hosted") assert.equal(stateId("engine"), connectionId);
        assert.equal(team.sources.size, 2);
        const logs = one(team.sources, "log source", (s) => s.kind === "log");
        const traces = one(team.sources, "trace source", (s) => s.kind === "trace");
        const sourceIds = { logs: logs.id, traces: traces.id };
        assert.deepEqual([stateId("logs"), stateId("traces")], [logs.id, traces.id]);
        for (const source of [logs, traces]) assert.equal(source.connection, connectionId, `${source.name} reads through the stack's connection`);
        assert.equal(logs.traceSourceId, traces.id, "the log source links to the trace source");
        const search = one(team.savedSearches, "saved search");
        assert.equal(search.sourceId, logs.id, "the saved search searches the logs");
        const slack = one(team.webhooks, "slack webhook", (w) => w.service === "slack");
        const oncall = one(team.webhooks, "generic webhook", (w) => w.service === "generic");
        assert.equal(slack.url, slackUrl);
        assert.deepEqual(oncall.headers, { Authorization: `Bearer ${ONCALL_TOKEN}` }, "the relay's header reached the server");
        if (variant === "self-hosted") assert.equal(team.connections.get(connectionId)?.password, ENGINE_PASSWORD, "the password reached the server");
        const dashboard = one(team.dashboards, "dashboard");
        assert.deepEqual(
            Object.fromEntries(dashboard.tiles.map((tile) => [tile.name, tile.config.sourceId])),
            Object.fromEntries(Object.entries(TILE_SOURCES).map(([tile, source]) => [tile, sourceIds[source]])),
            "each tile queries its source",
        );
        assert.deepEqual(
            dashboard.filters.map((filter) => filter.sourceId),
            [logs.id],
        );
        assert.equal(team.alerts.size, 2);
        if (variant === "self-hosted") {
            assert.deepEqual(
                [...team.invitations.values()].map((i) => [i.email, i.name]).sort(),
                [
                    [config["demo:teamDeveloper"], "Developer"],
                    [config["demo:teamLead"], "Team lead"],
                ],
                "both people are invited",
            );
            assert.deepEqual(recorder.seen.get("lead")?.secretOutputs, ["invitationUrl"]);
        } else assert.equal(team.invitations.size, 0, "no member is declared on the managed variant");
        const invitationTokens = [...team.invitations.values()].map((i) => i.token);
        const customRoles = () => [...rolesState(emu.cloud).roles.values()].filter((role) => !role.isPredefined);
        if (variant === "managed") {
            const role = one(new Map(customRoles().map((r) => [r.id, r])), "custom role");
            assert.equal(stateId("responders"), role.id);
            assert.deepEqual(
                role.permissions.map((p) => [p.action, p.subject, p.conditions]),
                [
                    ["read", "all", undefined],
                    ["update", "Dashboard", { name: dashboard.name }],
                    ["manage", "SavedSearch", { name: search.name }],
                ],
                "the role's conditions name the stack's own dashboard and saved search",
            );
        } else assert.deepEqual(customRoles(), [], "no role is declared on the self-hosted variant");
        const tileAlert = one(team.alerts, "tile alert", (a) => a.source === "tile");
        assert.equal(tileAlert.dashboardId, dashboard.id);
        assert.equal(tileAlert.tileId, dashboard.tiles.find((tile) => tile.name === "Errors")?.id, "the tile alert watches the Errors tile");
        assert.deepEqual(tileAlert.channels, [{ type: "webhook", webhookId: slack.id }], "the tile alert notifies Slack");
        const searchAlert = one(team.alerts, "search alert", (a) => a.source === "saved_search");
        assert.equal(searchAlert.savedSearchId, search.id, "the search alert watches the saved search");
        assert.deepEqual(searchAlert.channels, [{ type: "webhook", webhookId: oncall.id }], "the search alert notifies the on-call relay");

        // Secrets: sent as secrets, declared secret outputs, and nowhere in the plain part of the state.
        const engineRegistration = recorder.seen.get("engine");
        if (variant === "self-hosted") {
            assert.ok(isSecret(engineRegistration?.object.password), "the engine password is sent as a secret");
            assert.ok(engineRegistration?.secretOutputs.includes("password"));
        } else assert.equal(engineRegistration, undefined, "no connection is declared on the managed variant");
        assert.ok(isSecret(recorder.seen.get("oncall")?.object.headers), "the relay's headers are sent as a secret");
        assert.ok(isSecret(recorder.seen.get("slack")?.object.url), "the Slack URL is sent as a secret");
        assert.ok(recorder.seen.get("oncall")?.secretOutputs.includes("headers"));
        for (const [urn, resource] of engine.state) {
            const name = urn.split("::").pop() ?? "";
            const registration = recorder.seen.get(name);
            assert.ok(registration, `${name} was registered`);
            // Pulumi encrypts the declared secret outputs and every property whose input was a secret.
            const secret = new Set([...registration.secretOutputs, ...Object.keys(registration.object).filter((key) => isSecret(registration.object[key]))]);
            for (const [what, properties] of [
                ["outputs", resource.outputs],
                ["inputs", resource.inputs],
            ] as const) {
                const plain = plainPart(properties, secret);
                for (const value of [ENGINE_PASSWORD, ONCALL_TOKEN, slackUrl, ...invitationTokens])
                    assert.ok(!plain.includes(value), `${name}'s plain ${what} do not hold ${value}`);
            }
        }

        // A second preview plans no change and sends nothing; a refresh finds no drift.
        emu.clearRequests();
        const preview = await run("preview");
        assert.deepEqual([...preview.same].sort(), declared);
        assert.deepEqual(
            emu.requests.map((r) => `${r.method} ${r.path}`),
            [],
            "a preview of an unchanged environment sends no request",
        );
        const refreshed = await engine.refresh();
        assert.deepEqual([...refreshed.same].sort(), declared, "refresh after apply finds no drift");

        // Destroy: children before parents (the server refuses to delete a notified webhook), and nothing is left.
        const destroyed = await engine.destroy();
        assert.deepEqual([...destroyed.deleted].sort(), declared);
        const order = destroyed.steps.map((step) => step.name);
        const before = (first: string, then: string) => assert.ok(order.indexOf(first) < order.indexOf(then), `${first} is deleted before ${then}`);
        for (const [child, parent] of [
            ["errors-high", "slack"],
            ["errors-high", "service"],
            ["errors-search", "oncall"],
            ["errors-search", "errors"],
            ["service", "logs"],
            ["service", "traces"],
            ["errors", "logs"],
            ["logs", "traces"],
            ...(variant === "self-hosted" ? [["traces", "engine"]] : []),
        ])
            before(child, parent);
        const left = Object.entries(team.inventory()).filter(
            ([collection, { count }]) => count > 0 && !(variant === "managed" && collection === "connections"),
        );
        assert.deepEqual(left, [], "the team is empty again");
        assert.equal(team.invitations.size, 0, "the invitations are revoked");
        assert.deepEqual(customRoles(), [], "the role is deleted");
        if (variant === "managed") assert.deepEqual(team.inventory().connections.ids, [emu.managedConnectionId], "only the platform connection remains");
        assert.deepEqual(emu.invalidRequests, []);
        assert.deepEqual(emu.serverErrors, []);
    }

    it("self-hosted: the connection, sources, saved search, webhooks, dashboard and alerts, wired by references", async function () {
        await lifecycle("self-hosted");
    });

    it("managed: the same environment on the platform's connection, named by id", async function () {
        await lifecycle("managed");
    });
});
