// Webhook URL hosts by what the self-hosted server (API 2.36.0) answered when each was sent to it: for the check's tests,
// the emulator's facts and the live suite, which sends the allowlist's hosts to a real server again each run.

/** Hosts it refuses as local, private or reserved (400 `Webhook URL resolves to a private or reserved address.`). */
export const PRIVATE_HOSTS = [
    "localhost",
    "api.localhost",
    "localhost.",
    "127.0.0.1.",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "192.0.2.1",
    "198.18.0.1",
    "224.0.0.1",
    "240.0.0.1",
    "2130706433",
    "0x7f.1",
    "[::1]",
    "[::]",
    "[fe80::1]",
    "[febf::1]",
    "[fc00::1]",
    "[ff02::1]",
    "[2001:db8::1]",
    "[100::1]",
    "[::ffff:10.0.0.1]",
    "[::7f00:1]",
    "[64:ff9b::7f00:1]",
];
/** Look-alikes it accepts: an IPv4 range it does not list, a NAT64 address of a public one, a name embedding a private one. */
export const PUBLIC_HOSTS = ["192.88.99.1", "172.32.0.1", "8.8.8.8", "[64:ff9b::a00:1]", "[2001:4860::1]", "10.0.0.1.nip.io"];

/**
 * A server's `WEBHOOK_HOSTNAME_ALLOWLIST` as an administrator may write it: spaces, capitals, a trailing dot, brackets,
 * an empty entry, and entries that allow less than they seem to (a range, a port, a wildcard, an IPv4 shorthand, an IPv6
 * address not in the URL's compressed form) or more (`1.1` is a name to the server: every IPv4 address ending in `.1.1`).
 */
export const ALLOWLIST = " 10.1.2.3 , Internal.Example. ,, [fd00::1],alerts.localhost,[FE80:0::5],192.168.0.0/16,1.1,*.wild.localhost,172.16.0.1:8080,0x7f.1";

/** A URL host (`http://<host>/hook`), whether a server started with {@link ALLOWLIST} accepts it, and why. */
export interface AllowlistCase {
    host: string;
    accepted: boolean;
    why: string;
}

/** Hosts by what the self-hosted server (API 2.36.0) started with {@link ALLOWLIST} answered to each. */
export const ALLOWLIST_HOSTS: readonly AllowlistCase[] = [
    { host: "10.1.2.3", accepted: true, why: "an IP address listed" },
    { host: "10.9.9.9", accepted: false, why: "an IP address of the same range, not listed" },
    { host: "10.1.2.3:8443", accepted: true, why: "the port does not count" },
    { host: "10.1.2.3.", accepted: true, why: "the URL drops an IPv4 address's trailing dot" },
    { host: "0xa.1.2.3", accepted: true, why: "the URL writes the shorthand out as 10.1.2.3" },
    { host: "[::ffff:10.1.2.3]", accepted: false, why: "an IPv4 entry does not allow its IPv6-mapped form" },
    { host: "localhost", accepted: false, why: "not listed" },
    { host: "localhost.", accepted: false, why: "not listed" },
    { host: "alerts.localhost", accepted: true, why: "a name listed" },
    { host: "pager.alerts.localhost", accepted: true, why: "under a name listed" },
    { host: "ALERTS.LOCALHOST.", accepted: true, why: "case and trailing dots do not count" },
    { host: "xalerts.localhost", accepted: false, why: "ends like a listed name but is not under it" },
    { host: "other.localhost", accepted: false, why: "not listed" },
    { host: "a.wild.localhost", accepted: false, why: "`*.wild.localhost` is no pattern" },
    { host: "*.wild.localhost", accepted: true, why: "`*.wild.localhost` is that very name" },
    { host: "[fd00::1]", accepted: true, why: "an IPv6 address listed" },
    { host: "[fd00:0::1]", accepted: true, why: "the URL compresses it to fd00::1" },
    { host: "[fd00::2]", accepted: false, why: "an IPv6 address of the same range, not listed" },
    { host: "[fe80::5]", accepted: false, why: "listed as fe80:0::5, which no URL writes" },
    { host: "[::1]", accepted: false, why: "not listed" },
    { host: "192.168.5.5", accepted: false, why: "192.168.0.0/16 is no range" },
    { host: "192.168.1.1", accepted: true, why: "ends in .1.1" },
    { host: "10.0.1.1", accepted: true, why: "ends in .1.1" },
    { host: "0.0.1.1", accepted: true, why: "ends in .1.1" },
    { host: "10.0.1.2", accepted: false, why: "does not end in .1.1" },
    { host: "172.16.0.1", accepted: false, why: "listed with a port, which no host equals" },
    { host: "172.16.0.1:8080", accepted: false, why: "listed with a port, which no host equals" },
    { host: "127.0.0.1", accepted: false, why: "listed as 0x7f.1, which no URL writes" },
    { host: "169.254.169.254", accepted: false, why: "not listed" },
    { host: "8.8.8.8", accepted: true, why: "public" },
    { host: "internal.example", accepted: true, why: "public (a name not under localhost is never refused)" },
    { host: "x.internal.example.", accepted: true, why: "public" },
];
