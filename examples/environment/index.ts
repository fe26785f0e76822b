// One environment of a service, declared from an empty team: the connection the sources read through, log and
// trace sources, a saved search, a Slack and an on-call webhook, the service's dashboard and the alerts on it, and
// who has access: (self-hosted) the two people, (managed) the role of the service's responders.
// Every id one resource takes from another is that resource's output, so the engine creates parents first and
// deletes children first. What differs between environments (names, thresholds, URLs, secrets) is stack config.
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";

const config = new pulumi.Config("demo");
const managed = new pulumi.Config("observability").get("variant") === "managed";
const service = config.require("service");
const environment = pulumi.getStack();

// Self-hosted: the stack owns the engine connection. Managed: the platform provisions the connection and its API
// cannot create, change or delete one, so sources name the platform connection's id (the only id in config).
const connection: pulumi.Input<string> = managed
    ? config.require("platformConnectionId")
    : new obs.Connection("engine", {
          name: `${environment} engine`,
          host: config.require("engineUrl"),
          username: config.require("engineUser"),
          password: config.requireSecret("enginePassword"),
      }).id;

const database = config.get("database") ?? "otel";

// Pulumi cannot declare a cycle, so the correlation is declared one way: a log line links to its trace.
const traces = new obs.Source("traces", {
    kind: "trace",
    name: "Traces",
    connection,
    from: { databaseName: database, tableName: "otel_traces" },
    timestampValueExpression: "Timestamp",
    defaultTableSelectExpression: "Timestamp, ServiceName, StatusCode, round(Duration / 1e6), SpanName",
    serviceNameExpression: "ServiceName",
    resourceAttributesExpression: "ResourceAttributes",
    eventAttributesExpression: "SpanAttributes",
    implicitColumnExpression: "SpanName",
    durationExpression: "Duration",
    durationPrecision: 9,
    traceIdExpression: "TraceId",
    spanIdExpression: "SpanId",
    parentSpanIdExpression: "ParentSpanId",
    spanNameExpression: "SpanName",
    spanKindExpression: "SpanKind",
    statusCodeExpression: "StatusCode",
    statusMessageExpression: "StatusMessage",
});

const logs = new obs.Source("logs", {
    kind: "log",
    name: "Logs",
    connection,
    from: { databaseName: database, tableName: "otel_logs" },
    timestampValueExpression: "TimestampTime",
    displayedTimestampValueExpression: "Timestamp",
    defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
    serviceNameExpression: "ServiceName",
    severityTextExpression: "SeverityText",
    bodyExpression: "Body",
    resourceAttributesExpression: "ResourceAttributes",
    eventAttributesExpression: "LogAttributes",
    implicitColumnExpression: "Body",
    traceIdExpression: "TraceId",
    spanIdExpression: "SpanId",
    traceSourceId: traces.id,
});

export const errorsSearch = new obs.SavedSearch("errors", {
    name: `${service}: errors`,
    sourceId: logs.id,
    select: "Timestamp, ServiceName, SeverityText, Body",
    where: `ServiceName:"${service}" SeverityText:error`,
    orderBy: "Timestamp DESC",
    tags: [service, environment],
});

// A Slack incoming-webhook URL embeds its token: it comes from stack config as a secret.
const slack = new obs.Webhook("slack", {
    name: `Slack #${config.require("slackChannel")}`,
    service: "slack",
    url: config.requireSecret("slackUrl"),
    description: `${service} alerts of ${environment}`,
});

// The on-call relay authenticates with a bearer token: the header is a secret, kept from the inputs (the API never
// returns headers).
const oncall = new obs.Webhook("oncall", {
    name: `On-call relay (${service})`,
    service: "generic",
    url: config.require("oncallUrl"),
    headers: { Authorization: pulumi.interpolate`Bearer ${config.requireSecret("oncallToken")}` },
    body: JSON.stringify({ title: "{{title}}", text: "{{body}}", link: "{{link}}", service, environment }),
});

export const dashboard = new obs.Dashboard("service", {
    name: `${service} (${environment})`,
    tags: [service, environment],
    tiles: [
        {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: logs.id, select: [{ aggFn: "count", where: "SeverityText:error" }], groupBy: "ServiceName" },
        },
        {
            name: "Requests",
            x: 12,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: traces.id, select: [{ aggFn: "count", where: "SpanKind:Server" }] },
        },
        {
            name: "p95 latency",
            x: 0,
            y: 4,
            w: 6,
            h: 4,
            config: {
                displayType: "number",
                sourceId: traces.id,
                select: [{ aggFn: "quantile", level: 0.95, valueExpression: "Duration" }],
                numberFormat: { output: "duration" },
            },
        },
        {
            name: "Recent errors",
            x: 6,
            y: 4,
            w: 18,
            h: 6,
            config: { displayType: "search", sourceId: logs.id, select: "Timestamp, ServiceName, Body", where: "SeverityText:error" },
        },
    ],
    filters: [{ name: "Service", expression: "ServiceName", sourceId: logs.id }],
});

export const errorAlert = new obs.Alert("errors-high", {
    name: `${service}: error rate`,
    source: "tile",
    dashboardId: dashboard.id,
    tileId: dashboard.tileId("Errors"),
    threshold: config.requireNumber("errorThreshold"),
    thresholdType: "above",
    interval: "5m",
    channel: { webhookId: slack.id },
});

export const searchAlert = new obs.Alert("errors-search", {
    name: `${service}: errors in the saved search`,
    source: "saved_search",
    savedSearchId: errorsSearch.id,
    threshold: config.requireNumber("searchThreshold"),
    thresholdType: "above",
    interval: "15m",
    channel: { webhookId: oncall.id },
});

export const sourceIds = { logs: logs.id, traces: traces.id };
export const webhookIds = { slack: slack.id, oncall: oncall.id };

// Who has access: invited by email, members once they accept. The self-hosted API only: access to a managed service
// is given in the cloud console (its API has no team routes). The invitation URLs are secret outputs.
const members = managed
    ? []
    : [
          new obs.TeamMember("lead", { email: config.require("teamLead"), name: "Team lead" }),
          new obs.TeamMember("developer", { email: config.require("teamDeveloper"), name: "Developer" }),
      ];
export const memberStatus = members.map((member) => ({ email: member.email, status: member.status }));

// What the service's responders may do, on the managed variant (the self-hosted server has no roles): read
// everything, and edit the service's own dashboard and saved searches. People get the role in the cloud console; the
// predefined roles (`Admin`, `Member`, `ReadOnly`) are the service's own, found by name through `getRoles`.
const roles = managed
    ? [
          new obs.Role("responders", {
              name: `${service} responders (${environment})`,
              description: `On-call responders of ${service}`,
              permissions: [
                  { action: "read", subject: "all" },
                  { action: "update", subject: "Dashboard", conditions: { name: dashboard.name } },
                  { action: "manage", subject: "SavedSearch", conditions: { name: errorsSearch.name } },
              ],
          }),
      ]
    : [];
export const roleIds = roles.map((role) => role.id);
