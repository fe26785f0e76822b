import { collectionAt } from "../../api/collection";
import { hex24 } from "../../common/ids";
import { OperationContext, targetClients } from "../../api/apis";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import { ResolvedTarget, reportedAt, resolveTarget, targetReplaceKeys } from "../../settings/location";
import { WebhookInputs, WebhookOutputs, webhookSchema } from "./schema";
import { webhookBody, webhookFieldsFromWire, WebhookWriteOnly, WireWebhook, wireWebhook } from "./wire";

/** What the mapping of a server's webhook needs from the declaration: where it lives and the write-only values. */
export type WebhookDeclared = Pick<WebhookInputs, "variant" | "organizationId" | "serviceId" | "timeouts"> & WebhookWriteOnly & { target: ResolvedTarget };

const label = (name: string) => `Webhook ${JSON.stringify(name)}`;

// No GET by id in either variant (contract-extended §4.1): the collection reads one webhook through the (paged) list.
const collection = (ctx: OperationContext, target: ResolvedTarget) => collectionAt(ctx, target, "webhooks", wireWebhook, { byId: false });

/** Outputs from the server's answer, normalized as `check` normalizes inputs. */
function fromWire(ctx: OperationContext, webhook: WireWebhook, declared: WebhookDeclared): WebhookOutputs {
    const reported = reportedAt(declared, webhookFieldsFromWire(webhook, declared));
    return { ...normalizeReported(definition, ctx.apis.settings, reported), target: declared.target };
}

/** The read mapping (refresh, adoption, export): the outputs and the normalized inputs that reproduce the server's webhook. */
export function readWebhook(ctx: OperationContext, webhook: WireWebhook, declared: WebhookDeclared): { outs: WebhookOutputs; inputs: WebhookInputs } {
    const outs = fromWire(ctx, webhook, declared);
    const { target: _target, ...inputs } = outs;
    return { outs, inputs };
}

const definition: ResourceDefinition<typeof webhookSchema, WebhookOutputs> = {
    typeName: "Webhook",
    schema: webhookSchema,
    clients: targetClients,
    // Service and URL change in place; only a move to another variant, organization or service replaces.
    replaceKeys: (olds, news, changed) => targetReplaceKeys(olds, news, changed),
    // Names are unique per service where the webhook lives: a replacement that keeps its name must go first.
    deleteBeforeReplace: true,
    // The declared write-only values stand for the adopted webhook's own: they cannot be read, so they are not re-sent.
    adoption: { id: hex24, seed: (inputs, settings) => ({ ...inputs, target: resolveTarget(settings, inputs) }) },

    secrets: ["url", "headers", "queryParams", "body"],

    async create(ctx, inputs) {
        const target = resolveTarget(ctx.apis.settings, inputs);
        // (service, name) is unique: a lost create is recognised by it exactly.
        const matches = (found: WireWebhook) => found.service === inputs.service && found.name === inputs.name;
        const created = await collection(ctx, target).create(`create ${label(inputs.name)}`, webhookBody(inputs), matches);
        return { id: created.id, outs: fromWire(ctx, created, { ...inputs, target }) };
    },

    async read(ctx, id, olds) {
        const webhook = await collection(ctx, olds.target).read(`read ${label(olds.name)}`, id);
        return webhook && readWebhook(ctx, webhook, olds);
    },

    async update(ctx, id, olds, news) {
        const updated = await collection(ctx, olds.target).update(`update ${label(news.name)}`, id, webhookBody(news, olds));
        return fromWire(ctx, updated, { ...news, target: olds.target });
    },

    // 409 while an alert's first channel names the webhook; alerts that reference it by `hook.id` depend on it, so
    // the engine deletes them first.
    delete: (ctx, id, olds) => collection(ctx, olds.target).delete(`delete ${label(olds.name)}`, id),
};

/** The webhook provider the SDK's stub loads. */
export const webhook = dynamicProvider(definition);
