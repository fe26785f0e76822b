import type { Clock } from "./clock";

/** Small seeded PRNG (mulberry32): deterministic fault injection and ids for a given seed. */
export class Prng {
    private state: number;

    constructor(seed: number) {
        this.state = seed >>> 0;
    }

    /** A float in [0, 1). */
    next(): number {
        this.state = (this.state + 0x6d2b79f5) >>> 0;
        let t = this.state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }

    /** An integer in [0, n). */
    int(n: number): number {
        return Math.floor(this.next() * n);
    }

    pick<T>(items: readonly T[]): T {
        return items[this.int(items.length)];
    }

    hex(length: number): string {
        let out = "";
        for (let i = 0; i < length; i++) out += this.int(16).toString(16);
        return out;
    }
}

/**
 * Mints server ids. Object ids mimic the real layout (4-byte seconds, 5 bytes fixed per process,
 * 3-byte counter) so that sorting by id is creation order, as the real alert and webhook lists are.
 */
export class IdFactory {
    private readonly processPart: string;
    private counter: number;

    constructor(
        private readonly prng: Prng,
        private readonly clock: Clock,
    ) {
        this.processPart = prng.hex(10);
        this.counter = prng.int(0x7fffff);
    }

    objectId(): string {
        const seconds = Math.floor(this.clock.now() / 1000) >>> 0;
        this.counter = (this.counter + 1) % 0xffffff;
        return seconds.toString(16).padStart(8, "0") + this.processPart + this.counter.toString(16).padStart(6, "0");
    }

    /** A UUIDv4 drawn from the seeded PRNG. */
    uuid(): string {
        const h = this.prng.hex(32).split("");
        h[12] = "4";
        h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
        const s = h.join("");
        return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    }
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** True for a hex24 object id (the only form the self-hosted server accepts besides 12-char strings). */
export function isObjectId(value: unknown): value is string {
    return typeof value === "string" && OBJECT_ID.test(value);
}

/** The server's path-id check: a hex24 id, or (as the driver allows) any 12-character string. */
export function passesObjectIdCheck(value: string): boolean {
    return /^[0-9a-fA-F]{24}$/.test(value) || value.length === 12;
}
