import assert from "node:assert/strict";
import type { Emulator } from "../emulator";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import type { EmulatedStack } from "../support/emulatedStack";
import { emulatorClient, type Variant } from "../support/emulatorClient";
import { describeWireFacts, type RawApi, type SentBody, UPSTREAM, type WireFact } from "./wireFacts";

// The alert fact table: what the real servers refuse, keep and clear, cited at the pinned commits.
const SH = UPSTREAM.selfHosted;
const ZOD = `${SH} packages/api/src/utils/zod.ts`;
const TYPES = `${SH} packages/common-utils/src/types.ts`;
const CONTROLLER = `${SH} packages/api/src/controllers/alerts.ts`;
const READ = `${SH} packages/api/src/utils/externalApi.ts`;
const ROUTER = `${SH} packages/api/src/routers/external-api/v2/alerts.ts`;
// The reference provider's one alert client serves both APIs (`client.go:167` strips `/api/v2` for the cloud);
// its product folder is written `<observability>` here.
const REFERENCE = `${UPSTREAM.cloudProvider} internal/service/<observability>/client/alert.go`;
const DOCUMENT = UPSTREAM.cloudDocument;

const PROVIDER = packageProviderText("alert");

/** A dashboard with one alertable tile, made over raw HTTP. */
async function tileOf(emu: Emulator, variant: Variant): Promise<{ dashboardId: string; tileId: string }> {
    const client = emulatorClient(emu);
    const config = { displayType: "line", sourceId: emu.fixturesOf(variant).sources.logs.id, select: [{ aggFn: "count" }] };
    const res = await client.on(variant, "/dashboards", "POST", { name: "Fidelity", tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 3, config }] });
    assert.equal(res.status, 200, res.text);
    const made = client.payload(res) as { id: string; tiles: { id: string }[] };
    return { dashboardId: made.id, tileId: made.tiles[0].id };
}

/** A minimal saved-search alert body in the server's form. */
function searchBody(api: RawApi, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
        source: "saved_search",
        savedSearchId: api.emu.fixturesOf(api.variant).savedSearch.id,
        threshold: 1,
        thresholdType: "above",
        interval: "15m",
        channel: { type: "webhook", webhookId: api.emu.fixturesOf(api.variant).webhooks.generic.id },
        ...extra,
    };
}

/** The body without the given keys. */
function without(body: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
    return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
}

/** Asserts a 400 and answers its message (without the cloud's code prefix). */
async function refused(api: RawApi, method: string, resource: string, body: unknown): Promise<string> {
    const res = await api.call(method, resource, body);
    assert.equal(res.status, 400, `${method} ${resource} ${JSON.stringify(body)}: ${res.text}`);
    return api.message(res);
}

/** Creates, then replaces with `next`: the alert as the PUT answers it. */
async function replaced(api: RawApi, first: Record<string, unknown>, next: Record<string, unknown>): Promise<Record<string, unknown>> {
    const made = await api.ok("POST", "/alerts", first);
    return api.ok("PUT", `/alerts/${String(made.id)}`, next);
}

/**
 * The self-hosted row of a fact and its managed twin, which cites the managed side's own source (the cloud
 * document or the reference provider) for the same behaviour.
 */
function withManaged(fact: Omit<WireFact, "variants">, managedUpstream: string): WireFact[] {
    return [
        { ...fact, variants: ["self-hosted"] },
        { ...fact, upstream: managedUpstream, variants: ["managed"] },
    ];
}

const knownSource = (sent: SentBody) =>
    sent.body.source === "tile" || sent.body.source === "saved_search" ? undefined : `source ${JSON.stringify(sent.body.source)}`;

const nullAt = (key: string) => (sent: SentBody) => (sent.body[key] === null ? `\`${key}: null\`` : undefined);

const facts: WireFact[] = [
    {
        upstream: `${ZOD}:734`,
        says: "knows the sources `saved_search` and `tile` only: the specification's `search` is refused with 400",
        variants: ["self-hosted"],
        async onEmulator(api) {
            assert.equal(
                await refused(api, "POST", "/alerts", searchBody(api, { source: "search" })),
                "Body validation failed: source: Invalid enum value. Expected 'saved_search' | 'tile', received 'search'; Invalid input",
            );
            assert.equal((await api.ok("POST", "/alerts", searchBody(api))).source, "saved_search");
        },
        onSent: knownSource,
    },
    {
        upstream: `${REFERENCE}:15`,
        says: "sends `saved_search` as the source on every create and update (the managed server knows no `search`)",
        variants: ["managed"],
        async onEmulator(api) {
            assert.match(await refused(api, "POST", "/alerts", searchBody(api, { source: "search" })), /^Body validation failed: source: /);
            assert.equal((await api.ok("POST", "/alerts", searchBody(api))).source, "saved_search");
        },
        onSent: knownSource,
    },
    {
        upstream: `${ZOD}:733`,
        says: "refuses `thresholdMax: null` with 400 (a number or absent)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const message = await refused(api, "POST", "/alerts", searchBody(api, { thresholdMax: null }));
            assert.equal(message, "Body validation failed: thresholdMax: Expected number, received null");
        },
        onSent: nullAt("thresholdMax"),
    },
    {
        upstream: `${REFERENCE}:48`,
        says: "refuses `thresholdMax: null` (the reference client sends it for the range kinds only)",
        variants: ["managed"],
        async onEmulator(api) {
            assert.match(await refused(api, "POST", "/alerts", searchBody(api, { thresholdMax: null })), /thresholdMax: Expected number, received null/);
        },
        onSent: nullAt("thresholdMax"),
    },
    {
        upstream: `${ZOD}:729`,
        says: "refuses `scheduleOffsetMinutes: null` with 400 (an integer 0 to 1439, or absent)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const message = await refused(api, "POST", "/alerts", searchBody(api, { scheduleOffsetMinutes: null }));
            assert.equal(message, "Body validation failed: scheduleOffsetMinutes: Expected number, received null");
        },
        onSent: nullAt("scheduleOffsetMinutes"),
    },
    ...withManaged(
        {
            upstream: `${TYPES}:861`,
            says: "requires `thresholdMax` ≥ `threshold` for `between` and `not_between` (the providers send it with those only)",
            async onEmulator(api) {
                assert.match(
                    await refused(api, "POST", "/alerts", searchBody(api, { thresholdType: "between" })),
                    /^Body validation failed: thresholdMax: thresholdMax is required for between\/not_between threshold types$/,
                );
                assert.match(
                    await refused(api, "POST", "/alerts", searchBody(api, { thresholdType: "not_between", threshold: 5, thresholdMax: 4 })),
                    /thresholdMax: thresholdMax must be greater than or equal to threshold$/,
                );
            },
            onSent(sent) {
                const range = sent.body.thresholdType === "between" || sent.body.thresholdType === "not_between";
                if (range && typeof sent.body.thresholdMax !== "number") return "a range without `thresholdMax`";
                return !range && "thresholdMax" in sent.body ? "`thresholdMax` on a kind that is no range" : undefined;
            },
        },
        `${DOCUMENT} ObservabilityCreateAlertRequest.thresholdMax`,
    ),
    ...withManaged(
        {
            upstream: `${CONTROLLER}:171`,
            says: "keeps `thresholdMax` on a PUT that leaves it out (undefined keys are not written): it cannot be cleared",
            async onEmulator(api) {
                const ranged = searchBody(api, { thresholdType: "between", thresholdMax: 50 });
                const after = await replaced(api, ranged, { ...without(ranged, "thresholdMax"), thresholdType: "above" });
                assert.equal(after.thresholdType, "above");
                assert.equal(after.thresholdMax, 50);
            },
        },
        `${REFERENCE}:48`,
    ),
    {
        upstream: `${ROUTER}:678`,
        says: "refuses `thresholdMax: null` on a PUT too (400, the create's schema) and keeps the bound, which every read reports whatever the kind: only a new alert drops it",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const ranged = searchBody(api, { thresholdType: "between", thresholdMax: 50 });
            const made = await api.ok("POST", "/alerts", ranged);
            const plain = { ...without(ranged, "thresholdMax"), thresholdType: "above" };
            const res = await api.call("PUT", `/alerts/${String(made.id)}`, { ...plain, thresholdMax: null });
            assert.deepEqual([res.status, res.json], [400, { message: "Body validation failed: thresholdMax: Expected number, received null" }]);
            await api.ok("PUT", `/alerts/${String(made.id)}`, plain);
            const read = await api.ok("GET", `/alerts/${String(made.id)}`);
            assert.deepEqual([read.thresholdType, read.thresholdMax], ["above", 50], `${READ}:351 reads the stored bound`);
        },
        onSent(sent) {
            return sent.method === "PUT" && sent.body.thresholdMax === null ? "a PUT clearing `thresholdMax` with null" : undefined;
        },
    },
    ...withManaged(
        {
            upstream: `${CONTROLLER}:178`,
            says: "clears `name`, `message`, `note` and `numConsecutiveWindows` on a PUT that leaves them out (stored and read as null)",
            async onEmulator(api) {
                const full = searchBody(api, { name: "N", message: "M", note: "Runbook", numConsecutiveWindows: 3 });
                const after = await replaced(api, full, searchBody(api));
                assert.deepEqual([after.name, after.message, after.note, after.numConsecutiveWindows], [null, null, null, null]);
            },
        },
        `${REFERENCE}:37`,
    ),
    {
        upstream: `${ZOD}:735`,
        says: "refuses an empty `name` (1 to 512 characters, or null)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            assert.match(await refused(api, "POST", "/alerts", searchBody(api, { name: "" })), /name: String must contain at least 1 character\(s\)$/);
        },
        onSent: (sent) => (["name", "message", "note"].some((key) => sent.body[key] === "") ? "an empty text" : undefined),
    },
    {
        upstream: `${CONTROLLER}:186`,
        says: "clears a saved-search alert's `groupBy` on a PUT that leaves it out, and reads it only when set",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const grouped = searchBody(api, { groupBy: "ServiceName" });
            const made = await api.ok("POST", "/alerts", grouped);
            assert.equal(made.groupBy, "ServiceName");
            const after = await api.ok("PUT", `/alerts/${String(made.id)}`, without(grouped, "groupBy"));
            assert.equal("groupBy" in after, false, `${READ}:371 reads a null group-by as absent`);
        },
    },
    ...withManaged(
        {
            upstream: `${ZOD}:718`,
            says: "has no `groupBy` on tile alerts: the body's is dropped (the providers refuse it at check)",
            async onEmulator(api) {
                const tile = await tileOf(api.emu, api.variant);
                const made = await api.ok("POST", "/alerts", { ...without(searchBody(api), "savedSearchId"), source: "tile", ...tile, groupBy: "ServiceName" });
                assert.equal("groupBy" in made, false);
            },
            onSent: (sent) => (sent.body.source === "tile" && "groupBy" in sent.body ? "`groupBy` on a tile alert" : undefined),
        },
        `${DOCUMENT} ObservabilityCreateAlertRequest.groupBy`,
    ),
    {
        upstream: `${REFERENCE}:45`,
        says: "refuses `groupBy: null` (the reference client leaves it out)",
        variants: ["managed"],
        async onEmulator(api) {
            assert.match(await refused(api, "POST", "/alerts", searchBody(api, { groupBy: null })), /groupBy: Expected string, received null/);
        },
        onSent: nullAt("groupBy"),
    },
    ...withManaged(
        {
            upstream: `${CONTROLLER}:140`,
            says: "keeps the schedule on a PUT that leaves it out; `scheduleStartAt: null` clears it and resets an unsent offset to 0",
            async onEmulator(api) {
                const offset = searchBody(api, { scheduleOffsetMinutes: 5 });
                assert.equal((await replaced(api, offset, without(offset, "scheduleOffsetMinutes"))).scheduleOffsetMinutes, 5);
                assert.equal((await replaced(api, offset, { ...without(offset, "scheduleOffsetMinutes"), scheduleStartAt: null })).scheduleOffsetMinutes, 0);
                const start = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1)).toISOString();
                const started = searchBody(api, { scheduleStartAt: start });
                assert.equal((await api.ok("POST", "/alerts", started)).scheduleOffsetMinutes, 0, "a start sets the offset to 0");
                assert.equal((await replaced(api, started, without(started, "scheduleStartAt"))).scheduleStartAt, start);
                assert.equal(
                    (await replaced(api, started, { ...started, scheduleStartAt: null })).scheduleStartAt,
                    null,
                    `${READ}:356 reads a cleared start as null`,
                );
            },
        },
        `${REFERENCE}:39`,
    ),
    {
        upstream: `${TYPES}:699`,
        says: 'knows `{type: "webhook", webhookId}` channels only: other keys are dropped, other types refused',
        variants: ["self-hosted"],
        async onEmulator(api) {
            const webhookId = api.emu.fixturesOf(api.variant).webhooks.generic.id;
            const made = await api.ok("POST", "/alerts", searchBody(api, { channel: { type: "webhook", webhookId, severity: "critical" } }));
            assert.deepEqual(made.channels, [{ type: "webhook", webhookId }]);
            await refused(api, "POST", "/alerts", searchBody(api, { channel: { type: "email", emailRecipients: ["a@example.com"] } }));
        },
        onSent(sent) {
            const channels = [sent.body.channel, ...((sent.body.channels as unknown[] | undefined) ?? [])] as Record<string, unknown>[];
            return channels.some((c) => c.type !== "webhook" || Object.keys(c).some((key) => key !== "type" && key !== "webhookId"))
                ? "a channel the self-hosted server does not know"
                : undefined;
        },
    },
    {
        upstream: `${DOCUMENT} ObservabilityAlertChannelEmail, ObservabilityAlertChannelWebhook`,
        says: "takes `email` channels and the webhook routing fields (`webhookService`, `slackChannelId`, `severity`), and reads them back",
        variants: ["managed"],
        async onEmulator(api) {
            const email = { type: "email", emailRecipients: ["oncall@example.com"] };
            assert.deepEqual((await api.ok("POST", "/alerts", searchBody(api, { channel: email }))).channel, email);
            const routed = {
                type: "webhook",
                webhookId: api.emu.fixturesOf(api.variant).webhooks.slack.id,
                webhookService: "slack_api",
                slackChannelId: "C01",
                severity: "info",
            };
            assert.deepEqual((await api.ok("POST", "/alerts", searchBody(api, { channel: routed }))).channel, routed);
            await refused(api, "POST", "/alerts", searchBody(api, { channel: { type: "email" } }));
        },
    },
    {
        upstream: `${DOCUMENT} ObservabilityCreateAlertRequest`,
        says: "declares a single `channel` and no `channels` list (the providers send one channel)",
        variants: ["managed"],
        async onEmulator(api) {
            const made = await api.ok("POST", "/alerts", searchBody(api));
            assert.deepEqual(made.channel, searchBody(api).channel);
        },
        onSent: (sent) => ("channels" in sent.body ? "`channels` on the managed variant" : undefined),
    },
    {
        upstream: `${TYPES}:783`,
        says: "needs `channel` or `channels`, `channel` equal to `channels[0]` when both are sent, and no duplicate",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const channel = { type: "webhook", webhookId: api.emu.fixturesOf(api.variant).webhooks.generic.id };
            const other = { type: "webhook", webhookId: api.emu.fixturesOf(api.variant).webhooks.slack.id };
            const prefix = "Body validation failed: channels: ";
            assert.equal(await refused(api, "POST", "/alerts", without(searchBody(api), "channel")), `${prefix}Provide either "channel" or "channels"`);
            assert.equal(
                await refused(api, "POST", "/alerts", searchBody(api, { channels: [other, channel] })),
                `${prefix}When both "channel" and "channels" are provided, "channel" must match the first entry of "channels"`,
            );
            assert.equal(
                await refused(api, "POST", "/alerts", searchBody(api, { channels: [channel, channel] })),
                `${prefix}Duplicate notification channels are not allowed`,
            );
        },
        onSent(sent) {
            const channels = sent.body.channels as unknown[] | undefined;
            if (sent.body.channel === undefined) return "no `channel`";
            return channels && JSON.stringify(channels[0]) !== JSON.stringify(sent.body.channel) ? "`channel` is not `channels[0]`" : undefined;
        },
    },
    {
        upstream: `${ZOD}:740`,
        says: "answers `Invalid input` for a missing or null reference of the alert's source (both branches of its union fail)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            assert.equal(await refused(api, "POST", "/alerts", searchBody(api, { savedSearchId: null })), "Body validation failed: Invalid input");
            assert.equal(
                await refused(api, "POST", "/alerts", { ...without(searchBody(api), "savedSearchId"), source: "tile" }),
                "Body validation failed: Invalid input",
            );
        },
    },
    {
        upstream: `${TYPES}:835`,
        says: "refuses an offset with a start, or one not below the interval, with the server's messages",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const start = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1)).toISOString();
            assert.equal(
                await refused(api, "POST", "/alerts", searchBody(api, { scheduleOffsetMinutes: 2, scheduleStartAt: start })),
                "Body validation failed: scheduleOffsetMinutes: scheduleOffsetMinutes must be 0 when scheduleStartAt is provided",
            );
            assert.equal(
                await refused(api, "POST", "/alerts", searchBody(api, { interval: "1m", scheduleOffsetMinutes: 1 })),
                "Body validation failed: scheduleOffsetMinutes: scheduleOffsetMinutes must be less than 1 minute",
            );
        },
        onSent: (sent) =>
            typeof sent.body.scheduleStartAt === "string" && typeof sent.body.scheduleOffsetMinutes === "number" && sent.body.scheduleOffsetMinutes > 0
                ? "an offset with a start"
                : undefined,
    },
];

/** Runs the representative alert programs of one variant through the host: every body shape the providers send. */
async function flows(stack: EmulatedStack, variant: Variant): Promise<void> {
    const { emu } = stack;
    const tile = await tileOf(emu, variant);
    const where = variant === "managed" ? { variant } : {};
    const webhook = (id: string) => ({ webhookId: id });
    const { generic, slack } = emu.fixturesOf(variant).webhooks;
    const programs: PropertyMap[][] = [
        [
            {
                ...where,
                source: "tile",
                ...tile,
                threshold: 3,
                thresholdType: "above",
                interval: "5m",
                channel: webhook(slack.id),
                name: "Tile",
                note: "Runbook",
            },
            {
                ...where,
                source: "search",
                savedSearchId: emu.fixturesOf(variant).savedSearch.id,
                groupBy: "ServiceName",
                threshold: 1,
                thresholdMax: 9,
                thresholdType: "between",
                interval: "1h",
                scheduleOffsetMinutes: 30,
                channel: webhook(generic.id),
                numConsecutiveWindows: 2,
            },
        ],
        [
            {
                ...where,
                source: "tile",
                ...tile,
                threshold: 4,
                thresholdType: "below",
                interval: "5m",
                channel: webhook(slack.id),
                scheduleStartAt: "2026-01-01T00:00:00Z",
            },
            {
                ...where,
                source: "saved_search",
                savedSearchId: emu.fixturesOf(variant).savedSearch.id,
                threshold: 2,
                thresholdType: "above",
                interval: "1h",
                ...(variant === "managed"
                    ? { channel: { type: "email", emailRecipients: ["oncall@example.com"] } }
                    : { channels: [webhook(generic.id), webhook(slack.id)] }),
            },
        ],
    ];
    if (variant === "managed") {
        programs.push([
            {
                ...where,
                source: "tile",
                ...tile,
                threshold: 4,
                thresholdType: "below",
                interval: "5m",
                channel: { ...webhook(slack.id), severity: "critical" },
            },
            programs[1][1],
        ]);
    }
    for (const inputs of programs) {
        await stack.engine.up(inputs.map((declared, i) => ({ type: "Alert", name: `alert-${i}`, provider: PROVIDER, inputs: declared })));
    }
    await stack.engine.destroy();
}

describeWireFacts({
    kind: "alert",
    collection: "/alerts",
    facts,
    flows,
    reset(stack) {
        stack.emu.store.selfHosted.alerts.clear();
        stack.emu.store.managed.alerts.clear();
    },
});
