/**
 * `npm run emulator -- [--dev] [--port N] [--no-rate-limits] [--fault-rate R] [--seed N] [--empty] [--webhook-hostname-allowlist LIST]`
 * Starts the emulator and prints the URL, the credentials and the environment variables for a Pulumi stack.
 * `--dev`: port 8000, fixed credentials and ids, the ones every example's `Pulumi.dev.yaml` expects (devMode.ts).
 */
import { devOptions } from "./devMode";
import { Emulator } from "./emulator";

interface Args {
    dev: boolean;
    port?: number;
    rateLimits: boolean;
    faultRate: number;
    seed?: number;
    /** Start with an empty team (no fixture records). */
    empty: boolean;
    /** The self-hosted server's `WEBHOOK_HOSTNAME_ALLOWLIST` (comma-separated hosts). */
    webhookHostnameAllowlist?: string;
}

function parseArgs(argv: string[]): Args {
    const args: Args = { dev: false, rateLimits: true, faultRate: 0, empty: false };
    const number = (flag: string, value: string | undefined): number => {
        const parsed = Number(value);
        if (value === undefined || !Number.isFinite(parsed)) throw new Error(`${flag} needs a number`);
        return parsed;
    };
    for (let i = 0; i < argv.length; i++) {
        const [flag, inline] = argv[i].split("=", 2);
        const value = (): string | undefined => inline ?? argv[++i];
        if (flag === "--dev") args.dev = true;
        else if (flag === "--port") args.port = number(flag, value());
        else if (flag === "--no-rate-limits") args.rateLimits = false;
        else if (flag === "--fault-rate") args.faultRate = number(flag, value());
        else if (flag === "--seed") args.seed = number(flag, value());
        else if (flag === "--empty") args.empty = true;
        else if (flag === "--webhook-hostname-allowlist") args.webhookHostnameAllowlist = value();
        else
            throw new Error(
                `unknown option ${argv[i]} (options: --dev, --port N, --no-rate-limits, --fault-rate R, --seed N, --empty, --webhook-hostname-allowlist LIST)`,
            );
    }
    return args;
}

function seededLines(emulator: Emulator, empty: boolean): string[] {
    if (empty) return [`Empty team (managed platform connection ${emulator.managedConnectionId})`];
    const { fixtures } = emulator;
    return [
        "Seeded records (same ids in both variants):",
        `  sources: logs ${fixtures.sources.logs.id}, traces ${fixtures.sources.traces.id}, metrics ${fixtures.sources.metrics.id}`,
        `  webhooks: slack ${fixtures.webhooks.slack.id}, generic ${fixtures.webhooks.generic.id}`,
        `  saved search ${fixtures.savedSearch.id}; connection ${fixtures.connection.id}`,
    ];
}

async function main(): Promise<void> {
    const args = parseArgs(process.argv.slice(2));
    const dev = args.dev ? devOptions() : undefined;
    const emulator = await Emulator.start({
        ...dev,
        port: args.port ?? dev?.port ?? 0,
        rateLimits: args.rateLimits,
        seed: args.seed ?? dev?.seed,
        fixtures: args.empty ? "empty" : "seeded",
        webhookHostnameAllowlist: args.webhookHostnameAllowlist,
    });
    dev?.clock.start();
    if (args.faultRate > 0) emulator.faults.set({ rate: args.faultRate, kinds: ["5xx", "drop", "slow"], slowMs: 3000, seed: args.seed });
    const { credentials } = emulator;
    const lines = [
        `Observability emulator listening on ${emulator.url}`,
        `  self-hosted API: ${emulator.url}/api/v2`,
        `  cloud API:       ${emulator.url}/v1 (organization ${credentials.organizationId}, service ${credentials.serviceId})`,
        `  rate limits ${args.rateLimits ? "on" : "off"}, fault rate ${args.faultRate}${dev ? ", dev mode (fixed credentials and ids)" : ""}`,
        "",
        "Credentials:",
        `  apiKey ${credentials.apiKey}`,
        `  keyId ${credentials.keyId}  keySecret ${credentials.keySecret}`,
        "",
        ...seededLines(emulator, args.empty),
        "",
        "Environment:",
        ...Object.entries(emulator.env()).map(([name, value]) => `export ${name}=${value}`),
        "",
        "Press Ctrl+C to stop.",
    ];
    console.log(lines.join("\n"));
    const stop = (): void => {
        void emulator.close().then(() => process.exit(0));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
});
