import type { IdFactory } from "../random";
import type { TeamStore } from "./teamStore";
import type { Connection, SavedSearch, Source, Webhook } from "./types";

/** The records every emulator starts with, identical (same ids) in the self-hosted and managed stores. */
/** How a trace source reads the span columns of the OpenTelemetry traces table. */
export const SPAN_EXPRESSIONS = {
    durationExpression: "Duration",
    durationPrecision: 9,
    traceIdExpression: "TraceId",
    spanIdExpression: "SpanId",
    parentSpanIdExpression: "ParentSpanId",
    spanNameExpression: "SpanName",
    spanKindExpression: "SpanKind",
};

export interface Fixtures {
    connection: Connection;
    sources: { logs: Source; traces: Source; metrics: Source };
    webhooks: { slack: Webhook; generic: Webhook };
    savedSearch: SavedSearch;
}

export function buildFixtures(ids: IdFactory, now: string): Fixtures {
    const connection: Connection = {
        id: ids.objectId(),
        name: "Local engine",
        host: "http://localhost:8123",
        username: "default",
        password: "",
        createdAt: now,
        updatedAt: now,
    };
    const logsId = ids.objectId();
    const tracesId = ids.objectId();
    const metricsId = ids.objectId();
    const base = (id: string, name: string, kind: Source["kind"], tableName: string, timestampValueExpression: string) => ({
        id,
        name,
        kind,
        connection: connection.id,
        disabled: false,
        querySettings: [],
        from: { databaseName: "default", tableName },
        timestampValueExpression,
    });
    const logs: Source = {
        ...base(logsId, "Logs", "log", "otel_logs", "TimestampTime"),
        defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
        serviceNameExpression: "ServiceName",
        severityTextExpression: "SeverityText",
        bodyExpression: "Body",
        eventAttributesExpression: "LogAttributes",
        resourceAttributesExpression: "ResourceAttributes",
        traceIdExpression: "TraceId",
        spanIdExpression: "SpanId",
        implicitColumnExpression: "Body",
        traceSourceId: tracesId,
        metricSourceId: metricsId,
        highlightedTraceAttributeExpressions: [],
        highlightedRowAttributeExpressions: [],
        materializedViews: [],
    };
    const traces: Source = {
        ...base(tracesId, "Traces", "trace", "otel_traces", "Timestamp"),
        defaultTableSelectExpression: "Timestamp, ServiceName, StatusCode, round(Duration / 1e6), SpanName",
        ...SPAN_EXPRESSIONS,
        serviceNameExpression: "ServiceName",
        statusCodeExpression: "StatusCode",
        statusMessageExpression: "StatusMessage",
        resourceAttributesExpression: "ResourceAttributes",
        eventAttributesExpression: "SpanAttributes",
        logSourceId: logsId,
        metricSourceId: metricsId,
        highlightedTraceAttributeExpressions: [],
        highlightedRowAttributeExpressions: [],
        materializedViews: [],
    };
    const metrics: Source = {
        ...base(metricsId, "Metrics", "metric", "", "TimeUnix"),
        metricTables: { gauge: "otel_metrics_gauge", histogram: "otel_metrics_histogram", sum: "otel_metrics_sum" },
        resourceAttributesExpression: "ResourceAttributes",
        serviceNameExpression: "ServiceName",
        logSourceId: logsId,
    };
    const slack: Webhook = {
        id: ids.objectId(),
        name: "Team Slack",
        service: "slack",
        url: "https://hooks.slack.example/services/T000/B000/XXXX",
        description: "Alerts channel",
        createdAt: now,
        updatedAt: now,
    };
    const generic: Webhook = {
        id: ids.objectId(),
        name: "On-call relay",
        service: "generic",
        url: "https://relay.example.com/alerts",
        body: '{"text": "{{title}}: {{body}}"}',
        headers: { Authorization: "Bearer relay-secret" },
        createdAt: now,
        updatedAt: now,
    };
    const savedSearch: SavedSearch = {
        id: ids.objectId(),
        name: "Checkout errors",
        sourceId: logsId,
        select: "Timestamp, ServiceName, Body",
        where: "SeverityText:error ServiceName:checkout",
        whereLanguage: "lucene",
        orderBy: "Timestamp DESC",
        tags: ["checkout"],
        filters: [],
        createdAt: now,
        updatedAt: now,
    };
    return { connection, sources: { logs, traces, metrics }, webhooks: { slack, generic }, savedSearch };
}

/** Puts independent copies of the fixtures into a store. */
export function seedTeam(team: TeamStore, fixtures: Fixtures): void {
    team.connections.set(fixtures.connection.id, structuredClone(fixtures.connection));
    for (const source of Object.values(fixtures.sources)) team.sources.set(source.id, structuredClone(source));
    for (const webhook of Object.values(fixtures.webhooks)) team.webhooks.set(webhook.id, structuredClone(webhook));
    team.savedSearches.set(fixtures.savedSearch.id, structuredClone(fixtures.savedSearch));
}
