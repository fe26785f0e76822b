/**
 * Drives Pulumi's own dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) as a child process over
 * gRPC, the way the Pulumi CLI does (the engine side of the dynamic-provider protocol). No CLI and no engine are needed.
 */
import { ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import type * as providerGrpcTypes from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import type * as statusTypes from "@pulumi/pulumi/proto/status_pb";
import { REPO_ROOT } from "./paths";

// grpc and google-protobuf must be the very copies @pulumi/pulumi resolves (message classes are checked by
// identity when serialising), so load them relative to @pulumi/pulumi rather than relative to this file.
const pulumiRequire = createRequire(require.resolve("@pulumi/pulumi/package.json"));
const grpc = pulumiRequire("@grpc/grpc-js") as typeof grpcTypes;
const { Empty } = pulumiRequire("google-protobuf/google/protobuf/empty_pb") as typeof emptyTypes;
const { Struct } = pulumiRequire("google-protobuf/google/protobuf/struct_pb") as typeof structTypes;
const providerGrpc = pulumiRequire("./proto/provider_grpc_pb") as typeof providerGrpcTypes;
const pb = pulumiRequire("./proto/provider_pb") as typeof providerTypes;
const { Status } = pulumiRequire("./proto/status_pb") as typeof statusTypes;

/** Entry point of the host the CLI launches (via `pulumi-resource-pulumi-nodejs`). */
export const HOST_ENTRY: string = pulumiRequire.resolve("./cmd/dynamic-provider");

/** Pulumi's secret wrapper signature (`specialSigKey` → `specialSecretSig` in `@pulumi/pulumi/runtime/rpc`). */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
/** Value of {@link SECRET_SIG_KEY} that marks a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Plain JSON-like property bag as carried by `google.protobuf.Struct`. */
export type PropertyMap = Record<string, unknown>;

/** A stack config value: plain text, or a secret (sent wrapped, as the engine sends secret config). */
export type ConfigValue = string | { secret: string };

/** Options of {@link ProviderHost.start}. */
export interface HostStartOptions {
    /** Stack config sent in `Configure`, keys with their namespace (`demo:pingUrl`, `observability:apiKey`). */
    config: Record<string, ConfigValue>;
    /** Extra environment for the host; a key set to `undefined` is removed from the inherited environment. */
    env?: NodeJS.ProcessEnv;
    /** Working directory of the host; provider texts resolve packages from here. Default: the repository root. */
    cwd?: string;
    /** `PULUMI_NODEJS_PROJECT`, the prefix `config.get("key")` uses. Default `"demo"`. */
    project?: string;
    /** Deadline of start-up and of every call, in milliseconds. Default 60 000. */
    timeoutMs?: number;
}

/** One `check` failure as the provider reported it. */
export interface CheckFailure {
    /** Property path the failure is about. */
    property: string;
    /** Human-readable reason. */
    reason: string;
}

/** Result of {@link ProviderHost.check}. */
export interface CheckResult {
    /** The checked inputs (always including `__provider`). */
    inputs: PropertyMap;
    /** Validation failures; empty when the inputs are valid. */
    failures: CheckFailure[];
}

/** `DiffResponse.changes` as text. */
export type DiffChanges = "unknown" | "none" | "some";

/** Result of {@link ProviderHost.diff}. */
export interface DiffResult {
    /** `unknown` means the provider gave no answer and the engine diffs the inputs itself. */
    changes: DiffChanges;
    /** Properties whose change forces a replacement. */
    replaces: string[];
    /** Whether the provider asks for delete-before-replace. */
    deleteBeforeReplace: boolean;
}

/** Result of {@link ProviderHost.create}. */
export interface CreateResult {
    /** The new object's id. */
    id: string;
    /** All outputs, `__provider` included. */
    properties: PropertyMap;
}

/** Result of {@link ProviderHost.read}. */
export interface ReadResult {
    /** The id; `""` means the object is gone. */
    id: string;
    /** Refreshed outputs. */
    properties: PropertyMap;
    /** Refreshed inputs, when the provider returned any (`ReadResult.inputs`, 3.216+). */
    inputs?: PropertyMap;
}

/** Result of {@link ProviderHost.update}. */
export interface UpdateResult {
    /** All outputs after the update, `__provider` included. */
    properties: PropertyMap;
}

/** Result of {@link ProviderHost.getPluginInfo}. */
export interface PluginInfo {
    /** Version of the host's `@pulumi/pulumi`. */
    version: string;
}

/** Decoded `ErrorResourceInitFailed` of a partial create/update. */
export interface InitFailure {
    /** Id of the object that was created but failed to initialise. */
    id: string;
    /** Its properties. */
    properties: PropertyMap;
    /** Reasons given by the provider. */
    reasons: string[];
}

/** A failed gRPC call to the host. */
export class HostCallError extends Error {
    /** gRPC status code (2 = UNKNOWN for a provider exception). */
    readonly code: number;
    /** gRPC status details: the provider's error message. */
    readonly details: string;
    /** The RPC method that failed. */
    readonly method: string;
    /** Present when the host attached `grpc-status-details-bin` (a partial create or update). */
    readonly initFailure?: InitFailure;

    /**
     * @param method the RPC method that failed
     * @param code gRPC status code
     * @param details gRPC status details
     * @param initFailure decoded partial-failure details, if any
     */
    constructor(method: string, code: number, details: string, initFailure?: InitFailure) {
        super(`${method} failed (gRPC code ${code}): ${details}`);
        this.name = "HostCallError";
        this.method = method;
        this.code = code;
        this.details = details;
        if (initFailure) this.initFailure = initFailure;
    }
}

/** Options of {@link urn}. */
export interface UrnOptions {
    /** Module of the type token. Default `"observability"`. */
    module?: string;
    /** Project segment. Default `"demo"`. */
    project?: string;
    /** Stack segment. Default `"dev"`. */
    stack?: string;
}

/**
 * URN of a dynamic resource: `urn:pulumi:<stack>::<project>::pulumi-nodejs:dynamic/<module>:<Type>::<name>`.
 * @param type the resource type name, e.g. `"Dashboard"`
 * @param name the resource name
 * @param opts module, project and stack segments
 */
export function urn(type: string, name: string, opts: UrnOptions = {}): string {
    const { module = "observability", project = "demo", stack = "dev" } = opts;
    return `urn:pulumi:${stack}::${project}::${dynamicTypeToken(type, module)}::${name}`;
}

/**
 * Type token of a dynamic resource, `pulumi-nodejs:dynamic/<module>:<Type>`.
 * @param type the resource type name
 * @param module the module name
 */
export function dynamicTypeToken(type: string, module = "observability"): string {
    return `pulumi-nodejs:dynamic/${module}:${type}`;
}

/**
 * Splits a URN into its type token and resource name (the engine sends both alongside the URN).
 * @param u the URN
 */
export function parseUrn(u: string): { type: string; name: string } {
    const parts = u.split("::");
    return { type: parts[parts.length - 2] ?? "", name: parts[parts.length - 1] ?? "" };
}

/** Converts a config map to the `Configure` args, wrapping secrets as the engine does. */
export function configToArgs(config: Record<string, ConfigValue>): PropertyMap {
    const args: PropertyMap = {};
    for (const [key, value] of Object.entries(config)) {
        args[key] = typeof value === "string" ? value : { [SECRET_SIG_KEY]: SECRET_SIG, value: value.secret };
    }
    return args;
}

function toStruct(value: PropertyMap): structTypes.Struct {
    return Struct.fromJavaScript(value as Record<string, structTypes.JavaScriptValue>);
}

function fromStruct(value: structTypes.Struct | undefined): PropertyMap {
    return value ? (value.toJavaScript() as PropertyMap) : {};
}

const CHANGES: Record<number, DiffChanges> = {
    [pb.DiffResponse.DiffChanges.DIFF_UNKNOWN]: "unknown",
    [pb.DiffResponse.DiffChanges.DIFF_NONE]: "none",
    [pb.DiffResponse.DiffChanges.DIFF_SOME]: "some",
};

/** Decodes `ErrorResourceInitFailed` from the `grpc-status-details-bin` trailer, if present. */
function decodeInitFailure(metadata: grpcTypes.Metadata | undefined): InitFailure | undefined {
    for (const raw of metadata?.get("grpc-status-details-bin") ?? []) {
        const bytes = typeof raw === "string" ? Buffer.from(raw, "base64") : raw;
        for (const detail of Status.deserializeBinary(bytes).getDetailsList()) {
            const failed = detail.unpack(pb.ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed");
            if (failed) {
                return { id: failed.getId(), properties: fromStruct(failed.getProperties()), reasons: failed.getReasonsList() };
            }
        }
    }
    return undefined;
}

// Every live host, so that a crashing or interrupted test run never leaves one behind.
const liveChildren = new Set<ChildProcess>();
let exitHooksInstalled = false;

function killAllChildren(): void {
    for (const child of liveChildren) child.kill("SIGKILL");
    liveChildren.clear();
}

function installExitHooks(): void {
    if (exitHooksInstalled) return;
    exitHooksInstalled = true;
    process.on("exit", killAllChildren);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
        const onSignal = (): void => {
            killAllChildren();
            // When nobody else handles the signal, restore the default behaviour (terminate).
            if (process.listenerCount(signal) === 1) {
                process.removeListener(signal, onSignal);
                process.kill(process.pid, signal);
            }
        };
        process.on(signal, onSignal);
    }
}

type UnaryMethod<Req, Res> = (
    request: Req,
    metadata: grpcTypes.Metadata,
    options: Partial<grpcTypes.CallOptions>,
    callback: (error: grpcTypes.ServiceError | null, response: Res) => void,
) => grpcTypes.ClientUnaryCall;

/** A running dynamic-provider host with a configured gRPC client. */
export class ProviderHost {
    /** Deadline of every call, in milliseconds; may be changed at any time. */
    timeoutMs: number;
    private readonly child: ChildProcess;
    private client: providerGrpcTypes.ResourceProviderClient | undefined;
    private stdoutText = "";
    private stderrText = "";
    private readonly exited: Promise<void>;
    private closing: Promise<void> | undefined;
    private killedHere = false;

    private constructor(child: ChildProcess, timeoutMs: number) {
        this.child = child;
        this.timeoutMs = timeoutMs;
        child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (this.stdoutText += chunk));
        child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (this.stderrText += chunk));
        this.exited = new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else child.once("exit", () => resolve());
        });
        void this.exited.then(() => liveChildren.delete(child));
    }

    /**
     * Spawns the host, connects, and sends `Configure` (asserting `acceptSecrets === false`).
     * @param opts config, environment, working directory, project and deadline
     */
    static async start(opts: HostStartOptions): Promise<ProviderHost> {
        installExitHooks();
        const env: NodeJS.ProcessEnv = { ...process.env, PULUMI_NODEJS_PROJECT: opts.project ?? "demo", ...opts.env };
        for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
        const child = spawn(process.execPath, [HOST_ENTRY, "127.0.0.1:1"], {
            cwd: opts.cwd ?? REPO_ROOT,
            env,
            stdio: ["ignore", "pipe", "pipe"],
        });
        liveChildren.add(child);
        const host = new ProviderHost(child, opts.timeoutMs ?? 60_000);
        try {
            const port = await host.waitForPort();
            host.client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
            await host.configure(opts.config);
            return host;
        } catch (e) {
            await host.close();
            throw e;
        }
    }

    /** Everything the host wrote to stdout so far (the first line is its port). */
    get stdout(): string {
        return this.stdoutText;
    }

    /** Everything the host wrote to stderr so far. */
    get stderr(): string {
        return this.stderrText;
    }

    /**
     * Resolves once the host's stderr matches `pattern`: a warning the host logs reaches the pipe after the call that
     * logged it has answered, so a test waits for the line itself (failing after `timeoutMs`, then naming what came).
     */
    stderrMatching(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
        const child = this.child;
        return new Promise((resolve, reject) => {
            const check = () => {
                if (!pattern.test(this.stderrText)) return;
                cleanup();
                resolve();
            };
            const timer = setTimeout(() => {
                cleanup();
                reject(new Error(`the host's stderr never matched ${String(pattern)}:\n${this.stderrText}`));
            }, timeoutMs);
            const cleanup = () => {
                clearTimeout(timer);
                child.stderr?.off("data", check);
            };
            child.stderr?.on("data", check);
            check();
        });
    }

    /** Process id of the host. */
    get pid(): number | undefined {
        return this.child.pid;
    }

    /** Whether the host process is still running. */
    get running(): boolean {
        return this.child.exitCode === null && this.child.signalCode === null;
    }

    /**
     * `Check`: validates and normalises inputs.
     * @param resourceUrn the resource's URN
     * @param olds the old inputs (`{}` on create)
     * @param news the new inputs, including `__provider`
     */
    async check(resourceUrn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckResult> {
        const req = new pb.CheckRequest().setUrn(resourceUrn).setOlds(toStruct(olds)).setNews(toStruct(news));
        const { type, name } = parseUrn(resourceUrn);
        req.setType(type).setName(name);
        const res = await this.call("check", this.rpc().check, req);
        return {
            inputs: fromStruct(res.getInputs()),
            failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
        };
    }

    /**
     * `Diff`: compares old outputs with checked new inputs.
     * @param resourceUrn the resource's URN
     * @param id the object's id
     * @param olds the old outputs
     * @param news the checked new inputs
     * @param oldInputs the old inputs (sent as the engine does; the Node host ignores them)
     */
    async diff(resourceUrn: string, id: string, olds: PropertyMap, news: PropertyMap, oldInputs?: PropertyMap): Promise<DiffResult> {
        const req = new pb.DiffRequest().setUrn(resourceUrn).setId(id).setOlds(toStruct(olds)).setNews(toStruct(news));
        const { type, name } = parseUrn(resourceUrn);
        req.setType(type).setName(name);
        if (oldInputs) req.setOldInputs(toStruct(oldInputs));
        const res = await this.call("diff", this.rpc().diff, req);
        return {
            changes: CHANGES[res.getChanges()] ?? "unknown",
            replaces: res.getReplacesList(),
            deleteBeforeReplace: res.getDeletebeforereplace(),
        };
    }

    /**
     * `Create`.
     * @param resourceUrn the resource's URN
     * @param properties the checked inputs
     */
    async create(resourceUrn: string, properties: PropertyMap): Promise<CreateResult> {
        const req = new pb.CreateRequest().setUrn(resourceUrn).setProperties(toStruct(properties));
        const { type, name } = parseUrn(resourceUrn);
        req.setType(type).setName(name);
        const res = await this.call("create", this.rpc().create, req);
        return { id: res.getId(), properties: fromStruct(res.getProperties()) };
    }

    /**
     * `Read` (refresh).
     * @param resourceUrn the resource's URN
     * @param id the object's id
     * @param properties the stored outputs
     * @param inputs the stored inputs (the engine sends them on refresh)
     */
    async read(resourceUrn: string, id: string, properties: PropertyMap, inputs?: PropertyMap): Promise<ReadResult> {
        const req = new pb.ReadRequest().setUrn(resourceUrn).setId(id).setProperties(toStruct(properties));
        const { type, name } = parseUrn(resourceUrn);
        req.setType(type).setName(name);
        if (inputs) req.setInputs(toStruct(inputs));
        const res = await this.call("read", this.rpc().read, req);
        const result: ReadResult = { id: res.getId(), properties: fromStruct(res.getProperties()) };
        if (res.hasInputs()) result.inputs = fromStruct(res.getInputs());
        return result;
    }

    /**
     * `Update`.
     * @param resourceUrn the resource's URN
     * @param id the object's id
     * @param olds the old outputs
     * @param news the checked new inputs
     * @param oldInputs the old inputs (sent as the engine does; the Node host ignores them)
     */
    async update(resourceUrn: string, id: string, olds: PropertyMap, news: PropertyMap, oldInputs?: PropertyMap): Promise<UpdateResult> {
        const req = new pb.UpdateRequest().setUrn(resourceUrn).setId(id).setOlds(toStruct(olds)).setNews(toStruct(news));
        const { type, name } = parseUrn(resourceUrn);
        req.setType(type).setName(name);
        if (oldInputs) req.setOldInputs(toStruct(oldInputs));
        const res = await this.call("update", this.rpc().update, req);
        return { properties: fromStruct(res.getProperties()) };
    }

    /**
     * `Delete`.
     * @param resourceUrn the resource's URN
     * @param id the object's id
     * @param properties the stored outputs (their `__provider` is the code that runs)
     * @param oldInputs the stored inputs (sent as the engine does; the Node host ignores them)
     */
    async delete(resourceUrn: string, id: string, properties: PropertyMap, oldInputs?: PropertyMap): Promise<void> {
        const req = new pb.DeleteRequest().setUrn(resourceUrn).setId(id).setProperties(toStruct(properties));
        const { type, name } = parseUrn(resourceUrn);
        req.setType(type).setName(name);
        if (oldInputs) req.setOldInputs(toStruct(oldInputs));
        await this.call("delete", this.rpc().delete, req);
    }

    /** `GetPluginInfo`: the host's `@pulumi/pulumi` version. */
    async getPluginInfo(): Promise<PluginInfo> {
        const res = await this.call("getPluginInfo", this.rpc().getPluginInfo, new Empty());
        return { version: res.getVersion() };
    }

    /** Whether {@link kill} ended the host: its calls in flight never answer, as when a CI runner cancels the job. */
    get killed(): boolean {
        return this.killedHere;
    }

    /**
     * Kills the host at once (`SIGKILL`), as a cancelled CI job kills the CLI and its plugins: a call in flight fails
     * without an answer, whatever the provider had already sent. Resolves once the process has exited.
     */
    async kill(): Promise<void> {
        this.killedHere = true;
        if (this.running) this.child.kill("SIGKILL");
        await this.exited;
    }

    /** Closes the client and stops the host; resolves once the process has exited. Idempotent. */
    close(): Promise<void> {
        this.closing ??= (async () => {
            this.client?.close();
            if (this.running) {
                this.child.kill("SIGTERM");
                const escalate = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
                await this.exited;
                clearTimeout(escalate);
            }
            liveChildren.delete(this.child);
        })();
        return this.closing;
    }

    private async configure(config: Record<string, ConfigValue>): Promise<void> {
        // The engine announces what it supports; the host ignores these flags and always answers acceptSecrets=false.
        const req = new pb.ConfigureRequest()
            .setArgs(toStruct(configToArgs(config)))
            .setAcceptsecrets(true)
            .setAcceptresources(true)
            .setSendsOldInputs(true)
            .setSendsOldInputsToDelete(true);
        const res = await this.call("configure", this.rpc().configure, req);
        if (res.getAcceptsecrets() !== false) {
            throw new Error("dynamic-provider host answered acceptSecrets=true; the harness assumes plaintext results");
        }
    }

    private rpc(): providerGrpcTypes.ResourceProviderClient {
        if (!this.client) throw new Error("provider host is not connected");
        return this.client;
    }

    private call<Req, Res>(method: string, fn: UnaryMethod<Req, Res>, request: Req): Promise<Res> {
        const client = this.rpc();
        return new Promise<Res>((resolve, reject) => {
            fn.call(client, request, new grpc.Metadata(), { deadline: Date.now() + this.timeoutMs }, (error, response) => {
                if (!error) return resolve(response);
                reject(new HostCallError(method, error.code, error.details, decodeInitFailure(error.metadata)));
            });
        });
    }

    private waitForPort(): Promise<number> {
        return new Promise<number>((resolve, reject) => {
            const stdout = this.child.stdout;
            if (!stdout) return reject(new Error("host has no stdout pipe"));
            const cleanup = (): void => {
                clearTimeout(timer);
                stdout.off("data", onData);
                this.child.off("exit", onExit);
                this.child.off("error", onError);
            };
            const fail = (why: string): void => {
                cleanup();
                reject(new Error(`dynamic-provider host did not start: ${why}\n--- host stderr ---\n${this.stderrText}`));
            };
            // The host prints its port as the first stdout line; wait for the line end in case the chunk is split.
            const onData = (): void => {
                const newline = this.stdoutText.indexOf("\n");
                if (newline < 0) return;
                const line = this.stdoutText.slice(0, newline).trim();
                const port = Number(line);
                cleanup();
                if (Number.isInteger(port) && port > 0 && port < 65536) resolve(port);
                else fail(`expected a port on stdout, got ${JSON.stringify(line)}`);
            };
            const onExit = (code: number | null, signal: string | null): void => fail(`exited (code ${code}, signal ${signal})`);
            const onError = (e: Error): void => fail(e.message);
            const timer = setTimeout(() => fail(`no port after ${this.timeoutMs} ms`), this.timeoutMs);
            stdout.on("data", onData);
            this.child.once("exit", onExit);
            this.child.once("error", onError);
            onData();
        });
    }
}
