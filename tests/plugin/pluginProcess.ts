// The plugin as the engine runs it: a process started with the engine's address, its port read from the first line of
// its stdout, driven over gRPC with the generated client. A fake engine service collects what the plugin logs.
import assert from "node:assert/strict";
import { ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";
import { grpc, message, type Message } from "../../provider/plugin/rpc";
import { REPO_ROOT } from "../harness/paths";

const fromSdk = createRequire(require.resolve("@pulumi/pulumi"));

type Callback = (error: (Error & { code?: number; details?: string; metadata?: { get(key: string): unknown[] } }) | null, response: unknown) => void;
type Client = Record<string, (request: Message, callback: Callback) => void> & { close(): void };
const ProviderClient = (fromSdk("./proto/provider_grpc_pb") as { ResourceProviderClient: new (address: string, credentials: unknown) => Client })
    .ResourceProviderClient;
const EngineService = (fromSdk("./proto/engine_grpc_pb") as { EngineService: unknown }).EngineService;

/** A Struct in a response. */
interface Struct {
    toJavaScript(): Record<string, unknown>;
}

/** A line the plugin sent the engine's `Log`. */
export interface LogLine {
    severity: number;
    message: string;
    urn: string;
}

/** What a gRPC call failed with. */
export class CallError extends Error {
    constructor(
        readonly method: string,
        readonly code: number,
        readonly details: string,
        /** The `grpc-status-details-bin` trailer (a partial failure's details), if any. */
        readonly statusDetails: Buffer | undefined,
    ) {
        super(`${method} failed (gRPC code ${code}): ${details}`);
    }
}

/** The fake engine: only `Log`, which it collects. */
async function fakeEngine(logs: LogLine[]): Promise<{ address: string; stop(): void }> {
    const server = new (fromSdk("@grpc/grpc-js") as { Server: new () => GrpcServer }).Server();
    type GrpcServer = {
        addService(service: unknown, implementation: object): void;
        bindAsync(address: string, credentials: unknown, done: (error: Error | null, port: number) => void): void;
        forceShutdown(): void;
    };
    type LogRequest = { getSeverity(): number; getMessage(): string; getUrn(): string };
    server.addService(EngineService, {
        log(call: { request: LogRequest }, callback: (error: null, response: Message) => void) {
            logs.push({ severity: call.request.getSeverity(), message: call.request.getMessage(), urn: call.request.getUrn() });
            callback(null, message("Empty"));
        },
    });
    const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    return { address: `127.0.0.1:${port}`, stop: () => server.forceShutdown() };
}

/**
 * The port a starting plugin prints: the first line of its stdout, checked to be a port as the engine checks it.
 * @param stderr what the plugin wrote to stderr so far, for the message when it exits first
 */
export async function portLine(child: ChildProcess, stderr: () => string): Promise<string> {
    const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout?.on("data", (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes("\n")) resolve(out.split("\n")[0]);
        });
        child.once("exit", (code) => reject(new Error(`the plugin exited (${code}) before printing its port: ${stderr()}`)));
    });
    assert.match(line, /^\d+$/, "the first line of stdout is the port");
    return line;
}

/**
 * Starts a command that runs the plugin, checks that its first line is a port, and ends it.
 * @param command the executable, `args` its arguments and `cwd` its folder
 */
export async function printsPort(command: string, args: readonly string[], cwd: string): Promise<void> {
    const child = spawn(command, args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    try {
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        await portLine(child, () => stderr);
    } finally {
        child.kill("SIGINT");
    }
}

/** The plugin process and a client of it. */
export class PluginProcess {
    private constructor(
        private readonly child: ChildProcess,
        private readonly client: Client,
        private readonly engine: { stop(): void },
        /** Everything it sent the engine's `Log`. */
        readonly logs: readonly LogLine[],
        private readonly output: { stderr: string },
    ) {}

    /** Everything the plugin wrote to stderr. */
    get stderr(): string {
        return this.output.stderr;
    }

    /**
     * Starts the plugin's entry (compiled by ts-node, as the source is) with the engine's address, as the engine does.
     * @param env the plugin's environment
     * @param args arguments before the engine's address (the engine's `--logflow` flags)
     */
    static async start(env: NodeJS.ProcessEnv, args: readonly string[] = []): Promise<PluginProcess> {
        const logs: LogLine[] = [];
        const engine = await fakeEngine(logs);
        const entry = path.join(REPO_ROOT, "provider", "plugin", "main.ts");
        const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", entry, ...args, engine.address], {
            cwd: REPO_ROOT,
            env,
            stdio: ["pipe", "pipe", "pipe"],
        });
        const output = { stderr: "" };
        child.stderr?.on("data", (chunk: Buffer) => (output.stderr += chunk.toString()));
        const port = await portLine(child, () => output.stderr);
        return new PluginProcess(child, new ProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()), engine, logs, output);
    }

    /** One unary call, as the engine makes it. */
    call<R>(method: string, request: Message): Promise<R> {
        return new Promise((resolve, reject) =>
            this.client[method](request, (error, response) => {
                if (!error) return resolve(response as R);
                const bin = error.metadata?.get("grpc-status-details-bin")[0];
                reject(new CallError(method, error.code ?? -1, error.details ?? error.message, Buffer.isBuffer(bin) ? bin : undefined));
            }),
        );
    }

    /** Cancel, then SIGINT, as the engine closes a plugin; resolves with the exit code. */
    async stop(): Promise<number | null> {
        await this.call("cancel", message("Empty")).catch(() => undefined);
        this.client.close();
        const exited = new Promise<number | null>((resolve) => this.child.once("exit", (code) => resolve(code)));
        this.child.kill("SIGINT");
        const code = await exited;
        this.engine.stop();
        return code;
    }
}

/** A resource URN of the test stack. */
export function urnOf(type: string, name: string): string {
    return `urn:pulumi:test::plugin::observability:index:${type}::${name}`;
}

/** The properties of a response's Struct field (empty when unset). */
export function props(value: Struct | undefined): Record<string, unknown> {
    return value?.toJavaScript() ?? {};
}
