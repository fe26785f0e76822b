import assert from "node:assert/strict";
import type { DeclaredResource } from "../harness/engine";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import type { EmulatedStack } from "../support/emulatedStack";
import type { Variant } from "../support/emulatorClient";
import { describeWireFacts, type RawApi, type SentBody, UPSTREAM, type WireFact } from "./wireFacts";

const PROVIDER = packageProviderText("dashboard");
const BOTH = ["self-hosted", "managed"] as const;
const SH = UPSTREAM.selfHosted;
const ROUTER = `${SH} packages/api/src/routers/external-api/v2/dashboards.ts`;
const UTILS = `${SH} packages/api/src/routers/external-api/v2/utils/dashboards.ts`;
const ZOD = `${SH} packages/api/src/utils/zod.ts`;
const TYPES = `${SH} packages/common-utils/src/types.ts`;

// Each variant's fixtures carry ids of their own.
const logsOf = (api: Pick<RawApi, "emu" | "variant">) => api.emu.fixturesOf(api.variant).sources.logs.id;
const tile = (logs: string, name: string, config: PropertyMap = {}) => ({
    name,
    x: 0,
    y: 0,
    w: 6,
    h: 2,
    config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count" }], ...config },
});
const filter = (logs: string, name: string, extra: PropertyMap = {}) => ({
    type: "QUERY_EXPRESSION",
    name,
    expression: "ServiceName",
    sourceId: logs,
    ...extra,
});

/** Creates a dashboard over raw HTTP and returns what the create answered. */
async function created(
    api: RawApi,
    body: PropertyMap,
): Promise<{ id: string; tiles: { id: string; name: string }[]; filters: { id: string; name: string }[] }> {
    return (await api.ok("POST", "/dashboards", { name: "Fact", tiles: [], ...body })) as never;
}

const teamOf = (api: RawApi) => (api.variant === "self-hosted" ? api.emu.store.selfHosted : api.emu.store.managed);

// The units of the server's fixed list (`NumericUnit`), as sampled by the flows.
const UNITS = new Set(["bytes_iec", "bytes_sec_si", "megabits_sec", "rps", "wpm"]);

function tilesOf(sent: SentBody): Record<string, unknown>[] {
    return Array.isArray(sent.body.tiles) ? (sent.body.tiles as Record<string, unknown>[]) : [];
}

function configsOf(sent: SentBody): Record<string, unknown>[] {
    return tilesOf(sent).map((t) => (t.config ?? {}) as Record<string, unknown>);
}

/** Every `[path, value]` of a JSON value, depth first. */
function leaves(value: unknown, path = ""): [string, unknown][] {
    if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}.${i}`));
    if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
    return [[path, value]];
}

const isPut = (sent: SentBody) => sent.method === "PUT";
const isCreate = (sent: SentBody) => sent.method === "POST" && !sent.path.endsWith("/validate");

const facts: readonly WireFact[] = [
    {
        upstream: `${ZOD} (tile \`w: z.number().min(1)\`, told by zod 3's English error map, zod/v3/locales/en; found by the live differential check)`,
        says: "refuses a number under its minimum in zod's words, on a write and on `POST /dashboards/validate`: `tiles.0.w: Number must be greater than or equal to 1`",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const body = { name: "Narrow", tiles: [{ ...tile(logsOf(api), "Errors"), w: 0 }] };
            const res = await api.call("POST", "/dashboards", body);
            assert.deepEqual([res.status, api.message(res)], [400, "Body validation failed: tiles.0.w: Number must be greater than or equal to 1"]);
            const validated = await api.call("POST", "/dashboards/validate", body);
            assert.deepEqual(validated.json, {
                valid: false,
                errors: [{ path: "tiles.0.w", message: "Number must be greater than or equal to 1" }],
                normalized: null,
            });
        },
    },
    {
        upstream: `${ROUTER}:2685`,
        says: "a PUT filter without `id` is refused with 400 `filters.N.id: Required` (the update body's filter schema keeps `id: string`)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, { filters: [filter(logs, "Service")] });
            const res = await api.call("PUT", `/dashboards/${made.id}`, { name: "Fact", tiles: [], filters: [filter(logs, "Service")] });
            assert.equal(res.status, 400);
            assert.match(api.message(res), /filters\.0\.id: Required/);
        },
        onSent: (sent) =>
            isPut(sent) && Array.isArray(sent.body.filters) && sent.body.filters.some((f) => typeof (f as { id?: unknown }).id !== "string")
                ? "a PUT filter has no id"
                : undefined,
    },
    {
        upstream: `${UPSTREAM.cloudDocument}:12967`,
        says: "a managed PUT filter without `id` is refused with 400 (ObservabilityFilter requires `id`)",
        variants: ["managed"],
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, { filters: [filter(logs, "Service")] });
            const res = await api.call("PUT", `/dashboards/${made.id}`, { name: "Fact", tiles: [], filters: [filter(logs, "Service")] });
            assert.equal(res.status, 400);
        },
        onSent: (sent) =>
            isPut(sent) && Array.isArray(sent.body.filters) && sent.body.filters.some((f) => typeof (f as { id?: unknown }).id !== "string")
                ? "a PUT filter has no id"
                : undefined,
    },
    {
        upstream: `${ZOD}:151`,
        says: "a create filter carrying `id` is refused with 400 (the create schema omits `id` from a strict object)",
        variants: BOTH,
        async onEmulator(api) {
            const res = await api.call("POST", "/dashboards", {
                name: "Fact",
                tiles: [],
                filters: [{ id: "a".repeat(24), ...filter(logsOf(api), "Service") }],
            });
            assert.equal(res.status, 400);
            assert.match(api.message(res), /Unrecognized key/);
        },
        onSent: (sent) =>
            isCreate(sent) && Array.isArray(sent.body.filters) && sent.body.filters.some((f) => (f as { id?: unknown }).id !== undefined)
                ? "a create filter carries an id"
                : undefined,
    },
    {
        upstream: `${UTILS}:1346`,
        says: "on PUT a filter id that matches a stored filter is kept; any other id is replaced by a new hex24",
        variants: BOTH,
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, { filters: [filter(logs, "Service")] });
            const kept = made.filters[0].id;
            const foreign = "f".repeat(24);
            const put = (await api.ok("PUT", `/dashboards/${made.id}`, {
                name: "Fact",
                tiles: [],
                filters: [filter(logs, "Service renamed", { id: kept }), filter(logs, "Added", { id: foreign })],
            })) as typeof made;
            assert.equal(put.filters[0].id, kept);
            assert.match(put.filters[1].id, /^[0-9a-f]{24}$/);
            assert.notEqual(put.filters[1].id, foreign);
        },
    },
    {
        upstream: `${SH} packages/api/src/utils/externalApi.ts:216`,
        says: "a filter reads back as stored: no default filled in, no derived variableName; variableName only on a variable, appliesToSourceIds only on a broadcasting filter",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, {
                filters: [
                    filter(logs, "Plain"),
                    filter(logs, "Deploy env", { isVariableEnabled: true }),
                    filter(logs, "Quiet", { isBroadcastEnabled: false, isVariableEnabled: true, variableName: "quiet" }),
                ],
            });
            const read = ((await api.ok("GET", `/dashboards/${made.id}`)) as { filters: PropertyMap[] }).filters.map(({ id: _id, ...f }) => f);
            assert.deepEqual(read, [
                filter(logs, "Plain"),
                filter(logs, "Deploy env", { isVariableEnabled: true }),
                filter(logs, "Quiet", { isBroadcastEnabled: false, isVariableEnabled: true, variableName: "quiet" }),
            ]);
        },
    },
    {
        upstream: `${UTILS}:1320`,
        says: "on PUT a tile id that matches a stored tile is kept; a tile without one (or with another) gets a new id",
        variants: BOTH,
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, { tiles: [tile(logs, "A"), tile(logs, "B")] });
            const put = (await api.ok("PUT", `/dashboards/${made.id}`, {
                name: "Fact",
                tiles: [{ id: made.tiles[0].id, ...tile(logs, "A") }, tile(logs, "B")],
            })) as typeof made;
            assert.equal(put.tiles[0].id, made.tiles[0].id);
            assert.notEqual(put.tiles[1].id, made.tiles[1].id);
        },
    },
    {
        upstream: `${ZOD}:626`,
        says: "tile names may be empty and may repeat (`name: z.string()`, no uniqueness rule)",
        variants: BOTH,
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, { tiles: [tile(logs, ""), tile(logs, "Twin"), tile(logs, "Twin"), tile(logs, "")] });
            assert.deepEqual(
                made.tiles.map((t) => t.name),
                ["", "Twin", "Twin", ""],
            );
            assert.equal(new Set(made.tiles.map((t) => t.id)).size, 4);
        },
    },
    {
        upstream: `${SH} packages/common-utils/src/core/formula.ts:474`,
        says: 'a formula naming a series the tile does not have is refused with 400 `Unknown series "C"` (checked by the tile config schema, zod.ts:581)',
        variants: ["self-hosted"],
        async onEmulator(api) {
            const logs = logsOf(api);
            const select = [{ aggFn: "count" }, { aggFn: "sum", valueExpression: "Bytes" }];
            const res = await api.call("POST", "/dashboards", { name: "Fact", tiles: [tile(logs, "F", { select, formulas: [{ expression: "A / C" }] })] });
            assert.equal(res.status, 400);
            assert.equal(
                api.message(res),
                'Body validation failed: tiles.0.config.formulas.0.expression: Unknown series "C" — this chart only has series A through B',
            );
            await api.ok("POST", "/dashboards", { name: "Fact", tiles: [tile(logs, "F", { select, formulas: [{ expression: "A / B" }] })] });
        },
        onSent(sent) {
            const bad = configsOf(sent).flatMap((config) => {
                const count = Array.isArray(config.select) ? config.select.length : 0;
                const formulas = Array.isArray(config.formulas) ? (config.formulas as { expression: string }[]) : [];
                return formulas.flatMap((f) => (f.expression.match(/(?<![A-Za-z])[A-Z](?![A-Za-z])/g) ?? []).filter((ref) => ref.charCodeAt(0) - 65 >= count));
            });
            return bad.length ? `a formula names unknown series ${bad.join(", ")}` : undefined;
        },
    },
    {
        upstream: `${TYPES}:133`,
        says: "`numberFormat.numericUnit` is one of the server's fixed list (`NumericUnit`); free text is refused with 400",
        variants: BOTH,
        async onEmulator(api) {
            const logs = logsOf(api);
            const format = (numericUnit: string) => ({ numberFormat: { output: "data_rate", numericUnit } });
            const res = await api.call("POST", "/dashboards", { name: "Fact", tiles: [tile(logs, "U", format("bytes per second"))] });
            assert.equal(res.status, 400);
            await api.ok("POST", "/dashboards", { name: "Fact", tiles: [tile(logs, "U", format("bytes_sec_si"))] });
        },
        onSent(sent) {
            const units = leaves(sent.body.tiles).filter(([path]) => path.endsWith("numericUnit"));
            const bad = units.filter(([, unit]) => !UNITS.has(String(unit)));
            return bad.length ? `unknown numericUnit ${bad.map(([, u]) => String(u)).join(", ")}` : undefined;
        },
    },
    {
        upstream: `${UTILS}:527`,
        says: "the read leaves PromQL tiles out (utils :631 filters them), and a PUT, which sets the body's tiles (dashboards.ts:2748), deletes them",
        variants: BOTH,
        async onEmulator(api) {
            const logs = logsOf(api);
            const made = await created(api, { tiles: [tile(logs, "Kept")] });
            const stored = teamOf(api).dashboards.get(made.id);
            assert.ok(stored);
            stored.tiles.push({ id: "b".repeat(24), name: "PromQL", x: 6, y: 0, w: 6, h: 2, config: { configType: "promql", displayType: "line" } });
            const read = (await api.ok("GET", `/dashboards/${made.id}`)) as typeof made;
            assert.deepEqual(
                read.tiles.map((t) => t.name),
                ["Kept"],
            );
            await api.ok("PUT", `/dashboards/${made.id}`, { name: "Fact", tiles: read.tiles.map((t) => ({ ...t, x: 0, y: 0, w: 6, h: 2 })) });
            assert.deepEqual(
                teamOf(api)
                    .dashboards.get(made.id)
                    ?.tiles.map((t) => t.name),
                ["Kept"],
            );
        },
    },
    {
        upstream: `${ZOD}:304`,
        says: "raw-SQL line and stacked_bar tiles keep `seriesLimit` (absent from the OpenAPI document) and read `fillNulls` back always (utils :211)",
        // The managed variant's document declares no series limit: the provider refuses it there at preview.
        variants: ["self-hosted"],
        async onEmulator(api) {
            const connectionId = api.emu.fixturesOf(api.variant).connection.id;
            const raw = (displayType: string, extra: PropertyMap) => ({
                ...tile(logsOf(api), displayType),
                config: { configType: "sql", displayType, connectionId, sqlTemplate: "SELECT 1", ...extra },
            });
            // The series limit is a whole number or absent there too: `null` is refused (zod.ts:304 `.optional()`).
            const nulled = await api.call("POST", "/dashboards", { name: "Fact", tiles: [raw("line", { seriesLimit: null })] });
            assert.equal(nulled.status, 400);
            assert.match(api.message(nulled), /tiles\.0\.config\.seriesLimit: Expected number, received null/);
            const made = await created(api, { tiles: [raw("line", { seriesLimit: 0 }), raw("stacked_bar", { seriesLimit: 3, fillNulls: false })] });
            const configs = ((await api.ok("GET", `/dashboards/${made.id}`)) as { tiles: { config: PropertyMap }[] }).tiles.map((t) => t.config);
            assert.deepEqual(
                configs.map((c) => [c.seriesLimit, c.fillNulls]),
                [
                    [0, true],
                    [3, false],
                ],
            );
        },
    },
    {
        upstream: `${ROUTER}:2335`,
        says: "`POST /dashboards/validate` answers a bare `{valid, errors, normalized}`, without a `data` envelope",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const ok = await api.call("POST", "/dashboards/validate", { name: "Fact", tiles: [] });
            assert.equal(ok.status, 200);
            assert.deepEqual(Object.keys(ok.json).sort(), ["errors", "normalized", "valid"]);
            assert.equal(ok.json.valid, true);
            const bad = await api.call("POST", "/dashboards/validate", { tiles: [] });
            assert.equal(bad.status, 200);
            assert.deepEqual([bad.json.valid, bad.json.normalized, bad.json.errors[0].path], [false, null, "name"]);
        },
    },
    {
        upstream: `${TYPES}:123`,
        says: "a number format names its `output` (required in `NumberFormatSchema`): one without it is refused with 400",
        // The cloud document does not require it; the provider's schema does on both variants.
        variants: ["self-hosted"],
        async onEmulator(api) {
            const logs = logsOf(api);
            for (const config of [{ numberFormat: { mantissa: 2 } }, { select: [{ aggFn: "count", numberFormat: { mantissa: 2 } }] }]) {
                const res = await api.call("POST", "/dashboards", { name: "Fact", tiles: [tile(logs, "L", config)] });
                assert.equal(res.status, 400, JSON.stringify(config));
                assert.match(api.message(res), /numberFormat\.output: Required/);
            }
        },
        onSent(sent) {
            const formats = leaves(sent.body)
                .filter(([path]) => /numberFormat\.[^.]+$/.test(path))
                .map(([path]) => path.replace(/\.[^.]+$/, ""));
            const missing = [...new Set(formats)].filter((at) => !leaves(sent.body).some(([path]) => path === `${at}.output`));
            return missing.length > 0 ? `a number format without output at ${missing.join(", ")}` : undefined;
        },
    },
    {
        upstream: `${ZOD}:290`,
        says: "`null` is refused with 400 wherever a field is optional (seriesLimit, numberFormat, tags, filters, containers, …); only the saved query fields take null (utils :1297)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const logs = logsOf(api);
            const refused: [string, PropertyMap][] = [
                ["seriesLimit", { tiles: [tile(logs, "L", { seriesLimit: null })] }],
                ["numberFormat", { tiles: [tile(logs, "L", { numberFormat: null })] }],
                ["select alias", { tiles: [tile(logs, "L", { select: [{ aggFn: "count", alias: null }] })] }],
                ["containerId", { tiles: [{ ...tile(logs, "L"), containerId: null }] }],
                ["tags", { tags: null }],
                ["filters", { filters: null }],
                ["filter where", { filters: [filter(logs, "F", { where: null })] }],
                ["savedFilterValues", { savedFilterValues: null }],
                ["containers", { containers: null }],
            ];
            for (const [what, body] of refused) {
                const res = await api.call("POST", "/dashboards", { name: "Fact", tiles: [], ...body });
                assert.equal(res.status, 400, `${what}: null is refused`);
            }
            await api.ok("POST", "/dashboards", { name: "Fact", tiles: [], savedQuery: null, savedQueryLanguage: null });
        },
        onSent(sent) {
            const nulls = leaves(sent.body).filter(([path, value]) => value === null && path !== "savedQuery" && path !== "savedQueryLanguage");
            return nulls.length ? `null at ${nulls.map(([p]) => p).join(", ")}` : undefined;
        },
    },
    {
        upstream: `${ROUTER}:2746`,
        says: "a PUT replaces `name` and `tiles`; omitted `tags` (set as undefined, which the ODM drops from `$set`), `filters`, `containers`, `savedQuery` and `savedFilterValues` are kept",
        variants: BOTH,
        async onEmulator(api) {
            const logs = logsOf(api);
            const containers = [{ id: "c1", title: "Group", collapsed: false }];
            const made = await created(api, {
                tags: ["a"],
                filters: [filter(logs, "Service")],
                containers,
                savedQuery: "level:error",
                savedFilterValues: [{ condition: "x = 1" }],
                tiles: [tile(logs, "T")],
            });
            const put = (await api.ok("PUT", `/dashboards/${made.id}`, { name: "Renamed", tiles: [] })) as PropertyMap;
            assert.deepEqual(
                [put.name, put.tiles, put.tags, (put.filters as unknown[]).length, put.containers, put.savedQuery, put.savedFilterValues],
                ["Renamed", [], ["a"], 1, containers, "level:error", [{ type: "sql", condition: "x = 1" }]],
            );
        },
    },
];

/** The shapes the provider sends: creates and updates of filters (kept, renamed, added), formulas, units, tile names. */
async function flows(stack: EmulatedStack, variant: Variant): Promise<void> {
    const logs = stack.emu.fixturesOf(variant).sources.logs.id;
    const managed = variant === "managed" ? { variant: "managed" } : {};
    const declare = (inputs: PropertyMap): DeclaredResource[] => [{ type: "Dashboard", name: "flow", provider: PROVIDER, inputs: { ...managed, ...inputs } }];
    const plainTile = (name: string, config: PropertyMap = {}) => tile(logs, name, config);
    const plainFilter = (name: string) => ({ name, expression: "ServiceName", sourceId: logs });
    const select = [{ aggFn: "count" }, { aggFn: "sum", valueExpression: "Bytes", numberFormat: { output: "byte", numericUnit: "bytes_iec" } }];
    // Formulas and series limits exist on the self-hosted API only (the cloud document declares neither).
    const selfHosted = (config: PropertyMap): PropertyMap => (variant === "self-hosted" ? config : {});
    await stack.engine.up(
        declare({
            name: "Flow",
            tags: ["flow"],
            tiles: [
                plainTile("Ratio", {
                    select,
                    ...selfHosted({ formulas: [{ expression: "B / A", numberFormat: { output: "data_rate", numericUnit: "bytes_sec_si" } }] }),
                }),
                plainTile("", { numberFormat: { output: "throughput", numericUnit: "rps" } }),
                plainTile("Twin"),
                plainTile("Twin", selfHosted({ seriesLimit: 5 })),
            ],
            filters: [plainFilter("Service"), plainFilter("Host")],
            savedQuery: "level:error",
        }),
    );
    await stack.engine.up(
        declare({
            name: "Flow v2",
            tiles: [
                plainTile("Ratio renamed", { select, ...selfHosted({ formulas: [{ expression: "(A + B) * 2" }] }) }),
                plainTile("Twin"),
                { ...plainTile("Twin"), w: 12 },
            ],
            filters: [plainFilter("Service"), plainFilter("Host renamed"), plainFilter("Added")],
            savedFilterValues: [{ condition: "ServiceName = 'web'" }],
        }),
    );
    await stack.engine.destroy();
}

describeWireFacts({ kind: "dashboard", collection: "/dashboards", facts, flows });
