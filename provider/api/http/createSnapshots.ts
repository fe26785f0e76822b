/**
 * The lists creates take before their POSTs, to tell the objects that existed before a POST from the one it created
 * (`api/recovery.ts`). Creates of one collection that overlap in time share one list: a create that starts while
 * another is still in progress takes that one's list instead of its own, and the list is dropped once none is in
 * progress. A create is in progress until its operation ends, waits for the object's state included (a pipe's wait
 * for Running), not only until its POST is answered. A large stack's creates overlap from the first to the last, so
 * they cost one list per collection instead of one each. What this cannot rule out is an identical object made by
 * hand while the stack is creating objects of that kind.
 */
export class CreateSnapshots {
    private readonly shared = new Map<string, Shared>();

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
        const joined = this.shared.get(key);
        const mine = joined ?? this.load(key, load);
        mine.creates++;
        try {
            // One key is one collection: a list another create of it loaded holds objects of the same shape.
            const list = await (joined ? (mine.list as Promise<readonly W[]>).catch(() => load()) : (mine.list as Promise<readonly W[]>));
            return await create(list, mine.created, (id) => mine.created.add(id));
        } finally {
            if (--mine.creates === 0 && this.shared.get(key) === mine) this.shared.delete(key);
        }
    }

    /** Starts the list creates of `key` share; a failed list is not shared, so the next create lists again. */
    private load(key: string, load: () => Promise<readonly { id: string }[]>): Shared {
        const loaded: Shared = { list: load(), creates: 0, created: new Set() };
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
}
