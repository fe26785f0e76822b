import { z } from "zod";
import type { ApiClient } from "./http/client";
import type { Clock } from "./http/clock";
import { ApiError } from "./http/errors";
import type { Notify } from "./http/notice";
import { truncate } from "./http/redact";

const MAX_POSTS = 3;

/** How {@link createOnce} waits for a lost request to settle, and where it says so. */
export interface SettleWait {
    clock: Clock;
    notify: Notify;
}

/**
 * Posts a create at most until it is known to have happened once. When a POST ends without an answer
 * (dropped connection, timeout, 5xx), the object may exist already, or appear a little later because the
 * lost request is still at work on the server: `findCreated` looks for it, and once more `settleMs` after
 * the first look's answer (by which a server that was busy has read the lost request: one request timeout, two after a
 * timeout); only when it is still absent is the POST sent again. That wait is told through `notify`, with its length.
 * After the last POST the object is looked for all the same, so that a create which did happen is never reported as failed.
 */
export async function createOnce<T>(post: () => Promise<T>, findCreated: () => Promise<T | undefined>, { clock, notify }: SettleWait): Promise<T> {
    for (let attempt = 1; ; attempt++) {
        try {
            return await post();
        } catch (error) {
            if (!(error instanceof ApiError) || !error.outcomeUnknown) throw error;
            let found = await findCreated();
            if (found === undefined) {
                notify(settleNotice(error, attempt));
                await clock.sleep(error.settleMs);
                found = await findCreated();
            }
            if (found !== undefined) return found;
            if (attempt >= MAX_POSTS) throw error;
        }
    }
}

/** What the wait after a lost create is for, and how long it lasts. */
function settleNotice(error: ApiError, attempt: number): string {
    const then =
        attempt >= MAX_POSTS ? "before it reports the create as failed" : `before it sends the create again (POST ${attempt + 1} of at most ${MAX_POSTS})`;
    // Already redacted and shortened by the client.
    const why = [error.status === undefined ? undefined : `HTTP ${error.status}`, error.serverMessage].filter(Boolean).join(": ") || "no answer";
    return (
        `${error.operation}: ${error.method} ${error.path} ended without a usable answer (${why}) and its object is not there yet; ` +
        `the server may still be at work on it, so the provider waits ${Math.ceil(error.settleMs / 1000)} s and looks for it once more ${then}`
    );
}

/**
 * The one object among `candidates` that matches what was posted and was not there before; an error when
 * the choice is ambiguous, because adopting the wrong object is worse than failing.
 */
export function pickCreated<T extends { id: string }>(
    candidates: readonly T[],
    matches: (candidate: T) => boolean,
    known: ReadonlySet<string>,
    what: string,
): T | undefined {
    const found = candidates.filter((candidate) => !known.has(candidate.id) && matches(candidate));
    if (found.length > 1) {
        throw new Error(
            `${what}: the create request failed without an answer and ${found.length} matching objects now exist (${found.map((c) => c.id).join(", ")}); ` +
                "delete the extra ones, then adopt the remaining one",
        );
    }
    return found[0];
}

/**
 * How far the server's clock may be behind this machine's: a lost create takes only an object whose creation time the
 * server reports no earlier than this before the create started. One allowance for every kind that reports one.
 */
export const SERVER_CLOCK_SKEW_MS = 60_000;

/**
 * Whether an object the server says was created at `createdAt` (ISO time) may be the one a create started at
 * `startedMs` (this machine's clock) made; an object without a creation time is not ruled out by it.
 */
export function createdSince(createdAt: string | null | undefined, startedMs: number): boolean {
    return !createdAt || Date.parse(createdAt) >= startedMs - SERVER_CLOCK_SKEW_MS;
}

/** What {@link createWithoutAdoptingStrangers} needs to know about one create. */
export interface CreateSpec<W extends { id: string }> {
    /** What the provider is doing, for messages: `create Dashboard "web"`. */
    operation: string;
    /** The client of the collection, whose lists before a POST overlapping creates share. */
    client: ApiClient;
    /** The collection's path: the creates of one path share a list. */
    listKey: string;
    /** Every object of the collection. */
    list(): Promise<W[]>;
    /** Sends the create once. */
    post(): Promise<W>;
    /** Whether an object is the one the lost POST would have created. */
    matches(candidate: W): boolean;
    /** Ids already owned by other resources of this process. */
    claimed: ReadonlySet<string>;
    /** The form of a valid id. */
    id: z.ZodType<string>;
    /** How the object an earlier, cancelled run may have made for this resource is recognised. */
    twin: Twin<W>;
}

/**
 * An object that was there before a create and has the declaration's lost-create identity: maybe the object of an earlier
 * `pulumi up` that was cancelled while this create was in flight (Pulumi keeps such a create pending, never tells the
 * provider, and plans it again), maybe one made by hand. The create never takes it; it names it.
 */
export interface Twin<W> {
    /** Whether an object has the declaration's identity and no resource of this stack known to this process manages it. */
    is(candidate: W): boolean;
    /** What the identity is, for messages: `name and tiles`. */
    by: string;
    /** The server refuses a second object of that identity (a webhook's service and name): the create fails before its POST. */
    unique?: boolean;
    /** The server's creation time of an object, when it tells it. */
    createdAt?(candidate: W): string | null | undefined;
    /**
     * A part of the identity read straight off a listed object (its name), which every twin shares with the declaration:
     * only the objects of the `wanted` key are compared, found through an index built once per list. The comparison
     * normalizes an object, so without it every create of a team holding thousands of objects would normalize each of
     * them again. `of` must be one function per kind (the index is kept per function).
     */
    key?: { of(candidate: W): string; wanted: string };
}

// The indexes of the lists creates share, per key function: built at the first create that looks, dropped with the list.
const indexes = new WeakMap<readonly object[], Map<unknown, Map<string, object[]>>>();

/** The objects of `list` whose key is `key.wanted`, through the list's index by `key.of` (built once per list). */
function sameKey<W extends object>(list: readonly W[], key: NonNullable<Twin<W>["key"]>): readonly W[] {
    let byFunction = indexes.get(list);
    if (!byFunction) indexes.set(list, (byFunction = new Map()));
    let index = byFunction.get(key.of) as Map<string, W[]> | undefined;
    if (!index) {
        index = new Map();
        for (const object of list) {
            const k = key.of(object);
            const bucket = index.get(k);
            if (bucket) bucket.push(object);
            else index.set(k, [object]);
        }
        byFunction.set(key.of, index as Map<string, object[]>);
    }
    return index.get(key.wanted) ?? [];
}

/** The twins of a create among the objects listed before its POST, with when each was made. */
function describeTwins<W extends { id: string }>(twins: readonly W[], twin: Twin<W>): string {
    return twins
        .map((object) => {
            const made = twin.createdAt?.(object);
            return made ? `${object.id} (made ${made})` : object.id;
        })
        .join(", ");
}

/**
 * What a create tells about its twins: an error before the POST when the server would refuse a second object, otherwise a
 * warning once its own object exists, naming both and the way out either way (docs/guides/pipelines.md, "After a cancelled job").
 */
function twinsMessage<W extends { id: string }>(operation: string, twins: readonly W[], twin: Twin<W>, created?: string): string {
    const them = twins.length === 1 ? "it" : "them";
    const found = `${describeTwins(twins, twin)} already existed with the same ${twin.by}, and no resource of this stack manages ${them}`;
    const cancelled = 'made by an earlier `pulumi up` that was cancelled while it created this resource (docs/guides/pipelines.md, "After a cancelled job")';
    const adopt = `\`adoptId: "${twins[0]?.id ?? ""}"\``;
    if (created === undefined) {
        return (
            `${operation}: ${found}, and the server refuses a second one. If it was ${cancelled}, adopt it: set ${adopt} on this resource ` +
            "and run `pulumi up` again (or delete it, then run `pulumi up` again); if it is someone else's, give this resource another name"
        );
    }
    return (
        `${operation}: created ${created}, although ${found}. If ${them === "it" ? "it was" : "they were"} ${cancelled}, delete ${them}, ` +
        `or keep ${them === "it" ? "it" : "the first"} instead: set ${adopt} on this resource and run \`pulumi up --replace\` on it (the ` +
        `replacement adopts it and deletes ${created}). An object made by hand is never adopted unasked: leave ${them} if someone else made ${them}`
    );
}

/**
 * Creates an object with {@link createOnce}, but a lost create may only adopt an object that was not there when the
 * collection was listed before the POST: the creates of a collection that overlap in time, or follow each other
 * closely, share that list (the client's {@link ApiClient.snapshots}), and whatever it holds is never taken, however
 * well it matches. A twin made
 * by hand before it therefore leads to a second object or a clear failure, never to a stack that would delete the
 * user's own object. An id the server answers that is not a valid id is refused, naming it, before the object is lost
 * track of. `then` is the rest of the operation (a wait for the object's state): the create counts as in progress,
 * and shares its list with the creates that start meanwhile, until it ends.
 */
export function createWithoutAdoptingStrangers<W extends { id: string }>(spec: CreateSpec<W>): Promise<W>;
export function createWithoutAdoptingStrangers<W extends { id: string }, R>(spec: CreateSpec<W>, then: (created: W) => Promise<R>): Promise<R>;
export async function createWithoutAdoptingStrangers<W extends { id: string }>(
    spec: CreateSpec<W>,
    then: (created: W) => Promise<unknown> = async (created) => created,
): Promise<unknown> {
    return spec.client.snapshots.during(
        spec.listKey,
        () => spec.list(),
        async (snapshot, siblings, made) => {
            // Taken at each look: what the other creates of this process made since the list is theirs, not this one's.
            const existed = () => new Set([...snapshot.map((object) => object.id), ...spec.claimed, ...siblings]);
            const candidates = spec.twin.key ? sameKey(snapshot, spec.twin.key) : snapshot;
            const twins = candidates.filter((object) => !spec.claimed.has(object.id) && !siblings.has(object.id) && spec.twin.is(object));
            if (twins.length > 0 && spec.twin.unique) throw new Error(twinsMessage(spec.operation, twins, spec.twin));
            const created = await createOnce(spec.post, async () => pickCreated(await spec.list(), spec.matches, existed(), spec.operation), spec.client);
            // Never another create's to adopt, even with an id this one refuses.
            made(created.id);
            if (twins.length > 0) spec.client.notify(twinsMessage(spec.operation, twins, spec.twin, created.id));
            if (!spec.id.safeParse(created.id).success) {
                throw new Error(
                    `${spec.operation}: the server created the object but answered an invalid id ${truncate(JSON.stringify(created.id), 120)}; ` +
                        "it is not recorded in the stack: find that object in the console and delete it, or adopt it (`adoptId`) under its real id",
                );
            }
            return then(created);
        },
    );
}
