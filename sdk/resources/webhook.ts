import * as pulumi from "@pulumi/pulumi";
import type { WebhookArgs as WebhookDeclaration, WebhookOutputs, WebhookService } from "../../provider/resources/webhook/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

export type { WebhookService };

type Templated = "body" | "headers" | "queryParams";
type CommonArgs = ArgsOf<Omit<WebhookDeclaration, "service" | Templated>> & AdoptionArgs;
type TemplatedArgs = ArgsOf<Pick<WebhookDeclaration, Templated>>;

/** A Slack webhook: `url` is the incoming-webhook URL on `hooks.slack.com`. No body, headers or query parameters. */
export type SlackWebhookArgs = CommonArgs & {
    /** `slack`: a chat incoming webhook. */
    service: "slack";
};
/** A generic HTTP webhook, with an optional payload template, headers and query parameters. */
export type GenericWebhookArgs = CommonArgs &
    TemplatedArgs & {
        /** `generic`: any HTTP endpoint. */
        service: "generic";
    };
/** An incident.io alert-source webhook, with an optional payload template, headers and query parameters. */
export type IncidentioWebhookArgs = CommonArgs &
    TemplatedArgs & {
        /** `incidentio`: an incident.io alert source. */
        service: "incidentio";
    };
/** Arguments of a {@link Webhook}, typed per `service`; every property but `service` may be an Output. */
export type WebhookArgs = SlackWebhookArgs | GenericWebhookArgs | IncidentioWebhookArgs;

const KIND = resourceKind<WebhookOutputs>({
    type: "Webhook",
    /** Outputs encrypted in state: the URL (a chat URL embeds its token) and the write-only values. */
    secretOutputs: ["url", "body", "headers", "queryParams"],
    outputs: {
        variant: undefined,
        organizationId: undefined,
        serviceId: undefined,
        name: undefined,
        service: undefined,
        url: undefined,
        description: undefined,
        body: undefined,
        headers: undefined,
        queryParams: undefined,
        target: undefined,
    },
});

/** The outputs of a {@link Webhook}, typed from the schema's `WebhookOutputs` (`url`, `body`, `headers`, `queryParams` secret). */
export interface Webhook extends OutputProperties<WebhookOutputs> {}

/**
 * A webhook alerts notify (`channel: { webhookId: hook.id }`), of the self-hosted API or of a cloud service's managed
 * observability API: `slack`, `generic` or `incidentio`.
 *
 * `headers`, `queryParams` and the `incidentio` `body` are write-only: the API never returns them, so they are kept
 * from the arguments, sent whole on every write and compared with the arguments only (a change made outside Pulumi
 * cannot be seen). Headers or query parameters that neither the arguments nor the previous ones have are left out
 * of an update, so the server keeps those of an adopted webhook (unless `url` or `service` changes, which clears
 * them); removing them from the arguments clears them. They and `url` are secret: wrapped with `pulumi.secret` and encrypted in state. The API has no
 * read by id: a refresh finds the webhook in the (paged) list, and one missing there is dropped from the stack.
 *
 * Everything changes in place (`service` and `url` too); changing `variant`, `organizationId` or `serviceId`
 * replaces it, deleting the old webhook first because a name is unique per service.
 *
 * Deletion: the server refuses (409) to delete a webhook while an alert's first channel names it. **Delete those
 * alerts first**: reference the webhook from alerts as `hook.id`, so that they depend on it and the engine deletes
 * them before the webhook.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const teamSlack = new obs.Webhook("team-slack", {
 *     name: "Team Slack",
 *     service: "slack",
 *     url: config.requireSecret("slackUrl"),
 *     description: "The checkout team's channel",
 * });
 * export const webhookId = teamSlack.id;
 * ```
 */
export class Webhook extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The service, URL and, for `generic` and `incidentio`, the payload template, headers and query parameters.
     * @param opts Resource options.
     */
    constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
