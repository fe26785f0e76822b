/**
 * A large stack for the benchmark and the soak run: dashboards with several tiles, alerts on their tiles and data
 * pipes, all declared for the engine model (tests/harness/engine.ts) with the `__provider` texts the SDK classes
 * really write. `generation` changes one field of every resource, so a new generation is an in-place update
 * whose result can be checked on the emulator.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Emulator } from "../emulator";
import { pipesState } from "../emulator/routes/pipes";
import type { DeclaredResource, OutputsByName } from "../harness/engine";
import { PACKAGE_NAME } from "../harness/paths";
import { assertBuilt, ensureSelfLink } from "../harness/providerText";

/** How big the stack is. */
export interface StackSize {
    dashboards: number;
    /** Tiles per dashboard. */
    tiles: number;
    /** Alerts per dashboard, each on its own tile (at most `tiles`). */
    alertsPerDashboard: number;
    pipes: number;
    /** Every n-th pipe is a database (CDC) pipe, which passes through Setup and Snapshot before it runs. */
    databasePipeEvery: number;
}

/** 50 dashboards × 3 tiles, 100 alerts, 50 pipes: 200 resources. */
export const FULL_SIZE: StackSize = { dashboards: 50, tiles: 3, alertsPerDashboard: 2, pipes: 50, databasePipeEvery: 5 };
/** A 40-resource stack for development runs. */
export const QUICK_SIZE: StackSize = { dashboards: 10, tiles: 3, alertsPerDashboard: 2, pipes: 10, databasePipeEvery: 5 };

/** Number of resources a stack of this size declares. */
export function resourceCount(size: StackSize): number {
    return size.dashboards * (1 + size.alertsPerDashboard) + size.pipes;
}

/** The `__provider` text per resource type, as the SDK classes write it. */
export type ProviderTexts = Record<"Dashboard" | "Alert" | "DataPipe" | "OrganizationSettings" | "QueryEndpoint", string>;

/**
 * Declares one resource of every type with `obs` under Pulumi's mocks and returns the `__provider` each one
 * wrote, by type name. Set the config the program should see first (`pulumi.runtime.setAllConfig`).
 * @param obs the SDK: the compiled package, or the sources
 * @param pipe the data pipe's arguments
 */
export async function declaredProviderTexts(obs: typeof import("../../sdk"), pipe: import("../../sdk").DataPipeArgs): Promise<ProviderTexts> {
    const texts: Record<string, string> = {};
    await pulumi.runtime.setMocks({
        newResource: (args) => {
            texts[args.type.split(":").pop() ?? args.type] = String(args.inputs.__provider);
            return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
    });
    const hex = "0123456789abcdef01234567";
    new obs.Dashboard("d", { name: "d", tiles: [] });
    new obs.Alert("a", {
        source: "search",
        savedSearchId: hex,
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: hex },
    });
    new obs.DataPipe("p", pipe);
    new obs.OrganizationSettings("o", {});
    new obs.QueryEndpoint("q", { roles: ["sql_console_read_only"] });
    await (require("@pulumi/pulumi/runtime/settings") as { waitForRPCs(): Promise<void> }).waitForRPCs();
    const missing = ["Dashboard", "Alert", "DataPipe", "OrganizationSettings", "QueryEndpoint"].filter((type) => !texts[type]);
    if (missing.length > 0) throw new Error(`no __provider captured for ${missing.join(", ")}`);
    return texts as ProviderTexts;
}

/**
 * Declares one resource of every type with the compiled SDK (`require("pulumi-observability")`, what users import)
 * under Pulumi's mocks, and returns the `__provider` each one wrote. Needs `npm run build`.
 */
export async function sdkProviderTexts(): Promise<ProviderTexts> {
    assertBuilt();
    ensureSelfLink();
    const obs = require(PACKAGE_NAME) as typeof import("../../sdk");
    pulumi.runtime.setAllConfig({});
    return declaredProviderTexts(obs, kafkaPipe("p", 0) as unknown as import("../../sdk").DataPipeArgs);
}

const columns = [
    { name: "id", type: "String" },
    { name: "ts", type: "DateTime64(3)" },
];
const fieldMappings = columns.map((column) => ({ sourceField: column.name, destinationField: column.name }));

function kafkaPipe(name: string, generation: number): Record<string, unknown> {
    return {
        name,
        source: { kafka: { format: "JSONEachRow", brokers: "b1:9092,b2:9092", topics: name, authentication: "SCRAM-SHA-512" } },
        secrets: { credentials: { username: "ingest", password: "bench-password" } },
        destination: {
            table: name.replace(/-/g, "_"),
            managedTable: true,
            tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["ts", "id"] },
            columns,
        },
        fieldMappings,
        settings: { streaming_max_insert_wait_ms: 1000 + generation },
    };
}

function databasePipe(name: string, generation: number): Record<string, unknown> {
    return {
        name,
        source: {
            postgres: {
                host: "db.example.com",
                database: "shop",
                settings: { replicationMode: "cdc", syncIntervalSeconds: 30 + generation },
                tableMappings: [{ sourceSchemaName: "public", sourceTable: name.replace(/-/g, "_"), targetTable: `public_${name.replace(/-/g, "_")}` }],
            },
        },
        secrets: { credentials: { username: "replicator", password: "bench-password" } },
        destination: { database: "replica" },
    };
}

/** What the emulator must hold for one declared resource after an `up` of the generation. */
export interface Expectation {
    /** `dashboards`, `alerts` or `pipes`. */
    kind: "dashboards" | "alerts" | "pipes";
    /** The resource's name in the stack. */
    resource: string;
    /** The object's name on the server (unique within its kind). */
    name: string;
    /** A field the generation sets, and its expected value. */
    field: string;
    value: unknown;
}

/**
 * The team's records the stack reads: a log source for its tiles and a webhook for its alerts. The emulator's seeded
 * fixtures have them; a real server's team is given them first (tests/bench/cli/realServer.ts).
 */
export interface StackFixtures {
    readonly fixtures: { readonly sources: { readonly logs: { readonly id: string } }; readonly webhooks: { readonly slack: { readonly id: string } } };
}

/** A declared stack of the given size and generation, and what the emulator must then hold. */
export function bigStack(
    emu: StackFixtures,
    providers: ProviderTexts,
    size: StackSize,
    generation = 0,
): { declared: DeclaredResource[]; expected: Expectation[] } {
    const declared: DeclaredResource[] = [];
    const expected: Expectation[] = [];
    const sourceId = emu.fixtures.sources.logs.id;
    const webhookId = emu.fixtures.webhooks.slack.id;
    for (let d = 0; d < size.dashboards; d++) {
        const board = `board-${d}`;
        const tiles = Array.from({ length: size.tiles }, (_, t) => ({
            name: `Tile ${t}`,
            x: (t % 2) * 6,
            y: Math.floor(t / 2) * 3,
            w: 6,
            h: 3,
            config: { displayType: "line", sourceId, select: [{ aggFn: "count", where: `service:svc-${d}-${t}` }] },
        }));
        const tags = ["bench", `gen-${generation}`];
        declared.push({ type: "Dashboard", name: board, provider: providers.Dashboard, inputs: { name: `Board ${d}`, tags, tiles } });
        expected.push({ kind: "dashboards", resource: board, name: `Board ${d}`, field: "tags", value: tags });
        for (let a = 0; a < size.alertsPerDashboard; a++) {
            const alertName = `Alert ${d}.${a}`;
            const threshold = 10 + a + generation;
            declared.push({
                type: "Alert",
                name: `alert-${d}-${a}`,
                provider: providers.Alert,
                inputs: (outputs: OutputsByName) => ({
                    source: "tile",
                    dashboardId: outputs[board].id,
                    tileId: (outputs[board].tileIds as Record<string, string> | undefined)?.[`Tile ${a}`],
                    threshold,
                    thresholdType: "above",
                    interval: "5m",
                    channel: { type: "webhook", webhookId },
                    name: alertName,
                }),
            });
            expected.push({ kind: "alerts", resource: `alert-${d}-${a}`, name: alertName, field: "threshold", value: threshold });
        }
    }
    for (let p = 0; p < size.pipes; p++) {
        const name = `pipe-${p}`;
        const database = size.databasePipeEvery > 0 && p % size.databasePipeEvery === size.databasePipeEvery - 1;
        declared.push({
            type: "DataPipe",
            name,
            provider: providers.DataPipe,
            inputs: database ? databasePipe(name, generation) : kafkaPipe(name, generation),
        });
        expected.push(
            database
                ? { kind: "pipes", resource: name, name, field: "source.settings.syncIntervalSeconds", value: 30 + generation }
                : { kind: "pipes", resource: name, name, field: "settings.streaming_max_insert_wait_ms", value: 1000 + generation },
        );
    }
    return { declared, expected };
}

/** The objects the emulator holds for each kind of the big stack, by server name. */
export function remoteObjects(emu: Emulator): Record<Expectation["kind"], Map<string, Record<string, unknown>[]>> {
    const group = (items: Iterable<{ name?: unknown }>) => {
        const byName = new Map<string, Record<string, unknown>[]>();
        for (const item of items) {
            const name = String(item.name);
            byName.set(name, [...(byName.get(name) ?? []), item as Record<string, unknown>]);
        }
        return byName;
    };
    return {
        dashboards: group(emu.store.selfHosted.dashboards.values()),
        alerts: group(emu.store.selfHosted.alerts.values()),
        pipes: group(pipesState(emu.cloud).pipes.values()),
    };
}

/** A dotted path into a stored object (`source.settings.syncIntervalSeconds`). */
function fieldOf(record: Record<string, unknown>, field: string): unknown {
    return field
        .split(".")
        .reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), record);
}

/**
 * Compares the emulator with the expectations: every declared object exactly once with the generation's value, and
 * nothing else of these kinds. Returns the problems found (empty when the emulator equals the declared stack).
 */
export function inventoryProblems(emu: Emulator, expected: Expectation[]): string[] {
    const problems: string[] = [];
    const remote = remoteObjects(emu);
    const wanted = new Set(expected.map((e) => `${e.kind}/${e.name}`));
    for (const e of expected) {
        const found = remote[e.kind].get(e.name) ?? [];
        if (found.length === 0) problems.push(`missing: ${e.kind} ${JSON.stringify(e.name)}`);
        if (found.length > 1) problems.push(`duplicate: ${found.length} ${e.kind} named ${JSON.stringify(e.name)}`);
        for (const record of found) {
            const actual = fieldOf(record, e.field);
            if (JSON.stringify(actual) !== JSON.stringify(e.value)) {
                problems.push(
                    `lost update: ${e.kind} ${JSON.stringify(e.name)} has ${e.field} = ${JSON.stringify(actual)}, declared ${JSON.stringify(e.value)}`,
                );
            }
        }
    }
    for (const kind of ["dashboards", "alerts", "pipes"] as const) {
        for (const [name, records] of remote[kind]) {
            if (!wanted.has(`${kind}/${name}`)) problems.push(`orphan: ${records.length} ${kind} named ${JSON.stringify(name)}`);
        }
    }
    return problems;
}
