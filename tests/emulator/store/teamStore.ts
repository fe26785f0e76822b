import type { Alert, Connection, Dashboard, JsonObject, SavedSearch, Source, TeamInvitation, TeamUser, Webhook } from "./types";

/** Everything one team (self-hosted) or one managed service holds. Maps keep insertion order. */
export class TeamStore {
    readonly dashboards = new Map<string, Dashboard>();
    readonly alerts = new Map<string, Alert>();
    readonly sources = new Map<string, Source>();
    readonly connections = new Map<string, Connection>();
    readonly webhooks = new Map<string, Webhook>();
    readonly savedSearches = new Map<string, SavedSearch>();
    /** Webhook ids whose next PUT meets a concurrent destination change: answered 409 once (§4.4). */
    readonly concurrentWebhookEdits = new Set<string>();
    /**
     * The default and largest `limit` of the paged lists (alerts, webhooks, saved searches): the server's 1000.
     * Tests lower it to read lists longer than one page cheaply.
     */
    pageSize = 1000;
    /**
     * The entries of the server's `WEBHOOK_HOSTNAME_ALLOWLIST` (`parseHostAllowlist` of its text): hosts exempt from the
     * private-address check of webhook URLs, matched as the server matches them. Empty: the default server's.
     */
    webhookHostnameAllowlist: readonly string[] = [];
    /** The team's display name (`GET /team`). */
    name = "Emulated team";
    /** The team's users by id, in the order they joined (self-hosted only). */
    readonly members = new Map<string, TeamUser>();
    /** Pending invitations by id (self-hosted only). */
    readonly invitations = new Map<string, TeamInvitation>();
    /** Id of the user whose key the emulator accepts (the `isCurrentUser` member, who cannot remove itself). */
    keyUserId = "";
    /** Lowercase emails of users of other teams: the server refuses to invite any existing user (400). */
    readonly usersElsewhere = new Set<string>();
    /** Rows `POST /search` answers per source id, newest first (the emulator has no engine to query). */
    readonly searchRows = new Map<string, JsonObject[]>();

    /** @param teamId the owning team's id, returned as `teamId` on alerts */
    constructor(readonly teamId: string) {}

    /** Deletes the tile alerts of a dashboard, optionally only those whose tile id matches `tileIds`. */
    deleteTileAlerts(dashboardId: string, tileIds?: ReadonlySet<string>): string[] {
        const deleted: string[] = [];
        for (const alert of this.alerts.values()) {
            if (alert.source !== "tile" || alert.dashboardId !== dashboardId) continue;
            if (tileIds && !tileIds.has(alert.tileId ?? "")) continue;
            this.alerts.delete(alert.id);
            deleted.push(alert.id);
        }
        return deleted;
    }

    /** Saved-search DELETE's cascade (§3.5): deletes every alert on that saved search. */
    deleteSearchAlerts(savedSearchId: string): string[] {
        const doomed = [...this.alerts.values()].filter((a) => a.source === "saved_search" && a.savedSearchId === savedSearchId).map((a) => a.id);
        for (const id of doomed) this.alerts.delete(id);
        return doomed;
    }

    /** How many alerts name the webhook in their first channel (the only one the webhook DELETE guard checks, §4.6). */
    firstChannelReferences(webhookId: string): number {
        return [...this.alerts.values()].filter((a) => a.channels[0]?.type === "webhook" && a.channels[0].webhookId === webhookId).length;
    }

    /** Counts and ids per collection. */
    inventory(): Record<string, { count: number; ids: string[] }> {
        const summary = (map: Map<string, unknown>): { count: number; ids: string[] } => ({ count: map.size, ids: [...map.keys()] });
        return {
            dashboards: summary(this.dashboards),
            alerts: summary(this.alerts),
            sources: summary(this.sources),
            connections: summary(this.connections),
            webhooks: summary(this.webhooks),
            savedSearches: summary(this.savedSearches),
        };
    }
}
