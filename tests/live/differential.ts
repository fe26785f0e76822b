/**
 * The differential check: the corpus sent to two targets (the real server, the emulator), and what differs between
 * their answers — the status, the error text the providers read (`message`, else `error`, else the body), the data of
 * a success, and the object read back after a write — with ids, dates and tokens normalized.
 */
import type { CorpusKind, CorpusStep } from "./corpus";
import type { LiveResponse } from "./server";

/** Where the corpus is sent: anything that answers `/api/v2` requests. */
export interface Target {
    request(method: string, path: string, body?: unknown): Promise<LiveResponse>;
}

/** What one target answered to one step, normalized. */
export interface Observation {
    status: number;
    /** The error text, for a failure. */
    message?: string;
    /** The data of a success. */
    data?: unknown;
    /** The object read back after a successful write. */
    readBack?: unknown;
}

/** One difference between the real server and the emulator. */
export interface Difference {
    /** Index of the step in the corpus. */
    step: number;
    kind: CorpusKind;
    /** `METHOD path` of the step, placeholders unresolved. */
    request: string;
    /** `status`, `message`, `data` or `readBack`. */
    aspect: keyof Observation;
    real: unknown;
    emulator: unknown;
}

/** One target's run of the corpus: its ids by saved name, and what it answered. */
class Run {
    readonly ids = new Map<string, string>();
    /** Requests sent, by kind. */
    readonly sent = new Map<CorpusKind, number>();

    constructor(
        private readonly target: Target,
        private readonly prefix: string,
    ) {}

    async observe(step: CorpusStep): Promise<Observation> {
        const res = await this.send(step.kind, step.method, this.resolve(step.path) as string, step.body === undefined ? undefined : this.resolve(step.body));
        if (res.status >= 300) return { status: res.status, message: this.normalize(errorText(res)) as string };
        const data = this.own(step, (res.json as { data?: unknown } | undefined)?.data ?? res.json);
        for (const [name, path] of Object.entries(step.save ?? {})) {
            const id = path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
            if (typeof id === "string") this.ids.set(name, id);
        }
        const observation: Observation = { status: res.status, data: this.normalize(data) };
        if (step.readBack !== undefined) observation.readBack = this.normalize(await this.readBack(step));
        return observation;
    }

    private async readBack(step: CorpusStep): Promise<unknown> {
        const spec = step.readBack;
        if (spec === undefined) return undefined;
        const path = typeof spec === "string" ? spec : spec.list;
        const res = await this.send(step.kind, "GET", this.resolve(path) as string);
        const data = (res.json as { data?: unknown } | undefined)?.data;
        if (typeof spec === "string") return res.status === 200 ? data : { status: res.status, message: errorText(res) };
        const id = this.ids.get(spec.pick);
        return Array.isArray(data) ? data.find((item: { id?: string }) => item.id === id) : { status: res.status, message: errorText(res) };
    }

    private async send(kind: CorpusKind, method: string, path: string, body?: unknown): Promise<LiveResponse> {
        this.sent.set(kind, (this.sent.get(kind) ?? 0) + 1);
        return this.target.request(method, path, body);
    }

    /** A list of `ownItems` keeps the prefix's items only (another run's objects are not the corpus's). */
    private own(step: CorpusStep, data: unknown): unknown {
        if (!step.ownItems || !Array.isArray(data)) return data;
        return data.filter((item: Record<string, unknown>) => String(item.name ?? item.email ?? "").startsWith(this.prefix));
    }

    /** Replaces `{prefix}` and `{name}` (a saved id) in every string. */
    private resolve(value: unknown): unknown {
        if (typeof value === "string")
            return value.replace(/\{(\w+)\}/g, (whole, name: string) => (name === "prefix" ? this.prefix : (this.ids.get(name) ?? whole)));
        if (Array.isArray(value)) return value.map((item) => this.resolve(item));
        if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.resolve(item)]));
        return value;
    }

    /**
     * Saved ids become `<name>`, other ids `<id>`, dates `<date>`, UUIDs `<uuid>`, long hexadecimal tokens `<token>`,
     * and the origin of an invitation URL `<frontend>` (the deployment's `FRONTEND_URL`, see tests/emulator/README.md).
     */
    normalize(value: unknown): unknown {
        if (typeof value === "string") {
            let text = value;
            for (const [name, id] of this.ids) text = text.split(id).join(`<${name}>`);
            return text
                .replace(/\b[0-9a-f]{64}\b/g, "<token>")
                .replace(/\b[0-9a-f]{24}\b/g, "<id>")
                .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "<uuid>")
                .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<date>")
                .replace(/^https?:\/\/[^/]+\/join-team\?/, "<frontend>/join-team?");
        }
        if (Array.isArray(value)) return value.map((item) => this.normalize(item));
        if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.normalize(item)]));
        return value;
    }
}

/** The error text a provider reads from a failure: `message`, else `error`, else the body as sent. */
function errorText(res: LiveResponse): string {
    const json = res.json as { message?: unknown; error?: unknown } | undefined;
    if (json !== null && typeof json === "object" && !Array.isArray(json)) {
        if (json.message !== undefined) return String(json.message);
        if (json.error !== undefined) return String(json.error);
    }
    return res.text;
}

/** What a differential run found. */
export interface DifferentialReport {
    differences: Difference[];
    /** Requests sent to each target (the same on both), by kind. */
    compared: Record<CorpusKind, number>;
    /** Steps run, by kind. */
    steps: Record<CorpusKind, number>;
}

/**
 * Sends every step to the real server, then to the emulator, and compares their observations.
 * @param corpus the steps, in order
 * @param real the real server
 * @param emulator the emulator
 * @param prefix the run's name prefix
 */
export async function runDifferential(corpus: readonly CorpusStep[], real: Target, emulator: Target, prefix: string): Promise<DifferentialReport> {
    const runs = { real: new Run(real, prefix), emulator: new Run(emulator, prefix) };
    const differences: Difference[] = [];
    const steps = {} as Record<CorpusKind, number>;
    for (const [index, step] of corpus.entries()) {
        steps[step.kind] = (steps[step.kind] ?? 0) + 1;
        const fromReal = await runs.real.observe(step);
        const fromEmulator = await runs.emulator.observe(step);
        for (const aspect of ["status", "message", "data", "readBack"] as const) {
            if (JSON.stringify(sortKeys(fromReal[aspect])) === JSON.stringify(sortKeys(fromEmulator[aspect]))) continue;
            differences.push({
                step: index,
                kind: step.kind,
                request: `${step.method} ${step.path}`,
                aspect,
                real: fromReal[aspect],
                emulator: fromEmulator[aspect],
            });
        }
    }
    return { differences, compared: Object.fromEntries(runs.real.sent) as Record<CorpusKind, number>, steps };
}

function sortKeys(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value !== null && typeof value === "object")
        return Object.fromEntries(
            Object.entries(value)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([key, item]) => [key, sortKeys(item)]),
        );
    return value;
}
