import { Prng } from "./random";
import type { FaultFilter, FaultKind, RandomFaultKind } from "./types";

export interface RandomFaultSettings {
    /** Probability in [0, 1] that a request gets a fault. */
    rate: number;
    /** Kinds to draw from; `drop` picks `drop-before` or `drop-after` for writes. */
    kinds: RandomFaultKind[];
    /** Delay of a `slow` fault (default 2000 ms). */
    slowMs?: number;
    /** Seed of the fault PRNG, so a run can be replayed. */
    seed?: number;
}

export interface FaultOptions {
    /** Delay of a `slow` fault (default 2000 ms). */
    slowMs?: number;
    /** Status of a `5xx` fault (default 500; the cloud answers 502-504 with the CDN's HTML page). */
    status?: number;
}

/** The fault chosen for one request. */
export interface Fault {
    kind: FaultKind;
    slowMs: number;
    status: number;
}

interface Pending extends FaultOptions {
    remaining: number;
    kind: FaultKind;
    filter: FaultFilter;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const DEFAULT_SLOW_MS = 2000;

/** Fault injection: deterministic one-off faults for tests, and seeded random faults for soak runs. */
export class Faults {
    private random: (RandomFaultSettings & { prng: Prng }) | undefined;
    private pending: Pending[] = [];
    private readonly counters: Record<FaultKind, number> = { "5xx": 0, "drop-before": 0, "drop-after": 0, slow: 0 };

    /** Enables random faults on every API request. */
    set(settings: RandomFaultSettings): void {
        if (!(settings.rate >= 0 && settings.rate <= 1)) throw new RangeError("fault rate must be within 0..1");
        if (settings.kinds.length === 0) throw new RangeError("at least one fault kind is needed");
        this.random = { ...settings, prng: new Prng(settings.seed ?? 1) };
    }

    /**
     * Fails the next `count` requests that match `filter` with `kind`.
     * @param count how many matching requests to fail
     * @param kind `5xx`, `drop-before` (socket destroyed, nothing applied), `drop-after` (change applied, then the
     *   socket destroyed) or `slow`
     * @param filter restricts the fault to a method and/or path substring
     * @param options delay of `slow`, status of `5xx`
     */
    failNext(count: number, kind: FaultKind, filter: FaultFilter = {}, options: FaultOptions = {}): void {
        this.pending.push({ remaining: count, kind, filter, ...options });
    }

    /** Removes random and pending faults (counters are kept). */
    clear(): void {
        this.random = undefined;
        this.pending = [];
    }

    /** Injected faults so far, per kind, plus the total. */
    get stats(): Record<FaultKind | "total", number> {
        const total = Object.values(this.counters).reduce((a, b) => a + b, 0);
        return { ...this.counters, total };
    }

    /** Picks the fault for a request, if any, and counts it. */
    draw(method: string, path: string): Fault | undefined {
        const fault = this.fromPending(method, path) ?? this.fromRandom(method);
        if (fault) this.counters[fault.kind]++;
        return fault;
    }

    private fromPending(method: string, path: string): Fault | undefined {
        const index = this.pending.findIndex(
            (p) => (!p.filter.method || p.filter.method.toUpperCase() === method) && (!p.filter.pathIncludes || path.includes(p.filter.pathIncludes)),
        );
        if (index < 0) return undefined;
        const entry = this.pending[index];
        if (--entry.remaining <= 0) this.pending.splice(index, 1);
        return { kind: entry.kind, slowMs: entry.slowMs ?? DEFAULT_SLOW_MS, status: entry.status ?? 500 };
    }

    private fromRandom(method: string): Fault | undefined {
        const random = this.random;
        if (!random || random.prng.next() >= random.rate) return undefined;
        const drawn = random.prng.pick(random.kinds);
        const kind: FaultKind = drawn === "drop" ? (WRITES.has(method) && random.prng.next() < 0.5 ? "drop-after" : "drop-before") : drawn;
        return { kind, slowMs: random.slowMs ?? DEFAULT_SLOW_MS, status: 500 };
    }
}
