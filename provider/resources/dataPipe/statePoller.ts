import type { ApiClient } from "../../api/http/client";
import type { Clock } from "../../api/http/clock";
import type { WirePipe } from "./wire";

/**
 * Lists every pipe of one service. `signal` stops the request; `onSend` runs each time the request leaves (after
 * the rate limiter let it go), so that the round serves every pipe waiting at that moment.
 */
export type ListPipes = (signal: AbortSignal, onSend: () => void) => Promise<WirePipe[]>;

interface Waiter {
    id: string;
    /** When this pipe wants its next look (epoch ms). */
    dueAt: number;
    resolve(pipe: WirePipe | undefined): void;
    reject(error: unknown): void;
    /** Removes the abort listener once the waiter is answered. */
    detach(): void;
}

/**
 * Serves the state waits of every pipe of one service in this process with one list request per poll round: a
 * round starts when the earliest waiting pipe is due, and answers every pipe waiting when its request leaves (after
 * the rate limiter let it go, so that pipes that started waiting while it queued for budget are served too). At
 * most one round is in flight; pipes that start waiting meanwhile are served by the next one, since the list in
 * flight may predate their last write. Under the cloud API's 10 requests per 10 s, waiting then costs a few list
 * requests per stack instead of one read per pipe per poll. The time-based list cache is not used: every write
 * clears it, and pipes are written all the time while others wait.
 */
export class PipeStatePoller {
    /** Pipes waiting for a round that has not sent its request yet. */
    private pending: Waiter[] = [];
    /** Pipes the round in flight answers. */
    private served: Waiter[] = [];
    private round: { controller: AbortController; sent: boolean } | undefined;
    /** Cancels the pending wait for the next round. */
    private timer: AbortController | undefined;
    /** Rounds run and looks served, for tests and measurements. */
    readonly stats = { rounds: 0, looks: 0 };

    /**
     * @param list reads every pipe of the service
     * @param clock when pipes are due, and the waits for them
     */
    constructor(
        private readonly list: ListPipes,
        private readonly clock: Clock,
    ) {}

    /**
     * The pipe as the next round sees it, that round starting `delayMs` from now at the latest (sooner when another
     * pipe is due first); undefined when the list does not hold it.
     * @param id the pipe's id
     * @param delayMs how long this pipe is willing to wait for its look
     * @param signal the operation's deadline: an abort leaves the round and rejects with its reason
     */
    observe(id: string, delayMs: number, signal: AbortSignal): Promise<WirePipe | undefined> {
        return new Promise<WirePipe | undefined>((resolve, reject) => {
            if (signal.aborted) return reject(signal.reason);
            const onAbort = () => {
                this.leave(waiter);
                reject(signal.reason);
            };
            const waiter: Waiter = {
                id,
                dueAt: this.clock.now() + Math.max(0, delayMs),
                resolve,
                reject,
                detach: () => signal.removeEventListener("abort", onAbort),
            };
            signal.addEventListener("abort", onAbort, { once: true });
            this.pending.push(waiter);
            this.schedule();
        });
    }

    private leave(waiter: Waiter): void {
        this.pending = this.pending.filter((w) => w !== waiter);
        this.served = this.served.filter((w) => w !== waiter);
        // Nobody left to serve: a round still queued for budget is dropped, and no timer keeps running.
        if (this.round && !this.round.sent && this.pending.length === 0) this.round.controller.abort();
        if (!this.round) this.schedule();
    }

    private schedule(): void {
        this.timer?.abort();
        this.timer = undefined;
        if (this.round || this.pending.length === 0) return;
        const wait = Math.min(...this.pending.map((w) => w.dueAt)) - this.clock.now();
        const timer = new AbortController();
        this.timer = timer;
        // A pipe already due is served on the next turn of the event loop, without waiting on the clock.
        const due = wait > 0 ? this.clock.sleep(wait, timer.signal) : new Promise<void>((resolve) => setImmediate(resolve));
        due.then(
            () => {
                if (this.timer !== timer) return;
                this.timer = undefined;
                void this.runRound();
            },
            // Cancelled: a newer schedule replaced this one.
            () => undefined,
        );
    }

    private async runRound(): Promise<void> {
        const round = { controller: new AbortController(), sent: false };
        this.round = round;
        this.stats.rounds++;
        let pipes: WirePipe[] | undefined;
        let failure: { error: unknown } | undefined;
        try {
            pipes = await this.list(round.controller.signal, () => {
                // Every pipe waiting now is served by this request (again on a retry: it leaves later still).
                round.sent = true;
                this.served.push(...this.pending);
                this.pending = [];
            });
        } catch (error) {
            failure = { error };
        }
        const served = this.served;
        this.served = [];
        this.round = undefined;
        for (const waiter of served) {
            waiter.detach();
            if (failure) waiter.reject(failure.error);
            else {
                this.stats.looks++;
                waiter.resolve(pipes?.find((pipe) => pipe.id === waiter.id));
            }
        }
        this.schedule();
    }
}

const pollers = new WeakMap<ApiClient, Map<string, PipeStatePoller>>();

/**
 * The poller shared by every pipe of the process under the same client (API, credential) and pipes collection.
 * @param client the cloud API client
 * @param collection the service's pipes path, the list request's path
 * @param list reads the collection (called only when the poller is made)
 */
export function sharedPoller(client: ApiClient, collection: string, list: () => ListPipes): PipeStatePoller {
    let byCollection = pollers.get(client);
    if (!byCollection) {
        byCollection = new Map();
        pollers.set(client, byCollection);
    }
    let poller = byCollection.get(collection);
    if (!poller) {
        poller = new PipeStatePoller(list(), client.clock);
        byCollection.set(collection, poller);
    }
    return poller;
}
