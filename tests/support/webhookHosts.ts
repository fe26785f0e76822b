// Webhook URL hosts by what the self-hosted server (API 2.36.0) answered when each was sent to it: for the check's tests
// and the emulator's fact.

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
