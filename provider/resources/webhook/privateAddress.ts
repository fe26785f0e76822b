import { BlockList, isIPv4, isIPv6 } from "node:net";
import { isAllowlistedHost, normalizedHost } from "./allowlist";

/**
 * The self-hosted server's rule for webhook URLs (its `validateWebhookUrl`), which is lexical: no name is looked up.
 * A host is refused when it is `localhost` or under `.localhost`, or an IP literal in one of these ranges. An IPv6
 * address mapped from (`::ffff:0:0/96`) or compatible with (`::/96`) an IPv4 one is judged as that IPv4 address; one of
 * the NAT64 prefix (`64:ff9b::/96`) only when it embeds a loopback, link-local, multicast or unspecified address.
 */
const IPV4 = blockList("ipv4", [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
]);
const IPV6 = blockList("ipv6", [
    ["fe80::", 10],
    ["fc00::", 7],
    ["ff00::", 8],
    ["2001:db8::", 32],
    ["100::", 64],
]);
/** What a NAT64 address is refused for: its embedded IPv4 address is loopback, link-local, multicast or unspecified. */
const NAT64_EMBEDDED = blockList("ipv4", [
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["224.0.0.0", 4],
    ["0.0.0.0", 32],
]);

function blockList(type: "ipv4" | "ipv6", subnets: [string, number][]): BlockList {
    const list = new BlockList();
    for (const [network, prefix] of subnets) list.addSubnet(network, prefix, type);
    return list;
}

/** The 8 groups of an IPv6 address as numbers (`::ffff:7f00:1` → `[0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]`). */
function groups(address: string): number[] {
    const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
    // A dotted IPv4 tail (`::ffff:127.0.0.1`) is two groups.
    const group = (text: string) => {
        if (!text.includes(".")) return [parseInt(text, 16)];
        const [a, b, c, d] = text.split(".").map(Number);
        return [(a << 8) | b, (c << 8) | d];
    };
    const parse = (part: string | undefined) => (part ? part.split(":").flatMap(group) : []);
    const [left, right] = [parse(head), parse(tail)];
    return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address of the last 32 bits. */
const lastIpv4 = (g: number[]) => [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join(".");

/**
 * Whether the server refuses a webhook URL's host as local, private or reserved (400 `Webhook URL resolves to a private
 * or reserved address.`), the host as `new URL()` gives it (IPv4 shorthands already written out, IPv6 bracketed and
 * compressed), whatever its allowlist says ({@link refusesWebhookHost} reads that too).
 * @param urlHostname the `hostname` of the URL's `new URL()`
 */
export function isPrivateOrReservedHost(urlHostname: string): boolean {
    const host = normalizedHost(urlHostname);
    if (host === "localhost" || host.endsWith(".localhost")) return true;
    if (isIPv4(host)) return IPV4.check(host, "ipv4");
    if (!isIPv6(host)) return false;
    const g = groups(host);
    const zeros = (n: number) => g.slice(0, n).every((group) => group === 0);
    if (zeros(5) && (g[5] === 0xffff || g[5] === 0)) return IPV4.check(lastIpv4(g), "ipv4");
    if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return NAT64_EMBEDDED.check(lastIpv4(g), "ipv4");
    return IPV6.check(host, "ipv6");
}

/**
 * Whether the self-hosted server refuses a webhook URL's host: local, private or reserved, and not exempted by the
 * allowlist its administrator set (`WEBHOOK_HOSTNAME_ALLOWLIST`).
 * @param urlHostname the `hostname` of the URL's `new URL()`
 * @param allowlist the server's allowlist, read by `parseHostAllowlist` (empty: the default server's)
 */
export function refusesWebhookHost(urlHostname: string, allowlist: readonly string[]): boolean {
    return !isAllowlistedHost(urlHostname, allowlist) && isPrivateOrReservedHost(urlHostname);
}
