import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config();

const oncall = new obs.Webhook("oncall", { name: "checkout on-call", service: "generic", url: config.requireSecret("oncallUrl") });

const dashboard = new obs.Dashboard("dashboard", {
    name: "checkout service",
    tiles: [
        {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: config.require("logsSourceId"), select: [{ aggFn: "count", where: "SeverityText:error" }] },
        },
    ],
});

const errors = new obs.Alert("errors", {
    name: "checkout errors",
    source: "tile",
    dashboardId: dashboard.id,
    tileId: dashboard.tileId("Errors"),
    threshold: 100,
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: oncall.id },
});

export const dashboardId = dashboard.id;
export const alertState = errors.state;
