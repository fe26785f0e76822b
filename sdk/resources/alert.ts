import * as pulumi from "@pulumi/pulumi";
import type { AlertArgs as AlertDeclaration, AlertOutputs } from "../../provider/resources/alert/schema";
import type { AlertChannel as Channel } from "../../provider/resources/alert/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of an {@link Alert}; every property may be an Output. */
export type AlertArgs = ArgsOf<AlertDeclaration> & AdoptionArgs;
/**
 * A notification channel of an alert: `{type: "webhook", webhookId}`; on the managed variant also with the
 * routing fields `webhookService`, `slackChannelId`, `severity`, or `{type: "email", emailRecipients}`.
 */
export type AlertChannel = Channel;

const KIND = resourceKind<AlertOutputs>({
    type: "Alert",
    outputs: {
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
    },
});

/** The outputs of a {@link Alert}, typed from the schema's `AlertOutputs`. */
export interface Alert extends OutputProperties<AlertOutputs> {}

/**
 * An alert of the self-hosted API or of a cloud service's managed observability API: a dashboard tile
 * (`source: "tile"`) or a saved search (`source: "saved_search"`; the specification's `search` is accepted too)
 * compared with a threshold every `interval`, notifying webhooks (or, on the managed variant, email recipients).
 *
 * Every update sends the whole declaration: an optional field left out (name, message, note, group-by,
 * schedule, consecutive windows) is cleared on the server. Reference the tile through the dashboard
 * (`dashboard.tileId("Errors")`, which fails the program at once on a name no tile has) so the alert follows
 * the dashboard; when an edit of the dashboard removes that tile or the dashboard is deleted, the server
 * deletes the alert, and the next refresh drops it from the stack. A tile alert moved off its tile (to another
 * tile, for instance the new name of a renamed tile, or to a saved search) is replaced in the same `up`: created
 * where it now belongs, then the old one deleted (the server may already have deleted it with its tile).
 * Changing `variant`, `organizationId` or `serviceId` replaces the alert.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * declare const dashboard: obs.Dashboard; // declared as in the Dashboard example
 *
 * const webhookId = obs.getWebhooksOutput().apply((webhooks) => webhooks.filter((webhook) => webhook.name === "Team Slack")[0].id);
 *
 * export const errorRate = new obs.Alert("errors-high", {
 *     name: "checkout: error rate",
 *     source: "tile",
 *     dashboardId: dashboard.id,
 *     tileId: dashboard.tileId("Errors"),
 *     threshold: 100,
 *     thresholdType: "above",
 *     interval: "5m",
 *     numConsecutiveWindows: 2,
 *     channel: { webhookId },
 * });
 * ```
 */
export class Alert extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args What the alert watches, when it fires, whom it notifies and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: AlertArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
