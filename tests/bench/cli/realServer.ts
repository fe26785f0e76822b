/**
 * A real self-hosted server for the CLI bench (`npm run bench -- --engine cli --api-url URL --api-key KEY`): the engine
 * suite's target of it (tests/realengine/targets.ts), the records the stack's dashboards and alerts read (a log source
 * on a connection, a webhook), made on its team first and deleted at the end, and the wait for the start of a
 * rate-limit window before each create.
 */
import { DOCUMENTED_RATE_LIMITS } from "../../emulator";
import { type LiveServer, PacedClient } from "../../live/server";
import { serverTarget, type Target } from "../../realengine/targets";
import type { StackFixtures } from "../../support/bigStack";

/** A real server and what the runs against it share. */
export interface RealServer {
    readonly target: Target;
    /** The log source and webhook made for the stack. */
    readonly fixtures: StackFixtures;
    /**
     * Resolves when a rate-limit window of the key has just begun. The server allows 100 requests per 60 s per key, for
     * every request, in fixed windows of its own clock (the first request after an idle minute was told its window
     * ends in 46 s). A create started soon after the previous host's destroy (150 DELETEs) or the records made for the
     * stack would find its window partly spent, and one started after waiting a whole window (61 s) would start
     * mid-window: 100 POSTs before its end and 50 at the next window's start, in less than the bound (a first run so
     * made: 150 created in 40.3 s, 0.67 of the 60 s bound, which assumes the window starts with the create). So the
     * bench asks the server with a request of its own when the current window ends, and waits for it
     * ({@link PacedClient.reserve} of the whole limit): the create then starts a second into a fresh window.
     */
    freshWindow(): Promise<void>;
    /** Deletes the records made for the stack. */
    remove(): Promise<void>;
}

/**
 * The real server given, with a connection, a log source and a webhook made on its team for the stack to read.
 * @param server its URL and the key of its team
 */
export async function realServer(server: LiveServer): Promise<RealServer> {
    const target = serverTarget(server);
    const id = (data: unknown) => String((data as { id: unknown }).id);
    const connection = id(
        await target.api("POST", "/connections", { name: "bench engine", host: "http://localhost:8123", username: "observability", password: "bench" }),
    );
    const source = id(
        await target.api("POST", "/sources", {
            kind: "log",
            name: "bench logs",
            connection,
            from: { databaseName: "otel", tableName: "otel_logs" },
            timestampValueExpression: "TimestampTime",
            defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
            serviceNameExpression: "ServiceName",
            severityTextExpression: "SeverityText",
            bodyExpression: "Body",
            implicitColumnExpression: "Body",
        }),
    );
    const webhook = id(await target.api("POST", "/webhooks", { name: "bench webhook", service: "slack", url: "https://hooks.slack.com/services/T0/B0/bench" }));
    const paced = new PacedClient(server);
    return {
        target,
        fixtures: { fixtures: { sources: { logs: { id: source } }, webhooks: { slack: { id: webhook } } } },
        freshWindow: () => paced.reserve(DOCUMENTED_RATE_LIMITS.selfHosted.limit),
        async remove() {
            await target.api("DELETE", `/webhooks/${webhook}`);
            await target.api("DELETE", `/sources/${source}`);
            await target.api("DELETE", `/connections/${connection}`);
        },
    };
}

/**
 * What the team holds unlike what it should: each self-hosted collection of the stack whose count differs.
 * @param counts the team's counts ({@link Target.selfHostedCounts})
 * @param expected the counts it should hold, e.g. `{ dashboards: 50, alerts: 100 }`
 */
export function countProblems(counts: Record<string, number>, expected: Record<string, number>): string[] {
    return Object.entries(expected)
        .filter(([kind, n]) => (counts[kind] ?? 0) !== n)
        .map(([kind, n]) => `${kind}: the team holds ${counts[kind] ?? 0}, expected ${n}`);
}
