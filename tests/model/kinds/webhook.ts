import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { PropertyMap } from "../../harness/host";
import type { Variant } from "../model";
import { common, type DeclareEnv } from "./env";

/** A slack webhook (names are unique per service: the resource name is the webhook's). */
export interface WebhookModel {
    variant: Variant;
    description: string;
    adoptId?: string;
}

export const webhookArbitrary = (variant: Variant): fc.Arbitrary<WebhookModel> =>
    fc.record({ variant: fc.constant(variant), description: fc.constantFrom("pages on-call", "team channel", "") });

/** The webhook as its API takes it (also what a person creates by hand before an adoption). */
export function webhookBody(name: string, record: WebhookModel): PropertyMap {
    return {
        name,
        service: "slack",
        url: `https://hooks.slack.com/services/T0/B0/${name}`,
        ...(record.description ? { description: record.description } : {}),
    };
}

export function declareWebhook(name: string, record: WebhookModel, env: DeclareEnv): DeclaredResource {
    return { type: "Webhook", name, provider: env.providers.webhook, inputs: { ...common(record), ...webhookBody(name, record) } };
}
