import { isIPv4, isIPv6 } from "node:net";

/**
 * The self-hosted server's webhook host allowlist (its `WEBHOOK_HOSTNAME_ALLOWLIST`, read once at its start), read and
 * matched as the server does (its `validators.ts`): hosts it exempts from the refusal of localhost and of private or
 * reserved addresses. Nothing is looked up and nothing is a pattern: `*` is a character, `10.0.0.0/8` is no range.
 */

/** A host as the server compares them: without IPv6 brackets and trailing dots, in lower case. */
export function normalizedHost(host: string): string {
    return host
        .replace(/^\[|\]$/g, "")
        .replace(/\.+$/, "")
        .toLowerCase();
}

/**
 * The entries of an allowlist as the server reads its variable: split at commas, each trimmed and normalized, empty
 * ones dropped. Any text is a list; an entry that no URL's host can equal (a port, a range) allows nothing.
 * @param text the list as the administrator wrote it, or undefined for none
 */
export function parseHostAllowlist(text: string | undefined): readonly string[] {
    return (text ?? "")
        .split(",")
        .map((entry) => normalizedHost(entry.trim()))
        .filter((entry) => entry !== "");
}

/**
 * Whether the server's address library reads an entry as an IP address, which then allows itself only: IPv4 in four
 * decimal parts without leading zeros, or IPv6, either with a `/prefix` (and IPv6 with a `%zone`). A name, and an
 * IPv4 shorthand such as `1.1` or `0x7f.1`, is not one. (The IPv6 test is Node's: a URL's host never holds both a
 * colon and a dot, so an entry with a colon can only ever equal a host, whatever this says of it.)
 */
function isAddressEntry(entry: string): boolean {
    const v4 = /^(.*)\/(\d{1,2})$/.exec(entry);
    if (isIPv4(v4 ? v4[1] : entry)) return !v4 || Number(v4[2]) <= 32;
    const v6 = /^([^/]*?)(?:\/(\d{1,3}))?(%.*)?$/.exec(entry);
    return v6 !== null && isIPv6(v6[1]) && (v6[2] === undefined || Number(v6[2]) <= 128);
}

/**
 * Whether the allowlist exempts a host: it equals an entry, or is under an entry that is not an IP address
 * (`alerts.internal` allows `pager.alerts.internal`). Hosts are compared as texts, as the URL writes them: an IPv6
 * entry allows only the URL's compressed form of its address (`fd00::1`, not `fd00:0::1`), an IPv4 entry not its
 * IPv6-mapped form, and `1.1` (a name to the server) every IPv4 address ending in `.1.1`.
 * @param host the host of the URL (`new URL(url).hostname`)
 * @param allowlist the entries, from {@link parseHostAllowlist}
 */
export function isAllowlistedHost(host: string, allowlist: readonly string[]): boolean {
    const hostname = normalizedHost(host);
    return allowlist.some((entry) => hostname === entry || (!isAddressEntry(entry) && hostname.endsWith(`.${entry}`)));
}
