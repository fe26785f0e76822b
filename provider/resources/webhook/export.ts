import { collectionAt } from "../../api/collection";
import { ExportedObject, KindExport, namedObject } from "../../engine/exporter";
import type { TsEntry } from "../../engine/tsValue";
import { webhookKind } from "./provider";

/** The write-only inputs of the templated services (generic, incidentio), which the API never returns. */
const WRITE_ONLY = [
    { key: "headers", suffix: "headers", form: "map", noun: "headers" },
    { key: "queryParams", suffix: "query-params", form: "map", noun: "query parameters" },
    { key: "body", suffix: "body", form: "string", noun: "body template" },
] as const;

/**
 * Webhooks for the export command (alerts reference `webhook.id`). The API never returns their write-only values, so
 * the program reads those, and the URL, from secret stack config.
 */
export const webhookExport = {
    kind: "webhooks",
    aliases: ["webhook", "hooks"],
    lives: "observability",
    nouns: ["webhook", "webhooks"],
    reference: { variable: "webhook", byId: false },
    names: {
        noun: "webhook",
        // The request of the getWebhooks lookup, named alike.
        list: ({ ctx, target }) => collectionAt(ctx, target, "webhooks", namedObject).list("getWebhooks"),
    },
    declaration: (exported) => ({
        names: [exported.name ?? "", "webhook"],
        header: [`Webhook ${JSON.stringify(exported.name)} (${String(exported.inputs.service)})`],
    }),
    secretEntries(exported, config) {
        const url = config.require("url", `URL of webhook ${JSON.stringify(exported.name)}`);
        const entries: TsEntry[] = [
            {
                key: "url",
                value: url.value,
                before: [
                    "The URL is secret (a chat URL embeds its token): copy it from the web UI into the stack config.",
                    `  pulumi config set --secret ${url.key}`,
                ],
            },
        ];
        const service = exported.inputs.service;
        if (service !== "generic" && service !== "incidentio") return entries;
        const optional = service === "incidentio" ? WRITE_ONLY : WRITE_ONLY.filter((field) => field.key !== "body");
        for (const [i, field] of optional.entries()) {
            const holds = `${field.noun} of webhook ${JSON.stringify(exported.name)}, if it has any: left unset, its next update clears them`;
            const { key, value } = config.optional(field.suffix, field.form, holds);
            entries.push({
                key: field.key,
                value,
                before: [
                    ...(i === 0 ? ["The API never returns these: set the ones the webhook has, or the next update of it clears them."] : []),
                    `  pulumi config set --secret ${key} ${field.form === "string" ? "'<template>'" : `'{"<name>": "<value>"}'`}   # optional`,
                ],
            });
        }
        return entries;
    },
    readme: {
        declared: [
            "- Webhook URLs are secret (a chat URL embeds its token), and the API never returns a webhook's headers, query",
            "  parameters or incidentio body: the program reads them from secret config (the URLs required, the others",
            "  optional: set the ones each webhook has, or its next update clears them).",
        ],
    },
    list: (scope) => webhookKind.exported(scope),
} as const satisfies KindExport<"webhooks", ExportedObject>;
