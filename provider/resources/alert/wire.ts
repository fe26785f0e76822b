import { z } from "zod";
import { AlertStatus, normalizeInstant } from "./schema";

// What the API returns (both variants, spec and reference names, contract §3.4 and §9). Unknown keys are ignored.
const wireChannel = z.looseObject({
    type: z.string(),
    webhookId: z.string().nullish(),
    webhookService: z.string().nullish(),
    slackChannelId: z.string().nullish(),
    severity: z.string().nullish(),
    emailRecipients: z.array(z.string()).nullish(),
});
const silence = z.looseObject({ by: z.string().nullish(), at: z.string().nullish(), until: z.string().nullish() });

/** An alert as either variant returns it. */
export const wireAlert = z.looseObject({
    id: z.string(),
    name: z.string().nullish(),
    message: z.string().nullish(),
    note: z.string().nullish(),
    numConsecutiveWindows: z.number().nullish(),
    threshold: z.number(),
    thresholdMax: z.number().nullish(),
    interval: z.string(),
    scheduleOffsetMinutes: z.number().nullish(),
    scheduleStartAt: z.string().nullish(),
    source: z.string(),
    thresholdType: z.string(),
    channel: wireChannel.nullish(),
    channels: z.array(wireChannel).nullish(),
    dashboardId: z.string().nullish(),
    dashboard: z.string().nullish(),
    tileId: z.string().nullish(),
    savedSearchId: z.string().nullish(),
    savedSearch: z.string().nullish(),
    groupBy: z.string().nullish(),
    teamId: z.string().nullish(),
    team: z.string().nullish(),
    state: z.string().nullish(),
    silenced: z.union([z.boolean(), silence]).nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
});
export type WireAlert = z.infer<typeof wireAlert>;

/** The channel as the schema describes it (nulls as absent); a kind this package does not know is kept as reported and shows as drift. */
function channelFromWire(channel: z.infer<typeof wireChannel>): Record<string, unknown> {
    if (channel.type === "email") return { type: "email", emailRecipients: channel.emailRecipients ?? [] };
    if (channel.type !== "webhook") return { ...channel };
    const { webhookService, slackChannelId, severity } = channel;
    const routing = Object.entries({ webhookService, slackChannelId, severity }).filter(([, value]) => value !== null && value !== undefined);
    return { type: "webhook", webhookId: channel.webhookId ?? "", ...Object.fromEntries(routing) };
}

/** What the read mapping needs from the declaration: whether it used `channels`, and the name it gave the saved-search source. */
export interface DeclaredForm {
    /** Whether the declaration used `channels` (then the server's channels are reported as `channels`). */
    channels: boolean;
    /** The declared `source`: a saved-search alert is reported as `search` when the declaration (or an older state) says so. */
    source?: string;
}

/**
 * The alert's fields as `check` would produce them, from the server's answer: spec and reference names both
 * accepted, `search`/`saved_search` reported in the declaration's form (`saved_search` without one), the other
 * source's references dropped, nulls as absent. `thresholdMax` is reported whatever the kind: a PUT cannot clear it, so
 * a former range alert may still hold one, and a refresh or an adoption must show it. `channels` is used when the
 * declaration used it or the server holds several channels; otherwise the single `channel`.
 */
export function alertFieldsFromWire(alert: WireAlert, declared: DeclaredForm): Record<string, unknown> {
    const tile = alert.source === "tile";
    const reported = alert.channels && alert.channels.length > 0 ? alert.channels : alert.channel ? [alert.channel] : [];
    const channels = reported.map(channelFromWire);
    const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;
    return {
        source: tile ? "tile" : declared.source === "search" ? "search" : "saved_search",
        threshold: alert.threshold,
        thresholdType: alert.thresholdType,
        thresholdMax: orUndefined(alert.thresholdMax),
        interval: alert.interval,
        ...(declared.channels || channels.length !== 1 ? { channels } : { channel: channels[0] }),
        dashboardId: tile ? orUndefined(alert.dashboardId ?? alert.dashboard) : undefined,
        tileId: tile ? orUndefined(alert.tileId) : undefined,
        savedSearchId: tile ? undefined : orUndefined(alert.savedSearchId ?? alert.savedSearch),
        groupBy: tile ? undefined : orUndefined(alert.groupBy),
        name: orUndefined(alert.name),
        message: orUndefined(alert.message),
        note: orUndefined(alert.note),
        numConsecutiveWindows: orUndefined(alert.numConsecutiveWindows),
        scheduleOffsetMinutes: alert.scheduleOffsetMinutes ?? 0,
        scheduleStartAt: alert.scheduleStartAt ? normalizeInstant(alert.scheduleStartAt) : undefined,
    };
}

/** The read-only part of the server's answer; the object form of `silenced` becomes a flag plus its end. */
export function alertStatusFromWire(alert: WireAlert): AlertStatus {
    const silenced = alert.silenced;
    return {
        state: alert.state ?? null,
        silenced: silenced === true || (typeof silenced === "object" && silenced !== null),
        silencedUntil: typeof silenced === "object" && silenced !== null ? (silenced.until ?? null) : null,
        team: alert.teamId ?? alert.team ?? null,
        createdAt: alert.createdAt ?? null,
        updatedAt: alert.updatedAt ?? null,
    };
}
