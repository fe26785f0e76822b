/**
 * The servers the engine suite runs its stacks against: the emulator of both APIs, started empty in the suite's
 * process on an ephemeral loopback port (every request it receives is recorded), and, when the environment names one,
 * the real self-hosted server (`OBSERVABILITY_API_URL`, `OBSERVABILITY_API_KEY`; `.ci/run` starts the bundled one),
 * which serves the self-hosted kinds only and whose requests the suite cannot see.
 */
import { Emulator, type EmulatorOptions } from "../emulator";
import { type LiveServer, liveServer, PacedClient } from "../live/server";

/** One server a stack runs against. */
export interface Target {
    /** Named in the suite's titles. */
    readonly name: string;
    /** Whether the cloud API is served too (the managed variant, data pipes, organizations). */
    readonly cloud: boolean;
    /** The stack configuration that points a program at it; the credentials are secrets. */
    config(): { plain: Record<string, string>; secret: Record<string, string> };
    /** How many objects of each self-hosted collection the team holds (`dashboards`, `alerts`, …). */
    selfHostedCounts(): Promise<Record<string, number>>;
    /** The HTTP requests the server received since the last {@link clearRequests}, or undefined where it cannot tell. */
    requests(): readonly { method: string; path: string }[] | undefined;
    clearRequests(): void;
    /**
     * One request to the self-hosted API as a person makes it by hand (out of band), with the team's key: its `data`.
     * @param method the HTTP method
     * @param path below `/api/v2`, e.g. `/dashboards/<id>`
     * @param body the JSON body
     */
    api(method: string, path: string, body?: unknown): Promise<unknown>;
    /** The emulator behind it, for the checks only an emulator allows (its store, its clock). */
    readonly emulator?: Emulator;
    close(): Promise<void>;
}

/** The self-hosted collections as their list paths name them, with the names {@link Target.selfHostedCounts} uses. */
const SELF_HOSTED_LISTS: Record<string, string> = {
    connections: "/connections",
    sources: "/sources",
    savedSearches: "/saved-searches",
    webhooks: "/webhooks",
    dashboards: "/dashboards",
    alerts: "/alerts",
};

/**
/**
 * Starts an emulator on an ephemeral loopback port, with the documented rate limits.
 * @param options the emulator's options: `fixtures` `empty` (default, an empty team) or `seeded` (the fixture
 * connection, sources, webhooks and saved search), its clock for a test that holds an answer, …
 */
export async function emulatorTarget(options: EmulatorOptions = {}): Promise<Target> {
    const emu = await Emulator.start({ fixtures: "empty", ...options });
    const { credentials } = emu;
    return {
        name: "the emulator",
        cloud: true,
        emulator: emu,
        config: () => ({
            plain: {
                "observability:apiUrl": emu.url,
                "observability:cloudUrl": emu.url,
                "observability:keyId": credentials.keyId,
                "observability:organizationId": credentials.organizationId,
                "observability:serviceId": credentials.serviceId,
            },
            secret: { "observability:apiKey": credentials.apiKey, "observability:keySecret": credentials.keySecret },
        }),
        async selfHostedCounts() {
            const inventory = emu.store.selfHosted.inventory();
            return Object.fromEntries(Object.keys(SELF_HOSTED_LISTS).map((name) => [name, inventory[name]?.count ?? 0]));
        },
        requests: () => emu.requests.map(({ method, path }) => ({ method, path })),
        clearRequests: () => emu.clearRequests(),
        async api(method, path, body) {
            const response = await fetch(`${emu.url}/api/v2${path}`, {
                method,
                headers: { authorization: `Bearer ${credentials.apiKey}`, "content-type": "application/json" },
                body: body === undefined ? undefined : JSON.stringify(body),
            });
            const text = await response.text();
            if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
            return text === "" ? undefined : (JSON.parse(text) as { data?: unknown }).data;
        },
        close: () => emu.close(),
    };
}

/** The real self-hosted server the environment names, or undefined when it names none. */
export function realServerTarget(env: NodeJS.ProcessEnv = process.env): Target | undefined {
    if (!env.OBSERVABILITY_API_URL || !env.OBSERVABILITY_API_KEY) return undefined;
    return serverTarget(liveServer(env));
}

/**
 * A real self-hosted server given by its URL and key (the bench's `--api-url` and `--api-key`).
 * @param server the server and the key of its team
 */
export function serverTarget(server: LiveServer): Target {
    const raw = new PacedClient(server);
    return {
        name: "the real self-hosted server",
        cloud: false,
        config: () => ({ plain: { "observability:apiUrl": server.apiUrl }, secret: { "observability:apiKey": server.apiKey } }),
        async selfHostedCounts() {
            const counts: Record<string, number> = {};
            for (const [name, list] of Object.entries(SELF_HOSTED_LISTS)) {
                const data = await raw.data("GET", list);
                counts[name] = Array.isArray(data) ? data.length : 0;
            }
            return counts;
        },
        requests: () => undefined,
        clearRequests: () => undefined,
        api: (method, path, body) => raw.data(method, path, body),
        close: async () => undefined,
    };
}

/** The targets of this run: the emulator always, the real server when the environment names one. */
export async function suiteTargets(): Promise<Target[]> {
    const real = realServerTarget();
    return [await emulatorTarget(), ...(real ? [real] : [])];
}
