import { collectionKind } from "../../engine/collectionKind";
import { webhookSchema } from "./schema";
import { webhookBody, webhookFieldsFromWire, wireWebhook } from "./wire";

/**
 * Webhooks: a collection of either variant, read through its (paged) list, since neither serves a GET by id
 * (contract-extended §4.1). A delete is refused (409) while an alert's first channel names the webhook; alerts that
 * reference it by `hook.id` depend on it, so the engine deletes them first.
 */
export const webhookKind = collectionKind({
    typeName: "Webhook",
    segment: "webhooks",
    schema: webhookSchema,
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
