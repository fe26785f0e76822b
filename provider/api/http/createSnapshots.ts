import type { Clock } from "./clock";

/**
 * The lists creates take before their POSTs, to tell the objects that existed before a POST from the one it created
 * (`api/recovery.ts`). Creates of one collection that overlap in time share one list: a create that starts while
 * another is still in progress takes that one's list instead of its own. A create is in progress until its operation
 * ends, waits for the object's state included (a pipe's wait for Running), not only until its POST is answered.
 *
 * A list also stays shared for {@link CREATE_LIST_GRACE_MS} after its last create ended: the engine interleaves the
 * creates of several kinds (dashboards, then each one's alerts), so the creates of one kind in progress keep dropping
 * to none for a moment, and each restart would list again (on a team of 10,000 dashboards, a 10 MiB answer each
 * time). A list taken up again after such a pause is `resumed`: an object made by hand during the pause is not in it,
 * so a lost create that finds a matching object it does not hold cannot tell that object from its own, and fails
 * instead of adopting it (`api/recovery.ts`). What sharing cannot rule out otherwise is an identical object made by
 * hand while the stack is creating objects of that kind.
 */
export class CreateSnapshots {
    private readonly shared = new Map<string, Shared>();

    /** @param clock the time source of the grace after a list's last create */
    constructor(private readonly clock: Pick<Clock, "now">) {}

    /**
     * Runs one create with the collection's current list, loading it when no create of the collection is in progress
     * or ended within the grace. A create that joined a list another create loaded lists on its own when that list
     * fails (it may have failed on the other create's deadline).
     * @param key the collection
     * @param load lists the collection (the ids of its objects)
     * @param create the create, given the list and what it knows about it ({@link SharedList})
     */
    async during<W extends { id: string }, R>(
        key: string,
        load: () => Promise<W[]>,
        create: (list: readonly W[], shared: SharedList) => Promise<R>,
    ): Promise<R> {
        this.dropIdle();
        const joined = this.shared.get(key);
        if (joined && joined.creates === 0) joined.resumed = true;
        const mine = joined ?? this.load(key, load);
        mine.creates++;
        try {
            if (!joined) return await create(await (mine.list as Promise<readonly W[]>), mine);
            // One key is one collection: a list another create of it loaded holds objects of the same shape.
            const list = await (mine.list as Promise<readonly W[]>).catch(() => undefined);
            return await (list ? create(list, mine) : create(await load(), { created: mine.created, made: mine.made, resumed: false }));
        } finally {
            if (--mine.creates === 0) mine.idleSince = this.clock.now();
        }
    }

    /** Forgets the lists whose last create ended longer than the grace ago (a large team's list is large). */
    private dropIdle(): void {
        const now = this.clock.now();
        for (const [key, list] of this.shared) if (list.creates === 0 && now - list.idleSince > CREATE_LIST_GRACE_MS) this.shared.delete(key);
    }

    /** Starts the list creates of `key` share; a failed list is not shared, so the next create lists again. */
    private load(key: string, load: () => Promise<readonly { id: string }[]>): Shared {
        const created = new Set<string>();
        const loaded: Shared = { list: load(), creates: 0, idleSince: 0, resumed: false, created, made: (id) => created.add(id) };
        this.shared.set(key, loaded);
        loaded.list.catch(() => this.shared.get(key) === loaded && this.shared.delete(key));
        return loaded;
    }
}

/** What a create knows about the list it was given. */
export interface SharedList {
    /** Ids the creates sharing the list have created: never another create's lost object. */
    readonly created: ReadonlySet<string>;
    /** Records the id of this create's object as soon as it is known (the rest of the operation may follow). */
    made(id: string): void;
    /** The list was taken up again after a pause with no create of its collection in progress: it may miss objects made by hand during the pause. */
    readonly resumed: boolean;
}

interface Shared extends SharedList {
    list: Promise<readonly { id: string }[]>;
    /** Creates in progress with this list. */
    creates: number;
    /** When the last create sharing it ended (while none is in progress). */
    idleSince: number;
    resumed: boolean;
}

/**
 * How long a list stays shared after its last create ended: longer than the engine takes to start the next step of a
 * kind when another kind's steps held every slot, short beside the time a list of a large team takes to read.
 */
export const CREATE_LIST_GRACE_MS = 2_000;
