/**
 * The real self-hosted server the live suite runs against, named by `OBSERVABILITY_API_URL` and
 * `OBSERVABILITY_API_KEY`, and a raw client of its API that paces itself by the server's `RateLimit-*` headers.
 */
import { type Clock, systemClock } from "../../provider/api/http/clock";

/** Where the live suite's server is and the key it uses. */
export interface LiveServer {
    /** Base URL without `/api/v2`, e.g. `http://127.0.0.1:18200`. */
    apiUrl: string;
    /** The access key, sent as `Authorization: Bearer <key>`. */
    apiKey: string;
}

/** What to do when the live suite has no server: the message of the failure. */
export const NO_SERVER_MESSAGE = [
    "the live suite needs a real self-hosted server: set OBSERVABILITY_API_URL (its base URL, without /api/v2) and",
    "OBSERVABILITY_API_KEY (an access key of an empty team, used only by this run). Start one with the upstream",
    "server's own image or a local build, register the first user and read its access key from GET /me (the",
    "server's README says how), then run `OBSERVABILITY_API_URL=… OBSERVABILITY_API_KEY=… npm run test:live`.",
    "`.ci/run` does this by itself when a bundled server is beside the repository.",
].join(" ");

/**
 * The server named by the environment; throws {@link NO_SERVER_MESSAGE} when either variable is missing.
 * @param env the environment to read
 */
export function liveServer(env: NodeJS.ProcessEnv = process.env): LiveServer {
    const apiUrl = env.OBSERVABILITY_API_URL?.trim();
    const apiKey = env.OBSERVABILITY_API_KEY?.trim();
    if (!apiUrl || !apiKey) throw new Error(NO_SERVER_MESSAGE);
    return { apiUrl: apiUrl.replace(/\/+$/, ""), apiKey };
}

/** One raw answer. */
export interface LiveResponse {
    status: number;
    /** The parsed JSON body, or undefined when the body was not JSON. */
    json: unknown;
    /** The body as text. */
    text: string;
}

/**
 * A client of `/api/v2` that never meets a 429 it could have avoided: before each request it waits for the next
 * window when the last answer's `RateLimit-Remaining` says the window is spent (`RateLimit-Reset` says when it
 * ends), and a 429 (another client of the same key spent it) is waited out and sent again, which is safe because
 * the server did nothing with it.
 */
export class PacedClient {
    /** How many requests went to the server, by method. */
    readonly sent: Record<string, number> = {};
    /** How long the client waited for rate-limit windows, in milliseconds. */
    waitedMs = 0;
    private remaining = Number.POSITIVE_INFINITY;
    private resetAt = 0;

    /**
     * @param server the server and key
     * @param clock the time source of the waits
     */
    constructor(
        private readonly server: LiveServer,
        private readonly clock: Clock = systemClock,
    ) {}

    /**
     * Sends one request to `/api/v2<path>`.
     * @param method the HTTP method
     * @param path the path under `/api/v2`, e.g. `/webhooks?limit=2`
     * @param body a JSON-encoded body, or a string sent as it is
     */
    async request(method: string, path: string, body?: unknown): Promise<LiveResponse> {
        for (;;) {
            await this.pace();
            const res = await fetch(`${this.server.apiUrl}/api/v2${path}`, {
                method,
                headers: {
                    authorization: `Bearer ${this.server.apiKey}`,
                    ...(body === undefined ? {} : { "content-type": "application/json" }),
                },
                body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
            });
            this.sent[method] = (this.sent[method] ?? 0) + 1;
            this.remember(res.headers);
            const text = await res.text();
            if (res.status === 429) {
                this.remaining = 0;
                continue;
            }
            let json: unknown;
            try {
                json = JSON.parse(text);
            } catch {
                json = undefined;
            }
            return { status: res.status, json, text };
        }
    }

    /** The data of a 200, failing with the server's answer otherwise. */
    async data(method: string, path: string, body?: unknown): Promise<unknown> {
        const res = await this.request(method, path, body);
        if (res.status !== 200) throw new Error(`${method} /api/v2${path}: ${res.status} ${res.text}`);
        return (res.json as { data?: unknown }).data;
    }

    /**
     * Makes sure the key's current window has `count` requests left for others (a provider) to send: reads the
     * window with one request, and waits for the next one when fewer are left.
     * @param count the requests needed
     */
    async reserve(count: number): Promise<void> {
        await this.request("GET", "/team");
        if (this.remaining < count) this.remaining = 0;
        await this.pace();
    }

    private remember(headers: Headers): void {
        const remaining = Number(headers.get("ratelimit-remaining"));
        const reset = Number(headers.get("ratelimit-reset"));
        if (!headers.has("ratelimit-remaining") || !Number.isFinite(remaining) || !Number.isFinite(reset)) return;
        this.remaining = remaining;
        // The header counts whole seconds, rounded: one more second makes sure the new window has begun.
        this.resetAt = this.clock.now() + (reset + 1) * 1000;
    }

    private async pace(): Promise<void> {
        if (this.remaining > 0) return;
        const wait = Math.max(0, this.resetAt - this.clock.now());
        this.waitedMs += wait;
        await this.clock.sleep(wait);
        this.remaining = Number.POSITIVE_INFINITY;
    }
}

/** A name unique to this run, the prefix of every object the live suite makes: `live-<time>-<random>`. */
export const RUN_PREFIX = `live-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
