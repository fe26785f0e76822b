import fc from "fast-check";
import { finite, hex24, Input, obj, text, timeouts } from "./common";
import { target } from "./dashboard";

const INTERVAL_MINUTES: Record<string, number> = { "1m": 1, "5m": 5, "15m": 15, "30m": 30, "1h": 60, "6h": 360, "12h": 720, "1d": 1440 };

const channel = obj({ webhookId: hex24 }, { type: fc.constant("webhook") });

/** Self-hosted (the variant left to the settings): one webhook channel, or several distinct ones. */
const selfHostedChannels = fc.oneof(
    channel.map((c) => ({ channel: c })),
    fc.uniqueArray(channel, { selector: (c) => c.webhookId, minLength: 1, maxLength: 4 }).map((list) => ({ channels: list })),
);

const address = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/), fc.constantFrom("example.com", "example.org"))
    .map(([user, domain]) => `${user}@${domain}`);

/** Managed: a single channel, a webhook with its routing fields or an email one, as `channel` or `channels: [it]`. */
const managedChannel = fc.oneof(
    obj(
        { webhookId: hex24 },
        {
            type: fc.constant("webhook"),
            webhookService: text(32),
            slackChannelId: text(32),
            severity: fc.constantFrom("critical", "error", "warning", "info"),
        },
    ),
    obj({ type: fc.constant("email"), emailRecipients: fc.array(address, { minLength: 1, maxLength: 3 }) }),
);
const managedChannels = fc.tuple(managedChannel, fc.boolean()).map(([c, listed]) => (listed ? { channels: [c] } : { channel: c }));

/** Where the alert lives, and channels that variant takes. */
const placed = fc.oneof(
    fc.tuple(obj({}, { variant: fc.constant("self-hosted") }), selfHostedChannels),
    fc.tuple(obj({ variant: fc.constant("managed") }, { organizationId: target.organizationId, serviceId: target.serviceId }), managedChannels),
);

const source = fc.oneof(
    obj({ source: fc.constant("tile"), dashboardId: hex24, tileId: hex24 }),
    obj({ source: fc.constantFrom("saved_search", "search"), savedSearchId: hex24 }, { groupBy: text(64) }),
);

/** A threshold, with `thresholdMax` ≥ it exactly for the range kinds. */
const threshold = fc
    .tuple(
        finite,
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom("above", "below", "above_exclusive", "below_or_equal", "equal", "not_equal", "between", "not_between"),
    )
    .map(([value, width, thresholdType]) =>
        thresholdType === "between" || thresholdType === "not_between"
            ? { threshold: value, thresholdType, thresholdMax: value + width }
            : { threshold: value, thresholdType },
    );

/** An interval with an offset shorter than it, or a start instant (and no offset). */
const schedule = fc.constantFrom(...Object.keys(INTERVAL_MINUTES)).chain((interval) =>
    fc.oneof(
        obj({ interval: fc.constant(interval) }, { scheduleOffsetMinutes: fc.nat(INTERVAL_MINUTES[interval] - 1) }),
        fc
            .tuple(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }), fc.boolean())
            .map(([start, whole]) => ({ interval, scheduleStartAt: whole ? start.toISOString().replace(/\.\d{3}Z$/, "Z") : start.toISOString() })),
    ),
);

/** A well-formed alert of either source. */
export const alert: fc.Arbitrary<Input> = fc
    .tuple(
        source,
        threshold,
        schedule,
        placed,
        obj({}, { name: text(512), message: text(4096), note: text(4096), numConsecutiveWindows: fc.integer({ min: 1, max: 100 }), timeouts }),
    )
    .map(([source, threshold, schedule, [where, channels], rest]) => Object.assign({}, source, threshold, schedule, where, channels, rest) as Input);
