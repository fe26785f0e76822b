// Changes that make the server delete another resource of the stack: a dashboard PUT deletes the alerts of the tiles
// it drops or makes unable to carry alerts. The alerts the program moves in the same change must end right within
// that same `up`.
import assert from "node:assert/strict";
import { DeclaredResource, RunResult } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { EmulatedStack, startEmulatedStack } from "../support/emulatedStack";

const DASHBOARD = packageProviderText("dashboard");
const ALERT = packageProviderText("alert");
const SAVED_SEARCH = packageProviderText("savedSearch");

for (const variant of ["self-hosted", "managed"] as const) {
    describe(`Alerts whose tile the same change renames, removes or retypes (${variant}, through the host)`, function () {
        let stack: EmulatedStack;

        before(async function () {
            stack = await startEmulatedStack({ config: { "observability:variant": variant } });
        });
        after(async function () {
            await stack?.close();
        });
        afterEach(function () {
            assert.deepEqual(stack.emu.invalidRequests, []);
            assert.deepEqual(stack.emu.serverErrors, []);
        });

        const team = () => (variant === "self-hosted" ? stack.emu.store.selfHosted : stack.emu.store.managed);
        const tile = (name: string, displayType = "line", x = 0) => ({
            name,
            x,
            y: 0,
            w: 6,
            h: 3,
            config: { displayType, sourceId: stack.emu.fixturesOf(variant).sources.logs.id, select: [{ aggFn: "count" }] },
        });
        /** A dashboard with `tiles`, an alert on the tile `alertOn` (or on a saved search when `alertOn` is undefined). */
        const program = (tiles: PropertyMap[], alertOn: string | undefined): DeclaredResource[] => [
            { type: "Dashboard", name: "board", provider: DASHBOARD, inputs: { name: "Board", tiles } },
            {
                type: "SavedSearch",
                name: "search",
                provider: SAVED_SEARCH,
                inputs: { name: "Errors", sourceId: stack.emu.fixturesOf(variant).sources.logs.id, where: "level:error" },
            },
            {
                type: "Alert",
                name: "alert",
                provider: ALERT,
                inputs: (outputs) => ({
                    ...(alertOn === undefined
                        ? { source: "search", savedSearchId: outputs.search.id }
                        : { source: "tile", dashboardId: outputs.board.id, tileId: (outputs.board.tileIds as Record<string, string>)[alertOn] }),
                    threshold: 10,
                    thresholdType: "above",
                    interval: "5m",
                    channel: { webhookId: stack.emu.fixturesOf(variant).webhooks.slack.id },
                    name: "Checkout errors",
                }),
            },
        ];
        const alertState = () => {
            const state = stack.engine.state.get(urn("Alert", "alert"));
            assert.ok(state, "the alert is in the stack");
            return state;
        };

        /** After the change: the stack's alert is the one alert on the server, where the program put it; a refresh plans nothing. */
        async function assertAlertWhereDeclared(where: { tile: string } | { search: true }, run: RunResult, moved: string[]): Promise<void> {
            assert.deepEqual(
                run.steps.filter((s) => s.name === "alert").map((s) => [s.op, s.replaces]),
                [
                    ["replace", moved],
                    ["delete-replaced", undefined],
                ],
                "the alert leaves its tile by replacement: created where it belongs, then the old one deleted",
            );
            const alerts = [...team().alerts.values()];
            assert.deepEqual(
                alerts.map((a) => a.id),
                [alertState().id],
                "exactly one alert on the server, the stack's",
            );
            const board = stack.engine.state.get(urn("Dashboard", "board"));
            assert.ok(board);
            if ("tile" in where) assert.equal(alerts[0].tileId, (board.outputs.tileIds as Record<string, string>)[where.tile]);
            else assert.equal(alerts[0].savedSearchId, stack.engine.state.get(urn("SavedSearch", "search"))?.id);
            const refresh = await stack.engine.refresh();
            assert.deepEqual(refresh.deleted, [], "nothing was deleted behind the stack's back");
            assert.deepEqual(refresh.updated, [], "a refresh finds nothing to change");
        }

        beforeEach(async function () {
            await stack.engine.destroy();
            stack.emu.clearRequests();
        });

        it("renames a tile and moves its alert to the new name in the same up (the flow of docs/guides/whole-environment.md)", async function () {
            await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Errors"));
            const renamed = program([tile("Failures"), tile("Latency", "line", 6)], "Failures");
            stack.emu.clearRequests();
            const preview = await stack.engine.preview(renamed);
            assert.deepEqual(preview.updated, ["board", "alert"], "the new tile id is not known in a preview: an update is planned, `up` decides");
            assert.deepEqual(stack.emu.requests, [], "a preview sends nothing");
            const run = await stack.engine.up(renamed);
            await assertAlertWhereDeclared({ tile: "Failures" }, run, ["tileId"]);
        });

        it("removes a tile and moves its alert to a tile that stays", async function () {
            await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Errors"));
            const run = await stack.engine.up(program([tile("Latency", "line", 6)], "Latency"));
            await assertAlertWhereDeclared({ tile: "Latency" }, run, ["tileId"]);
        });

        it("retypes a tile to one that cannot carry alerts and moves its alert to another tile", async function () {
            await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Errors"));
            const run = await stack.engine.up(program([tile("Errors", "table"), tile("Latency", "line", 6)], "Latency"));
            await assertAlertWhereDeclared({ tile: "Latency" }, run, ["tileId"]);
        });

        it("removes a tile and turns its alert into a saved-search alert", async function () {
            await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Errors"));
            const run = await stack.engine.up(program([tile("Latency", "line", 6)], undefined));
            await assertAlertWhereDeclared({ search: true }, run, ["source", "dashboardId", "tileId"]);
        });

        it("keeps exactly one alert when the answer to the replacement's POST is lost", async function () {
            await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Errors"));
            const oldId = alertState().id;
            stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/alerts" });
            const run = await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Latency"));
            assert.notEqual(alertState().id, oldId, "the lost create was found among the alerts made since the POST");
            await assertAlertWhereDeclared({ tile: "Latency" }, run, ["tileId"]);
        });

        it("moves an alert between two tiles that both stay, and the old tile keeps no alert", async function () {
            await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Errors"));
            const run = await stack.engine.up(program([tile("Errors"), tile("Latency", "line", 6)], "Latency"));
            await assertAlertWhereDeclared({ tile: "Latency" }, run, ["tileId"]);
        });
    });
}
