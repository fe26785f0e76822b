import type { z } from "zod";
import type { ApiClient } from "./http/client";

/**
 * Every item of a list that may page (contract §1.9 and its errata). Each request after the first carries only
 * `offset`, so the server applies its default page size, which is also its largest. A page with `meta.total` (the
 * self-hosted alerts, webhooks and saved searches) says when the list ends; the offset then advances by the
 * server's page size, not by the items received: rows the server fails to serialise count in `total` but are
 * missing from `data`. The managed variant pages the same lists without `meta`, so a cloud list is read until a
 * page is empty or brings no new id (a list that does not page answers the same items again). A self-hosted page
 * without `meta` is the whole list: the dashboards, sources and connections lists do not page, nor does any list
 * of a server older than 2.30.0.
 */
export async function listAll<T extends { id: string }>(
    client: ApiClient,
    operation: string,
    path: string,
    item: z.ZodType<T>,
    signal?: AbortSignal,
): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    const pagesWithoutMeta = client.name === "cloud";
    let offset = 0;
    for (;;) {
        const { payload, meta } = await client.requestPage({
            operation,
            method: "GET",
            path,
            query: offset === 0 ? undefined : { offset },
            response: item.array(),
            signal,
            list: true,
        });
        const fresh = payload.filter((one) => !seen.has(one.id));
        for (const one of fresh) seen.add(one.id);
        items.push(...fresh);
        if (meta) {
            const step = meta.limit ?? payload.length;
            offset += step;
            if (step === 0 || payload.length === 0 || offset >= meta.total) return items;
        } else {
            if (!pagesWithoutMeta || fresh.length === 0) return items;
            offset += payload.length;
        }
    }
}
