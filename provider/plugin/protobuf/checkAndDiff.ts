// The messages of Check, Diff, CheckConfig and DiffConfig read and written by the plugin's own codec: a no-change
// preview is two of these calls per resource, and google-protobuf's generated messages (an object per value, then
// `toJavaScript`, and the same back) cost more than the plugin's own work on them. Field numbers: `provider.proto`
// of pulumirpc (CheckRequest, CheckResponse, CheckFailure, DiffRequest, DiffResponse, PropertyDiff).
import { ProtoReader, WIRE } from "./reader";
import { readStruct, type Struct, writeStruct } from "./struct";
import { ProtoWriter } from "./writer";

/** A decoded CheckRequest or DiffRequest, with the getters of the generated message the handlers call. */
export class CheckOrDiffRequest {
    urn = "";
    type = "";
    name = "";
    id = "";
    olds: Struct | undefined;
    news: Struct | undefined;
    oldInputs: Struct | undefined;

    getUrn(): string {
        return this.urn;
    }
    getType(): string {
        return this.type;
    }
    getName(): string {
        return this.name;
    }
    getId(): string {
        return this.id;
    }
    getOlds(): Struct | undefined {
        return this.olds;
    }
    getNews(): Struct | undefined {
        return this.news;
    }
    getOldInputs(): Struct | undefined {
        return this.oldInputs;
    }
}

type StringField = "urn" | "type" | "name" | "id";
type StructField = "olds" | "news" | "oldInputs";

/** Where each field of the two requests goes; fields the plugin does not read are skipped. */
const CHECK_REQUEST: Record<number, StringField | StructField> = { 1: "urn", 2: "olds", 3: "news", 6: "name", 7: "type" };
const DIFF_REQUEST: Record<number, StringField | StructField> = { 1: "id", 2: "urn", 3: "olds", 4: "news", 6: "oldInputs", 7: "name", 8: "type" };
const STRUCT_FIELDS: ReadonlySet<string> = new Set<StructField>(["olds", "news", "oldInputs"]);

function decode(bytes: Buffer, fields: Record<number, StringField | StructField>): CheckOrDiffRequest {
    const request = new CheckOrDiffRequest();
    const reader = new ProtoReader(bytes);
    while (!reader.done) {
        const key = reader.key();
        const field = fields[key >>> 3];
        if (field === undefined || (key & 7) !== WIRE.LENGTH_DELIMITED) reader.skip(key & 7);
        else if (STRUCT_FIELDS.has(field)) {
            const value = readStruct(reader.message());
            request[field as StructField] = { toJavaScript: () => value };
        } else request[field as StringField] = reader.string();
    }
    return request;
}

/** A CheckRequest's bytes, decoded. */
export function decodeCheckRequest(bytes: Buffer): CheckOrDiffRequest {
    return decode(bytes, CHECK_REQUEST);
}

/** A DiffRequest's bytes, decoded. */
export function decodeDiffRequest(bytes: Buffer): CheckOrDiffRequest {
    return decode(bytes, DIFF_REQUEST);
}

/** An answer already in its bytes, as the service's serializer takes a generated message. */
export class EncodedMessage {
    constructor(private readonly bytes: Buffer) {}

    serializeBinary(): Uint8Array {
        return this.bytes;
    }
}

/**
 * A CheckResponse.
 * @param inputs the checked inputs (JSON values), when the check passed
 * @param failures each refused property with its reason
 */
export function checkResponseMessage(inputs: Record<string, unknown> | undefined, failures: readonly { property: string; reason: string }[]): EncodedMessage {
    const writer = new ProtoWriter();
    if (inputs) writeStruct(writer, 1, inputs);
    for (const failure of failures) {
        writer.message(2, () => {
            if (failure.property) writer.string(1, failure.property);
            if (failure.reason) writer.string(2, failure.reason);
        });
    }
    return new EncodedMessage(writer.finish());
}

/** A DiffResponse's fields (`changes` and each detail's `kind` as the proto's enums number them). */
export interface DiffAnswer {
    replaces: readonly string[];
    deleteBeforeReplace: boolean;
    changes: number;
    diffs: readonly string[];
    /** Each changed key's `PropertyDiff`. */
    detailed: ReadonlyMap<string, { kind: number; inputDiff: boolean }>;
    hasDetailedDiff: boolean;
}

/** A DiffResponse. */
export function diffResponseMessage(answer: DiffAnswer): EncodedMessage {
    const writer = new ProtoWriter();
    for (const path of answer.replaces) writer.string(1, path);
    if (answer.deleteBeforeReplace) writer.bool(3, true);
    if (answer.changes !== 0) writer.varint(4, answer.changes);
    for (const key of answer.diffs) writer.string(5, key);
    for (const [key, detail] of answer.detailed) {
        writer.message(6, () => {
            writer.string(1, key);
            writer.message(2, () => {
                if (detail.kind !== 0) writer.varint(1, detail.kind);
                if (detail.inputDiff) writer.bool(2, true);
            });
        });
    }
    if (answer.hasDetailedDiff) writer.bool(7, true);
    return new EncodedMessage(writer.finish());
}
