// A service's dashboard and its alerts on a self-hosted observability API: sources and webhooks are
// looked up by kind and name, the alerts follow the dashboard's tiles by name.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("demo");
const service = config.get("service") ?? "checkout";
const errorThreshold = config.getNumber("errorThreshold") ?? 100;
const webhookName = config.get("webhookName") ?? "Team Slack";
const savedSearchId = config.require("savedSearchId");

const sources = obs.getSourcesOutput();
const sourceOfKind = (kind: string) =>
    sources.apply((all) => {
        const found = all.find((source) => source.kind === kind);
        if (!found) throw new Error(`no ${kind} source on this team`);
        return found.id;
    });
const logs = sourceOfKind("log");
const traces = sourceOfKind("trace");

const webhookId = obs.getWebhooksOutput().apply((all) => {
    const found = all.find((webhook) => webhook.name === webhookName);
    if (!found) throw new Error(`no webhook named ${JSON.stringify(webhookName)}`);
    return found.id;
});

export const dashboard = new obs.Dashboard("service", {
    name: `${service} service`,
    tags: [service, "golden-signals"],
    tiles: [
        {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: "SeverityText:error" }], groupBy: "ServiceName" },
        },
        {
            name: "p95 latency",
            x: 12,
            y: 0,
            w: 6,
            h: 4,
            config: {
                displayType: "number",
                sourceId: traces,
                select: [{ aggFn: "quantile", level: 0.95, valueExpression: "Duration" }],
                numberFormat: { output: "duration" },
            },
        },
        {
            name: "Slowest spans",
            x: 18,
            y: 0,
            w: 6,
            h: 4,
            config: {
                displayType: "table",
                sourceId: traces,
                select: [{ aggFn: "avg", valueExpression: "Duration" }],
                groupBy: "SpanName",
                orderBy: "avg(Duration) DESC",
            },
        },
        {
            name: "Latency distribution",
            x: 0,
            y: 4,
            w: 12,
            h: 6,
            config: { displayType: "heatmap", sourceId: traces, select: [{ valueExpression: "Duration" }] },
        },
        {
            name: "Recent errors",
            x: 12,
            y: 4,
            w: 12,
            h: 6,
            config: { displayType: "search", sourceId: logs, select: "Timestamp, ServiceName, Body", where: "SeverityText:error" },
        },
        {
            name: "Runbook",
            x: 0,
            y: 10,
            w: 24,
            h: 2,
            config: { displayType: "markdown", markdown: `## ${service}\nPage the owning team before restarting anything.` },
        },
    ],
    filters: [{ name: "Service", expression: "ServiceName", sourceId: logs }],
});

const channel = { type: "webhook" as const, webhookId };

export const errorAlert = new obs.Alert("errors-high", {
    name: `${service}: error rate`,
    source: "tile",
    dashboardId: dashboard.id,
    tileId: dashboard.tileId("Errors"),
    threshold: errorThreshold,
    thresholdType: "above",
    interval: "5m",
    channel,
});

export const latencyAlert = new obs.Alert("latency-high", {
    name: `${service}: p95 latency`,
    source: "tile",
    dashboardId: dashboard.id,
    tileId: dashboard.tileId("p95 latency"),
    threshold: 1500,
    thresholdType: "above",
    interval: "15m",
    numConsecutiveWindows: 2,
    channel,
});

export const searchAlert = new obs.Alert("checkout-errors", {
    name: `${service}: errors in the saved search`,
    source: "saved_search",
    savedSearchId,
    threshold: 10,
    thresholdType: "above",
    interval: "5m",
    channel,
});

export const tileIds = dashboard.tileIds;
