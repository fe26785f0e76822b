import { Clock } from "../../provider/api/http/clock";

/** A clock whose sleeps return at once and advance virtual time: tests wait on nothing real. */
export class VirtualClock implements Clock {
    readonly sleeps: number[] = [];

    constructor(private time = 1_700_000_000_000) {}

    now(): number {
        return this.time;
    }

    async sleep(ms: number, signal?: AbortSignal): Promise<void> {
        signal?.throwIfAborted();
        this.sleeps.push(ms);
        this.time += Math.max(0, ms);
    }
}
