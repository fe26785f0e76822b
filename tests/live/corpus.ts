/**
 * The differential check's corpus: raw requests for every self-hosted kind, sent in order to the real server and to
 * the emulator. Valid and invalid bodies, updates that leave fields out, reads and deletes of what is gone, lists past
 * one page (`limit`/`offset`). A `{name}` in a path or in a string of a body stands for the id saved under that name
 * on the same target; names start with `{prefix}`, the run's.
 */

import { TRACE_TABLE } from "./program";

/** The kinds the corpus covers, as the report counts them. */
export type CorpusKind = "connection" | "source" | "dashboard" | "savedSearch" | "webhook" | "alert" | "teamMember";

/** A request whose answer, and the object it leaves behind, are compared. */
export interface CorpusStep {
    kind: CorpusKind;
    method: "GET" | "POST" | "PUT" | "DELETE";
    /** Path under `/api/v2`, with `{name}` placeholders. */
    path: string;
    body?: unknown;
    /** Ids to remember from a success: name → dotted path into `data` (`id`, `tiles.0.id`). */
    save?: Record<string, string>;
    /**
     * After a success, read this back and compare it too: a path, or a list and the saved name of the item to pick
     * from it (webhooks have no GET by id).
     */
    readBack?: string | { list: string; pick: string };
    /** For a list: compare only the items whose `name` (or `email`) starts with the prefix (other runs' objects). */
    ownItems?: boolean;
}

const NO_SUCH_ID = "0123456789abcdef01234567";

const connection = (name: string) => ({ name: `{prefix} ${name}`, host: "http://engine.example.com:8123", username: "default", password: "secret-1" });

const traceSource = {
    kind: "trace",
    name: "{prefix} traces",
    connection: "{conn}",
    ...TRACE_TABLE,
};

const logSource = {
    kind: "log",
    name: "{prefix} logs",
    connection: "{conn}",
    from: { databaseName: "otel", tableName: "otel_logs" },
    timestampValueExpression: "TimestampTime",
    defaultTableSelectExpression: "Timestamp, Body",
    severityTextExpression: "SeverityText",
    bodyExpression: "Body",
    serviceNameExpression: "ServiceName",
    traceSourceId: "{traces}",
};

const tile = (name: string, x: number, extra: Record<string, unknown> = {}) => ({
    name,
    x,
    y: 0,
    w: 6,
    h: 3,
    config: { displayType: "line", sourceId: "{logs}", select: [{ aggFn: "count", where: "SeverityText:error" }] },
    ...extra,
});

const search = (name: string, extra: Record<string, unknown> = {}) => ({
    name: `{prefix} ${name}`,
    sourceId: "{logs}",
    select: "Timestamp, Body",
    where: "SeverityText:error",
    whereLanguage: "lucene",
    orderBy: "Timestamp DESC",
    tags: ["live"],
    ...extra,
});

const genericHook = (name: string, extra: Record<string, unknown> = {}) => ({
    name: `{prefix} ${name}`,
    service: "generic",
    url: `https://hooks.example.com/${name}`,
    description: "on call",
    headers: { Authorization: "Bearer token-1" },
    body: '{"text":"{{title}}"}',
    ...extra,
});

const tileAlert = (extra: Record<string, unknown> = {}) => ({
    name: "{prefix} tile alert",
    source: "tile",
    dashboardId: "{board}",
    tileId: "{tile0}",
    threshold: 10,
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: "{hook}" },
    ...extra,
});

/** Deletes an object twice: the second time it is gone. */
const deleteTwice = (kind: CorpusKind, path: string): CorpusStep[] => [
    { kind, method: "DELETE", path },
    { kind, method: "DELETE", path },
    { kind, method: "GET", path },
];

export const CORPUS: readonly CorpusStep[] = [
    // Connections: create, refusals, an update leaving the credentials out, what is missing.
    { kind: "connection", method: "POST", path: "/connections", body: connection("engine"), save: { conn: "id" }, readBack: "/connections/{conn}" },
    { kind: "connection", method: "POST", path: "/connections", body: { name: "{prefix} no host", username: "default" } },
    { kind: "connection", method: "POST", path: "/connections", body: { ...connection("bad"), host: 42 } },
    {
        kind: "connection",
        method: "PUT",
        path: "/connections/{conn}",
        body: { name: "{prefix} engine 2", host: "http://engine-2.example.com:8123" },
        readBack: "/connections/{conn}",
    },
    { kind: "connection", method: "GET", path: `/connections/${NO_SUCH_ID}` },
    { kind: "connection", method: "PUT", path: `/connections/${NO_SUCH_ID}`, body: connection("ghost") },
    { kind: "connection", method: "GET", path: "/connections", ownItems: true },

    // Sources: both kinds, refusals, an update leaving optional expressions out.
    { kind: "source", method: "POST", path: "/sources", body: traceSource, save: { traces: "id" }, readBack: "/sources/{traces}" },
    { kind: "source", method: "POST", path: "/sources", body: logSource, save: { logs: "id" }, readBack: "/sources/{logs}" },
    { kind: "source", method: "POST", path: "/sources", body: { ...logSource, kind: "profile" } },
    { kind: "source", method: "POST", path: "/sources", body: { ...logSource, kind: undefined } },
    { kind: "source", method: "POST", path: "/sources", body: { ...logSource, connection: undefined } },
    { kind: "source", method: "POST", path: "/sources", body: { ...logSource, from: { databaseName: "otel" } } },
    {
        kind: "source",
        method: "PUT",
        path: "/sources/{logs}",
        body: { ...logSource, serviceNameExpression: undefined, severityTextExpression: undefined, name: "{prefix} logs 2" },
        readBack: "/sources/{logs}",
    },
    { kind: "source", method: "GET", path: `/sources/${NO_SUCH_ID}` },
    { kind: "source", method: "PUT", path: `/sources/${NO_SUCH_ID}`, body: logSource },
    { kind: "source", method: "GET", path: "/sources", ownItems: true },

    // Dashboards: create with two tiles, refusals, updates leaving tags out and dropping a tile.
    {
        kind: "dashboard",
        method: "POST",
        path: "/dashboards",
        body: { name: "{prefix} board", tags: ["live"], tiles: [tile("Errors", 0), tile("Latency", 6)] },
        save: { board: "id", tile0: "tiles.0.id", tile1: "tiles.1.id" },
        readBack: "/dashboards/{board}",
    },
    { kind: "dashboard", method: "POST", path: "/dashboards", body: { tiles: [] } },
    {
        kind: "dashboard",
        method: "POST",
        path: "/dashboards",
        body: { name: "{prefix} ghost", tiles: [{ ...tile("Ghost", 0), config: { ...tile("Ghost", 0).config, sourceId: NO_SUCH_ID } }] },
    },
    { kind: "dashboard", method: "POST", path: "/dashboards", body: { name: "{prefix} wide", tiles: [{ ...tile("Wide", 0), w: 0 }] } },
    {
        kind: "dashboard",
        method: "PUT",
        path: "/dashboards/{board}",
        body: { name: "{prefix} board 2", tiles: [tile("Errors", 0, { id: "{tile0}" }), tile("Latency", 6, { id: "{tile1}" })] },
        readBack: "/dashboards/{board}",
    },
    { kind: "dashboard", method: "GET", path: `/dashboards/${NO_SUCH_ID}` },
    { kind: "dashboard", method: "PUT", path: `/dashboards/${NO_SUCH_ID}`, body: { name: "{prefix} ghost", tiles: [] } },
    { kind: "dashboard", method: "GET", path: "/dashboards", ownItems: true },

    // Saved searches: create three, refusals, an update leaving fields out, pages of two.
    { kind: "savedSearch", method: "POST", path: "/saved-searches", body: search("errors"), save: { search: "id" }, readBack: "/saved-searches/{search}" },
    { kind: "savedSearch", method: "POST", path: "/saved-searches", body: search("second"), save: { search2: "id" } },
    { kind: "savedSearch", method: "POST", path: "/saved-searches", body: search("third"), save: { search3: "id" } },
    { kind: "savedSearch", method: "POST", path: "/saved-searches", body: { ...search("no source"), sourceId: undefined } },
    {
        kind: "savedSearch",
        method: "POST",
        path: "/saved-searches",
        body: search("lucene filter", { filters: [{ type: "lucene", condition: "level:error" }] }),
    },
    {
        kind: "savedSearch",
        method: "PUT",
        path: "/saved-searches/{search}",
        body: { name: "{prefix} errors 2", sourceId: "{logs}" },
        readBack: "/saved-searches/{search}",
    },
    { kind: "savedSearch", method: "GET", path: "/saved-searches?limit=2&offset=0", ownItems: true },
    { kind: "savedSearch", method: "GET", path: "/saved-searches?limit=2&offset=2", ownItems: true },
    { kind: "savedSearch", method: "GET", path: "/saved-searches?limit=0" },
    { kind: "savedSearch", method: "GET", path: `/saved-searches/${NO_SUCH_ID}` },

    // Webhooks: slack and generic, a duplicate, a private address, an update leaving fields out, pages of two.
    {
        kind: "webhook",
        method: "POST",
        path: "/webhooks",
        body: { name: "{prefix} slack", service: "slack", url: "https://hooks.slack.com/services/T0/B0/x" },
        save: { slack: "id" },
        readBack: { list: "/webhooks", pick: "slack" },
    },
    { kind: "webhook", method: "POST", path: "/webhooks", body: genericHook("oncall"), save: { hook: "id" }, readBack: { list: "/webhooks", pick: "hook" } },
    { kind: "webhook", method: "POST", path: "/webhooks", body: genericHook("spare"), save: { spare: "id" } },
    { kind: "webhook", method: "POST", path: "/webhooks", body: genericHook("oncall") },
    { kind: "webhook", method: "POST", path: "/webhooks", body: genericHook("private", { url: "http://10.1.2.3/hook" }) },
    { kind: "webhook", method: "POST", path: "/webhooks", body: genericHook("loopback", { url: "http://127.0.0.1:9/hook" }) },
    { kind: "webhook", method: "POST", path: "/webhooks", body: genericHook("teams", { service: "teams" }) },
    {
        kind: "webhook",
        method: "PUT",
        path: "/webhooks/{hook}",
        body: { name: "{prefix} oncall", service: "generic", url: "https://hooks.example.com/oncall-2" },
        readBack: { list: "/webhooks", pick: "hook" },
    },
    { kind: "webhook", method: "GET", path: "/webhooks?limit=2&offset=0", ownItems: true },
    { kind: "webhook", method: "GET", path: "/webhooks?limit=2&offset=2", ownItems: true },
    { kind: "webhook", method: "PUT", path: `/webhooks/${NO_SUCH_ID}`, body: genericHook("ghost") },
    { kind: "webhook", method: "GET", path: "/webhooks/{slack}" },

    // Alerts: on a tile and on a saved search, refusals, updates leaving fields out and a range made plain, pages.
    { kind: "alert", method: "POST", path: "/alerts", body: tileAlert(), save: { alert: "id" }, readBack: "/alerts/{alert}" },
    {
        kind: "alert",
        method: "POST",
        path: "/alerts",
        body: {
            ...tileAlert({ name: "{prefix} search alert", source: "saved_search", savedSearchId: "{search2}", interval: "15m" }),
            dashboardId: undefined,
            tileId: undefined,
        },
        save: { searchAlert: "id" },
        readBack: "/alerts/{searchAlert}",
    },
    { kind: "alert", method: "POST", path: "/alerts", body: tileAlert({ thresholdType: "between" }) },
    { kind: "alert", method: "POST", path: "/alerts", body: tileAlert({ thresholdMax: null }) },
    { kind: "alert", method: "POST", path: "/alerts", body: tileAlert({ source: "search" }) },
    { kind: "alert", method: "POST", path: "/alerts", body: tileAlert({ tileId: NO_SUCH_ID }) },
    {
        kind: "alert",
        method: "PUT",
        path: "/alerts/{alert}",
        body: tileAlert({ thresholdType: "between", thresholdMax: 50, message: "upper" }),
        readBack: "/alerts/{alert}",
    },
    { kind: "alert", method: "PUT", path: "/alerts/{alert}", body: { ...tileAlert({ thresholdType: "above" }), name: undefined }, readBack: "/alerts/{alert}" },
    { kind: "alert", method: "GET", path: "/alerts?limit=1&offset=1", ownItems: true },
    { kind: "alert", method: "POST", path: "/alerts", body: tileAlert({ name: "{prefix} second tile alert", tileId: "{tile1}" }), save: { alert1: "id" } },
    {
        kind: "dashboard",
        method: "PUT",
        path: "/dashboards/{board}",
        body: { name: "{prefix} board 3", tiles: [tile("Errors", 0, { id: "{tile0}" })] },
        readBack: "/dashboards/{board}",
    },
    { kind: "alert", method: "GET", path: "/alerts/{alert1}" },
    { kind: "alert", method: "GET", path: `/alerts/${NO_SUCH_ID}` },
    { kind: "webhook", method: "DELETE", path: "/webhooks/{hook}" },
    ...deleteTwice("alert", "/alerts/{alert}"),
    { kind: "savedSearch", method: "DELETE", path: "/saved-searches/{search2}" },
    { kind: "alert", method: "GET", path: "/alerts/{searchAlert}" },

    // The team: invitations.
    {
        kind: "teamMember",
        method: "POST",
        path: "/team/invitation",
        body: { email: "{prefix}-ana@example.com", name: "Ana" },
        save: { invitation: "invitationId" },
    },
    { kind: "teamMember", method: "POST", path: "/team/invitation", body: { email: "{prefix}-ana@example.com", name: "Ana" } },
    { kind: "teamMember", method: "POST", path: "/team/invitation", body: { email: "not-an-email" } },
    { kind: "teamMember", method: "GET", path: "/team/invitations", ownItems: true },
    ...deleteTwice("teamMember", "/team/invitation/{invitation}").slice(0, 2),
    { kind: "teamMember", method: "DELETE", path: "/team/invitation/not-an-id" },

    // Deleting everything, each twice.
    ...deleteTwice("dashboard", "/dashboards/{board}"),
    ...deleteTwice("savedSearch", "/saved-searches/{search}"),
    { kind: "savedSearch", method: "DELETE", path: "/saved-searches/{search3}" },
    ...deleteTwice("webhook", "/webhooks/{slack}").slice(0, 2),
    { kind: "webhook", method: "DELETE", path: "/webhooks/{spare}" },
    { kind: "webhook", method: "DELETE", path: "/webhooks/{hook}" },
    ...deleteTwice("source", "/sources/{logs}"),
    { kind: "source", method: "DELETE", path: "/sources/{traces}" },
    ...deleteTwice("connection", "/connections/{conn}"),
];
