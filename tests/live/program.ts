/**
 * The live suite's program: one environment of every self-hosted kind, from an empty team (a connection, trace and
 * log sources, a saved search, a Slack and a generic webhook, a dashboard, a tile alert and a saved-search alert, a
 * team member), every name under the run's prefix. `revision` 2 changes something in every resource that can change.
 */
import type { LiveResource } from "./hosts";

/** What differs between the two revisions of the program, and the prefix of every name. */
export interface EnvironmentOptions {
    /** The run-unique prefix (and the scenario's own part of it). */
    prefix: string;
    /** 1 (the first `up`) or 2 (an update of everything). */
    revision?: 1 | 2;
    /** `adoptId`s by resource name: the program adopts those objects instead of creating them. */
    adopt?: Record<string, string>;
}

/** The names of the environment's resources, by kind. */
export const ENVIRONMENT_NAMES = ["engine", "traces", "logs", "errors", "slack", "oncall", "board", "tileAlert", "searchAlert", "lead"] as const;

/** Where a trace source reads its spans: the table and its columns, as inputs and on the wire alike. */
export const TRACE_TABLE = {
    from: { databaseName: "otel", tableName: "otel_traces" },
    timestampValueExpression: "Timestamp",
    defaultTableSelectExpression: "Timestamp, ServiceName, SpanName",
    durationExpression: "Duration",
    durationPrecision: 9,
    traceIdExpression: "TraceId",
    spanIdExpression: "SpanId",
    parentSpanIdExpression: "ParentSpanId",
    spanNameExpression: "SpanName",
    spanKindExpression: "SpanKind",
};

const id = (outputs: Record<string, Record<string, unknown>>, name: string): string => String(outputs[name].id);

/** A tile of the dashboard on the log source. */
export function lineTile(name: string, sourceId: string, x = 0): Record<string, unknown> {
    return { name, x, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId, select: [{ aggFn: "count", where: "SeverityText:error" }] } };
}

/** The environment program. */
export function environment({ prefix, revision = 1, adopt = {} }: EnvironmentOptions): LiveResource[] {
    const r2 = revision === 2;
    const adoption = (name: string) => (adopt[name] === undefined ? {} : { adoptId: adopt[name] });
    return [
        {
            kind: "connection",
            name: "engine",
            inputs: {
                ...adoption("engine"),
                name: `${prefix} engine${r2 ? " (moved)" : ""}`,
                host: r2 ? "http://engine-2.example.com:8123" : "http://engine.example.com:8123",
                username: "default",
                password: "live-secret-1",
            },
        },
        {
            kind: "source",
            name: "traces",
            inputs: (o) => ({
                ...adoption("traces"),
                kind: "trace",
                name: `${prefix} traces`,
                connection: id(o, "engine"),
                ...TRACE_TABLE,
            }),
        },
        {
            kind: "source",
            name: "logs",
            inputs: (o) => ({
                ...adoption("logs"),
                kind: "log",
                name: `${prefix} logs`,
                connection: id(o, "engine"),
                from: { databaseName: "otel", tableName: "otel_logs" },
                timestampValueExpression: "TimestampTime",
                defaultTableSelectExpression: r2 ? "Timestamp, ServiceName, Body" : "Timestamp, Body",
                severityTextExpression: "SeverityText",
                bodyExpression: "Body",
                traceSourceId: id(o, "traces"),
            }),
        },
        {
            kind: "savedSearch",
            name: "errors",
            inputs: (o) => ({
                ...adoption("errors"),
                name: `${prefix} errors`,
                sourceId: id(o, "logs"),
                where: r2 ? "SeverityText:error OR SeverityText:fatal" : "SeverityText:error",
                tags: ["live"],
                filters: [{ type: "sql", condition: "ServiceName IN ('checkout')" }],
            }),
        },
        {
            kind: "webhook",
            name: "slack",
            inputs: {
                ...adoption("slack"),
                name: `${prefix} slack`,
                service: "slack",
                url: "https://hooks.slack.com/services/T000/B000/live",
                description: r2 ? "checkout alerts (moved)" : "checkout alerts",
            },
        },
        {
            kind: "webhook",
            name: "oncall",
            inputs: {
                ...adoption("oncall"),
                name: `${prefix} oncall`,
                service: "generic",
                url: "https://oncall.example.com/hook",
                headers: { Authorization: "Bearer live-token" },
                body: JSON.stringify({ text: r2 ? "{{title}}: {{body}}" : "{{title}}" }),
            },
        },
        {
            kind: "dashboard",
            name: "board",
            inputs: (o) => ({
                ...adoption("board"),
                name: `${prefix} board${r2 ? " v2" : ""}`,
                tags: ["live"],
                tiles: r2 ? [lineTile("Errors", id(o, "logs")), lineTile("Warnings", id(o, "logs"), 12)] : [lineTile("Errors", id(o, "logs"))],
            }),
        },
        {
            kind: "alert",
            name: "tileAlert",
            inputs: (o) => ({
                ...adoption("tileAlert"),
                name: `${prefix} tile alert`,
                source: "tile",
                dashboardId: id(o, "board"),
                tileId: (o.board.tileIds as Record<string, string>).Errors,
                threshold: r2 ? 20 : 10,
                thresholdType: "above",
                interval: "5m",
                channel: { webhookId: id(o, "slack") },
            }),
        },
        {
            kind: "alert",
            name: "searchAlert",
            inputs: (o) => ({
                ...adoption("searchAlert"),
                name: `${prefix} search alert`,
                source: "saved_search",
                savedSearchId: id(o, "errors"),
                threshold: 1,
                thresholdType: "above",
                interval: r2 ? "15m" : "5m",
                channel: { webhookId: id(o, "oncall") },
            }),
        },
        {
            kind: "teamMember",
            name: "lead",
            inputs: { ...adoption("lead"), email: `${prefix}-lead@example.com`, name: r2 ? "Team lead (live)" : "Team lead" },
        },
    ];
}
