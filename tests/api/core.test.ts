import assert from "node:assert/strict";
import { redact } from "../../provider/api/http/redact";
import { z } from "zod";
import { Settings } from "../../provider/settings/config";
import { ApiClient } from "../../provider/api/http/client";
import { cloudEnvelope, Envelope, selfHostedEnvelope } from "../../provider/api/http/envelope";
import { ApiError } from "../../provider/api/http/errors";
import { RateLimiter } from "../../provider/api/http/rateLimiter";
import { rateLimitHeaders } from "../../provider/api/http/retry";
import { path } from "../../provider/common/ids";
import { createOnce } from "../../provider/api/recovery";
import { Emulator } from "../emulator";
import { ScriptedServer } from "../support/scriptedServer";
import { clientAt } from "../support/testClient";
import { VirtualClock } from "../support/virtualClock";

const SECRET = "3f1c2a9e-5b7d-4c11-9a0e-5a4d1c2b3e4f";

describe("HTTP core", () => {
    let server: ScriptedServer;
    let clock: VirtualClock;

    beforeEach(async () => {
        server = await ScriptedServer.start();
        clock = new VirtualClock();
    });
    afterEach(() => server.close());

    const client = (envelope: Envelope = selfHostedEnvelope, limiter = new RateLimiter({ limit: 1000, windowMs: 60_000 }, clock)) =>
        clientAt(`${server.url}/api/v2`, clock, { envelope, limiter, key: SECRET });
    const get = { operation: "read Thing", method: "GET" as const, path: "/things/1", response: z.object({ id: z.string() }) };
    /** The error a request ends with (undefined when it succeeds). */
    const failureOf = (api: ApiClient, spec: Parameters<ApiClient["request"]>[0] = get): Promise<unknown> =>
        api.request(spec).then(
            () => undefined,
            (e: unknown) => e,
        );
    const post = { operation: "create Thing", method: "POST" as const, path: "/things", body: { name: "x" }, response: z.object({ id: z.string() }) };

    it("retries a GET after a 5xx and returns the parsed payload", async () => {
        server.answer({ status: 503, text: "busy" }, { status: 200, json: { data: { id: "1" } } });
        const api = client();
        assert.deepEqual(await api.request(get), { id: "1" });
        assert.equal(server.seen.length, 2);
        assert.equal(api.stats.retries, 1);
        assert.equal(clock.sleeps.length, 1);
        assert.equal(server.seen[0].authorization, `Bearer ${SECRET}`);
    });

    it("never resends a POST whose outcome is unknown (5xx or dropped connection)", async () => {
        for (const answer of [{ status: 500, json: { message: "Something went wrong :(" } }, { drop: true as const }]) {
            server.seen.length = 0;
            server.answer(answer);
            const error = await failureOf(client(), post);
            assert.ok(error instanceof ApiError, String(error));
            assert.equal(error.outcomeUnknown, true);
            assert.equal(server.seen.length, 1, "the POST was sent once");
        }
    });

    it("waits as a 429 says, then resends even a POST", async () => {
        server.answer(
            { status: 429, text: "Too many requests, please try again later.", headers: { "retry-after": "7" } },
            { status: 200, json: { data: { id: "9" } } },
        );
        const start = clock.now();
        assert.deepEqual(await client().request(post), { id: "9" });
        assert.equal(server.seen.length, 2);
        assert.ok(clock.now() - start >= 7000, "the limiter paused for Retry-After");
    });

    it("reads every documented rate-limit header", () => {
        const none = { resetSeconds: undefined, roundedUp: false, remaining: undefined, retryAfterMs: undefined };
        assert.deepEqual(rateLimitHeaders({ "retry-after": "3" }, 0), { ...none, retryAfterMs: 3000 });
        assert.deepEqual(rateLimitHeaders({ "ratelimit-reset": "12", "ratelimit-remaining": "0", "retry-after": "60" }, 0), {
            resetSeconds: 12,
            roundedUp: true,
            remaining: 0,
            retryAfterMs: 60_000,
        });
        assert.deepEqual(rateLimitHeaders({ "x-ratelimit-reset": "2" }, 0), { ...none, resetSeconds: 2 });
        assert.deepEqual(rateLimitHeaders({ "x-ratelimit-reset": "1700000009" }, 1_700_000_000_000), { ...none, resetSeconds: 9 });
        assert.deepEqual(rateLimitHeaders({ "retry-after": new Date(61_000).toUTCString() }, 1_000), { ...none, retryAfterMs: 60_000 });
        assert.deepEqual(rateLimitHeaders({ "ratelimit-remaining": "many" }, 0), none);
    });

    it("builds an error with operation, method, path, status, request id and message, and no secret", async () => {
        server.answer({
            status: 400,
            json: { status: 400, error: `BAD_REQUEST: key ${SECRET} is not allowed`, requestId: "a0f1c2d3-0000-4000-8000-000000000001" },
        });
        const error = await failureOf(client(cloudEnvelope));
        assert.ok(error instanceof ApiError);
        assert.equal(error.status, 400);
        assert.equal(error.requestId, "a0f1c2d3-0000-4000-8000-000000000001");
        assert.match(
            error.message,
            /^read Thing failed: GET \/api\/v2\/things\/1 → HTTP 400 \(request id a0f1c2d3-0000-4000-8000-000000000001\): BAD_REQUEST: key \[redacted\] is not allowed/,
        );
        assert.ok(!error.message.includes(SECRET));
    });

    it("explains a plain-text 401 with the settings to fix", async () => {
        server.answer({ status: 401, text: "Unauthorized" });
        const error = await failureOf(client());
        assert.ok(error instanceof ApiError);
        assert.match(error.message, /HTTP 401: Unauthorized\. The credential was rejected: set `observability:apiKey`/);
        assert.equal(server.seen.length, 1, "a 401 is not retried");
    });

    it("tells a missing object from an unserved route", async () => {
        server.answer({ status: 404, text: "Not Found" }, { status: 404, text: "<!DOCTYPE html><pre>Cannot GET /x</pre>" });
        const gone = await failureOf(client());
        const unserved = await failureOf(client());
        assert.ok(gone instanceof ApiError && unserved instanceof ApiError);
        assert.equal(gone.isNotFound, true);
        assert.equal(unserved.isNotFound, false);
    });

    it("caps one object's answer at maxResponseBytes and a list's at maxListResponseBytes (defaults 4 MiB and 256 MiB)", async () => {
        // 5 MiB: too large for one object, a list of a large team's dashboards (some self-hosted lists never page).
        const big = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), pad: "x".repeat(1000) }));
        server.answer({ status: 200, json: { data: { id: "1", pad: "x".repeat(5 * 1024 * 1024) } } });
        const error = await failureOf(client());
        assert.ok(error instanceof ApiError, String(error));
        assert.match(error.message, /larger than 4194304 bytes/);
        assert.match(error.message, /raise maxResponseBytes/);
        server.answer({ status: 200, json: { data: big(5000) } });
        const list = await client().request({ ...get, path: "/things", response: z.array(z.object({ id: z.string() })), list: true });
        assert.equal(list.length, 5000);
    });

    it("refuses a body that is not what the contract says", async () => {
        server.answer({ status: 200, json: { data: { id: 42 } } });
        const error = await failureOf(client());
        assert.ok(error instanceof ApiError);
        assert.match(error.message, /unexpected response: id: /);
    });

    it("unwraps the cloud envelope, including a DELETE without result", async () => {
        server.answer({ status: 200, json: { status: 200, requestId: "r", result: { id: "7" } } }, { status: 200, json: { status: 200, requestId: "r" } });
        const api = client(cloudEnvelope);
        assert.deepEqual(await api.request(get), { id: "7" });
        assert.equal(await api.request({ ...get, method: "DELETE", response: z.unknown() }), undefined);
    });

    it("paces requests with the shared limiter before the server has to refuse them", async () => {
        const limiter = new RateLimiter({ limit: 3, windowMs: 1000 }, clock, 0);
        const api = client(selfHostedEnvelope, limiter);
        const start = clock.now();
        for (let i = 0; i < 4; i++) await api.request({ ...get, response: z.unknown() });
        assert.equal(server.seen.length, 4);
        assert.equal(limiter.stats.waits, 1);
        assert.ok(clock.now() - start >= 1000, "the fourth request waited for the window");
    });
});

describe("redact", () => {
    it("also hides what a base64 secret decodes to, line by line, and leaves words that are not base64 text alone", () => {
        const keyFile = '{\n  "type": "service_account",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n"\n}';
        const encoded = Buffer.from(keyFile).toString("base64");
        const echo = `could not parse ${keyFile} (line 3: "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n")`;
        const text = redact(echo, [encoded]);
        assert.ok(!text.includes("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"), text);
        assert.ok(!text.includes("service_account"), text);
        assert.equal(redact("Password1234abcd is fine", ["Password1234abcd"]), "[redacted] is fine");
        assert.equal(redact("the word abcdabcdabcdabcd", ["zzzzzzzzzzzzzzzz"]), "the word abcdabcdabcdabcd");
    });
});

describe("RateLimiter: a request counts until its answer arrives", () => {
    it("keeps the window from the answer, not from the moment the request could leave", async () => {
        const clock = new VirtualClock();
        const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, clock, 0);
        const start = clock.now();
        const release = await limiter.acquire();
        await clock.sleep(400); // in flight for 400 ms: queued in the connection pool, or a slow server
        release();
        await limiter.acquire();
        assert.equal(clock.now() - start, 1400);
    });

    it("holds a request back while requests in flight take the limit, until one is answered", async () => {
        const clock = new VirtualClock();
        const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, clock, 0);
        const release = await limiter.acquire();
        let second = false;
        const next = limiter.acquire().then(() => {
            second = true;
        });
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(second, false, "no slot while the first request is in flight");
        const answered = clock.now();
        release();
        await next;
        assert.equal(clock.now() - answered, 1000);
    });
});

describe("RateLimiter: the server's window", () => {
    it("forgets, once the server's window is over, the requests the server counted in it", async () => {
        const clock = new VirtualClock();
        const limiter = new RateLimiter({ limit: 2, windowMs: 10_000 }, clock, 0);
        const start = clock.now();
        const send = async (resetSeconds: number) => (await limiter.acquire())({ window: { resetSeconds, roundedUp: false } });
        await send(10); // opens the server's window, which ends 10 s later
        await clock.sleep(8_000);
        await send(2);
        // The limit is taken: the first request frees its slot a window after its answer (10 s), the second
        // only at 18 s by the limiter's own count, but the server said its window ends by 11 s.
        await send(10);
        assert.equal(clock.now() - start, 10_000);
        await send(9);
        assert.equal(clock.now() - start, 11_000, "the request counted in the ended window no longer holds a slot");
    });

    it("ignores a reset longer than its own window: that is another budget, whose end says nothing of this one", async () => {
        const clock = new VirtualClock();
        const limiter = new RateLimiter({ limit: 1, windowMs: 10_000 }, clock, 0);
        const start = clock.now();
        (await limiter.acquire())({ window: { resetSeconds: 3600, roundedUp: false } });
        await clock.sleep(3_598_500);
        (await limiter.acquire())();
        // Taken as this budget's window, the hour would end by 3601 s and free the slot of the request answered
        // at 3598.5 s, counted 2.5 s earlier.
        await limiter.acquire();
        assert.equal(clock.now() - start, 3_608_500);
    });

    it("uses the whole budget of each of the emulator's fixed windows, and is never refused", async () => {
        const clock = new VirtualClock();
        const emu = await Emulator.start({ clock });
        try {
            emu.rateLimits.set({ selfHosted: { limit: 10, windowMs: 10_000 } });
            const limiter = new RateLimiter({ limit: 10, windowMs: 10_000 }, clock);
            const api = clientAt(`${emu.url}/api/v2`, clock, { envelope: selfHostedEnvelope, limiter, key: emu.credentials.apiKey });
            const list = { operation: "list sources", method: "GET" as const, path: "/sources", response: z.unknown() };
            const start = clock.now();
            for (let i = 0; i < 6; i++) await api.request(list);
            await clock.sleep(8_000);
            // Four more fill the server's first window; the rest wait for the second one, which the server opens
            // at 10 s and which the client, told so, fills at once instead of after its own sliding window.
            for (let i = 0; i < 14; i++) await api.request(list);
            assert.equal(emu.rateLimits.stats.selfHosted, 0, "no 429");
            assert.ok(clock.now() - start <= 11_250, `all 20 requests sent by ${clock.now() - start} ms (18 s by the sliding window alone)`);
        } finally {
            await emu.close();
        }
    });
});

describe("createOnce", () => {
    const unknownOutcome = () => new ApiError({ operation: "create", method: "POST", path: "/x", outcomeUnknown: true });
    /** A virtual clock, and the notices told, instead of real time and Pulumi's log. */
    const quietly = () => {
        const notices: string[] = [];
        return { clock: new VirtualClock(), notices, notify: (message: string) => void notices.push(message) };
    };

    it("adopts the object a lost POST created instead of posting again", async () => {
        let posts = 0;
        const result = await createOnce(
            async () => {
                posts++;
                throw unknownOutcome();
            },
            async () => ({ id: "found" }),
            quietly(),
        );
        assert.deepEqual(result, { id: "found" });
        assert.equal(posts, 1);
    });

    it("looks again once the lost request had time to finish on the server, before posting again, and says so", async () => {
        const wait = quietly();
        let posts = 0;
        let looks = 0;
        const lost = () => new ApiError({ operation: "create", method: "POST", path: "/x", outcomeUnknown: true, settleMs: 2000 });
        const result = await createOnce(
            async () => {
                posts++;
                throw lost();
            },
            async () => (++looks === 2 ? { id: "applied-late" } : undefined),
            wait,
        );
        assert.deepEqual(result, { id: "applied-late" });
        assert.equal(posts, 1);
        assert.deepEqual(wait.clock.sleeps, [2000]);
        assert.deepEqual(wait.notices, [
            "create: POST /x ended without a usable answer (no answer) and its object is not there yet; the server may still be at work on it, " +
                "so the provider waits 2 s and looks for it once more before it sends the create again (POST 2 of at most 3)",
        ]);
    });

    it("looks for the object after the last POST too, instead of failing a create that happened", async () => {
        let posts = 0;
        const result = await createOnce(
            async () => {
                posts++;
                throw unknownOutcome();
            },
            async () => (posts === 3 ? { id: "third" } : undefined),
            quietly(),
        );
        assert.deepEqual(result, { id: "third" });
        assert.equal(posts, 3);
    });

    it("posts again only when the object does not exist", async () => {
        let posts = 0;
        const result = await createOnce(
            async () => {
                posts++;
                if (posts === 1) throw unknownOutcome();
                return { id: "second" };
            },
            async () => undefined,
            quietly(),
        );
        assert.deepEqual(result, { id: "second" });
        assert.equal(posts, 2);
    });
});

describe("settings", () => {
    const settings = (values: Record<string, string>, env: NodeJS.ProcessEnv = {}) => new Settings({ get: (key) => values[key] }, env);

    it("names the config key and the environment variable of a missing setting", () => {
        assert.throws(
            () => settings({}).require("apiKey", "for the self-hosted API"),
            /`observability:apiKey` \(environment variable OBSERVABILITY_API_KEY\).*pulumi config set --secret observability:apiKey/,
        );
    });

    it("prefers stack config and falls back to the environment at call time", () => {
        const env: NodeJS.ProcessEnv = { OBSERVABILITY_API_KEY: "from-env" };
        const s = settings({}, env);
        assert.equal(s.get("apiKey"), "from-env");
        env.OBSERVABILITY_API_KEY = "rotated";
        assert.equal(s.get("apiKey"), "rotated");
        assert.equal(settings({ "observability:apiKey": "from-config" }, env).get("apiKey"), "from-config");
    });

    it("refuses plain http to a remote host unless allowed", () => {
        assert.throws(() => settings({ "observability:apiUrl": "http://obs.example.com" }).url("apiUrl"), /plain http to obs\.example\.com.*allowInsecureHttp/);
        assert.equal(settings({ "observability:apiUrl": "http://127.0.0.1:8000" }).url("apiUrl").port, "8000");
        assert.equal(
            settings({ "observability:apiUrl": "http://obs.example.com", "observability:allowInsecureHttp": "true" }).url("apiUrl").hostname,
            "obs.example.com",
        );
    });

    it("validates ids, variants and rate limits", () => {
        assert.throws(() => settings({ "observability:organizationId": "../../etc" }).uuid("organizationId"), /must be a UUID/);
        assert.throws(() => settings({ "observability:variant": "cloud" }).variant(), /`self-hosted` or `managed`/);
        assert.deepEqual(settings({ "observability:cloudRateLimit": "5/2s" }).rateLimit("cloudRateLimit", { limit: 10, windowMs: 10_000 }), {
            limit: 5,
            windowMs: 2000,
        });
        assert.throws(() => settings({ "observability:cloudRateLimit": "fast" }).rateLimit("cloudRateLimit", { limit: 10, windowMs: 10_000 }), /`100\/60s`/);
    });

    it("encodes every path parameter", () => {
        assert.equal(path`/dashboards/${"../alerts?x=1"}`, "/dashboards/..%2Falerts%3Fx%3D1");
    });
});
