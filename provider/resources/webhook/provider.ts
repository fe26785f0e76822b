import { collectionKind } from "../../engine/collectionKind";
import type { RuleFailure } from "../../engine/dynamicProvider";
import { type Settings, where } from "../../settings/config";
import { parseHostAllowlist } from "./allowlist";
import { refusesWebhookHost } from "./privateAddress";
import { webhookSchema, type WebhookInputs } from "./schema";
import { webhookBody, webhookFieldsFromWire, wireWebhook } from "./wire";

/**
 * The server's refusal of a URL on localhost or a private or reserved address (lexical: no name is looked up, so it
 * is known at preview). On the self-hosted variant it follows the allowlist the setting repeats; the managed
 * service's operator sets its own, which nobody here knows: the default server's rule stands there.
 */
function hostRules(inputs: WebhookInputs, settings: Settings): RuleFailure[] {
    const selfHosted = settings.variant(inputs.variant) === "self-hosted";
    const allowlist = selfHosted ? parseHostAllowlist(settings.get("webhookHostnameAllowlist")) : [];
    if (!refusesWebhookHost(new URL(inputs.url).hostname, allowlist)) return [];
    const refusal = "must be on a public host: the server refuses localhost and private or reserved IP addresses";
    if (!selfHosted) return [{ path: ["url"], message: refusal }];
    return [
        {
            path: ["url"],
            message:
                `${refusal} unless its administrator allows the host (the server's WEBHOOK_HOSTNAME_ALLOWLIST). ` +
                `If yours does, set ${where("webhookHostnameAllowlist")} to the same list`,
        },
    ];
}

/**
 * Webhooks: a collection of either variant, read through its (paged) list, since neither serves a GET by id
 * (contract-extended §4.1). A delete is refused (409) while an alert's first channel names the webhook; alerts that
 * reference it by `hook.id` depend on it, so the engine deletes them first.
 */
export const webhookKind = collectionKind({
    typeName: "Webhook",
    segment: "webhooks",
    schema: webhookSchema,
    rules: hostRules,
    wire: wireWebhook,
    byId: () => false,
    // The declared write-only values stand for the adopted webhook's own: they cannot be read, so they are not re-sent.
    body: (inputs, { olds }) => webhookBody(inputs, olds),
    fields: webhookFieldsFromWire,
    // (service, name) is unique: a lost create is recognised by it exactly.
    identity: ({ service, name }) => ({ service, name }),
    // The server refuses a second webhook of one service and name (400 "A webhook with this service and name already exists").
    uniqueIdentity: true,
    // Service and URL change in place; only a move to another variant, organization or service replaces. Names are
    // unique per service where the webhook lives: a replacement that keeps its name must go first.
    deleteBeforeReplace: true,
    secrets: ["url", "headers", "queryParams", "body"],
});

/** The webhook provider the SDK's provider text loads. */
export const webhook = webhookKind.provider;
