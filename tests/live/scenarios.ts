/**
 * The live scenarios: whole stacks against the real self-hosted server, written once for every host
 * ({@link HOST_DRIVERS}). Each scenario gets a fresh stack (empty state) and its own name prefix under the run's.
 */
import assert from "node:assert/strict";
import { CheckFailedError, type RunResult } from "../harness/engine";
import type { PropertyMap } from "../harness/host";
import type { LiveResource, LiveStack } from "./hosts";
import { ENVIRONMENT_NAMES, environment, lineTile } from "./program";
import type { PacedClient } from "./server";
import { leftovers } from "./sweep";

/** What a scenario runs with. */
export interface ScenarioContext {
    /** A stack with empty state on the host under test. */
    stack: LiveStack;
    /** The paced raw client of the same server and key: what a person does by hand, and what the server stores. */
    raw: PacedClient;
    /** The scenario's name prefix (under the run's). */
    prefix: string;
    /** Opens another stack with empty state on the same host (closing it is the scenario's). */
    openStack(): Promise<LiveStack>;
}

/** One live scenario. */
export interface Scenario {
    title: string;
    run(ctx: ScenarioContext): Promise<void>;
}

const sorted = (names: readonly string[]): string[] => [...names].sort();

/** The program with only the named resources. */
function only(program: LiveResource[], names: readonly string[]): LiveResource[] {
    return program.filter((r) => names.includes(r.name));
}

/** An id of the right form that names nothing on the server. */
const NO_SUCH_ID = "0123456789abcdef01234567";

/**
 * One resource of the program alone, reading made-up ids where it reads other resources' outputs: for inputs that
 * `check` must refuse before anything exists.
 */
function alone(program: LiveResource[], name: string): LiveResource[] {
    const made = new Proxy({}, { get: () => ({ id: NO_SUCH_ID, tileIds: { Errors: NO_SUCH_ID } }) });
    return program.filter((r) => r.name === name).map((r) => ({ ...r, inputs: typeof r.inputs === "function" ? r.inputs(made) : r.inputs }));
}

/** The program with one resource's inputs patched (properties set to `undefined` are left out). */
function patched(program: LiveResource[], name: string, patch: PropertyMap): LiveResource[] {
    return program.map((r) => {
        if (r.name !== name) return r;
        const { inputs } = r;
        const merge = (base: PropertyMap): PropertyMap => Object.fromEntries(Object.entries({ ...base, ...patch }).filter(([, value]) => value !== undefined));
        return { ...r, inputs: typeof inputs === "function" ? (o) => merge(inputs(o)) : merge(inputs) };
    });
}

/** Asserts a run that leaves every resource as it is. */
function assertNoChange(run: RunResult, what: string): void {
    assert.deepEqual(
        { created: run.created, updated: run.updated, replaced: run.replaced, deleted: run.deleted },
        { created: [], updated: [], replaced: [], deleted: [] },
        what,
    );
}

/** The id the stack holds for a resource. */
function idOf(stack: LiveStack, kind: LiveResource["kind"], name: string): string {
    const state = stack.state({ kind, name });
    assert.ok(state, `${name} is in the stack`);
    return state.id;
}

/** Asserts that the program is refused at check with a failure at `property` whose reason matches `reason`. */
async function assertRefusedAtCheck(stack: LiveStack, program: LiveResource[], property: string, reason: RegExp): Promise<void> {
    await assert.rejects(stack.preview(program), (error: unknown) => {
        assert.ok(error instanceof CheckFailedError, String(error));
        assert.ok(
            error.failures.some((f) => f.property === property && reason.test(f.reason)),
            `a failure at ${property} matching ${String(reason)}: ${JSON.stringify(error.failures)}`,
        );
        return true;
    });
}

/** Destroys the stack and asserts that nothing under the prefix is left on the server. */
async function destroyToNothing({ stack, raw, prefix }: ScenarioContext): Promise<void> {
    const run = await stack.destroy();
    assert.equal(stack.size, 0, "the state is empty");
    assert.ok(run.deleted.length > 0, "the destroy deleted something");
    assert.deepEqual(await leftovers(raw, prefix), [], "nothing of the scenario is left on the server");
}

const SMALL = ["engine", "traces", "logs", "board", "slack", "tileAlert"] as const;

export const SCENARIOS: readonly Scenario[] = [
    {
        title: "creates an environment from zero, previews no change, updates everything, refreshes clean and destroys to nothing",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            const created = await stack.up(environment({ prefix }));
            assert.deepEqual(sorted(created.created), sorted(ENVIRONMENT_NAMES));
            assert.equal((await leftovers(raw, prefix)).length, ENVIRONMENT_NAMES.length, "one object on the server per resource");
            assertNoChange(await stack.preview(environment({ prefix })), "a preview of the same program plans nothing");

            const updated = await stack.up(environment({ prefix, revision: 2 }));
            assert.deepEqual(updated.replaced, [], "everything changes in place");
            assert.deepEqual(sorted(updated.updated), sorted(ENVIRONMENT_NAMES.filter((n) => n !== "traces")));
            const board = (await raw.data("GET", `/dashboards/${idOf(stack, "dashboard", "board")}`)) as { name: string; tiles: { name: string }[] };
            assert.equal(board.name, `${prefix} board v2`);
            assert.deepEqual(
                board.tiles.map((t) => t.name),
                ["Errors", "Warnings"],
            );
            const alert = (await raw.data("GET", `/alerts/${idOf(stack, "alert", "tileAlert")}`)) as { threshold: number };
            assert.equal(alert.threshold, 20);
            assertNoChange(await stack.preview(environment({ prefix, revision: 2 })), "a preview after the update plans nothing");
            const refresh = await stack.refresh();
            assert.deepEqual([refresh.updated, refresh.deleted], [[], []], "a refresh finds no drift");
            await destroyToNothing(ctx);
        },
    },
    {
        title: "sees drift made by hand at refresh, and the next up puts the declaration back",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            await stack.up(environment({ prefix }));
            const boardPath = `/dashboards/${idOf(stack, "dashboard", "board")}`;
            const { id: _id, ...board } = (await raw.data("GET", boardPath)) as PropertyMap;
            await raw.data("PUT", boardPath, { ...board, name: `${prefix} renamed by hand` });
            await raw.data("DELETE", `/saved-searches/${idOf(stack, "savedSearch", "errors")}`);

            const refresh = await stack.refresh();
            assert.deepEqual(refresh.updated, ["board"], "the renamed dashboard drifted");
            assert.deepEqual(sorted(refresh.deleted), ["errors", "searchAlert"], "the deleted saved search is gone, and its alert with it");

            const up = await stack.up(environment({ prefix }));
            assert.deepEqual(sorted(up.created), ["errors", "searchAlert"]);
            assert.deepEqual(up.updated, ["board"]);
            assert.equal(((await raw.data("GET", boardPath)) as { name: string }).name, `${prefix} board`);
            assertNoChange(await stack.preview(environment({ prefix })), "the declaration is back");
            await destroyToNothing(ctx);
        },
    },
    {
        title: "adopts every kind with adoptId: no object made, the same ids, then updated and destroyed",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            // The objects to adopt are made by another stack, which then forgets them (as a person who made them by hand).
            const maker = await ctx.openStack();
            let adopt: Record<string, string>;
            try {
                await maker.up(environment({ prefix }));
                adopt = Object.fromEntries(
                    environment({ prefix }).map((r) => {
                        const state = maker.state(r);
                        assert.ok(state, `${r.name} was made`);
                        return [r.name, state.id];
                    }),
                );
            } finally {
                await maker.close();
            }
            const before = await leftovers(raw, prefix);
            const adopted = await stack.up(environment({ prefix, adopt }));
            assert.deepEqual(sorted(adopted.created), sorted(ENVIRONMENT_NAMES));
            for (const r of environment({ prefix })) assert.equal(idOf(stack, r.kind, r.name), adopt[r.name], `${r.name} is the existing object`);
            assert.deepEqual(await leftovers(raw, prefix), before, "adoption made nothing");
            assertNoChange(await stack.preview(environment({ prefix, adopt })), "an adopted declaration that matches plans nothing");
            const updated = await stack.up(environment({ prefix, adopt, revision: 2 }));
            assert.deepEqual(updated.replaced, []);
            assert.equal(((await raw.data("GET", `/alerts/${adopt.tileAlert}`)) as { threshold: number }).threshold, 20);
            await destroyToNothing(ctx);
        },
    },
    {
        title: "answers every self-hosted lookup from what the server has",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            const program = only(environment({ prefix }), [...SMALL, "lead"]);
            await stack.up(program);
            const ids = (items: unknown) => (items as { id: string }[]).map((item) => item.id);
            const dashboards = await stack.lookup("getDashboards");
            assert.ok(ids(dashboards).includes(idOf(stack, "dashboard", "board")), "getDashboards lists the board");
            const sources = ids(await stack.lookup("getSources"));
            assert.ok(sources.includes(idOf(stack, "source", "logs")) && sources.includes(idOf(stack, "source", "traces")), "getSources lists both");
            assert.ok(ids(await stack.lookup("getWebhooks")).includes(idOf(stack, "webhook", "slack")), "getWebhooks lists the webhook");
            assert.deepEqual(await stack.lookup("getTeam"), await raw.data("GET", "/team"));
            const team = (await stack.lookup("getTeamMembers")) as { members: { isCurrentUser: boolean }[]; invitations: { email: string }[] };
            assert.ok(
                team.members.some((m) => m.isCurrentUser),
                "the key's own user is a member",
            );
            assert.ok(
                team.invitations.some((i) => i.email === `${prefix}-lead@example.com`),
                "the invited lead is pending",
            );
            // The chart and search routes need the analytics engine behind the server: an answer, or its own error
            // (5xx, after the request passed the server's validation). A short retry budget keeps a 5xx from being
            // retried for a minute, so the key's window must have room for those retries first.
            const logs = idOf(stack, "source", "logs");
            const now = Date.now();
            const series = { startTime: now - 3_600_000, endTime: now, series: [{ sourceId: logs, aggFn: "count" }] };
            await raw.reserve(30);
            await assertAnswerOrServerError(stack.lookup("querySeries", series, { retryBudgetMs: 3000 }), "/charts/series");
            await assertAnswerOrServerError(stack.lookup("search", { sourceId: logs, maxResults: 5 }, { retryBudgetMs: 3000 }), "/search");
            // Bad arguments never reach the server.
            await assert.rejects(stack.lookup("querySeries", { ...series, startTime: Math.floor(now / 1000) }), /epoch milliseconds/);
            await assert.rejects(stack.lookup("search", { sourceId: "not-an-id" }), /sourceId/);
            await destroyToNothing(ctx);
        },
    },
    {
        title: "refuses bad input of every kind at check, and nothing reaches the server",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            const program = environment({ prefix });
            const cases: [string, PropertyMap, string, RegExp][] = [
                ["engine", { host: undefined }, "host", /./],
                ["logs", { tableName: "otel_logs" }, "tableName", /unknown|unrecognized/i],
                ["errors", { name: ` ${prefix} padded ` }, "name", /whitespace|space/i],
                ["slack", { service: "teams" }, "service", /./],
                ["tileAlert", { thresholdType: "between" }, "thresholdMax", /./],
                ["lead", { email: "not-an-email" }, "email", /email/],
            ];
            for (const [name, patch, property, reason] of cases) {
                await assertRefusedAtCheck(stack, alone(patched(program, name, patch), name), property, reason);
            }
            await assertRefusedAtCheck(
                stack,
                alone(patched(program, "board", { tiles: [{ ...lineTile("Errors", NO_SUCH_ID), w: 0 }] }), "board"),
                "tiles[0].w",
                /./,
            );
            assert.deepEqual(await leftovers(raw, prefix), [], "nothing was made");
        },
    },
    {
        title: "issue 29: a range alert made plain through the stack keeps no thresholdMax on the server, and a refresh shows no drift",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            const range = patched(only(environment({ prefix }), SMALL), "tileAlert", { thresholdType: "between", threshold: 5, thresholdMax: 50 });
            await stack.up(range);
            const stored = async () => (await raw.data("GET", `/alerts/${idOf(stack, "alert", "tileAlert")}`)) as PropertyMap;
            assert.equal((await stored()).thresholdMax, 50);
            const plain = patched(range, "tileAlert", { thresholdType: "above", thresholdMax: undefined });
            await stack.up(plain);
            // Whether in place or by replacement: the alert the stack holds now.
            const alert = await stored();
            assert.equal(alert.thresholdType, "above");
            assert.equal("thresholdMax" in alert, false, `the stored alert keeps no upper bound: ${JSON.stringify(alert)}`);
            const refresh = await stack.refresh();
            assert.deepEqual([refresh.updated, refresh.deleted], [[], []], "a refresh finds no drift");
            await destroyToNothing(ctx);
        },
    },
    {
        title: "issue 29: a webhook on a private or loopback address is refused at preview, before any request",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            const oncall = alone(environment({ prefix }), "oncall");
            const urls = [
                "http://127.0.0.1:9000/hook",
                "http://10.1.2.3/hook",
                "http://[::1]/hook",
                "http://169.254.169.254/latest",
                "http://localhost:8080/hook",
            ];
            for (const url of urls) {
                await assertRefusedAtCheck(stack, patched(oncall, "oncall", { url }), "url", /private|reserved|loopback/i);
                // The server refuses the same URL: the check stands for its rule.
                const res = await raw.request("POST", "/webhooks", { ...(oncall[0].inputs as PropertyMap), name: `${prefix} raw`, url });
                assert.deepEqual([res.status, res.json], [400, { message: "Webhook URL resolves to a private or reserved address." }], url);
            }
            assert.deepEqual(await leftovers(raw, prefix), [], "nothing was made");
        },
    },
    {
        title: "issue 29: a misspelled key inside a union (a saved-search filter's `conditon`) is refused at check, naming the key",
        async run(ctx) {
            const { stack, raw, prefix } = ctx;
            const errors = patched(alone(environment({ prefix }), "errors"), "errors", {
                filters: [{ type: "sql", conditon: "ServiceName IN ('checkout')" }],
            });
            await assert.rejects(stack.preview(errors), (error: unknown) => {
                assert.ok(error instanceof CheckFailedError, String(error));
                assert.ok(
                    error.failures.some((f) => f.property.startsWith("filters[0]") && /conditon/.test(`${f.property} ${f.reason}`)),
                    `the failure names conditon: ${JSON.stringify(error.failures)}`,
                );
                return true;
            });
            assert.deepEqual(await leftovers(raw, prefix), [], "nothing was made");
        },
    },
];

/** Asserts that a lookup answered a list, or failed with the server's own error on `path` (no analytics engine behind it). */
async function assertAnswerOrServerError(call: Promise<unknown>, path: string): Promise<void> {
    try {
        assert.ok(Array.isArray(await call), "the lookup answered a list");
    } catch (error) {
        assert.ok(error instanceof Error && error.message.includes(path) && /\b5\d\d\b/.test(error.message), String(error));
    }
}
