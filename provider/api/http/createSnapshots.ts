/**
 * The lists creates take before their POSTs, to tell the objects that existed before a POST from the one it created
 * (`api/recovery.ts`). Creates of one collection that overlap in time share one list: a create that starts while
 * another is still in progress takes that one's list instead of its own, and the list is dropped once none is in
 * progress. A large stack's creates overlap from the first to the last, so they cost one list per collection instead
 * of one each, which under the self-hosted limit (100 requests per minute) would otherwise double the time they take.
 * What this cannot rule out is an identical object made by hand while the stack is creating objects of that kind.
 */
export class CreateSnapshots {
    private readonly shared = new Map<string, { list: Promise<unknown>; creates: number }>();
    readonly stats = { loads: 0, shares: 0 };

    /**
     * Runs one create with the collection's current list, loading it when no create of the collection is in progress.
     * @param key the collection
     * @param load lists the collection
     * @param create the create, given that list
     */
    async during<T, R>(key: string, load: () => Promise<T>, create: (list: T) => Promise<R>): Promise<R> {
        let entry = this.shared.get(key);
        if (entry) {
            this.stats.shares++;
        } else {
            this.stats.loads++;
            const list = load();
            const loaded = { list: list as Promise<unknown>, creates: 0 };
            this.shared.set(key, (entry = loaded));
            // A failed list is not shared: the next create lists again.
            list.catch(() => this.shared.get(key) === loaded && this.shared.delete(key));
        }
        entry.creates++;
        try {
            return await create((await entry.list) as T);
        } finally {
            if (--entry.creates === 0 && this.shared.get(key) === entry) this.shared.delete(key);
        }
    }
}
