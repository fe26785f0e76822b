import type { Clock } from "./clock";

/**
 * The lists creates take before their POSTs, to tell the objects that existed before a POST from the one it created
 * (`api/recovery.ts`). Creates of one collection that overlap in time share one list: a create that starts while
 * another is still in progress takes that one's list instead of its own. A create is in progress until its operation
 * ends, waits for the object's state included (a pipe's wait for Running), not only until its POST is answered.
 *
 * A list also stays shared for a grace after its last create ended (`observability:createListGraceMs`, 2 s by
 * default): the engine interleaves the creates of several kinds (dashboards, then each one's alerts), so the creates of
 * one kind in progress keep dropping to none for a moment, and each restart would list again (on a team of 10,000
 * dashboards, a 10 MiB answer each time). Any other write through the client (an update, a delete) ends the lists no create is using: a run of creates
 * is over, and the next create lists again. What sharing cannot rule out is an identical object made by hand while the
 * stack is creating objects of that kind (or within the grace after its last create of that kind).
 */
export class CreateSnapshots {
    private readonly shared = new Map<string, Shared>();

    /**
     * @param clock the time source of the grace after a list's last create
     * @param graceMs how long a list stays shared after its last create ended
     */
    constructor(
        private readonly clock: Pick<Clock, "now">,
        private readonly graceMs: number,
    ) {}

    /**
     * Runs one create with the collection's current list, loading it when no create of the collection is in progress
     * or ended within the grace. A create that joined a list another create loaded lists on its own when that list
     * fails (it may have failed on the other create's deadline).
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
        this.dropIdle(this.graceMs > 0 ? this.clock.now() - this.graceMs : Infinity);
        const joined = this.shared.get(key);
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

    /** Ends the lists no create is using: the client made a change other than a create. */
    endIdle(): void {
        this.dropIdle(Infinity);
    }

    /** Forgets the lists no create has used since `before` (a large team's list is large). */
    private dropIdle(before: number): void {
        for (const [key, list] of this.shared) if (list.creates === 0 && list.idleSince < before) this.shared.delete(key);
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
