/**
 * Claims of the docs about what the engine does to a stack of references, shown by the real Pulumi CLI on every target
 * (the emulator, and the real self-hosted server when the environment names one). The program
 * (programs/stack): connection → log source → dashboard → alert on its tile → webhook, every id an output.
 *
 * The sentences this file backs (docs/guides/behaviour.md, docs/guides/whole-environment.md):
 * - "A first preview of a fresh stack (an alert on a tile of a dashboard it creates …) plans the creates and sends
 *   nothing" (Behaviour you can rely on: No perpetual diff).
 * - "Drift. `pulumi refresh` reports out-of-band edits as changes and drops objects deleted out of band"; the next `up`
 *   puts the declaration back.
 * - Tile ids and alerts: a tile alert follows its tile by name through a rename, "replaced in that `up`, created where
 *   it now belongs and then the old one deleted …, so its id changes. A preview made while the dashboard changes shows
 *   it as an update, because the new tile id is not known yet."
 * - Deletes ordered by references: "let Pulumi delete the children first by referencing outputs", "reference it as
 *   `hook.id` and the engine deletes the alerts first", the demo's destroy (each resource after those that reference
 *   it). The engine deletes unrelated resources in any order: the webhook may go after the connection.
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import { CliStack, type Operation } from "./cliStack";
import { engineSuite, type SuiteContext } from "./suite";
import { opsByName } from "./assertions";

const PROGRAM = path.join(__dirname, "programs", "stack");
const NAMES = ["engine", "logs", "board", "hook", "errors"];

function changes(operation: Operation): Record<string, number> | undefined {
    return operation.events.find((e) => e.summaryEvent)?.summaryEvent?.resourceChanges;
}

engineSuite("a stack of references through `pulumi` (docs' claims)", (ctx: SuiteContext) => {
    it("previews without a request, sees drift and deletions at refresh, moves a tile alert with its renamed tile, deletes children first", async () => {
        const { cli, target } = ctx;
        const stack = await CliStack.init(cli, { projectDir: PROGRAM });
        try {
            await stack.configure(target.config());

            target.clearRequests();
            const first = await stack.preview();
            assert.deepEqual(opsByName(first.steps), Object.fromEntries(NAMES.map((name) => [name, "create"])));
            assert.deepEqual(target.requests() ?? [], [], "the first preview sends nothing");

            const created = await stack.up();
            assert.deepEqual(opsByName(created.steps), Object.fromEntries(NAMES.map((name) => [name, "create"])));
            const ids = (await stack.outputs()).ids as Record<string, string>;

            // Drift: the dashboard renamed by hand, the alert deleted by hand.
            const boardPath = `/dashboards/${ids.board}`;
            const { id: _id, ...board } = (await target.api("GET", boardPath)) as Record<string, unknown>;
            await target.api("PUT", boardPath, { ...board, name: "Renamed by hand" });
            await target.api("DELETE", `/alerts/${ids.alert}`);
            const refreshed = await stack.refresh();
            assert.deepEqual(changes(refreshed), { same: 4, update: 1, delete: 1 }, "refresh: the dashboard drifted, the alert is gone");
            assert.deepEqual(
                refreshed.steps
                    .filter((s) => s.name === "board" || s.name === "errors")
                    .map((s) => s.name)
                    .sort(),
                ["board", "errors"],
            );
            const repaired = await stack.up();
            assert.deepEqual(opsByName(repaired.steps), { engine: "same", logs: "same", board: "update", hook: "same", errors: "create" });
            assert.equal(((await target.api("GET", boardPath)) as { name: string }).name, "Service");
            const alertId = ((await stack.outputs()).ids as Record<string, string>).alert as string;
            assert.notEqual(alertId, ids.alert);

            // The alert's tile renamed: the alert follows it by name.
            await stack.configSet("stack:tileName", "Error count");
            const planned = await stack.preview();
            assert.deepEqual(opsByName(planned.steps), { engine: "same", logs: "same", board: "update", hook: "same", errors: "update" });
            const renamed = await stack.up();
            assert.deepEqual(opsByName(renamed.steps), {
                engine: "same",
                logs: "same",
                board: "update",
                hook: "same",
                errors: "create-replacement,replace,delete-replaced",
            });
            const outputs = (await stack.outputs()).ids as Record<string, string>;
            assert.notEqual(outputs.alert, alertId, "the alert's id changes");
            const tiles = ((await target.api("GET", boardPath)) as { tiles: { id: string; name: string }[] }).tiles;
            const tile = tiles.find((t) => t.name === "Error count");
            assert.ok(tile, "the tile was renamed");
            const alerts = (await target.api("GET", "/alerts")) as { id: string; tileId?: string; dashboardId?: string; dashboard?: string }[];
            assert.deepEqual(
                alerts.map((a) => a.id),
                [outputs.alert],
                "one alert on the server: the new one",
            );
            assert.equal(alerts[0]?.tileId, tile.id, "on the renamed tile");
            assert.deepEqual(changes(await stack.refresh()), { same: 6 }, "a refresh finds nothing");

            // Deletes ordered by references: the alert first, the connection last.
            const destroyed = await stack.destroy();
            const order = destroyed.steps.map((s) => `${s.name}:${s.op}`);
            const at = (name: string) => order.indexOf(`${name}:delete`);
            assert.ok(
                NAMES.every((name) => at(name) >= 0),
                order.join(" "),
            );
            assert.ok(at("errors") < at("board") && at("errors") < at("hook"), `the alert before its dashboard and its webhook: ${order.join(" ")}`);
            assert.ok(at("board") < at("logs") && at("logs") < at("engine"), `the dashboard, the source, the connection: ${order.join(" ")}`);
            const counts = await target.selfHostedCounts();
            assert.deepEqual(counts, { connections: 0, sources: 0, savedSearches: 0, webhooks: 0, dashboards: 0, alerts: 0 });
        } finally {
            await stack.destroy({ allowFailure: true });
            await stack.remove();
        }
    });
});
