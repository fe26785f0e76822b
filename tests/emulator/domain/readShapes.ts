import type { JsonObject, SavedSearch, Source, Webhook } from "../store/types";

/** Webhook read shape (§4.2): `headers` and `queryParams` are write-only; `body` only for generic webhooks. */
export function renderWebhook(webhook: Webhook): JsonObject {
    const out: JsonObject = { id: webhook.id, name: webhook.name, service: webhook.service, url: webhook.url };
    if (webhook.description !== undefined) out.description = webhook.description;
    out.createdAt = webhook.createdAt;
    out.updatedAt = webhook.updatedAt;
    if (webhook.service === "generic" && webhook.body !== undefined) out.body = webhook.body;
    return out;
}

export function renderSource(source: Source): JsonObject {
    return structuredClone(source);
}

/** Saved-search read shape (§3.6): every field, the team id, then the timestamps. */
export function renderSavedSearch(search: SavedSearch, teamId: string): JsonObject {
    const { createdAt, updatedAt, ...fields } = structuredClone(search);
    return { ...(fields as unknown as JsonObject), teamId, createdAt, updatedAt };
}
