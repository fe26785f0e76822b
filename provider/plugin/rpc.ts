// The gRPC pieces the plugin speaks through: `@grpc/grpc-js`, the generated `pulumirpc` modules and the protobuf
// `Struct`, all loaded from where `@pulumi/pulumi` resolves them, so that the service definitions and the server share
// one grpc-js (none of them ships type declarations: the few members the plugin uses are typed here).
import { createRequire } from "node:module";
import { decodeCheckRequest, decodeDiffRequest } from "./protobuf/checkAndDiff";

/** A protobuf message the plugin builds. */
export interface Message {
    serializeBinary(): Uint8Array;
}

/** gRPC metadata (trailers), which carries a partial failure's details. */
export interface Metadata {
    add(key: string, value: Buffer): void;
}

/** The error a handler answers with. */
export interface ServiceError {
    code: number;
    details: string;
    metadata?: Metadata;
}

/** A unary handler of grpc-js. */
export type Handler = (call: { request: unknown }, callback: (error: ServiceError | null, response?: Message) => void) => void;

interface GrpcServer {
    addService(service: unknown, implementation: Record<string, Handler>): void;
    bindAsync(address: string, credentials: unknown, done: (error: Error | null, port: number) => void): void;
    forceShutdown(): void;
}

interface GrpcClient {
    close(): void;
}

interface Grpc {
    Server: new (options: Record<string, number>) => GrpcServer;
    ServerCredentials: { createInsecure(): unknown };
    credentials: { createInsecure(): unknown };
    Metadata: new () => Metadata;
    status: { UNKNOWN: number; INVALID_ARGUMENT: number; NOT_FOUND: number };
}

type MessageClass = new () => Message;
type Classes = Record<string, MessageClass | undefined>;

const fromSdk = createRequire(require.resolve("@pulumi/pulumi"));

/** grpc-js, the one `@pulumi/pulumi` uses. */
export const grpc = fromSdk("@grpc/grpc-js") as Grpc;
const providerMessages = fromSdk("./proto/provider_pb") as Classes;
const otherMessages: Classes = {
    ...(fromSdk("./proto/plugin_pb") as Classes),
    ...(fromSdk("./proto/engine_pb") as Classes),
    ...(fromSdk("./proto/status_pb") as Classes),
    ...(fromSdk("google-protobuf/google/protobuf/empty_pb") as Classes),
};
const anyMessage = (fromSdk("google-protobuf/google/protobuf/any_pb") as { Any: new () => Message & { pack(bytes: Uint8Array, name: string): void } }).Any;
const structClass = (fromSdk("google-protobuf/google/protobuf/struct_pb") as { Struct: { fromJavaScript(value: Record<string, unknown>): Message } }).Struct;

/** A method of a grpc-js service definition: how its request is read and its answer written. */
interface MethodDefinition {
    requestDeserialize(bytes: Buffer): unknown;
    responseSerialize(response: Message): Buffer;
}

/** The calls the plugin's own codec reads and writes (a no-change preview is a Check and a Diff per resource). */
const OWN_CODEC: Record<string, (bytes: Buffer) => unknown> = {
    check: decodeCheckRequest,
    checkConfig: decodeCheckRequest,
    diff: decodeDiffRequest,
    diffConfig: decodeDiffRequest,
};

/** `pulumirpc.ResourceProvider` as generated, but Check and Diff through {@link OWN_CODEC}. */
function providerService(): Record<string, MethodDefinition> {
    const generated = (fromSdk("./proto/provider_grpc_pb") as { ResourceProviderService: Record<string, MethodDefinition> }).ResourceProviderService;
    return Object.fromEntries(
        Object.entries(generated).map(([name, method]) => {
            const decode = OWN_CODEC[name];
            if (!decode) return [name, method];
            const serialize = (response: Message) => {
                const bytes = response.serializeBinary();
                return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
            };
            return [name, { ...method, requestDeserialize: decode, responseSerialize: serialize }];
        }),
    );
}

/** The service definition of `pulumirpc.ResourceProvider`, and the engine's client (for `Log`). */
export const services = {
    provider: providerService(),
    Engine: (
        fromSdk("./proto/engine_grpc_pb") as {
            EngineClient: new (address: string, credentials: unknown) => GrpcClient & { log(request: Message, done: (error: Error | null) => void): void };
        }
    ).EngineClient,
};

/** A `Struct` of plain JSON (no `undefined` inside). */
export function struct(value: Record<string, unknown>): Message {
    return structClass.fromJavaScript(value);
}

/**
 * A message of the generated modules (`CheckResponse`, `PluginInfo`, `google.protobuf.Empty`, …), each field set
 * through its setter: `{ setId: "…" }` calls `setId("…")`.
 */
export function message(name: string, fields: Record<string, unknown> = {}): Message {
    const Class = providerMessages[name] ?? otherMessages[name];
    if (!Class) throw new Error(`no message ${name} in the generated modules`);
    const built = new Class();
    const setters = built as unknown as Record<string, (value: unknown) => void>;
    for (const [setter, value] of Object.entries(fields)) {
        if (typeof setters[setter] !== "function") throw new Error(`message ${name} has no ${setter}`);
        setters[setter].call(built, value);
    }
    return built;
}

/** `Any` packing a message under its full name (`pulumirpc.ErrorResourceInitFailed`). */
export function packed(value: Message, name: string): Message {
    const any = new anyMessage();
    any.pack(value.serializeBinary(), name);
    return any;
}

/** The enums of `DiffResponse` and `PropertyDiff`, as the proto numbers them. */
export const DIFF = { NONE: 1, SOME: 2 } as const;
export const PROPERTY_DIFF = { ADD: 0, ADD_REPLACE: 1, DELETE: 2, DELETE_REPLACE: 3, UPDATE: 4, UPDATE_REPLACE: 5 } as const;
/** `pulumirpc.LogSeverity`. */
export const SEVERITY = { DEBUG: 0, INFO: 1, WARNING: 2, ERROR: 3 } as const;
