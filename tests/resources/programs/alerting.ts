// A program of the SDK classes: a dashboard, a saved search and two webhooks, with alerts that reference them all
// as code. `demo:tileName` picks the tile the tile alert watches (a typo must fail the program, naming the tiles).
import * as pulumi from "@pulumi/pulumi";
import * as observability from "pulumi-observability";

export default async function main(): Promise<void> {
    const config = new pulumi.Config("demo");
    const logs = config.require("logsSourceId");
    const line = { displayType: "line" as const, sourceId: logs, select: [{ aggFn: "count" as const }] };
    const board = new observability.Dashboard("board", {
        name: "Checkout",
        tiles: [
            { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: line },
            { name: "Latency", x: 12, y: 0, w: 12, h: 4, config: line },
        ],
        filters: [{ name: "Service", expression: "ServiceName", sourceId: logs }],
    });
    const search = new observability.SavedSearch("errors", { name: "Checkout errors", sourceId: logs, where: "level:error" });
    const slack = new observability.Webhook("slack", { name: "Alerts channel", service: "slack", url: config.requireSecret("slackUrl") });
    const relay = new observability.Webhook("relay", {
        name: "On-call relay (program)",
        service: "generic",
        url: "https://relay.example.com/alerts",
        headers: { Authorization: config.requireSecret("relayToken") },
    });
    new observability.Alert("tile-alert", {
        source: "tile",
        dashboardId: board.id,
        tileId: board.tileId(config.get("tileName") ?? "Errors"),
        threshold: 10,
        thresholdType: "above",
        interval: "5m",
        channel: { webhookId: slack.id },
    });
    new observability.Alert("search-alert", {
        source: "search",
        savedSearchId: search.id,
        threshold: 1,
        thresholdType: "above",
        interval: "15m",
        channels: [{ webhookId: relay.id }, { webhookId: slack.id }],
    });
    // The filter id is there for links; reading it checks the name like tileId does.
    board.filterId("Service");
}
