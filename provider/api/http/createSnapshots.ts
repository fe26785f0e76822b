import type { Clock } from "./clock";

/**
 * The lists creates take before their POSTs, to tell the objects that existed before a POST from the one it created
 * (`api/recovery.ts`). Creates of one collection that overlap in time share one list: a create that starts while
 * another is still in progress takes that one's list instead of its own, and the list is dropped once none is in
 * progress. A create is in progress until its operation ends, waits for the object's state included (a pipe's wait
 * for Running), not only until its POST is answered. A large stack's creates overlap from the first to the last, so
 * they cost one list per collection instead of one each. A list stays shared for {@link CREATE_LIST_GRACE_MS} after
 * its last create ended: the engine interleaves the creates of several kinds (dashboards, then each one's alerts), so
 * the creates of one kind in progress keep dropping to none for a moment, and every restart would list again (on a
 * team of 10,000 alerts, ten pages each time). What this cannot rule out is an identical object made by hand while the
 * stack is creating objects of that kind.
 */
export class CreateSnapshots {
    private readonly shared = new Map<string, Shared>();

    /** @param clock the time source of the grace after a list's last create */
    constructor(private readonly clock: Pick<Clock, "now">) {}

    /**
     * Runs one create with the collection's current list, loading it when no create of the collection is in progress.
     * A create that joined a list another create loaded lists on its own when that list fails (it may have failed on
     * the other create's deadline).
     * @param key the collection
     * @param load lists the collection (the ids of its objects)
     * @param create the create, given that list, the ids the other creates sharing it have created so far, and
     * `made`, which it calls with the id of its object as soon as it knows it (the rest of the operation, such as a
     * wait for the object's state, may follow: the list stays shared until `create` ends)
     */
    async during<W extends { id: string }, R>(
        key: string,
        load: () => Promise<W[]>,
        create: (list: readonly W[], siblings: ReadonlySet<string>, made: (id: string) => void) => Promise<R>,
    ): Promise<R> {
        const kept = this.shared.get(key);
        const joined = kept && (kept.creates > 0 || this.clock.now() - kept.idleSince <= CREATE_LIST_GRACE_MS) ? kept : undefined;
        const mine = joined ?? this.load(key, load);
        mine.creates++;
        try {
            // One key is one collection: a list another create of it loaded holds objects of the same shape.
            const list = await (joined ? (mine.list as Promise<readonly W[]>).catch(() => load()) : (mine.list as Promise<readonly W[]>));
            return await create(list, mine.created, (id) => mine.created.add(id));
        } finally {
            if (--mine.creates === 0) mine.idleSince = this.clock.now();
        }
    }

    /** Starts the list creates of `key` share; a failed list is not shared, so the next create lists again. */
    private load(key: string, load: () => Promise<readonly { id: string }[]>): Shared {
        const loaded: Shared = { list: load(), creates: 0, created: new Set(), idleSince: 0 };
        this.shared.set(key, loaded);
        loaded.list.catch(() => this.shared.get(key) === loaded && this.shared.delete(key));
        return loaded;
    }
}

interface Shared {
    list: Promise<readonly { id: string }[]>;
    /** Creates in progress with this list. */
    creates: number;
    /** Ids the creates sharing this list have created: never another create's lost object. */
    created: Set<string>;
    /** When the last create sharing it ended (while none is in progress). */
    idleSince: number;
}

/**
 * How long a list stays shared after its last create ended: longer than the engine takes to start the next step of a
 * kind when another kind's steps held every slot, short beside the time a person takes to make an object by hand.
 */
export const CREATE_LIST_GRACE_MS = 2_000;
