import { z } from "zod";
import { WRITE_ONLY, type WebhookInputs } from "./schema";

/**
 * A webhook as either variant lists it (contract-extended §4.3): never `headers` or `queryParams`, `body` only for
 * `generic`. The managed list may hold services this package cannot write (`slack_api`, `pagerduty_api`).
 */
export const wireWebhook = z.looseObject({
    id: z.string(),
    name: z.string().default(""),
    service: z.string(),
    url: z.string(),
    description: z.string().nullish(),
    body: z.string().nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
});
export type WireWebhook = z.infer<typeof wireWebhook>;

/** What the server never returns, taken from the declaration instead. */
export type WebhookWriteOnly = Partial<Pick<WebhookInputs, "service" | "body" | "headers" | "queryParams">>;

const templated = (service: string) => service === "generic" || service === "incidentio";

/**
 * The request body of POST and PUT alike (contract-extended §9.3): the whole declaration. Slack gets none of `body`,
 * `headers`, `queryParams`, not even empty. A templated service gets each write-only map that is declared, and `{}`
 * (which clears it) for one the previous declaration had; a map neither declares is left out, so the server keeps
 * what it has (the headers of an adopted webhook made by hand, say), unless `url` or `service` changes.
 */
export function webhookBody(webhook: WebhookInputs, previous: WebhookWriteOnly = {}): Record<string, unknown> {
    const body: Record<string, unknown> = { name: webhook.name, service: webhook.service, url: webhook.url };
    if (webhook.description !== undefined) body.description = webhook.description;
    if (!templated(webhook.service)) return body;
    if (webhook.body !== undefined) body.body = webhook.body;
    for (const key of WRITE_ONLY) {
        const declared = webhook[key] ?? (previous[key] !== undefined ? {} : undefined);
        if (declared !== undefined) body[key] = declared;
    }
    return body;
}

/**
 * The webhook's own fields as `check` would produce them: what the server reports, and the write-only values
 * (`headers`, `queryParams`, the `incidentio` body) as last declared, for a service that takes them.
 */
export function webhookFieldsFromWire(webhook: WireWebhook, declared: WebhookWriteOnly): Record<string, unknown> {
    const keepsDeclared = templated(webhook.service) && declared.service === webhook.service;
    return {
        name: webhook.name,
        service: webhook.service,
        url: webhook.url,
        description: webhook.description ?? undefined,
        body: webhook.service === "generic" ? (webhook.body ?? undefined) : keepsDeclared ? declared.body : undefined,
        headers: keepsDeclared ? declared.headers : undefined,
        queryParams: keepsDeclared ? declared.queryParams : undefined,
    };
}
