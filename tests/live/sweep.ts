/**
 * What the live suite leaves on the server: the objects whose name (or, for invitations, email) starts with the run's
 * prefix, found by listing every collection, and deleted children first.
 */
import type { PacedClient } from "./server";

/** The self-hosted collections, children before their parents, with the field that carries the run's prefix. */
const COLLECTIONS = [
    { list: "/alerts", item: "/alerts", key: "name" },
    { list: "/dashboards", item: "/dashboards", key: "name" },
    { list: "/saved-searches", item: "/saved-searches", key: "name" },
    { list: "/webhooks", item: "/webhooks", key: "name" },
    { list: "/sources", item: "/sources", key: "name" },
    { list: "/connections", item: "/connections", key: "name" },
    { list: "/team/invitations", item: "/team/invitation", key: "email" },
];

/** The users the run made for more keys (tests/live/keys.ts): removed last. */
const MEMBERS = { list: "/team/members", item: "/team/member", key: "email" };

/** One object the run made, as listed. */
export interface Leftover {
    collection: string;
    id: string;
    label: string;
}

/**
 * Lists every collection and returns the objects whose name starts with `prefix`.
 * @param raw the paced client of the server
 * @param prefix the run's (or a scenario's) prefix
 */
export async function leftovers(raw: PacedClient, prefix: string, collections = COLLECTIONS): Promise<Leftover[]> {
    const found: Leftover[] = [];
    for (const { list, item, key } of collections) {
        const objects = (await raw.data("GET", list)) as Record<string, unknown>[];
        for (const object of objects) {
            const label = String(object[key] ?? "");
            if (label.startsWith(prefix)) found.push({ collection: item, id: String(object.id), label });
        }
    }
    return found;
}

/**
 * Deletes what {@link leftovers} finds, and the users under the prefix (a 404 is fine: a parent's delete took its
 * alerts along).
 * @returns the objects deleted
 */
export async function sweep(raw: PacedClient, prefix: string): Promise<Leftover[]> {
    const found = await leftovers(raw, prefix, [...COLLECTIONS, MEMBERS]);
    for (const { collection, id } of found) {
        const res = await raw.request("DELETE", `${collection}/${id}`);
        if (res.status !== 200 && res.status !== 404) throw new Error(`DELETE ${collection}/${id}: ${res.status} ${res.text}`);
    }
    return found;
}
