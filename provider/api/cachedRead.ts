import type { ApiClient } from "./http/client";
import { getOrGone } from "./gone";

/**
 * Reads one object by id, answering from a list shared through the client's list cache when it holds the object:
 * during a refresh every object of a collection is read, and one list then serves most of them. Only a hit is
 * trusted; an object missing from the list is read by id before it is declared gone (undefined on a 404).
 * @param client the API client whose list cache is shared
 * @param listKey the cache key of the list (the collection's path)
 * @param list loads every object of the collection
 * @param id the object's id
 * @param get reads the object by id (undefined or a 404 when it does not exist)
 */
export async function readThroughList<W extends { id: string }>(
    client: ApiClient,
    listKey: string,
    list: () => Promise<W[]>,
    id: string,
    get: () => Promise<W | undefined>,
): Promise<W | undefined> {
    if (client.lists.enabled) {
        const hit = (await client.lists.get(listKey, list)).find((item) => item.id === id);
        if (hit) return hit;
    }
    return getOrGone(get());
}
