import * as pulumi from "@pulumi/pulumi";
import type { AlertArgs as AlertDeclaration, AlertOutputs } from "../../provider/resources/alert/schema";
import type { AlertChannel as Channel } from "../../provider/resources/alert/schema";
import type { ResolvedTarget } from "../../provider/settings/target";
import { AdoptionArgs, ArgsOf } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("alert");

/** Arguments of an {@link Alert}; every property may be an Output. */
export type AlertArgs = ArgsOf<AlertDeclaration> & AdoptionArgs;
/** A notification channel of an alert: `{type: "webhook", webhookId}`. */
export type AlertChannel = Channel;

// Every output, seeded so that the engine reports it even when the arguments leave it out.
const OUTPUTS = {
    source: undefined,
    threshold: undefined,
    thresholdType: undefined,
    thresholdMax: undefined,
    interval: undefined,
    channel: undefined,
    channels: undefined,
    dashboardId: undefined,
    tileId: undefined,
    savedSearchId: undefined,
    groupBy: undefined,
    name: undefined,
    message: undefined,
    note: undefined,
    numConsecutiveWindows: undefined,
    scheduleOffsetMinutes: undefined,
    scheduleStartAt: undefined,
    variant: undefined,
    organizationId: undefined,
    serviceId: undefined,
    target: undefined,
    state: undefined,
    silenced: undefined,
    silencedUntil: undefined,
    team: undefined,
    createdAt: undefined,
    updatedAt: undefined,
} satisfies Record<keyof Omit<AlertOutputs, "timeouts">, undefined>;

/**
 * An alert of the self-hosted API or of a cloud service's managed observability API: a dashboard tile
 * (`source: "tile"`) or a saved search (`source: "search"`) compared with a threshold every `interval`,
 * notifying webhooks.
 *
 * Every update sends the whole declaration: an optional field left out (name, message, note, group-by,
 * schedule, consecutive windows) is cleared on the server. Reference the tile through the dashboard's
 * `tileIds` output (`dashboard.tileIds["Errors"]`) so the alert follows the dashboard; when an edit of the
 * dashboard removes that tile or the dashboard is deleted, the server deletes the alert, and the next
 * refresh drops it from the stack. Changing `variant`, `organizationId` or `serviceId` replaces the alert.
 */
export class Alert extends pulumi.dynamic.Resource {
    /** `tile` or `search`. */
    declare readonly source: pulumi.Output<AlertOutputs["source"]>;
    /** The threshold (lower bound of the range kinds). */
    declare readonly threshold: pulumi.Output<number>;
    /** How the series is compared with the threshold. */
    declare readonly thresholdType: pulumi.Output<AlertOutputs["thresholdType"]>;
    /** Upper bound of `between` and `not_between`. */
    declare readonly thresholdMax: pulumi.Output<number | undefined>;
    /** Evaluation window, e.g. `5m`. */
    declare readonly interval: pulumi.Output<AlertOutputs["interval"]>;
    /** The single channel, when the alert was declared (or is held) with one. */
    declare readonly channel: pulumi.Output<AlertChannel | undefined>;
    /** The channels, when the alert was declared with `channels` (or the server holds several). */
    declare readonly channels: pulumi.Output<AlertChannel[] | undefined>;
    /** Tile alerts: the dashboard id. */
    declare readonly dashboardId: pulumi.Output<string | undefined>;
    /** Tile alerts: the tile id. */
    declare readonly tileId: pulumi.Output<string | undefined>;
    /** Search alerts: the saved search id. */
    declare readonly savedSearchId: pulumi.Output<string | undefined>;
    /** Search alerts: the group-by field. */
    declare readonly groupBy: pulumi.Output<string | undefined>;
    /** Display name. */
    declare readonly name: pulumi.Output<string | undefined>;
    /** Message template. */
    declare readonly message: pulumi.Output<string | undefined>;
    /** Markdown note. */
    declare readonly note: pulumi.Output<string | undefined>;
    /** Consecutive violating windows before the alert fires. */
    declare readonly numConsecutiveWindows: pulumi.Output<number | undefined>;
    /** Minutes after each interval boundary at which windows start (0 by default). */
    declare readonly scheduleOffsetMinutes: pulumi.Output<number>;
    /** UTC anchor of the windows, in milliseconds precision (`2026-02-08T10:00:00.000Z`). */
    declare readonly scheduleStartAt: pulumi.Output<string | undefined>;
    /** The `variant` argument as given. */
    declare readonly variant: pulumi.Output<AlertOutputs["variant"]>;
    /** The `organizationId` argument as given. */
    declare readonly organizationId: pulumi.Output<string | undefined>;
    /** The `serviceId` argument as given. */
    declare readonly serviceId: pulumi.Output<string | undefined>;
    /** Where the alert lives: the variant and, for managed, the organization and service (resolved at create). */
    declare readonly target: pulumi.Output<ResolvedTarget>;
    /** Evaluation state reported by the server: `OK`, `ALERT`, `PENDING`, `INSUFFICIENT_DATA`, `DISABLED` (or `inactive`). */
    declare readonly state: pulumi.Output<string | null>;
    /** Whether the alert carries a silence (set in the web UI; the API cannot change it). */
    declare readonly silenced: pulumi.Output<boolean>;
    /** End of the silence when the server reports one; it may lie in the past (an expired silence stays until cleared). */
    declare readonly silencedUntil: pulumi.Output<string | null>;
    /** Id of the owning team. */
    declare readonly team: pulumi.Output<string | null>;
    /** Creation time (ISO 8601, UTC; may be null on the managed variant). */
    declare readonly createdAt: pulumi.Output<string | null>;
    /** Last update time (ISO 8601, UTC; may be null on the managed variant). */
    declare readonly updatedAt: pulumi.Output<string | null>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args What the alert watches, when it fires, whom it notifies and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: AlertArgs, opts?: pulumi.CustomResourceOptions) {
        super(provider, name, { ...OUTPUTS, ...args }, opts, "observability", "Alert");
    }
}
