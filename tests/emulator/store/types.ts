/** Records held by the emulator. Ids are hex24 object ids unless noted. */

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
    [key: string]: Json;
}

/** Tile config as stored: already normalised to the read shape (§2.10), variant-specific keys only. */
export type TileConfig = JsonObject & { displayType: string };

export interface Tile {
    id: string;
    name: string;
    x: number;
    y: number;
    w: number;
    h: number;
    config: TileConfig;
    containerId?: string;
    tabId?: string;
}

export interface DashboardFilter {
    id: string;
    type: "QUERY_EXPRESSION";
    name: string;
    expression: string;
    sourceId: string;
    sourceMetricType?: string;
    where?: string;
    whereLanguage?: string;
    appliesToSourceIds?: string[];
    isBroadcastEnabled?: boolean;
    isVariableEnabled?: boolean;
    variableName?: string;
}

export interface ContainerTab {
    id: string;
    title: string;
}

export interface Container {
    id: string;
    title: string;
    collapsed: boolean;
    collapsible?: boolean;
    bordered?: boolean;
    tabs?: ContainerTab[];
}

export interface SavedFilterValue {
    type: "sql";
    condition: string;
}

export interface Dashboard {
    id: string;
    name: string;
    tiles: Tile[];
    tags: string[];
    filters: DashboardFilter[];
    savedQuery: string | null;
    savedQueryLanguage: string | null;
    savedFilterValues: SavedFilterValue[];
    containers: Container[];
}

export interface AlertChannel {
    type: "webhook" | "email";
    webhookId?: string;
    emailRecipients?: string[];
    webhookService?: string | null;
    slackChannelId?: string | null;
    severity?: string | null;
}

export interface AlertSilenced {
    by?: string;
    at: string;
    until: string;
}

export interface Alert {
    id: string;
    name: string | null;
    message: string | null;
    note: string | null;
    numConsecutiveWindows: number | null;
    threshold: number;
    /** Absent until sent; kept by a PUT that leaves it out (the server refuses `null`). */
    thresholdMax?: number;
    interval: string;
    /** Absent until sent (the server refuses `null`). */
    scheduleOffsetMinutes?: number;
    scheduleStartAt?: string | null;
    /** `tile` or `saved_search` (the server refuses the spec's `search`). */
    source: "tile" | "saved_search";
    thresholdType: string;
    channels: AlertChannel[];
    dashboardId?: string;
    tileId?: string;
    savedSearchId?: string;
    /** Saved-search alerts: null when not sent (a PUT without it clears it). */
    groupBy?: string | null;
    state: string;
    silenced?: AlertSilenced;
    executionErrors?: { timestamp: string; type: string; message: string }[];
    createdAt: string;
    updatedAt: string;
}

/** A source as the API returns it (`kind` is the discriminator; the remaining fields depend on it). */
export type Source = JsonObject & { id: string; name: string; kind: "log" | "trace" | "metric" | "session" | "promql"; connection: string };

export interface Connection {
    id: string;
    name: string;
    host: string;
    username: string;
    /** Write-only: never returned; `""` when none was sent. */
    password: string;
    /** Absent when unset (`null` and `""` clear it). */
    observabilitySettingPrefix?: string;
    /** Absent until set. */
    isPrometheusEndpoint?: boolean;
    createdAt: string;
    updatedAt: string;
}

export interface Webhook {
    id: string;
    name: string;
    service: "slack" | "generic" | "incidentio";
    url: string;
    description?: string;
    body?: string;
    /** Write-only: never returned. */
    headers?: Record<string, string>;
    /** Write-only: never returned. */
    queryParams?: Record<string, string>;
    createdAt: string;
    updatedAt: string;
}

export interface SavedSearch {
    id: string;
    name: string;
    sourceId: string;
    select: string;
    where: string;
    whereLanguage: "lucene" | "sql";
    orderBy: string;
    tags: string[];
    /** Pinned filters, verbatim: `{type: "sql", condition}` from the API, or legacy UI shapes (`lucene`, `sql_ast`). */
    filters: JsonObject[];
    createdAt: string;
    updatedAt: string;
}

/** A user of the self-hosted team (team.ts: `GET /team/members` reads users by team). */
export interface TeamUser {
    id: string;
    /** Stored lowercase, as the server's user model keeps it. */
    email: string;
    name?: string;
    createdAt: string;
}

/** A pending invitation (the server's team-invite model): unique per (team, lowercase email), gone after 30 days. */
export interface TeamInvitation {
    id: string;
    email: string;
    name?: string;
    /** The join token: the invitation URL embeds it, so it is a credential. */
    token: string;
    createdAt: string;
}
