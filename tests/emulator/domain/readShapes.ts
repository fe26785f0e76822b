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

export function renderSavedSearch(search: SavedSearch, teamId: string): JsonObject {
  return { ...(structuredClone(search) as unknown as JsonObject), teamId };
}
