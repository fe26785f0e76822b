import { z } from "zod";
import type { OperationContext } from "./apis";
import { deleteIfPresent } from "./gone";
import { readThroughList } from "./cachedRead";
import { hex24, path } from "../common/ids";
import { listAll } from "./paging";
import { createWithoutAdoptingStrangers, type Twin } from "./recovery";
import type { TargetInputs } from "../settings/location";

// Ids this process created or adopted: never taken for another resource's lost create.
const claimed = new Set<string>();

/** The CRUD calls of one object kind of the observability APIs (`dashboards`, `alerts`, …) where a resource lives. */
export interface Collection<W extends { id: string }> {
    /**
     * POSTs `body` once: when the answer is lost, lists the collection and adopts the one new object that
     * `matches` (never one listed before the POST, nor one already claimed by this process) instead of posting again.
     * An object listed before the POST that is the declaration's `twin` is named, never taken.
     */
    create(operation: string, body: unknown, matches: (candidate: W) => boolean, twin: Twin<W>): Promise<W>;
    /** Every object of the collection (read whole, page by page). */
    list(operation: string): Promise<W[]>;
    /** The object, or undefined when the server says it does not exist. */
    read(operation: string, id: string): Promise<W | undefined>;
    /** PUTs `body` (a full replace). */
    update(operation: string, id: string, body: unknown): Promise<W>;
    /** Deletes the object; one that is already gone counts as deleted. */
    delete(operation: string, id: string): Promise<void>;
}

/**
 * The collection `name` (its path segment: `dashboards`, `saved-searches`, …) of the variant, organization and
 * service in `target` (the settings fill what it leaves out), answering objects parsed by `wire`. `byId: false` for a collection that serves no GET by id
 * (webhooks, managed sources): an object is then read from the list.
 */
export function collectionAt<W extends { id: string }>(
    ctx: Pick<OperationContext, "apis"> & { signal?: AbortSignal },
    target: TargetInputs,
    name: string,
    wire: z.ZodType<W>,
    { byId = true }: { byId?: boolean } = {},
): Collection<W> {
    const api = ctx.apis.observability(target.variant, target);
    const { client } = api;
    const signal = ctx.signal;
    const base = `${api.prefix}/${name}`;
    const one = (id: string) => `${base}${path`/${id}`}`;
    const list = (operation: string) => listAll(client, operation, base, wire, signal);
    return {
        list,
        async create(operation, body, matches, twin) {
            const created = await createWithoutAdoptingStrangers({
                operation,
                client,
                listKey: base,
                list: () => list(`${operation} (listing ${name})`),
                post: () => client.request({ operation, method: "POST", path: base, body, response: wire, signal }),
                matches,
                claimed,
                id: hex24,
                twin,
            });
            claimed.add(created.id);
            return created;
        },
        read(operation, id) {
            const listed = () => list(`${operation} (listing ${name})`);
            // A miss in a shared list is confirmed by a fresh list: absent there means gone.
            const get = byId
                ? () => client.request({ operation, method: "GET", path: one(id), response: wire, signal })
                : async () => (await listed()).find((item) => item.id === id);
            return readThroughList(client, base, listed, id, get);
        },
        update: (operation, id, body) => client.request({ operation, method: "PUT", path: one(id), body, response: wire, signal }),
        async delete(operation, id) {
            await deleteIfPresent(client.request({ operation, method: "DELETE", path: one(id), response: z.unknown(), signal }));
            claimed.delete(id);
        },
    };
}
