import { z } from "zod";
import { hasControlCharacter, NO_CONTROL_CHARACTERS, timeoutsSchema, unpaddedName } from "../../common/fields";
import { containsUnknown } from "../../common/unknown";
import { ResolvedTarget, targetSchema } from "../../settings/location";

const secretValue = z
    .string()
    .max(4096, "must be at most 4096 characters")
    .refine((value) => !hasControlCharacter(value), NO_CONTROL_CHARACTERS);

/** A write-only map (≤ 100 entries) whose keys pass `keyProblem`; empty means none, as the server stores it. */
const secretMap = (keyProblem: (key: string) => string | undefined) =>
    z
        .record(z.string(), secretValue)
        .superRefine((map, ctx) => {
            if (Object.keys(map).length > 100) ctx.addIssue({ code: "custom", message: "must have at most 100 entries" });
            for (const key of Object.keys(map)) {
                const problem = keyProblem(key);
                if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
            }
        })
        .optional()
        .transform((map) => (map && Object.keys(map).length > 0 ? map : undefined));

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$/;

/** The services a webhook can call. */
export const WEBHOOK_SERVICES = ["slack", "generic", "incidentio"] as const;

/** The inputs only the templated services (`generic`, `incidentio`) take; slack refuses them, even empty. */
export const TEMPLATED_ONLY = ["body", "headers", "queryParams"] as const;

/** The inputs the API never returns: kept from the last inputs, secret in state, never compared with reads. */
export const WRITE_ONLY = ["headers", "queryParams"] as const;

/**
 * Webhook inputs: where it lives plus its fields (contract-extended §4.2). `headers`, `queryParams` and the
 * `incidentio` `body` are write-only; the SDK marks them, and `url` (a chat URL embeds its token), secret.
 */
export const webhookSchema = z
    .strictObject({
        ...targetSchema,
        /** Name, 1 to 1024 characters without surrounding whitespace; unique per service where it lives. */
        name: unpaddedName(1024),
        /** `slack`, `generic` or `incidentio`. Changed in place (the server then clears headers and query parameters, which are re-sent). */
        service: z.enum(WEBHOOK_SERVICES),
        /**
         * The `http(s)` URL called (≤ 2048 characters); slack URLs are on a `slack.com` host. Not on `localhost` nor a
         * private or reserved IP address (the server refuses them; host names are not looked up), unless the self-hosted
         * server's administrator allows the host (its `WEBHOOK_HOSTNAME_ALLOWLIST`, which the
         * `observability:webhookHostnameAllowlist` setting repeats). Secret. Changed in place.
         */
        url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048, "must be at most 2048 characters"),
        /** Free text (≤ 2048 characters). */
        description: z.string().max(2048, "must be at most 2048 characters").optional(),
        /**
         * `generic` and `incidentio` only: the payload template (≤ 16384 characters, `{{title}}`, `{{body}}`, …); the
         * server's default template when omitted. Write-only (secret) for `incidentio`: the API does not return it there.
         */
        body: z.string().max(16384, "must be at most 16384 characters").optional(),
        /**
         * `generic` and `incidentio` only: HTTP headers sent with each call (≤ 100; names are HTTP tokens of 1 to 256
         * characters not starting with a digit, values ≤ 4096 characters). Write-only and secret: a change made
         * outside Pulumi cannot be seen.
         */
        headers: secretMap((name) =>
            !HEADER_NAME.test(name)
                ? "header names are 1 to 256 HTTP token characters"
                : /^\d/.test(name)
                  ? "header names must not start with a digit"
                  : undefined,
        ),
        /**
         * `generic` and `incidentio` only: query parameters added to the URL (≤ 100; keys of 1 to 1024 characters,
         * values ≤ 4096). Write-only and secret: a change made outside Pulumi cannot be seen.
         */
        queryParams: secretMap((key) => (key.length < 1 || key.length > 1024 ? "query parameter keys are 1 to 1024 characters" : undefined)),
        /** Operation timeouts (`create`, `update`, `delete`) such as `5m`. */
        timeouts: timeoutsSchema,
    })
    .superRefine((webhook, ctx) => {
        if (containsUnknown(webhook.service)) return;
        if (webhook.service === "slack") {
            for (const key of TEMPLATED_ONLY) {
                if (webhook[key] !== undefined)
                    ctx.addIssue({ code: "custom", path: [key], message: "is not supported for the slack webhook service (leave it out)" });
            }
            if (!containsUnknown(webhook.url) && URL.canParse(webhook.url) && !new URL(webhook.url).hostname.endsWith("slack.com")) {
                ctx.addIssue({ code: "custom", path: ["url"], message: "must be on a host ending in `slack.com` for the slack service" });
            }
        }
    });

/** Webhook arguments as a program writes them. */
export type WebhookArgs = z.input<typeof webhookSchema>;
/** Checked and normalized webhook inputs. */
export type WebhookInputs = z.output<typeof webhookSchema>;

/** Webhook outputs: the normalized inputs (write-only values as last sent) and where the webhook lives. */
export interface WebhookOutputs extends WebhookInputs {
    /** Where the webhook lives: the variant and, for managed, the organization and service (resolved at create). */
    target: ResolvedTarget;
}
/** The services a webhook can call. */
export type WebhookService = (typeof WEBHOOK_SERVICES)[number];
