/**
 * More access keys of the same team, for more rate-limit budget (the server counts 100 requests a minute per key):
 * the server's own invitation flow — invite a user under the run's prefix, accept the invitation with a password
 * (`POST /team/setup/:token`, which signs the new user in), read the user's key from `GET /me`. The sweep removes
 * these users after the run.
 */
import assert from "node:assert/strict";
import type { LiveServer, PacedClient } from "./server";

/** The password of the users the suite makes (upper- and lower-case letters and a digit, as the server asks). */
const PASSWORD = "Live-Suite-Passw0rd!";

/**
 * Makes `count` users under `prefix` and returns a server handle with each one's key.
 * @param raw the paced client of the key that invites
 * @param server the server
 * @param prefix the run's prefix: the users' emails start with it
 * @param count how many keys
 */
export async function moreKeys(raw: PacedClient, server: LiveServer, prefix: string, count: number): Promise<LiveServer[]> {
    const keys: LiveServer[] = [];
    for (let i = 1; i <= count; i++) {
        const invitation = (await raw.data("POST", "/team/invitation", { email: `${prefix}-key${i}@example.com` })) as { url: string };
        const token = new URL(invitation.url).searchParams.get("token");
        assert.ok(token, `the invitation URL carries its token: ${invitation.url}`);
        const setup = await fetch(`${server.apiUrl}/team/setup/${token}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ password: PASSWORD }),
            redirect: "manual",
        });
        const cookie = setup.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; ");
        const me = await fetch(`${server.apiUrl}/me`, { headers: { cookie } });
        const { accessKey } = (await me.json()) as { accessKey?: string };
        assert.ok(accessKey, `the new user's key (POST /team/setup answered ${setup.status}, GET /me ${me.status})`);
        keys.push({ apiUrl: server.apiUrl, apiKey: accessKey });
    }
    return keys;
}
