import assert from "node:assert/strict";
import path from "node:path";
import { DeclaredResource, Engine } from "../harness/engine";
import { HostCallError, PropertyMap, ProviderHost } from "../harness/host";
import { runProgram } from "../harness/program";
import { packageProviderText } from "../harness/providerText";
import { assertCheckRefuses, cloudRequest, EmulatedStack, useEmulatedStack, useEmulator } from "../support/emulatedStack";
import { emulatorApis, emulatorConfig, eventually, withoutSettingsEnv } from "../support/emulatorConfig";
import { ScriptedRequest as Seen, ScriptedServer } from "../support/scriptedServer";
import { collectionAt } from "../../provider/api/collection";
import { hex24 } from "../../provider/common/ids";
import { listAll } from "../../provider/api/paging";
import { createWithoutAdoptingStrangers, type Twin } from "../../provider/api/recovery";
import { SETTING_DEFAULTS } from "../../provider/settings/defaults";
import { type WireDashboard, wireDashboard } from "../../provider/resources/dashboard/wire";
import { ManualClock } from "../emulator/clock";
import { clicksFromStream } from "../support/pipeInputs";

// Issue 10: touch only what the stack created, leak no secret, apply no typo, fail fast and labelled, and preview
// a fresh stack as the engine does. Every test runs through Pulumi's real dynamic-provider host.

const DASHBOARD = packageProviderText("dashboard");
const ALERT = packageProviderText("alert");
const PIPE = packageProviderText("dataPipe");
const QUERY_ENDPOINT = packageProviderText("queryEndpoint");
const ORGANIZATION = packageProviderText("organizationSettings");

const FAULTS = ["5xx", "drop-before", "drop-after"] as const;
/** For creates whose lists hold no object of their identity made before them. */
const NO_TWIN: Twin<unknown> = { is: () => false, by: "name" };

/** The one tile of the dashboards these tests declare. */
const errorsTile = (sourceId: string) => ({
    name: "Errors",
    x: 0,
    y: 0,
    w: 12,
    h: 4,
    config: { displayType: "line", sourceId, select: [{ aggFn: "count", where: "level:error" }] },
});

/** The message of a failed step, whatever layer reported it. */
const messageOf = (error: unknown) =>
    error instanceof HostCallError ? `${error.message}\n${error.details}` : error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);

describe("trust: a lost create never takes over an object that existed before it", function () {
    // A short request timeout: after a lost answer the provider waits that long before it looks again.
    const stack = useEmulatedStack(() => {}, { config: { "observability:requestTimeoutMs": "3000" } });

    async function selfHosted(method: string, route: string, body?: unknown): Promise<{ status: number; data?: Record<string, unknown> }> {
        const res = await fetch(`${stack.emu.url}/api/v2${route}`, {
            method,
            headers: { authorization: `Bearer ${stack.emu.credentials.apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, data: text === "" ? undefined : (JSON.parse(text) as { data?: Record<string, unknown> }).data };
    }
    const exists = async (collection: string, id: string) => (await selfHosted("GET", `/${collection}/${id}`)).status === 200;

    /**
     * Makes by hand an exact twin of what `declared` creates: the provider creates it once (so the body is the very
     * one it posts), the stack deletes it, and the same body is posted again outside the stack.
     */
    async function handMadeTwin(declared: DeclaredResource[], collection: string): Promise<string> {
        const engine = new Engine(stack.host);
        await engine.up(declared);
        const post = stack.emu.requests.find((r) => r.method === "POST" && r.path.endsWith(`/${collection}`));
        assert.ok(post, "the provider posted the object");
        await engine.destroy();
        const made = await selfHosted("POST", `/${collection}`, post.body);
        assert.equal(made.status, 200);
        stack.emu.clearRequests();
        return String(made.data?.id);
    }

    /** Up with the fault on the create, then destroy: the hand-made twin survives both, untouched. */
    async function survives(declared: DeclaredResource[], collection: string, fault: (typeof FAULTS)[number]): Promise<void> {
        const twin = await handMadeTwin(declared, collection);
        stack.emu.faults.failNext(1, fault, { method: "POST", pathIncludes: `/${collection}` });
        const outcome = await stack.engine.up(declared).then(
            () => "created",
            (error: unknown) => messageOf(error),
        );
        if (outcome === "created") {
            assert.ok(![...stack.engine.state.values()].some((s) => s.id === twin), "the stack manages an object of its own, not the hand-made twin");
        } else {
            assert.match(outcome, new RegExp(`create (Dashboard|Alert)`), "a clear failure names the operation");
        }
        await stack.engine.destroy();
        assert.ok(await exists(collection, twin), `the hand-made ${collection} twin still exists after destroy (${fault}: ${outcome})`);
        await selfHosted("DELETE", `/${collection}/${twin}`);
    }

    const tile = () => errorsTile(stack.emu.fixtures.sources.logs.id);
    const dashboard = (): DeclaredResource[] => [{ type: "Dashboard", name: "web", provider: DASHBOARD, inputs: { name: "Web service", tiles: [tile()] } }];

    for (const fault of FAULTS) {
        it(`dashboard, ${fault} on the create: the pre-existing identical dashboard is neither adopted nor deleted`, async function () {
            await survives(dashboard(), "dashboards", fault);
        });

        it(`alert, ${fault} on the create: the pre-existing identical alert is neither adopted nor deleted`, async function () {
            // The dashboard lives outside the stack too, so that destroy cannot take the alerts on its tile with it.
            const board = await selfHosted("POST", "/dashboards", { name: "Hand-made board", tiles: [tile()] });
            const tileId = (board.data?.tiles as { id: string }[])[0].id;
            const alert: DeclaredResource[] = [
                {
                    type: "Alert",
                    name: "errors",
                    provider: ALERT,
                    inputs: {
                        name: "Errors high",
                        source: "tile",
                        dashboardId: String(board.data?.id),
                        tileId,
                        threshold: 10,
                        thresholdType: "above",
                        interval: "5m",
                        channel: { webhookId: stack.emu.fixtures.webhooks.slack.id },
                    },
                },
            ];
            await survives(alert, "alerts", fault);
            await selfHosted("DELETE", `/dashboards/${String(board.data?.id)}`);
        });
    }
});

describe("trust: a lost create is not posted again while the lost request may still be at work", function () {
    // The soak's incident: the server read a POST late (busy) and then took longer than the client's timeout to
    // apply it; a second POST sent one request timeout after the first look made a twin the stack lost track of.
    // In-process, the provider and the emulator on one virtual clock: the emulator holds the POST, so the client's
    // (real) request timeout surely expires, and applies it 1.5 request timeouts of virtual time later; the
    // provider's second look comes 2 request timeouts after its first one (1 before the fix: too early).
    const TIMEOUT_MS = 2000;
    const clock = new ManualClock();
    const emulated = useEmulator({ clock });

    it("dashboard: a create the server applies 1.5 request timeouts after the client gave up on it is found, not posted twice", async function () {
        const { emu } = emulated;
        const notices: string[] = [];
        const apis = emulatorApis(emu, { "observability:requestTimeoutMs": String(TIMEOUT_MS) }, { clock, notify: (line) => notices.push(line) });
        const dashboards = collectionAt({ apis, signal: new AbortController().signal }, { variant: "self-hosted" }, "dashboards", wireDashboard);
        emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: "/dashboards" }, { slowMs: 1.5 * TIMEOUT_MS });
        const named = () => [...emu.store.selfHosted.dashboards.values()].filter((d) => d.name === "Web service");

        const creating = dashboards.create(
            'create Dashboard "web"',
            { name: "Web service", tiles: [errorsTile(emu.fixtures.sources.logs.id)] },
            (d) => d.name === "Web service",
            NO_TWIN,
        );
        // Both wait on the clock: the emulator to apply the held POST, the provider to look a second time.
        await clock.untilSleeping(2);
        clock.wakeNext();
        // The earlier one plays out: the POST is applied, or the provider looks and (too early) posts again.
        await eventually(() => named().length > 0);
        clock.wakeNext();
        const created = await creating;

        // Counted when they arrive: a second POST would apply while the first is still at work.
        assert.equal(emu.requests.filter((r) => r.method === "POST").length, 1, "the create was not sent again");
        assert.deepEqual(
            named().map((d) => d.id),
            [created.id],
            "one dashboard, the one the create answers",
        );
        assert.equal(notices.length, 1, notices.join("\n"));
        assert.match(notices[0], /^create Dashboard "web": POST \/api\/v2\/dashboards ended without a usable answer \(the request timed out\)/);
        assert.match(notices[0], /waits 4 s and looks for it once more before it sends the create again/);
    });
});

describe("trust: creates that overlap share the list taken before their POSTs", function () {
    /** The default grace after a collection's last create (the emulated stacks of other suites set none). */
    const CREATE_LIST_GRACE_MS = SETTING_DEFAULTS.createListGraceMs;
    // Every create lists its collection before it posts (what that list holds is never adopted). A large stack's
    // creates overlap from first to last; one list each would double the requests of a self-hosted stack. The
    // emulator holds a request on a virtual clock, so a second create surely starts while the first is in progress.
    const clock = new ManualClock();
    const emulated = useEmulator({ clock });

    /** Dashboard creates through one client (so one set of shared lists), each create with its own deadline signal. */
    function dashboardCreates() {
        const { emu } = emulated;
        emu.clearRequests();
        const apis = emulatorApis(
            emu,
            { "observability:requestTimeoutMs": "600000", "observability:createListGraceMs": String(CREATE_LIST_GRACE_MS) },
            { clock, notify: () => {} },
        );
        const dashboards = (signal = new AbortController().signal) => collectionAt({ apis, signal }, { variant: "self-hosted" }, "dashboards", wireDashboard);
        const create = (name: string, signal = new AbortController().signal) =>
            dashboards(signal).create(
                `create Dashboard "${name}"`,
                { name, tiles: [errorsTile(emu.fixtures.sources.logs.id)] },
                (d) => d.name === name,
                NO_TWIN,
            );
        const calls = () =>
            emu.requests
                .filter((r) => r.path === "/api/v2/dashboards")
                .map((r) => `${r.method} ${r.method === "POST" ? (r.body as { name: string }).name : ""}`.trim());
        const remove = (id: string) => dashboards().delete(`delete Dashboard "${id}"`, id);
        return { emu, create, remove, calls };
    }

    it("dashboard: the second create takes the first one's list; a create within the grace after both takes it too, a later one lists again", async function () {
        const { emu, create, calls } = dashboardCreates();
        emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: "/dashboards" }, { slowMs: 1000 });

        const first = create("first");
        await clock.untilSleeping(1);
        clock.advance(500); // the first list is half a second old, the first POST still held
        await create("second");
        clock.wakeNext();
        await first;
        // The engine starts the next dashboard a moment after another kind's steps freed a slot.
        clock.advance(CREATE_LIST_GRACE_MS);
        await create("third");
        clock.advance(CREATE_LIST_GRACE_MS + 1);
        await create("fourth");

        assert.deepEqual(calls(), ["GET", "POST first", "POST second", "POST third", "GET", "POST fourth"]);
    });

    it("dashboard: an update or a delete ends the list no create is using: the next create lists again and its lost POST takes nothing made before it", async function () {
        const { emu, create, remove, calls } = dashboardCreates();
        const first = await create("first");
        await remove(first.id); // as a destroy would, within the grace
        const byHand = await fetch(`${emu.url}/api/v2/dashboards`, {
            method: "POST",
            headers: { authorization: `Bearer ${emu.credentials.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify({ name: "made after a delete", tiles: [errorsTile(emu.fixtures.sources.logs.id)] }),
        });
        const handMade = ((await byHand.json()) as { data: { id: string } }).data.id;
        emu.faults.failNext(1, "drop-before", { method: "POST", pathIncludes: "/dashboards" });

        const created = create("made after a delete");
        await clock.untilSleeping(1); // the lost POST's settle wait: the hand-made one was in its list, so it is not the create's
        clock.wakeNext();
        const own = await created;

        assert.notEqual(own.id, handMade, "the hand-made dashboard is not taken over");
        // The hand-made POST, then the create's own list, though within the grace of the first create's.
        assert.deepEqual(calls().slice(0, 4), ["GET", "POST first", "POST made after a delete", "GET"], "the create after the delete listed again");
    });

    it("the twin check compares only the listed objects of the declaration's name, found through an index built once per list", async function () {
        // A team holding thousands of dashboards made by hand: a create must not normalize each of them to look for a
        // cancelled run's leftover (issue 37), yet still name the leftover among them.
        const { emu } = dashboardCreates();
        const notes: string[] = [];
        const apis = emulatorApis(emu, {}, { clock, notify: (message) => notes.push(message) });
        const { client, prefix } = apis.observability("self-hosted", {});
        const base = `${prefix}/dashboards`;
        const signal = new AbortController().signal;
        const others = Array.from({ length: 2000 }, (_, i) =>
            wireDashboard.parse({ id: (0x10000 + i).toString(16).padStart(24, "0"), name: `by hand ${i}`, tiles: [] }),
        );
        const leftover = wireDashboard.parse({ id: "f".repeat(24), name: "web", tiles: [] });
        const listed = [...others, leftover];
        const byName = (object: { name?: unknown }) => (typeof object.name === "string" ? object.name : "");
        let compared = 0;
        const create = (name: string) =>
            createWithoutAdoptingStrangers<WireDashboard>({
                operation: `create Dashboard "${name}"`,
                client,
                listKey: base,
                list: async () => listed,
                post: () => client.request({ operation: "create", method: "POST", path: base, body: { name, tiles: [] }, response: wireDashboard, signal }),
                matches: (d) => d.name === name,
                claimed: new Set(),
                id: hex24,
                twin: { is: (d) => (compared++, d.name === name), by: "name", key: { of: byName, wanted: name } },
            });

        await Promise.all([create("web"), create("api")]);

        assert.equal(compared, 1, "only the one listed dashboard named like a declaration is compared");
        assert.equal(notes.filter((note) => note.includes(leftover.id)).length, 1, "the leftover is still named");
    });

    it("a create is in progress until its operation ends (a pipe's wait for its state), not only until its POST is answered", async function () {
        // What a pipe create does: POST, then wait for the pipe to run while it holds the engine's slot. The pipes of a
        // stack start a few at a time as others finish waiting, so each group would list again before its POSTs.
        const { emu, calls } = dashboardCreates();
        const apis = emulatorApis(
            emu,
            { "observability:requestTimeoutMs": "600000", "observability:createListGraceMs": String(CREATE_LIST_GRACE_MS) },
            { clock, notify: () => {} },
        );
        const { client, prefix } = apis.observability("self-hosted", {});
        const base = `${prefix}/dashboards`;
        const signal = new AbortController().signal;
        const create = <R>(name: string, then: () => Promise<R>) =>
            createWithoutAdoptingStrangers(
                {
                    operation: `create Dashboard "${name}"`,
                    client,
                    listKey: base,
                    list: () => listAll(client, "list", base, wireDashboard, signal),
                    post: () => client.request({ operation: "create", method: "POST", path: base, body: { name, tiles: [] }, response: wireDashboard, signal }),
                    matches: (d) => d.name === name,
                    claimed: new Set(),
                    id: hex24,
                    twin: NO_TWIN as Twin<WireDashboard>,
                },
                then,
            );
        let settle = () => {};
        const waiting = new Promise<void>((resolve) => (settle = resolve));
        let answered = false;

        const first = create("waits", () => {
            answered = true; // its POST is answered: from here on it waits
            return waiting;
        });
        await eventually(() => answered);
        await create("second", async () => undefined);
        settle();
        await first;
        clock.advance(CREATE_LIST_GRACE_MS + 1);
        await create("third", async () => undefined);

        assert.deepEqual(calls(), ["GET", "POST waits", "POST second", "GET", "POST third"], "the second create took the list of the one still waiting");
    });

    it("dashboard: a lost create never takes the object an overlapping twin create made after the shared list", async function () {
        const { emu, create } = dashboardCreates();
        emu.faults.failNext(1, "slow", { method: "POST", pathIncludes: "/dashboards" }, { slowMs: 1000 });
        const twins = () => [...emu.store.selfHosted.dashboards.values()].filter((d) => d.name === "twin").map((d) => d.id);

        const first = create("twin");
        await clock.untilSleeping(1); // the first POST is held
        emu.faults.failNext(1, "5xx", { method: "POST", pathIncludes: "/dashboards" });
        const second = create("twin"); // shares the first list; its POST is lost, so it settles on the clock
        await clock.untilSleeping(2);
        clock.wakeNext(); // the first POST is applied and answered
        const made = await first;
        clock.wakeNext(); // the second looks again: the first one's dashboard matches, but is not its own
        const other = await second;

        assert.notEqual(other.id, made.id, "two resources never share one object");
        assert.deepEqual(twins().sort(), [made.id, other.id].sort());
    });

    it("dashboard: when the shared list fails on the create that started it, a create that joined it lists on its own", async function () {
        const { emu, create, calls } = dashboardCreates();
        emu.faults.failNext(1, "slow", { method: "GET", pathIncludes: "/dashboards" }, { slowMs: 1000 });
        const deadline = new AbortController();

        const first = create("short deadline", deadline.signal).then(
            () => "created",
            () => "failed",
        );
        await clock.untilSleeping(1); // its list is held
        const second = create("joined");
        deadline.abort(new Error("the operation's timeout expired"));
        assert.equal(await first, "failed");
        const joined = await second;

        assert.equal(emu.store.selfHosted.dashboards.get(joined.id)?.name, "joined");
        assert.deepEqual(calls(), ["GET", "GET", "POST joined"]);
        clock.wakeNext(); // lets the emulator end the held list
    });
});

describe("trust: a data pipe's lost create never takes over a pipe that existed before it", function () {
    const stack = useEmulatedStack(() => {}, { config: { "observability:requestTimeoutMs": "3000", "observability:pollIntervalMs": "0" } });
    const pipes = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}/pipes`;
    const declared = (): DeclaredResource[] => [
        {
            type: "DataPipe",
            name: "clicks",
            provider: PIPE,
            inputs: clicksFromStream(),
        },
    ];

    for (const fault of FAULTS) {
        it(`${fault} on the create: the pre-existing identical pipe is neither adopted nor deleted`, async function () {
            // The very body the provider posts, posted again outside the stack.
            const engine = new Engine(stack.host);
            await engine.up(declared());
            const post = stack.emu.requests.find((r) => r.method === "POST" && r.path === pipes());
            assert.ok(post);
            await engine.destroy();
            const made = await cloudRequest(stack.emu, "POST", pipes(), post.body);
            const twin = String((made.json as { result: { id: string } }).result.id);
            stack.emu.faults.failNext(1, fault, { method: "POST", pathIncludes: "/pipes" });
            const outcome = await stack.engine.up(declared()).then(
                () => "created",
                (error: unknown) => messageOf(error),
            );
            if (outcome === "created") assert.ok(![...stack.engine.state.values()].some((s) => s.id === twin), "the stack manages a pipe of its own");
            else assert.match(outcome, /create DataPipe "clicks-from-stream"/);
            await stack.engine.destroy();
            assert.equal((await cloudRequest(stack.emu, "GET", `${pipes()}/${twin}`)).status, 200, `the hand-made pipe still exists (${fault}: ${outcome})`);
            await cloudRequest(stack.emu, "DELETE", `${pipes()}/${twin}`);
        });
    }
});

describe("trust: an id the server answers on create that is not an id is refused, naming it", function () {
    let server: ScriptedServer;
    let host: ProviderHost;
    before(async function () {
        server = await ScriptedServer.start();
        host = await ProviderHost.start({
            config: { "observability:apiUrl": server.url, "observability:apiKey": { secret: "scripted-key" }, "observability:retryBudgetMs": "10" },
            env: withoutSettingsEnv(),
        });
    });
    after(async function () {
        await host?.close();
        await server?.close();
    });

    it("fails the create with the created object's id in the message", async function () {
        const tile = { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "hi" } };
        server.answer(
            { status: 200, json: { data: [] } },
            { status: 200, json: { data: { id: "../../users/1", name: "Web service", tiles: [{ id: "aaaaaaaaaaaaaaaaaaaaaaaa", ...tile }] } } },
        );
        const engine = new Engine(host);
        await assert.rejects(
            engine.up([{ type: "Dashboard", name: "web", provider: DASHBOARD, inputs: { name: "Web service", tiles: [tile] } }]),
            (error: unknown) => {
                assert.match(messageOf(error), /create Dashboard "Web service".*invalid id "\.\.\/\.\.\/users\/1"/);
                return true;
            },
        );
        assert.equal(engine.state.size, 0);
    });
});

describe("trust: no piece of any secret in any message, stack or log line", function () {
    // 200 characters with a quote, a backslash and a line break, as a pipe's write-only password.
    const password =
        `p"a\\ss\nword-${"x7Kq".repeat(3)}-${Array.from({ length: 200 }, (_, i) => "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"[(i * 37 + 11) % 57]).join("")}`.slice(
            0,
            200,
        );
    const keySecret = `cloud"secret\\${"Zr4w".repeat(10)}`;
    const apiKey = `self-hosted-key-${"Qm8v".repeat(8)}`;
    const keyId = "echo-key-id";
    let server: ScriptedServer;
    let host: ProviderHost;

    before(async function () {
        server = await ScriptedServer.start();
        host = await ProviderHost.start({
            config: {
                "observability:apiUrl": server.url,
                "observability:apiKey": { secret: apiKey },
                "observability:cloudUrl": server.url,
                "observability:keyId": keyId,
                "observability:keySecret": { secret: keySecret },
                "observability:organizationId": "6f1c2a9e-5b7d-4c11-9a0e-5a4d1c2b3e4f",
                "observability:serviceId": "0d5e7a31-2c4b-4f6e-8a9d-1b3c5e7f9a2b",
                "observability:retryBudgetMs": "10",
                "observability:retryBaseDelayMs": "1",
                // A lost create waits one request timeout before it looks again: short, so that the waits are quick.
                "observability:requestTimeoutMs": "500",
                // Every create lists again, so that each test's script holds exactly its requests.
                "observability:readCacheMs": "0",
                "observability:createListGraceMs": "0",
            },
            env: withoutSettingsEnv(),
        });
    });
    after(async function () {
        await host?.close();
        await server?.close();
    });
    beforeEach(() => server.forget());

    // The kinds' own secrets: a webhook's URL (its token) and header, a connection's password.
    const hookToken = `tok-${"Hv7p".repeat(6)}`;
    const hookUrl = `https://relay.example.com/in?token=${hookToken}`;
    const hookHeader = `Bearer hdr-${"Wq3z".repeat(6)}`;
    const enginePassword = `engine-pw-${"Rt5m".repeat(6)}`;

    /** Every 8-character piece of every form of every secret. */
    function pieces(): string[] {
        const token = Buffer.from(`${keyId}:${keySecret}`).toString("base64");
        const forms = [password, keySecret, apiKey, token, hookUrl, hookToken, hookHeader, enginePassword].flatMap((s) => [
            s,
            JSON.stringify(s).slice(1, -1),
            encodeURIComponent(s),
            Buffer.from(s).toString("base64"),
        ]);
        return forms.flatMap((form) => Array.from({ length: form.length - 7 }, (_, i) => form.slice(i, i + 8)));
    }
    const assertNoPiece = (text: string, where: string) => {
        for (const piece of pieces()) assert.ok(!text.includes(piece), `${where} holds ${JSON.stringify(piece)}`);
    };

    const pipe = (): DeclaredResource[] => [
        {
            type: "DataPipe",
            name: "orders",
            provider: PIPE,
            inputs: {
                name: "orders",
                source: { kafka: { format: "JSONEachRow", brokers: "broker:9092", topics: "orders", authentication: "SCRAM-SHA-512" } },
                secrets: { credentials: { username: "replicator", password } },
                destination: {
                    table: "orders",
                    managedTable: true,
                    tableDefinition: { engine: { type: "MergeTree" } },
                    columns: [{ name: "id", type: "String" }],
                },
                fieldMappings: [{ sourceField: "id", destinationField: "id" }],
            },
        },
    ];
    const everything = (r: Seen) => {
        const sent = JSON.parse(r.body) as { source?: { kafka?: { credentials?: { password?: string } } } };
        const raw = sent.source?.kafka?.credentials?.password ?? "";
        return `echo: body ${r.body} | authorization ${String(r.authorization)} | raw ${raw} | url ${encodeURIComponent(raw)} | headers ${JSON.stringify(r.headers)}`;
    };
    const echoes: [string, (r: Seen) => { status: number; json?: unknown; text?: string }][] = [
        ["plain text 400", (r) => ({ status: 400, text: everything(r) })],
        ["JSON 400 message", (r) => ({ status: 400, json: { status: 400, requestId: `req ${String(r.authorization)}`, error: everything(r) } })],
        ["JSON 400 quoting the echo as a JSON string", (r) => ({ status: 400, json: { status: 400, error: JSON.stringify(everything(r)) } })],
    ];

    for (const [kind, echo] of echoes) {
        it(`redacts a server that echoes the request (${kind}) before anything is shortened`, async function () {
            // The list before the create, then the POST (echoed).
            server.answer({ status: 200, json: { status: 200, result: [] } }, echo);
            const engine = new Engine(host);
            const error = await engine.up(pipe()).then(
                () => assert.fail("the create must fail"),
                (e: unknown) => e,
            );
            const text = messageOf(error);
            assert.match(text, /create DataPipe "orders" failed: POST \/v1\/organizations\/.*\/pipes/);
            assert.match(text, /\[redacted\]/, "the echo was there, redacted");
            assertNoPiece(text, "the error");
            assertNoPiece(host.stderr, "the host's stderr");
            assertNoPiece(host.stdout, "the host's stdout");
        });
    }

    it("redacts an echoed Authorization header of the self-hosted API", async function () {
        server.answer((r) => ({ status: 401, text: `bad key in ${String(r.authorization)}` }));
        const engine = new Engine(host);
        const error = await engine
            .up([
                {
                    type: "Dashboard",
                    name: "web",
                    provider: DASHBOARD,
                    inputs: { name: "Web", tiles: [{ name: "Notes", x: 0, y: 0, w: 4, h: 2, config: { displayType: "markdown", markdown: "hi" } }] },
                },
            ])
            .then(
                () => assert.fail("the create must fail"),
                (e: unknown) => e,
            );
        const text = messageOf(error);
        assert.match(text, /bad key in Bearer \[redacted\]/);
        assertNoPiece(text, "the error");
    });

    /** The server echoes the request body from its first secret on, which starts 10 characters before the 300-character cut of messages. */
    const echo = (status: number) => (r: Seen) => {
        if (r.method === "GET") return { status: 200, json: { data: [] } };
        const at = Math.min(...[hookUrl, enginePassword].map((secret) => r.body.indexOf(JSON.stringify(secret).slice(1, -1))).filter((i) => i >= 0));
        return { status, json: { message: `${"e".repeat(290)}${r.body.slice(at)}` } };
    };

    const programs: [string, DeclaredResource][] = [
        [
            "a webhook's URL and header values",
            {
                type: "Webhook",
                name: "hook",
                provider: packageProviderText("webhook"),
                inputs: { name: "Relay", service: "generic", url: hookUrl, headers: { Authorization: hookHeader } },
            },
        ],
        [
            "a connection's password",
            {
                type: "Connection",
                name: "engine",
                provider: packageProviderText("connection"),
                inputs: { name: "Engine", host: "https://engine.example.com", username: "reader", password: enginePassword },
            },
        ],
    ];
    for (const [what, declared] of programs) {
        for (const status of [400, 500]) {
            it(`${what}: a ${status} echoing the body (${status === 500 ? "the lost-create warnings, then the error" : "the error"})`, async function () {
                const stderrBefore = host.stderr.length;
                server.answer(...Array.from({ length: 12 }, () => echo(status)));
                const error = await new Engine(host).up([declared]).then(
                    () => assert.fail("the create must fail"),
                    (e: unknown) => e,
                );
                const text = messageOf(error);
                assert.match(text, /\[redacted\]/, "the echo was there, redacted");
                assertNoPiece(text, "the error");
                // The host's log arrives on its own pipe: the last wait's warning, told before the create failed, ends it.
                if (status === 500) await eventually(() => host.stderr.slice(stderrBefore).includes("before it reports the create as failed"));
                const logged = host.stderr.slice(stderrBefore);
                if (status === 500) assert.match(logged, /ended without a usable answer .*\[redacted\]/, "the wait after the lost create was told");
                assertNoPiece(logged, "the host's log");
            });
        }
    }
});

describe("trust: an unknown input key is refused at check, at its path, with nothing sent", function () {
    const stack = useEmulatedStack();
    const one =
        (type: string, provider: string) =>
        (inputs: PropertyMap): DeclaredResource[] => [{ type, name: "it", provider, inputs }];

    it("QueryEndpoint `rolez` and OrganizationSettings `nam`", async function () {
        await assertCheckRefuses(stack, one("QueryEndpoint", QUERY_ENDPOINT), [[{ rolez: ["sql_console_admin"] }, "rolez"]]);
        await assertCheckRefuses(stack, one("OrganizationSettings", ORGANIZATION), [[{ nam: "Acme" }, "nam"]]);
    });

    it("a typo deep inside a dashboard tile and a data pipe", async function () {
        const tile = {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: {
                displayType: "line",
                sourceId: stack.emu.fixtures.sources.logs.id,
                select: [{ aggFn: "count" }],
                numberFormat: { output: "number", mantisa: 2 },
            },
        };
        await assertCheckRefuses(stack, one("Dashboard", DASHBOARD), [[{ name: "Web", tiles: [tile] }, "tiles[0].config.numberFormat.mantisa"]]);
        const clicks = clicksFromStream();
        const pipe = { ...clicks, destination: { ...clicks.destination, tableDefinition: { engine: { type: "MergeTree" }, sortingKye: ["id"] } } };
        await assertCheckRefuses(stack, one("DataPipe", PIPE), [[pipe, "destination.tableDefinition.sortingKye"]]);
    });
});

describe("trust: failures are fast, bounded and labelled", function () {
    let server: ScriptedServer;
    beforeEach(async function () {
        server = await ScriptedServer.start();
    });
    afterEach(() => server?.close());

    async function hostAt(config: Record<string, string>): Promise<ProviderHost> {
        return ProviderHost.start({ config: { "observability:apiKey": { secret: "scripted-key" }, ...config }, env: withoutSettingsEnv() });
    }
    const markdownBoard = (name = "Web"): DeclaredResource[] => [
        {
            type: "Dashboard",
            name: "web",
            provider: DASHBOARD,
            inputs: { name, tiles: [{ name: "Notes", x: 0, y: 0, w: 4, h: 2, config: { displayType: "markdown", markdown: "hi" } }] },
        },
    ];

    it("a 429 asking for far longer than the server's window fails at once naming the wait, and pauses nothing", async function () {
        const host = await hostAt({ "observability:apiUrl": server.url });
        try {
            server.answer({ status: 429, json: { message: "slow down" }, headers: { "retry-after": "3600" } });
            await assert.rejects(new Engine(host).up(markdownBoard()), (error: unknown) => {
                const text = messageOf(error);
                assert.match(text, /create Dashboard "Web".* failed: GET \/api\/v2\/dashboards → HTTP 429/);
                assert.match(text, /asked to wait 3600 s/);
                assert.match(text, /far longer than its rate-limit window \(60 s\): run again later/);
                return true;
            });
            assert.equal(server.seen.length, 1, "not retried");
            // The next operation is sent at once: the limiter was not left paused for an hour.
            server.answer(
                { status: 200, json: { data: [] } },
                {
                    status: 200,
                    json: {
                        data: {
                            id: "bbbbbbbbbbbbbbbbbbbbbbbb",
                            name: "Web",
                            tiles: [
                                { id: "aaaaaaaaaaaaaaaaaaaaaaaa", name: "Notes", x: 0, y: 0, w: 4, h: 2, config: { displayType: "markdown", markdown: "hi" } },
                            ],
                        },
                    },
                },
            );
            const result = await new Engine(host).up(markdownBoard());
            assert.deepEqual(result.created, ["web"]);
        } finally {
            await host.close();
        }
    });

    /** A list answer of `count` dashboards of about 1 KiB each, as a team's dashboards made by hand. */
    const dashboardsList = (count: number) => ({
        status: 200,
        json: { data: Array.from({ length: count }, (_, i) => ({ id: String(i).padStart(24, "0"), name: `by hand ${i} ${"x".repeat(1000)}`, tiles: [] })) },
    });

    it("refuses a list larger than the list cap without reading it, naming the setting", async function () {
        const host = await hostAt({ "observability:apiUrl": server.url, "observability:maxListResponseBytes": "1000", "observability:retryBudgetMs": "10" });
        try {
            server.answer(dashboardsList(100));
            await assert.rejects(new Engine(host).up(markdownBoard()), (error: unknown) => {
                const text = messageOf(error);
                assert.match(text, /GET \/api\/v2\/dashboards → HTTP 200: the response body is larger than 1000 bytes/);
                assert.match(text, /observability:maxListResponseBytes/);
                return true;
            });
        } finally {
            await host.close();
        }
    });

    it("reads a list larger than one object's cap whole with the default settings (the unpaged dashboards of a large team)", async function () {
        // 6,000 dashboards made by hand: about 6 MiB in one answer, over the 4 MiB cap of one object's answer (issue 37).
        const host = await hostAt({ "observability:apiUrl": server.url });
        try {
            const list = dashboardsList(6000);
            assert.ok(JSON.stringify(list.json).length > 4 * 1024 * 1024);
            const tile = { id: "aaaaaaaaaaaaaaaaaaaaaaaa", name: "Notes", x: 0, y: 0, w: 4, h: 2, config: { displayType: "markdown", markdown: "hi" } };
            server.answer(list, { status: 200, json: { data: { id: "bbbbbbbbbbbbbbbbbbbbbbbb", name: "Web", tiles: [tile] } } });
            const result = await new Engine(host).up(markdownBoard());
            assert.deepEqual(result.created, ["web"]);
        } finally {
            await host.close();
        }
    });

    it("a connection refused on the first attempt fails at once, naming the URL and the setting", async function () {
        const closed = await ScriptedServer.start();
        const url = closed.url;
        await closed.close();
        // A budget of a minute: only the first-contact rule keeps this from retrying all that time.
        const host = await hostAt({ "observability:apiUrl": url, "observability:retryBudgetMs": "60000", "observability:retryBaseDelayMs": "1000" });
        try {
            await assert.rejects(new Engine(host).up(markdownBoard()), (error: unknown) => {
                const text = messageOf(error);
                assert.match(text, /create Dashboard "Web".* failed: GET \/api\/v2\/dashboards → no response/);
                assert.ok(text.includes(`Nothing answers at ${url}`), text);
                assert.match(text, /observability:apiUrl/);
                return true;
            });
        } finally {
            await host.close();
        }
    });

    for (const [setting, value, variable] of [
        ["apiUrl", "http://127.0.0.1:1/base?x=1", "OBSERVABILITY_API_URL"],
        ["apiUrl", "http://127.0.0.1:1/#frag", "OBSERVABILITY_API_URL"],
        ["apiUrl", "not a url", "OBSERVABILITY_API_URL"],
        ["apiKey", "", "OBSERVABILITY_API_KEY"],
    ] as const) {
        it(`preview refuses ${setting} ${JSON.stringify(value)}, naming the config key and the variable, nothing sent`, async function () {
            const host = await ProviderHost.start({
                config: {
                    "observability:apiUrl": server.url,
                    ...(setting === "apiKey" ? {} : { "observability:apiKey": { secret: "k" } }),
                    [`observability:${setting}`]: value,
                },
                env: withoutSettingsEnv(),
            });
            try {
                await assert.rejects(new Engine(host).preview(markdownBoard()), (error: unknown) => {
                    const text = messageOf(error);
                    assert.ok(text.includes(`observability:${setting}`) && text.includes(variable), text);
                    return true;
                });
                assert.deepEqual(server.seen, []);
            } finally {
                await host.close();
            }
        });
    }

    it("preview of a cloud resource refuses a missing key secret, naming the config key and the variable", async function () {
        const host = await ProviderHost.start({ config: { "observability:cloudUrl": server.url, "observability:keyId": "id" }, env: withoutSettingsEnv() });
        try {
            await assert.rejects(
                new Engine(host).preview([
                    {
                        type: "QueryEndpoint",
                        name: "it",
                        provider: QUERY_ENDPOINT,
                        inputs: { organizationId: "6f1c2a9e-5b7d-4c11-9a0e-5a4d1c2b3e4f", serviceId: "0d5e7a31-2c4b-4f6e-8a9d-1b3c5e7f9a2b" },
                    },
                ]),
                (error: unknown) => {
                    assert.match(messageOf(error), /observability:keySecret.*OBSERVABILITY_KEY_SECRET/);
                    return true;
                },
            );
            assert.deepEqual(server.seen, []);
        } finally {
            await host.close();
        }
    });
});

describe("trust: the first preview of a fresh stack, with unknowns passed as the engine passes them", function () {
    const stack = useEmulatedStack();
    const fixture = (name: string) => path.join(__dirname, "..", "harness", "fixtures", name);
    const config = (stack: EmulatedStack, extra: Record<string, string> = {}) => {
        const plain: Record<string, string> = { ...extra };
        for (const [key, value] of Object.entries(emulatorConfig(stack.emu))) plain[key] = typeof value === "string" ? value : value.secret;
        return plain;
    };

    it("dashboard and an alert on one of its tiles: two creates planned, no request", async function () {
        const plan = await runProgram({
            program: fixture("freshTileAlert.ts"),
            engine: stack.engine,
            config: config(stack, { "demo:logsSourceId": stack.emu.fixtures.sources.logs.id, "demo:webhookId": stack.emu.fixtures.webhooks.slack.id }),
            mode: "preview",
            project: "demo",
            stack: "dev",
        });
        assert.deepEqual(plan.created, ["service", "errors-high"]);
        assert.deepEqual(stack.emu.requests, []);
    });

    it("a data pipe and the query endpoint of its service: two creates planned, no request", async function () {
        const plan = await runProgram({
            program: fixture("freshPipeEndpoint.ts"),
            engine: stack.engine,
            config: config(stack),
            mode: "preview",
            project: "demo",
            stack: "dev",
        });
        assert.deepEqual(plan.created, ["clicks", "endpoint"]);
        assert.deepEqual(stack.emu.requests, []);
    });
});
