import { ApiError, badRequest, ContractViolation } from "../../http/apiError";
import type { IdFactory } from "../../random";
import type { TeamStore } from "../../store/teamStore";
import type { JsonObject, Webhook } from "../../store/types";
import { asObject, has } from "../json";
import { checkWebhookUrl } from "./urlRules";

export interface WebhookWriteContext {
    team: TeamStore;
    ids: IdFactory;
    nowIso: string;
}

/** Fields only the templated services take; slack refuses them even empty (§4.2). */
const TEMPLATED_ONLY = ["body", "headers", "queryParams"] as const;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$/;
// The server's own rule for header values (no control character at all); the emulator keeps its own copy of it.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function checkMap(body: JsonObject, field: "headers" | "queryParams", keyOk: (key: string) => boolean, keyRule: string): void {
    const entries = Object.entries(asObject(body[field]));
    if (entries.length > 100) throw new ContractViolation(field, "Object must contain at most 100 entries");
    for (const [key, value] of entries) {
        if (!keyOk(key)) throw new ContractViolation(`${field}.${key}`, keyRule);
        if (typeof value !== "string" || value.length > 4096 || CONTROL.test(value))
            throw new ContractViolation(`${field}.${key}`, "Value must be a string of at most 4096 characters without control characters");
    }
}

/** Body rules beyond the documents (§4.2); returns the trimmed name. */
function checkBody(body: JsonObject): string {
    const name = String(body.name).trim();
    if (name.length < 1) throw new ContractViolation("name", "String must contain at least 1 character(s)");
    if (name.length > 1024) throw new ContractViolation("name", "String must contain at most 1024 character(s)");
    if (typeof body.description === "string" && body.description.length > 2048)
        throw new ContractViolation("description", "String must contain at most 2048 character(s)");
    if (body.service === "slack")
        for (const field of TEMPLATED_ONLY)
            if (has(body, field)) throw new ContractViolation(field, `${field} is not supported for the slack webhook service`, { raw: true });
    checkMap(body, "headers", (key) => HEADER_NAME.test(key) && !/^\d/.test(key), "Header names are 1-256 HTTP token characters and do not start with a digit");
    checkMap(body, "queryParams", (key) => key.length >= 1 && key.length <= 1024, "Query parameter keys are 1-1024 characters");
    return name;
}

/** Names are unique per (team, service, trimmed name); a duplicate is 400, not 409 (§4.2, §9.12). */
function checkUnique(team: TeamStore, service: string, name: string, self?: string): void {
    for (const other of team.webhooks.values())
        if (other.id !== self && other.service === service && other.name === name) throw badRequest("A webhook with this service and name already exists");
}

/** Readable fields of a write: `description` and `body` as sent (omitted = absent). */
function readable(body: JsonObject, name: string): Pick<Webhook, "name" | "service" | "url" | "description" | "body"> {
    const out: Pick<Webhook, "name" | "service" | "url" | "description" | "body"> = {
        name,
        service: body.service as Webhook["service"],
        url: String(body.url),
    };
    if (typeof body.description === "string") out.description = body.description;
    if (typeof body.body === "string") out.body = body.body;
    return out;
}

export function createWebhook(ctx: WebhookWriteContext, body: JsonObject): Webhook {
    const name = checkBody(body);
    checkWebhookUrl(String(body.url), String(body.service), ctx.team.webhookHostnameAllowlist);
    checkUnique(ctx.team, String(body.service), name);
    const webhook: Webhook = { id: ctx.ids.objectId(), ...readable(body, name), createdAt: ctx.nowIso, updatedAt: ctx.nowIso };
    if (has(body, "headers")) webhook.headers = { ...(body.headers as Record<string, string>) };
    if (has(body, "queryParams")) webhook.queryParams = { ...(body.queryParams as Record<string, string>) };
    ctx.team.webhooks.set(webhook.id, webhook);
    return webhook;
}

/**
 * PUT (§4.4), in the server's order: body (400) → existence (undefined: 404) → URL (400) → duplicate name (400) →
 * the write pinned to the stored url+service (409 when a concurrent edit changed them). `description`/`body` are
 * cleared when omitted; `headers`/`queryParams` kept when omitted unless `url` or `service` changes, `{}` clears.
 */
export function replaceWebhook(ctx: WebhookWriteContext, id: string, body: JsonObject): Webhook | undefined {
    const name = checkBody(body);
    const stored = ctx.team.webhooks.get(id);
    if (!stored) return undefined;
    checkWebhookUrl(String(body.url), String(body.service), ctx.team.webhookHostnameAllowlist);
    checkUnique(ctx.team, String(body.service), name, id);
    if (ctx.team.concurrentWebhookEdits.delete(id)) throw new ApiError(409, "Webhook was modified concurrently; please retry with the current state");
    const moved = stored.url !== body.url || stored.service !== body.service;
    const next: Webhook = { id, ...readable(body, name), createdAt: stored.createdAt, updatedAt: ctx.nowIso };
    for (const field of ["headers", "queryParams"] as const) {
        const sent = has(body, field) ? (body[field] as Record<string, string>) : moved ? undefined : stored[field];
        if (sent !== undefined && Object.keys(sent).length > 0) next[field] = { ...sent };
    }
    ctx.team.webhooks.set(id, next);
    return next;
}

/** DELETE (§4.6): 409 while an alert's first channel names it (checked before existence); false when missing. */
export function deleteWebhook(team: TeamStore, id: string): boolean {
    const references = team.firstChannelReferences(id);
    if (references > 0) throw new ApiError(409, `Cannot delete webhook: ${references} alert(s) still reference it. Reassign or remove those alerts first.`);
    return team.webhooks.delete(id);
}
