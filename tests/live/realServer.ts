/**
 * A second real self-hosted server of the live suite's own, started with server settings a scenario needs (such as a
 * webhook host allowlist), from the bundled server whose folder `OBSERVABILITY_REALSERVER_DIR` names (its `start.sh`
 * and `stop.sh`); `.ci/run` sets it. Without it a test that needs such a server fails, saying so.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { LiveServer } from "./server";

const run = promisify(execFile);

/** What to do when no bundled server is named: the message of the failure. */
export const NO_REALSERVER_MESSAGE = [
    "this live test starts a real self-hosted server of its own with server settings of its own: set",
    "OBSERVABILITY_REALSERVER_DIR to the folder of a bundled server (its start.sh and stop.sh; `.ci/run` sets it when",
    "one is beside the repository), and optionally OBSERVABILITY_REALSERVER_PORTS to the API ports to try",
    "(space-separated; each also takes the two ports start.sh derives from it).",
].join(" ");

/** The API ports tried in turn when `OBSERVABILITY_REALSERVER_PORTS` names none: clear of `.ci/run`'s 18400-18980. */
const DEFAULT_PORTS = Array.from({ length: 30 }, (_, i) => 19000 + 20 * i);

/** A server this process started: where it answers and the key of its first user, and how to stop it. */
export interface StartedServer extends LiveServer {
    stop(): Promise<void>;
}

/**
 * Starts a bundled server with the given server environment (its own settings, e.g. `WEBHOOK_HOSTNAME_ALLOWLIST`) on
 * the first free port; throws {@link NO_REALSERVER_MESSAGE} when none is named, or what its start said when none starts.
 * @param serverEnv the server's settings, added to this process's environment (no other `HDX_*` or server setting inherited)
 * @param env where the folder and ports are read
 */
export async function startRealServer(serverEnv: Record<string, string>, env: NodeJS.ProcessEnv = process.env): Promise<StartedServer> {
    const dir = env.OBSERVABILITY_REALSERVER_DIR?.trim();
    if (!dir) throw new Error(NO_REALSERVER_MESSAGE);
    const start = join(dir, "start.sh");
    if (!existsSync(start)) throw new Error(`OBSERVABILITY_REALSERVER_DIR=${dir} holds no start.sh. ${NO_REALSERVER_MESSAGE}`);
    const ports = env.OBSERVABILITY_REALSERVER_PORTS?.trim().split(/\s+/).map(Number) ?? DEFAULT_PORTS;
    // The bundled server's own variables (a run folder above all) are this server's alone.
    const inherited = Object.fromEntries(Object.entries(env).filter(([name]) => name === "HDX_NODE" || !/^(HDX_|WEBHOOK_HOSTNAME_ALLOWLIST$)/.test(name)));
    const failures: string[] = [];
    for (const port of ports) {
        try {
            const { stdout } = await run("bash", [start], { env: { ...inherited, ...serverEnv, HDX_API_PORT: String(port) }, timeout: 120_000 });
            const started = JSON.parse(stdout) as { apiUrl: string; apiKey: string; runDir: string };
            return {
                apiUrl: started.apiUrl,
                apiKey: started.apiKey,
                stop: async () => void (await run("bash", [join(dir, "stop.sh"), started.runDir], { timeout: 60_000 })),
            };
        } catch (error) {
            const said = (error as { stderr?: string }).stderr?.trim() || String(error);
            failures.push(`port ${port}: ${said}`);
            // Another port helps only when this one was taken.
            if (!/already in use/.test(said)) break;
        }
    }
    throw new Error(`the bundled server in ${dir} did not start:\n${failures.join("\n")}`);
}
