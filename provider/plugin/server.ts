// The provider plugin's host: `pulumirpc.ResourceProvider` over gRPC, every kind of the registry and every lookup
// behind it. It only hands values in and out (secrets, unknowns, the request's timeout, partial failures): what each
// operation does is the kind's lifecycle, the same the dynamic providers run.
import { AsyncLocalStorage } from "node:async_hooks";
import { Apis } from "../api/apis";
import type { Clock } from "../api/http/clock";
import { toJson } from "../common/values";
import type { Lifecycle, Properties } from "../engine/lifecycle";
import { registry } from "../index";
import { lookups } from "../lookups";
import { LOOKUP_TIMEOUT_MS } from "../lookups/dataPipes";
import { Settings } from "../settings/config";
import { changedSettings, configFailures, configSource } from "./config";
import { type CheckOrDiffRequest, checkResponseMessage, diffResponseMessage } from "./protobuf/checkAndDiff";
import type { Struct } from "./protobuf/struct";
import { DIFF, grpc, type Handler, message, type Message, packed, PROPERTY_DIFF, services, SEVERITY, type ServiceError, struct } from "./rpc";
import { packageSchema } from "./schema";
import { functionName, packageVersion, resourceToken } from "./tokens";
import { received, sent } from "./values";

/** The fields of the resource requests the plugin reads (each request has those of its RPC). */
interface ResourceRequest {
    getUrn(): string;
    getType(): string;
    getId(): string;
    getOlds(): Struct | undefined;
    getNews(): Struct | undefined;
    getProperties(): Struct | undefined;
    getInputs(): Struct | undefined;
    getTimeout(): number;
    getPreview(): boolean;
}

/** Where the plugin runs. */
export interface PluginOptions {
    /** The engine's address (`127.0.0.1:<port>`), for `Log`; Handshake and Attach give it too. */
    engineAddress?: string;
    /** The clock of every wait (tests pass a manual one). */
    clock?: Clock;
}

/** A running plugin. */
export interface RunningPlugin {
    port: number;
    stop(): void;
}

/** The kind a resource type names, by its token (`observability:index:Dashboard`). */
const kinds = new Map<string, Lifecycle>(Object.values(registry).map(({ provider }) => [resourceToken(provider.typeName), provider.lifecycle]));

/** The URN of the request in progress, which the warnings of its operation name. */
const currentUrn = new AsyncLocalStorage<string>();

/** Serves the plugin on loopback, on a free port. */
export async function serve(options: PluginOptions = {}): Promise<RunningPlugin> {
    let engineAddress = options.engineAddress;
    let engine: InstanceType<typeof services.Engine> | undefined;
    /** Tells the engine, at the resource the operation runs for (the plugin's own output is hidden from users). */
    const notify = (text: string) => {
        if (engineAddress && !engine) engine = new services.Engine(engineAddress, grpc.credentials.createInsecure());
        if (!engine) return void process.stderr.write(`warning: ${text}\n`);
        const request = message("LogRequest", { setSeverity: SEVERITY.WARNING, setMessage: text, setUrn: currentUrn.getStore() ?? "" });
        engine.log(request, () => undefined);
    };
    let apis = new Apis(new Settings(undefined), { clock: options.clock, notify });
    for (const kind of kinds.values()) kind.configure(apis);

    const handlers: Record<string, (request: never) => Promise<Message>> = {
        async handshake(request: { getEngineAddress(): string }) {
            engineAddress ||= request.getEngineAddress() || undefined;
            return message("ProviderHandshakeResponse", { setAcceptSecrets: true, setAcceptResources: false, setAcceptOutputs: false });
        },

        async attach(request: { getAddress(): string }) {
            engineAddress = request.getAddress() || engineAddress;
            return message("Empty");
        },

        getPluginInfo: async () => message("PluginInfo", { setVersion: packageVersion() }),

        getSchema: async () => message("GetSchemaResponse", { setSchema: JSON.stringify(packageSchema()) }),

        async checkConfig(request: CheckOrDiffRequest) {
            const news = received(request.getNews());
            return checkResponse({ inputs: news.props, failures: configFailures(news.props) }, news.secretKeys);
        },

        async diffConfig(request: CheckOrDiffRequest) {
            const changed = changedSettings(received(request.getOlds()).props, received(request.getNews()).props);
            return diffResponse(changed, [], false);
        },

        async configure(request: { getArgs(): Struct | undefined }) {
            apis = new Apis(new Settings(configSource(received(request.getArgs()).props)), { clock: options.clock, notify });
            for (const kind of kinds.values()) kind.configure(apis);
            return message("ConfigureResponse", { setAcceptsecrets: true, setSupportspreview: true, setAcceptresources: false, setAcceptoutputs: false });
        },

        async check(request: CheckOrDiffRequest) {
            const news = received(request.getNews());
            const result = await kindOf(request).check(news.props);
            return checkResponse(result, secretsOf(request, news.secretKeys));
        },

        async diff(request: CheckOrDiffRequest) {
            const [olds, news] = [received(request.getOlds()), received(request.getNews())];
            const result = await kindOf(request).diff(request.getId(), olds.props, news.props);
            return diffResponse(result.changed, result.replaces, result.deleteBeforeReplace);
        },

        async create(request: ResourceRequest) {
            const inputs = received(request.getProperties());
            const secrets = secretsOf(request, inputs.secretKeys);
            // A preview creates nothing: the outputs are the inputs until the object exists.
            if (request.getPreview()) return message("CreateResponse", { setId: "", setProperties: struct(sent(inputs.props, secrets)) });
            const created = await kindOf(request).create(inputs.props, deadline(request));
            return message("CreateResponse", { setId: created.id, setProperties: struct(sent(created.outs, secrets)) });
        },

        async read(request: ResourceRequest) {
            const [props, inputs] = [received(request.getProperties()), received(request.getInputs())];
            const kind = kindOf(request);
            const secrets = secretsOf(request, new Set([...props.secretKeys, ...inputs.secretKeys]));
            // An import (`pulumi import`, the `import` option) names the object by its id alone.
            const imported = Object.keys(props.props).length === 0 && Object.keys(inputs.props).length === 0;
            const found = imported ? await kind.import(request.getId()) : await kind.read(request.getId(), props.props);
            return message("ReadResponse", {
                setId: found.id,
                setProperties: struct(sent(found.props, secrets)),
                ...(found.inputs ? { setInputs: struct(sent(found.inputs, secrets)) } : {}),
            });
        },

        async update(request: ResourceRequest) {
            const [olds, news] = [received(request.getOlds()), received(request.getNews())];
            const secrets = secretsOf(request, new Set([...olds.secretKeys, ...news.secretKeys]));
            // A preview changes nothing: the outputs are the old ones with the new inputs.
            if (request.getPreview()) return message("UpdateResponse", { setProperties: struct(sent({ ...olds.props, ...news.props }, secrets)) });
            const outs = await kindOf(request).update(request.getId(), olds.props, news.props, deadline(request));
            return message("UpdateResponse", { setProperties: struct(sent(outs, secrets)) });
        },

        async delete(request: ResourceRequest) {
            await kindOf(request).delete(request.getId(), received(request.getProperties()).props, deadline(request));
            return message("Empty");
        },

        async invoke(request: { getTok(): string; getArgs(): Struct | undefined }) {
            const name = functionName(request.getTok());
            const lookup = name === undefined ? undefined : lookups[name];
            if (!lookup)
                throw Object.assign(new Error(`unknown function ${request.getTok()}: the functions are ${Object.keys(lookups).join(", ")}`), {
                    code: grpc.status.NOT_FOUND,
                });
            const args = received(request.getArgs());
            const result = toJson(await lookup(apis, args.props, AbortSignal.timeout(LOOKUP_TIMEOUT_MS)));
            // A list comes as one object (`items`), which every language's invoke reads.
            const value: Properties = Array.isArray(result) ? { items: result } : (result as Properties);
            return message("InvokeResponse", { setReturn: struct(sent(value, args.secretKeys.size > 0 ? new Set(Object.keys(value)) : new Set())) });
        },

        cancel: async () => message("Empty"),
    };

    const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
    server.addService(
        services.provider,
        Object.fromEntries(
            Object.entries(handlers).map(([name, handle]): [string, Handler] => [
                name,
                (call, callback) => {
                    const request = call.request as ResourceRequest;
                    const urn = typeof request.getUrn === "function" ? request.getUrn() : "";
                    currentUrn.run(urn, () =>
                        handle(request as never).then(
                            (response) => callback(null, response),
                            (error: unknown) => callback(serviceError(error, request)),
                        ),
                    );
                },
            ]),
        ),
    );
    const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    return {
        port,
        stop() {
            engine?.close();
            server.forceShutdown();
        },
    };
}

/** What names a request's resource type. */
type Typed = Pick<ResourceRequest, "getUrn" | "getType">;

/** The kind of a resource request, by its type (or the type in its URN). */
function kindOf(request: Typed): Lifecycle {
    const type = request.getType() || request.getUrn().split("::")[2]?.split("$").pop() || "";
    const kind = kinds.get(type);
    if (!kind) throw Object.assign(new Error(`unknown resource type ${JSON.stringify(type)}`), { code: grpc.status.INVALID_ARGUMENT });
    return kind;
}

/** The keys sent back as secrets: the kind's declared secrets and every key that came in as one. */
function secretsOf(request: Typed, came: ReadonlySet<string>): Set<string> {
    return new Set([...(kindOf(request).definition.secrets ?? []), ...came]);
}

/** The request's `timeout` (seconds, from the resource's `customTimeouts`; 0 when none) as the operation's deadline. */
function deadline(request: ResourceRequest): { deadlineMs?: number } {
    const seconds = request.getTimeout();
    return seconds > 0 ? { deadlineMs: seconds * 1000 } : {};
}

function checkResponse(result: { inputs?: Properties; failures?: { property: string; reason: string }[] }, secrets: ReadonlySet<string>): Message {
    return checkResponseMessage(result.inputs ? sent(result.inputs, secrets) : undefined, result.failures ?? []);
}

/** A diff of top-level keys: each changed key's detail, a replacement when a replaced path is in it. */
function diffResponse(changed: readonly string[], replaces: readonly string[], deleteBeforeReplace: boolean): Message {
    const detailed = new Map<string, { kind: number; inputDiff: boolean }>();
    for (const key of changed) {
        const replaced = replaces.some((path) => path.split(/[.[]/)[0] === key);
        detailed.set(key, { kind: replaced ? PROPERTY_DIFF.UPDATE_REPLACE : PROPERTY_DIFF.UPDATE, inputDiff: true });
    }
    return diffResponseMessage({
        changes: changed.length > 0 ? DIFF.SOME : DIFF.NONE,
        replaces,
        deleteBeforeReplace,
        diffs: changed,
        detailed,
        hasDetailedDiff: true,
    });
}

/**
 * An error as the engine takes it: its message (already without secrets), and for a partial create or update the
 * object that exists (`ErrorResourceInitFailed`), which the engine keeps with the reasons as init errors.
 */
function serviceError(error: unknown, request: Typed): ServiceError {
    const text = error instanceof Error ? error.message : String(error);
    const { code, id, properties, reasons } = (typeof error === "object" && error !== null ? error : {}) as {
        code?: unknown;
        id?: unknown;
        properties?: unknown;
        reasons?: unknown;
    };
    const status = typeof code === "number" ? code : grpc.status.UNKNOWN;
    if (typeof id !== "string" || typeof properties !== "object" || properties === null) return { code: status, details: text };
    const failed = message("ErrorResourceInitFailed", {
        setId: id,
        setProperties: struct(sent(toJson(properties as Properties), secretsOf(request, new Set()))),
        setReasonsList: Array.isArray(reasons) ? reasons.map(String) : [text],
    });
    const details = message("Status", { setCode: status, setMessage: text, setDetailsList: [packed(failed, "pulumirpc.ErrorResourceInitFailed")] });
    const metadata = new grpc.Metadata();
    metadata.add("grpc-status-details-bin", Buffer.from(details.serializeBinary()));
    return { code: status, details: text, metadata };
}
