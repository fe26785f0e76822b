import { BlockList, isIP } from "node:net";
import { badRequest } from "../../http/apiError";

/** Loopback, private, link-local, CGNAT, multicast, documentation and reserved ranges (§4.5). */
const REFUSED = new BlockList();
for (const [network, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
] as const)
    REFUSED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
    ["2001:db8::", 32],
    ["100::", 64],
    ["64:ff9b::", 96],
] as const)
    REFUSED.addSubnet(network, prefix, "ipv6");

/** `::ffff:7f00:1` (how URL parsing writes `::ffff:127.0.0.1`) as the IPv4 address it maps. */
function mappedIpv4(address: string): string | undefined {
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (dotted) return dotted[1];
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (!hex) return undefined;
    const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

function isRefusedAddress(hostname: string): boolean {
    const lower = hostname.toLowerCase();
    if (lower === "localhost" || lower.endsWith(".localhost")) return true;
    const address = lower.replace(/^\[|\]$/g, "");
    const version = isIP(address);
    if (version === 4) return REFUSED.check(address, "ipv4");
    if (version !== 6) return false;
    const mapped = mappedIpv4(address);
    return mapped !== undefined ? REFUSED.check(mapped, "ipv4") : REFUSED.check(address, "ipv6");
}

/**
 * The URL checks of create and update (§4.5): http(s) only; slack URLs on a host ending in `slack.com`; no
 * localhost or private/reserved IP literal (names are not resolved) unless the hostname is allowlisted.
 */
export function checkWebhookUrl(url: string, service: string, allowlist: ReadonlySet<string>): void {
    let parsed: URL;
    try {
        parsed = new URL(url);
    } catch {
        throw badRequest("Body validation failed: url: Invalid url");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw badRequest("Webhook URL must use the http or https scheme");
    if (service === "slack" && !parsed.hostname.endsWith("slack.com")) throw badRequest("Slack webhook URL does not have hostname that ends in 'slack.com'");
    if (!allowlist.has(parsed.hostname.toLowerCase()) && isRefusedAddress(parsed.hostname))
        throw badRequest("Webhook URL resolves to a private or reserved address.");
}
