// The webhook host allowlist (`observability:webhookHostnameAllowlist`): read and matched as the self-hosted server reads
// and matches its `WEBHOOK_HOSTNAME_ALLOWLIST`, self-hosted server @b52a6fa83a1a8f6d1cc70e8b676103ade6a1b207
// packages/api/src/utils/validators.ts:73-88 (normalizeWebhookHostname, the list, isAllowlistedWebhookHostname) and
// :157-165 (the refusal it lifts); the live suite (tests/live/allowlist.live.ts) sends the shared hosts to a real one.
import assert from "node:assert/strict";
import { registry } from "../../provider";
import { isAllowlistedHost, parseHostAllowlist } from "../../provider/resources/webhook/allowlist";
import { refusesWebhookHost } from "../../provider/resources/webhook/privateAddress";
import { emulatorConfig } from "../support/emulatorConfig";
import { useEmulator } from "../support/emulatedStack";
import { ALLOWLIST, ALLOWLIST_HOSTS, PRIVATE_HOSTS } from "../support/webhookHosts";

const hostOf = (host: string) => new URL(`http://${host}/hook`).hostname;

describe("The webhook host allowlist, read as the server reads its WEBHOOK_HOSTNAME_ALLOWLIST", function () {
    it("splits at commas, trims each entry, drops IPv6 brackets and trailing dots, lowers the case and drops empty entries", function () {
        assert.deepEqual(parseHostAllowlist(" Alerts.Internal. ,, [FD00::1] ,\t10.1.2.3..,"), ["alerts.internal", "fd00::1", "10.1.2.3"]);
        assert.deepEqual(parseHostAllowlist("*.wild.example,10.0.0.0/8,host:8080"), ["*.wild.example", "10.0.0.0/8", "host:8080"]);
        for (const none of [undefined, "", " ", ",, ,"]) assert.deepEqual(parseHostAllowlist(none), [], String(none));
    });
});

describe("The webhook host allowlist, matched as the server matches it", function () {
    const allows = (host: string, list: string) => isAllowlistedHost(host, parseHostAllowlist(list));

    it("allows a listed name and every name under it, not a name that merely ends like it", function () {
        assert.equal(allows("alerts.localhost", "alerts.localhost"), true);
        assert.equal(allows("a.b.alerts.localhost", "alerts.localhost"), true);
        assert.equal(allows("ALERTS.localhost.", "alerts.localhost"), true, "case and trailing dots of the host do not count");
        assert.equal(allows("xalerts.localhost", "alerts.localhost"), false);
        assert.equal(allows("localhost", "alerts.localhost"), false, "a listed name does not allow its parent");
    });

    it("allows an IP address only itself: no host under it, no range, no other spelling", function () {
        assert.equal(allows("10.1.2.3", "10.1.2.3"), true);
        assert.equal(allows("a.10.1.2.3", "10.1.2.3"), false, "an IPv4 entry has nothing under it");
        assert.equal(allows("a.10.0.0.0/8", "10.0.0.0/8"), false, "with a prefix it is still an address to the server");
        assert.equal(allows("10.2.3.4", "10.0.0.0/8"), false, "and no range");
        assert.equal(allows("fd00::1", "[fd00::1]"), true);
        assert.equal(allows("fd00::1", "fd00:0::1"), false, "compared as written: a URL writes fd00::1");
        assert.equal(allows("a.fe80::1%eth0", "fe80::1%eth0"), false, "an IPv6 entry with a zone is an address too");
    });

    it("reads as a name what the server's address library does not read as an address", function () {
        // Not four decimal parts without leading zeros: a name, so every host ending in `.<entry>` is under it.
        assert.equal(allows("10.0.1.1", "1.1"), true);
        assert.equal(allows("10.0.1.2", "1.1"), false);
        assert.equal(allows("x.01.2.3.4", "01.2.3.4"), true);
        assert.equal(allows("x.1.2.3.4/33", "1.2.3.4/33"), true, "a prefix over 32 makes no address");
        assert.equal(allows("127.0.0.1", "0x7f.1"), false, "a shorthand equals no URL's host");
    });

    it("lets through, of the shared hosts, exactly those a server with the shared allowlist accepted", function () {
        const allowlist = parseHostAllowlist(ALLOWLIST);
        const refused = ALLOWLIST_HOSTS.filter(({ host }) => refusesWebhookHost(hostOf(host), allowlist)).map(({ host }) => host);
        assert.deepEqual(
            refused,
            ALLOWLIST_HOSTS.filter(({ accepted }) => !accepted).map(({ host }) => host),
        );
    });

    it("without one, refuses every private host, as the default server does", function () {
        assert.deepEqual(
            PRIVATE_HOSTS.filter((host) => !refusesWebhookHost(hostOf(host), [])),
            [],
        );
    });
});

describe("The webhook host allowlist at check, from the environment when the stack config does not set it", function () {
    const holder = useEmulator();
    const VARIABLE = "OBSERVABILITY_WEBHOOK_HOSTNAME_ALLOWLIST";
    let saved: string | undefined;
    beforeEach(function () {
        saved = process.env[VARIABLE];
    });
    afterEach(function () {
        if (saved === undefined) delete process.env[VARIABLE];
        else process.env[VARIABLE] = saved;
    });

    it("reads the variable at call time, and only on the self-hosted variant", async function () {
        const config: Record<string, string> = {};
        for (const [key, value] of Object.entries(emulatorConfig(holder.emu))) config[key] = typeof value === "string" ? value : value.secret;
        const provider = registry.webhook.provider;
        await provider.configure({ config: { get: (key: string) => config[key] } });
        const { check } = provider;
        assert.ok(check);
        const refusedAt = async (variant: string) => {
            const checked = await check({}, { variant, name: "Internal relay", service: "generic", url: "http://relay.alerts.localhost/hook" });
            return (checked.failures ?? []).map((failure) => failure.property);
        };

        delete process.env[VARIABLE];
        assert.deepEqual(await refusedAt("self-hosted"), ["url"]);
        process.env[VARIABLE] = ALLOWLIST;
        assert.deepEqual(await refusedAt("self-hosted"), [], "allowed: under alerts.localhost");
        assert.deepEqual(await refusedAt("managed"), ["url"], "the managed service's allowlist is not the setting's");
        assert.deepEqual(holder.emu.requests, [], "check sent nothing");
    });
});
