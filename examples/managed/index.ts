// Dashboards and alerts of a cloud service's managed observability API: the same resources as on a
// self-hosted API, reached through the cloud API with `observability:variant` set to `managed`.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("demo");
const team = config.get("team") ?? "payments";
const webhookId = config.require("webhookId");
const connectionId = config.require("connectionId");

const logs = obs.getSourcesOutput().apply((all) => {
    const found = all.find((source) => source.kind === "log");
    if (!found) throw new Error("the service has no log source");
    return found.id;
});

export const overview = new obs.Dashboard("overview", {
    name: `${team} overview`,
    tags: [team],
    tiles: [
        { name: "Requests", x: 0, y: 0, w: 8, h: 4, config: { displayType: "number", sourceId: logs, select: [{ aggFn: "count" }], color: "chart-blue" } },
        { name: "By service", x: 8, y: 0, w: 8, h: 4, config: { displayType: "pie", sourceId: logs, select: [{ aggFn: "count" }], groupBy: "ServiceName" } },
        {
            name: "Top errors",
            x: 16,
            y: 0,
            w: 8,
            h: 4,
            config: { displayType: "table", sourceId: logs, select: [{ aggFn: "count", where: "SeverityText:error" }], groupBy: "Body" },
        },
        {
            name: "Error ratio (SQL)",
            x: 0,
            y: 4,
            w: 24,
            h: 5,
            config: {
                configType: "sql",
                displayType: "line",
                connectionId,
                sqlTemplate:
                    "SELECT toStartOfMinute(Timestamp) AS ts, countIf(SeverityText = 'error') / count() AS ratio FROM otel_logs WHERE $__timeFilter(Timestamp) GROUP BY ts ORDER BY ts",
            },
        },
    ],
    containers: [{ id: "golden", title: "Golden signals" }],
});

export const requestsAlert = new obs.Alert("requests-low", {
    name: `${team}: traffic dropped`,
    source: "tile",
    dashboardId: overview.id,
    tileId: overview.tileId("Requests"),
    threshold: 10,
    thresholdType: "below",
    interval: "15m",
    channel: { type: "webhook", webhookId },
    message: "Traffic of {{team}} fell below 10 requests per 15 minutes.",
});
