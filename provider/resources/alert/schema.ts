import { z } from "zod";
import { hex24 } from "../../common/ids";
import { ResolvedTarget, targetSchema } from "../../settings/location";
import { containsUnknown } from "../../common/unknown";
import { text, timeoutsSchema } from "../../common/fields";
import { sameValue } from "../../common/values";
import type { Variant } from "../../settings/config";

/** Evaluation intervals and their length in minutes. */
const INTERVAL_MINUTES = { "1m": 1, "5m": 5, "15m": 15, "30m": 30, "1h": 60, "6h": 360, "12h": 720, "1d": 1440 } as const;
type Interval = keyof typeof INTERVAL_MINUTES;

const THRESHOLD_TYPES = ["above", "below", "above_exclusive", "below_or_equal", "equal", "not_equal", "between", "not_between"] as const;

/** Threshold kinds that compare against a range `[threshold, thresholdMax]`. */
export function isRange(thresholdType: string): boolean {
    return thresholdType === "between" || thresholdType === "not_between";
}

/** A UTC instant in the server's echo form (`2026-02-08T10:00:00.000Z`). */
export function normalizeInstant(iso: string): string {
    const instant = new Date(iso);
    return Number.isNaN(instant.getTime()) ? iso : instant.toISOString();
}

/** Severities a managed webhook channel can carry (the cloud document's `ObservabilityAlertChannelWebhook`). */
const SEVERITIES = ["critical", "error", "warning", "info"] as const;

/** The routing fields of a managed webhook channel (self-hosted channels are `{type: "webhook", webhookId}`). */
const ROUTING_KEYS = ["webhookService", "slackChannelId", "severity"] as const;

/** Where a firing alert notifies. */
export const alertChannelSchema = z
    .strictObject({
        /** `webhook` (the default) or, on the managed variant only, `email`. */
        type: z.enum(["webhook", "email"]).default("webhook"),
        /** Webhook channels: id (24 hexadecimal characters) of the webhook to call; `getWebhooks` lists them. */
        webhookId: hex24.optional(),
        /** Managed variant, webhook channels: the webhook's service routing, e.g. `slack_api`. */
        webhookService: z.string().min(1, "must not be empty (leave it out instead)").optional(),
        /** Managed variant, webhook channels: the chat channel id a chat-service webhook posts to, e.g. `C01ABCDEF23`. */
        slackChannelId: z.string().min(1, "must not be empty (leave it out instead)").optional(),
        /** Managed variant, webhook channels: the severity label of incident-service webhooks: `critical`, `error`, `warning` or `info`. */
        severity: z.enum(SEVERITIES).optional(),
        /** Managed variant, `email` channels: the recipients' addresses (at least one). */
        emailRecipients: z
            .array(z.email({ message: "must be an email address" }))
            .min(1)
            .optional(),
    })
    .superRefine((channel, ctx) => {
        const email = channel.type === "email";
        const refuse = (key: string, message: string) => ctx.addIssue({ code: "custom", path: [key], message });
        if (email && channel.emailRecipients === undefined) refuse("emailRecipients", "required for `email` channels");
        if (!email && channel.webhookId === undefined) refuse("webhookId", "required for `webhook` channels");
        const others = email ? (["webhookId", ...ROUTING_KEYS] as const) : (["emailRecipients"] as const);
        for (const key of others) if (channel[key] !== undefined) refuse(key, `not used by \`${channel.type}\` channels`);
    });

/** The alert's own fields (contract §3.2); what one variant cannot hold is refused by `alertVariantIssues`. */
const alertFields = {
    /**
     * `tile`: watches a dashboard tile (`dashboardId`, `tileId`); `saved_search`: watches a saved search
     * (`savedSearchId`). `search`, the specification's name, is accepted for `saved_search` and kept as written.
     */
    source: z.enum(["tile", "saved_search", "search"]),
    /** The value the series is compared with; the lower bound for `between` and `not_between`. */
    threshold: z.number(),
    /**
     * How the series is compared with the threshold: `above`, `below`, `above_exclusive`, `below_or_equal`,
     * `equal`, `not_equal`, or the range kinds `between` and `not_between` (which need `thresholdMax`).
     */
    thresholdType: z.enum(THRESHOLD_TYPES),
    /**
     * Upper bound (≥ `threshold`) of the range kinds; only with `between` or `not_between`. Dropping it (a range alert
     * made plain) replaces the alert: the server keeps an upper bound an update leaves out and cannot clear it.
     */
    thresholdMax: z.number().optional(),
    /** Evaluation window: `1m`, `5m`, `15m`, `30m`, `1h`, `6h`, `12h` or `1d`. */
    interval: z.enum(Object.keys(INTERVAL_MINUTES) as [Interval, ...Interval[]]),
    /** The one channel to notify. Declare either `channel` or `channels`. */
    channel: alertChannelSchema.optional(),
    /** One to ten distinct channels to notify (self-hosted; the managed variant takes one). Declare either `channel` or `channels`. */
    channels: z.array(alertChannelSchema).min(1).max(10).optional(),
    /** Tile alerts: the dashboard (24 hexadecimal characters), e.g. `dashboard.id`. */
    dashboardId: hex24.optional(),
    /** Tile alerts: the server's tile id, e.g. `dashboard.tileId("Errors")`. Moving a tile alert to another tile replaces it. */
    tileId: hex24.optional(),
    /** Saved-search alerts: the saved search (24 hexadecimal characters). */
    savedSearchId: hex24.optional(),
    /** Saved-search alerts only: the field whose values are alerted on separately. Leaving it out clears it. */
    groupBy: z.string().min(1, "must not be empty (leave it out instead)").optional(),
    /** Display name, 1 to 512 characters. Leave it out for none (an empty name is refused). */
    name: text(512).optional(),
    /** Notification message template, up to 4096 characters. */
    message: text(4096).optional(),
    /** Free-form markdown note, up to 4096 characters. */
    note: text(4096).optional(),
    /** Fire only after this many consecutive violating windows (≥ 1); the alert is `PENDING` in between. */
    numConsecutiveWindows: z.number().int().min(1).optional(),
    /** Minutes (0 to 1439, less than the interval) after each interval boundary (UTC) at which windows start. Default 0. */
    scheduleOffsetMinutes: z.number().int().min(0).max(1439).default(0),
    /**
     * UTC instant (ISO 8601 ending in `Z`) from which windows repeat every interval; the server accepts at most
     * one year ahead and ten years back. Normalized to milliseconds, as the server stores it.
     */
    scheduleStartAt: z.iso
        .datetime({ message: "must be an ISO 8601 UTC instant ending in Z, e.g. 2026-02-08T10:00:00Z" })
        .transform(normalizeInstant)
        .optional(),
    /** Operation timeouts (`create`, `update`, `delete`) such as `5m`. */
    timeouts: timeoutsSchema,
};

/** The keys that describe the remote alert (not where it lives, not the provider's timeouts). */
export const ALERT_FIELD_KEYS = Object.keys(alertFields).filter((key) => key !== "timeouts");

type Issue = { path: (string | number)[]; message: string };

/** The cross-field rules of contract §3.2, each reported at the property to fix. Unknown values (preview) are skipped. */
function alertRules(alert: Record<string, unknown>): Issue[] {
    const issues: Issue[] = [];
    const known = (...keys: string[]) => keys.every((key) => !containsUnknown(alert[key]));
    const declared = (key: string) => alert[key] !== undefined;
    const refuse = (key: string, message: string) => issues.push({ path: [key], message });

    if (known("channel", "channels")) {
        if (!declared("channel") && !declared("channels")) refuse("channel", "declare `channel` or `channels`");
        if (declared("channel") && declared("channels")) refuse("channels", "declare either `channel` or `channels`, not both");
        // The server tells channels apart by their whole contents.
        const channels: unknown[] = Array.isArray(alert.channels) ? alert.channels : [];
        channels.forEach((channel, i) => {
            if (channels.findIndex((other) => sameValue(other, channel)) < i) issues.push({ path: ["channels", i], message: "duplicate channel" });
        });
    }
    if (known("source")) {
        const [own, other] =
            alert.source === "tile"
                ? [
                      ["dashboardId", "tileId"],
                      ["savedSearchId", "groupBy"],
                  ]
                : [["savedSearchId"], ["dashboardId", "tileId"]];
        for (const key of own) if (known(key) && !declared(key)) refuse(key, `required for \`${String(alert.source)}\` alerts`);
        for (const key of other) if (known(key) && declared(key)) refuse(key, `not used by \`${String(alert.source)}\` alerts`);
    }
    if (known("thresholdType", "threshold", "thresholdMax") && typeof alert.thresholdType === "string") {
        const max = alert.thresholdMax;
        if (!isRange(alert.thresholdType)) {
            if (declared("thresholdMax")) refuse("thresholdMax", "only used by `between` and `not_between`");
        } else if (typeof max !== "number") {
            refuse("thresholdMax", `required for \`${alert.thresholdType}\``);
        } else if (typeof alert.threshold === "number" && max < alert.threshold) {
            refuse("thresholdMax", "must be greater than or equal to `threshold`");
        }
    }
    if (known("interval", "scheduleOffsetMinutes", "scheduleStartAt") && typeof alert.scheduleOffsetMinutes === "number") {
        const offset = alert.scheduleOffsetMinutes;
        const minutes = INTERVAL_MINUTES[alert.interval as Interval];
        if (minutes !== undefined && offset >= minutes) refuse("scheduleOffsetMinutes", `must be less than the interval (${minutes} minutes)`);
        if (declared("scheduleStartAt") && offset !== 0) refuse("scheduleOffsetMinutes", "must be 0 when `scheduleStartAt` is set");
    }
    return issues;
}

/**
 * What the variant the alert lives on refuses, each at the property to fix: the self-hosted server knows only
 * `{type: "webhook", webhookId}` channels (its channel schema drops every other key and type), the managed one
 * takes a single channel (its document has no `channels`).
 */
export function alertVariantIssues(alert: Pick<AlertInputs, "channel" | "channels">, variant: Variant): Issue[] {
    const declared: [(string | number)[], AlertChannel][] = alert.channel
        ? [[["channel"], alert.channel]]
        : (alert.channels ?? []).map((channel, i) => [["channels", i], channel]);
    if (variant === "managed") {
        return declared.length > 1 ? [{ path: ["channels"], message: "the managed variant takes a single notification channel: declare `channel`" }] : [];
    }
    return declared.flatMap(([path, channel]) => [
        ...(channel.type === "email" ? [{ path: [...path, "type"], message: "`email` channels exist on the managed variant only" }] : []),
        ...ROUTING_KEYS.filter((key) => channel[key] !== undefined).map((key) => ({
            path: [...path, key],
            message: "exists on the managed variant only",
        })),
    ]);
}

/** Alert inputs: where it lives plus its fields. */
export const alertSchema = z.strictObject({ ...targetSchema, ...alertFields }).superRefine((alert, ctx) => {
    for (const issue of alertRules(alert)) ctx.addIssue({ code: "custom", ...issue });
});

export type AlertChannel = z.output<typeof alertChannelSchema>;

/** The read-only state the server reports. */
export interface AlertStatus {
    /** `OK`, `ALERT`, `PENDING`, `INSUFFICIENT_DATA`, `DISABLED` (or the spec's `inactive`). */
    state: string | null;
    /** Whether the alert carries a silence (its notifications are suppressed until `silencedUntil`). */
    silenced: boolean;
    /** End of the silence, when the server reports one (the silence may have expired). */
    silencedUntil: string | null;
    /** Id of the owning team. */
    team: string | null;
    /** Creation time (ISO 8601, UTC; may be null on the managed variant). */
    createdAt: string | null;
    /** Last update time (ISO 8601, UTC; may be null on the managed variant). */
    updatedAt: string | null;
}

/** What the program declares (the SDK's `AlertArgs` derive from it). */
export type AlertArgs = z.input<typeof alertSchema>;
/** The checked, normalized inputs. */
export type AlertInputs = z.output<typeof alertSchema>;

/** Alert outputs: the normalized inputs, where the alert lives, and what the server reports about it. */
export interface AlertOutputs extends AlertInputs, AlertStatus {
    /** Where the alert lives: the variant and, for managed, the organization and service (resolved at create). */
    target: ResolvedTarget;
}
