// A small stack of the engine suite's claims (tests/realengine/claims*.engine.ts): connection → log source → dashboard
// → alert on its "Errors" tile → webhook, every id taken from the other resource's output. The tile's name and the
// alert's threshold come from stack config, so that a test renames the tile (the alert follows it by name) or edits
// the alert with `pulumi config set`.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("stack");
const tile = config.get("tileName") ?? "Errors";

const engine = new obs.Connection("engine", { name: "Engine", host: "http://localhost:8123", username: "reader", password: "engine-password" });
const logs = new obs.Source("logs", {
    kind: "log",
    name: "Logs",
    connection: engine.id,
    from: { databaseName: "otel", tableName: "otel_logs" },
    timestampValueExpression: "TimestampTime",
    defaultTableSelectExpression: "Timestamp, ServiceName, Body",
});
const board = new obs.Dashboard("board", {
    name: config.get("dashboardName") ?? "Service",
    tiles: [
        { name: tile, x: 0, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs.id, select: [{ aggFn: "count", where: "level:error" }] } },
        { name: "Requests", x: 12, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs.id, select: [{ aggFn: "count" }] } },
    ],
});
const hook = new obs.Webhook("hook", { name: "Pager", service: "slack", url: "https://hooks.slack.com/services/T0/B0/pager" });
const alert = new obs.Alert("errors", {
    name: "Error rate",
    source: "tile",
    dashboardId: board.id,
    tileId: board.tileId(tile),
    threshold: config.getNumber("threshold") ?? 100,
    thresholdType: "above",
    interval: "5m",
    channel: { webhookId: hook.id },
});

export const ids = { engine: engine.id, logs: logs.id, board: board.id, hook: hook.id, alert: alert.id };
