import assert from "node:assert/strict";
import { VARIANT_ONLY_FIELDS } from "../../provider/resources/source/schema";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { useEmulatedStack } from "../support/emulatedStack";
import type { Variant } from "../support/emulatorClient";
import { roundTripOfHandMade } from "./handMade";
import { describeWireFacts, type RawApi, UPSTREAM, type WireFact } from "./wireFacts";

const SH = UPSTREAM.selfHosted;
const TYPES = `${SH} packages/common-utils/src/types.ts`;
const KINDS = ["log", "trace", "metric", "session", "promql"] as const;
type Kind = (typeof KINDS)[number];

const view = {
    databaseName: "otel",
    tableName: "logs_5m",
    dimensionColumns: "ServiceName",
    minGranularity: "5m",
    minDate: "2026-01-01T00:00:00.000Z",
    timestampColumn: "Timestamp",
    // The web UI stores `""` for the source column of a count.
    aggregatedColumns: [
        { sourceColumn: "Duration", aggFn: "sum", mvColumn: "duration_sum" },
        { sourceColumn: "", aggFn: "count", mvColumn: "n" },
    ],
};
// The web UI stores `""` for a highlighted attribute's unset lucene form and alias.
const highlighted = [
    { sqlExpression: "ResourceAttributes['k8s.pod.name']", luceneExpression: "k8s.pod.name", alias: "Pod" },
    { sqlExpression: "SpanAttributes['http.route']", luceneExpression: "", alias: "" },
];
const filterSettings = { databaseName: "otel", tableName: "filters", columns: [{ name: "ServiceName", label: "Service" }] };

/** The fields of the kinds that search rows, as the web UI stores them (the managed variant's `filterSettings` apart). */
const searchFields = {
    defaultTableSelectExpression: "Timestamp, ServiceName, Body",
    serviceNameExpression: "ServiceName",
    serviceVersionExpression: "ResourceAttributes['service.version']",
    resourceAttributesExpression: "ResourceAttributes",
    eventAttributesExpression: "LogAttributes",
    implicitColumnExpression: "Body",
    knownColumnsListExpression: "ServiceName, SeverityText",
    useTextIndexForImplicitColumn: "enabled",
    metricSourceId: "metrics-of-the-team",
    highlightedTraceAttributeExpressions: highlighted,
    highlightedRowAttributeExpressions: highlighted,
    materializedViews: [view],
    // The web UI stores `""` for an unset key rollup table.
    metadataMaterializedViews: { keyRollupTable: "", kvRollupTable: "kv_15m", granularity: "15m" },
    displayedTimestampValueExpression: "TimestampTime",
    orderByExpression: "Timestamp DESC",
};

/**
 * A source of each kind with every field the server stores for it: on the self-hosted server every field of its
 * source schema, on the managed variant the fields of the cloud document.
 */
function fullSource(kind: Kind, variant: Variant, connection: string): Record<string, unknown> {
    const common = {
        kind,
        name: `Every ${kind} field`,
        section: "Hand made",
        connection,
        from: { databaseName: "otel", tableName: `otel_${kind}` },
        disabled: true,
        querySettings: [{ setting: "max_threads", value: "4" }],
        timestampValueExpression: "Timestamp",
    };
    const byKind: Record<Kind, Record<string, unknown>> = {
        log: {
            ...searchFields,
            severityTextExpression: "SeverityText",
            bodyExpression: "Body",
            traceSourceId: "traces-of-the-team",
            traceIdExpression: "TraceId",
            spanIdExpression: "SpanId",
            tableFilterExpression: "ServiceName != 'noise'",
        },
        trace: {
            ...searchFields,
            durationExpression: "Duration",
            durationPrecision: 9,
            traceIdExpression: "TraceId",
            spanIdExpression: "SpanId",
            parentSpanIdExpression: "ParentSpanId",
            spanNameExpression: "SpanName",
            spanKindExpression: "SpanKind",
            sampleRateExpression: "SampleRate",
            logSourceId: "logs-of-the-team",
            sessionSourceId: "sessions-of-the-team",
            statusCodeExpression: "StatusCode",
            statusMessageExpression: "StatusMessage",
            spanEventsValueExpression: "Events",
            spanLinksValueExpression: "Links",
        },
        metric: {
            from: { databaseName: "otel", tableName: "" },
            metricTables: {
                gauge: "otel_metrics_gauge",
                histogram: "otel_metrics_histogram",
                sum: "otel_metrics_sum",
                summary: "otel_metrics_summary",
                "exponential histogram": "otel_metrics_exponential_histogram",
            },
            resourceAttributesExpression: "ResourceAttributes",
            serviceNameExpression: "ServiceName",
            logSourceId: "logs-of-the-team",
            seriesTable: "otel_metrics_series",
        },
        session: { traceSourceId: "traces-of-the-team", resourceAttributesExpression: "ResourceAttributes" },
        promql: {},
    };
    const source: Record<string, unknown> = { ...common, ...byKind[kind] };
    for (const key of Object.keys(source)) if (!knownTo(variant, kind, key)) delete source[key];
    if (variant === "managed" && (kind === "log" || kind === "trace")) source.filterSettings = filterSettings;
    return source;
}

/** Whether the variant stores the field for the kind (the other variant's own fields are dropped there). */
const knownTo = (variant: Variant, kind: Kind, key: string) => !VARIANT_ONLY_FIELDS[variant === "managed" ? "self-hosted" : "managed"][kind].includes(key);

const connectionOf = (api: { emu: RawApi["emu"]; variant: Variant }) =>
    api.variant === "managed" ? api.emu.managedConnectionId : api.emu.fixturesOf(api.variant).connection.id;

/** Creates a source over raw HTTP, returning the answer's payload. */
const created = (api: RawApi, body: Record<string, unknown>) => api.ok("POST", "/sources", body);

const facts: WireFact[] = [
    {
        upstream: `${SH} packages/api/src/models/source.ts ISourceSchema (\`z.discriminatedUnion("kind", …)\`; found by the live differential check)`,
        says: "refuses a missing or unknown `kind` as an invalid discriminator, listing the kinds in the union's order",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const body = fullSource("log", api.variant, connectionOf(api));
            for (const kind of [undefined, "profile"]) {
                const res = await api.call("POST", "/sources", { ...body, kind });
                assert.deepEqual(
                    [res.status, api.message(res)],
                    [400, "Body validation failed: kind: Invalid discriminator value. Expected 'log' | 'trace' | 'session' | 'metric' | 'promql'"],
                    String(kind),
                );
            }
        },
    },
    {
        upstream: `${TYPES}:2077`,
        says: "stores every field of each kind's source schema and reads it back (log orderByExpression, trace sampleRateExpression, metric seriesTable, session resourceAttributesExpression among them)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            for (const kind of KINDS) {
                const body = fullSource(kind, api.variant, connectionOf(api));
                const { id, ...read } = await created(api, body);
                assert.ok(typeof id === "string");
                for (const [key, value] of Object.entries(body)) assert.deepEqual(read[key], value, `${kind}.${key}`);
            }
        },
    },
    {
        upstream: UPSTREAM.cloudDocument,
        says: "keeps only the fields the cloud document declares for the kind: the self-hosted server's own fields are dropped without an error",
        variants: ["managed"],
        async onEmulator(api) {
            for (const kind of KINDS) {
                const selfHostedOnly = Object.fromEntries(VARIANT_ONLY_FIELDS["self-hosted"][kind].map((key) => [key, "Dropped"]));
                const read = await created(api, { ...fullSource(kind, api.variant, connectionOf(api)), ...selfHostedOnly });
                for (const key of Object.keys(selfHostedOnly)) assert.equal(key in read, false, `${kind}.${key} is dropped`);
            }
        },
        onSent(sent) {
            const kind = sent.body.kind as Kind;
            const foreign = (VARIANT_ONLY_FIELDS["self-hosted"][kind] ?? []).filter((key) => key in sent.body);
            return foreign.length > 0 ? `sends ${foreign.join(", ")}, which the managed variant drops` : undefined;
        },
    },
    {
        upstream: `${SH} packages/api/src/controllers/sources.ts:84`,
        says: "PUT replaces the whole stored source: a field left out is erased",
        variants: ["self-hosted", "managed"],
        async onEmulator(api) {
            const body = fullSource("log", api.variant, connectionOf(api));
            const { id } = await created(api, body);
            const { displayedTimestampValueExpression: _left, ...rest } = body;
            const read = await api.ok("PUT", `/sources/${String(id)}`, rest);
            assert.equal("displayedTimestampValueExpression" in read, false);
            assert.equal(
                api.emu.store[api.variant === "managed" ? "managed" : "selfHosted"].sources.get(String(id))?.displayedTimestampValueExpression,
                undefined,
            );
        },
    },
    {
        upstream: `${TYPES}:2118`,
        says: "refuses `null` for an optional field (400): an unset field is omitted",
        variants: ["self-hosted", "managed"],
        async onEmulator(api) {
            const body = fullSource("log", api.variant, connectionOf(api));
            for (const key of ["serviceNameExpression", "traceSourceId", ...(api.variant === "self-hosted" ? ["orderByExpression"] : [])]) {
                const res = await api.call("POST", "/sources", { ...body, [key]: null });
                assert.equal(res.status, 400, key);
                assert.match(api.message(res), new RegExp(`${key}: Expected string, received null`));
            }
        },
        onSent(sent) {
            const nulls = Object.entries(sent.body).filter(([, value]) => value === null);
            return nulls.length > 0 ? `sends null for ${nulls.map(([key]) => key).join(", ")}` : undefined;
        },
    },
    {
        upstream: `${TYPES}:2097`,
        says: "takes any string as the id of another source (not only an object id) and stores it as sent",
        variants: ["self-hosted", "managed"],
        async onEmulator(api) {
            const read = await created(api, { ...fullSource("session", api.variant, connectionOf(api)), traceSourceId: "not-an-object-id" });
            assert.equal(read.traceSourceId, "not-an-object-id");
        },
    },
    {
        upstream: `${SH} packages/api/src/controllers/connection.ts:13`,
        says: "refuses a `connection` that is not an object id, then one the team does not have (400)",
        variants: ["self-hosted"],
        async onEmulator(api) {
            const body = fullSource("promql", api.variant, connectionOf(api));
            const malformed = await api.call("POST", "/sources", { ...body, connection: "platform" });
            assert.deepEqual([malformed.status, api.message(malformed)], [400, "connection must be a valid connection id"]);
            const unknown = await api.call("POST", "/sources", { ...body, connection: "0123456789abcdef01234567" });
            assert.deepEqual([unknown.status, api.message(unknown)], [400, "connection must be an existing connection id"]);
        },
    },
    {
        upstream: `${SH} packages/api/src/routers/external-api/v2/sources.ts:42`,
        says: "takes a granularity in the long form (`5 minute`) and reads it back in the short form (`5m`)",
        variants: ["self-hosted", "managed"],
        async onEmulator(api) {
            const body = fullSource("log", api.variant, connectionOf(api));
            const read = await created(api, { ...body, materializedViews: [{ ...view, minGranularity: "5 minute" }] });
            assert.equal((read.materializedViews as { minGranularity: string }[])[0].minGranularity, "5m");
        },
    },
];

const PROVIDER = packageProviderText("source");

describeWireFacts({
    kind: "Source",
    collection: "/sources",
    facts,
    async flows(stack, variant) {
        const connection = variant === "managed" ? stack.emu.managedConnectionId : stack.emu.fixturesOf("self-hosted").connection.id;
        const program = (change: PropertyMap) =>
            KINDS.map((kind) => ({
                type: "Source",
                name: kind,
                provider: PROVIDER,
                inputs: { ...fullSource(kind, variant, connection), ...change, variant } as PropertyMap,
            }));
        await stack.engine.up(program({}));
        await stack.engine.up(program({ section: "Changed" }));
        await stack.engine.destroy();
    },
});

describe("Round trip of a source made by hand: adopted, one field changed, nothing else touched", function () {
    const stack = useEmulatedStack();
    for (const variant of ["self-hosted", "managed"] as const) {
        for (const kind of KINDS) {
            it(`a ${kind} source on the ${variant} variant`, async function () {
                const made = fullSource(
                    kind,
                    variant,
                    variant === "managed" ? stack.emu.managedConnectionId : stack.emu.fixturesOf("self-hosted").connection.id,
                );
                await roundTripOfHandMade(stack, {
                    variant,
                    type: "Source",
                    providerKey: "source",
                    collection: "/sources",
                    made,
                    declaration: { ...made, variant } as PropertyMap,
                    change: ["section", "Adopted"],
                    stored: (id) => stack.emu.store[variant === "managed" ? "managed" : "selfHosted"].sources.get(id),
                });
            });
        }
    }
});
