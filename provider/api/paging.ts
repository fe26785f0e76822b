import type { z } from "zod";
import type { ApiClient } from "./http/client";

/**
 * Every item of a list that may page with `limit`/`offset` and `meta.total` (contract §1.9). The first request
 * carries no query, so a server that does not page (no `meta`: older self-hosted servers) answers everything at
 * once, and the managed variant, whose list declares no query parameters, is asked for more only when its
 * `meta` says there is more. The offset advances by the server's page size, not by the items received: rows the
 * server fails to serialise count in `total` but are missing from `data`.
 */
export async function listAll<T>(client: ApiClient, operation: string, path: string, item: z.ZodType<T>, signal?: AbortSignal): Promise<T[]> {
    const items: T[] = [];
    let offset = 0;
    for (;;) {
        const { payload, meta } = await client.requestPage({
            operation,
            method: "GET",
            path,
            query: offset === 0 ? undefined : { limit: PAGE_SIZE, offset },
            response: item.array(),
            signal,
        });
        items.push(...payload);
        if (!meta) return items;
        const step = meta.limit ?? payload.length;
        offset += step;
        if (step === 0 || offset >= meta.total) return items;
    }
}

/** The largest page the APIs serve (and their default). */
const PAGE_SIZE = 1000;
