import { refusesWebhookHost } from "../../../../provider/resources/webhook/privateAddress";
import { badRequest } from "../../http/apiError";

/**
 * The URL checks of create and update (§4.5): http(s) only; slack URLs on a host ending in `slack.com`; no
 * localhost or private/reserved IP literal (names are not resolved) unless the server's allowlist exempts the host.
 */
export function checkWebhookUrl(url: string, service: string, allowlist: readonly string[]): void {
    let parsed: URL;
    try {
        parsed = new URL(url);
    } catch {
        throw badRequest("Body validation failed: url: Invalid url");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw badRequest("Webhook URL must use the http or https scheme");
    if (service === "slack" && !parsed.hostname.endsWith("slack.com")) throw badRequest("Slack webhook URL does not have hostname that ends in 'slack.com'");
    // The server's lexical rule and its allowlist's matching, which the providers apply at check too.
    if (refusesWebhookHost(parsed.hostname, allowlist)) throw badRequest("Webhook URL resolves to a private or reserved address.");
}
