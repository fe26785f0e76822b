import * as pulumi from "@pulumi/pulumi";
import type { WebhookOutputs } from "../../provider/resources/webhook/provider";
import type { WebhookInput, WebhookService } from "../../provider/resources/webhook/schema";
import type { ResolvedTarget } from "../../provider/settings/target";
import { AdoptionArgs, ArgsOf } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("webhook");

export type { WebhookService };

type Templated = "body" | "headers" | "queryParams";
type CommonArgs = ArgsOf<Omit<WebhookInput, "service" | Templated>> & AdoptionArgs;
type TemplatedArgs = ArgsOf<Pick<WebhookInput, Templated>>;

/** A Slack webhook: `url` is the incoming-webhook URL on `hooks.slack.com`. No body, headers or query parameters. */
export type SlackWebhookArgs = CommonArgs & {
    /** `slack`. */
    service: "slack";
};
/** A generic HTTP webhook, with an optional payload template, headers and query parameters. */
export type GenericWebhookArgs = CommonArgs & TemplatedArgs & {
    /** `generic`. */
    service: "generic";
};
/** An incident.io alert-source webhook, with an optional payload template, headers and query parameters. */
export type IncidentioWebhookArgs = CommonArgs & TemplatedArgs & {
    /** `incidentio`. */
    service: "incidentio";
};
/** Arguments of a {@link Webhook}, typed per `service`; every property but `service` may be an Output. */
export type WebhookArgs = SlackWebhookArgs | GenericWebhookArgs | IncidentioWebhookArgs;

// Every output, seeded so that the engine reports it even when the arguments leave it out.
const OUTPUTS = {
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
} satisfies Record<keyof Omit<WebhookOutputs, "timeouts">, undefined>;

/** Outputs encrypted in state: the URL (a chat URL embeds its token) and the write-only values. */
const SECRET_OUTPUTS = ["url", "body", "headers", "queryParams"] as const satisfies readonly (keyof WebhookOutputs)[];

/**
 * A webhook alerts notify (`channel: { webhookId: hook.id }`), of the self-hosted API or of a cloud service's managed
 * observability API: `slack`, `generic` or `incidentio`.
 *
 * `headers`, `queryParams` and the `incidentio` `body` are write-only: the API never returns them, so they are kept
 * from the arguments, sent whole on every write and compared with the arguments only (a change made outside Pulumi
 * cannot be seen). They and `url` are secret: wrapped with `pulumi.secret` and encrypted in state. The API has no
 * read by id: a refresh finds the webhook in the (paged) list, and one missing there is dropped from the stack.
 *
 * Everything changes in place (`service` and `url` too); changing `variant`, `organizationId` or `serviceId`
 * replaces it, deleting the old webhook first because a name is unique per service.
 *
 * Deletion: the server refuses (409) to delete a webhook while an alert's first channel names it. **Delete those
 * alerts first**: reference the webhook from alerts as `hook.id`, so that they depend on it and the engine deletes
 * them before the webhook.
 */
export class Webhook extends pulumi.dynamic.Resource {
    /** The `variant` argument as given. */
    declare readonly variant: pulumi.Output<WebhookOutputs["variant"]>;
    /** The `organizationId` argument as given. */
    declare readonly organizationId: pulumi.Output<string | undefined>;
    /** The `serviceId` argument as given. */
    declare readonly serviceId: pulumi.Output<string | undefined>;
    /** Name (trimmed). */
    declare readonly name: pulumi.Output<string>;
    /** `slack`, `generic` or `incidentio`. */
    declare readonly service: pulumi.Output<WebhookService>;
    /** The URL called (secret). */
    declare readonly url: pulumi.Output<string>;
    /** Description. */
    declare readonly description: pulumi.Output<string | undefined>;
    /** Payload template (secret; for `incidentio` as last sent). */
    declare readonly body: pulumi.Output<string | undefined>;
    /** Headers as last sent (secret; never returned by the API). */
    declare readonly headers: pulumi.Output<Record<string, string> | undefined>;
    /** Query parameters as last sent (secret; never returned by the API). */
    declare readonly queryParams: pulumi.Output<Record<string, string> | undefined>;
    /** Where the webhook lives: the variant and, for managed, the organization and service (resolved at create). */
    declare readonly target: pulumi.Output<ResolvedTarget>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args The service, URL and, for `generic` and `incidentio`, the payload template, headers and query parameters.
     * @param opts Resource options.
     */
    constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
        const given: Partial<Record<(typeof SECRET_OUTPUTS)[number], unknown>> = args;
        const secrets = Object.fromEntries(SECRET_OUTPUTS.flatMap((key) => (given[key] === undefined ? [] : [[key, pulumi.secret(given[key])]])));
        const options = pulumi.mergeOptions(opts, { additionalSecretOutputs: [...SECRET_OUTPUTS] });
        super(provider, name, { ...OUTPUTS, ...args, ...secrets }, options, "observability", "Webhook");
    }
}
