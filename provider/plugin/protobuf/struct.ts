// `google.protobuf.Struct` straight between its bytes and plain JSON, with the meaning google-protobuf's
// `toJavaScript` and `fromJavaScript` give it: no message object per value on the way.
import { type ProtoReader, WIRE } from "./reader";
import type { ProtoWriter } from "./writer";

/** A `Struct` field as the plugin's handlers read it: the generated modules' message, or one the codec decoded. */
export interface Struct {
    toJavaScript(): Record<string, unknown>;
}

/** The fields of `Struct`, of its map entries, of `Value` (one of) and of `ListValue`. */
const STRUCT_FIELDS = 1;
const ENTRY = { KEY: 1, VALUE: 2 } as const;
const VALUE = { NULL: 1, NUMBER: 2, STRING: 3, BOOL: 4, STRUCT: 5, LIST: 6 } as const;
const LIST_VALUES = 1;

/** A `Struct` message as a plain object (a key given twice: the last one). */
export function readStruct(reader: ProtoReader): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    while (!reader.done) {
        const key = reader.key();
        if (key >>> 3 !== STRUCT_FIELDS || (key & 7) !== WIRE.LENGTH_DELIMITED) {
            reader.skip(key & 7);
            continue;
        }
        const entry = reader.message();
        let name = "";
        let value: unknown = null;
        while (!entry.done) {
            const entryKey = entry.key();
            if (entryKey === (ENTRY.KEY << 3) + WIRE.LENGTH_DELIMITED) name = entry.string();
            else if (entryKey === (ENTRY.VALUE << 3) + WIRE.LENGTH_DELIMITED) value = readValue(entry.message());
            else entry.skip(entryKey & 7);
        }
        object[name] = value;
    }
    return object;
}

/** A `Value` message (none of its kinds set: null, as an unset value reads). */
function readValue(reader: ProtoReader): unknown {
    let value: unknown = null;
    while (!reader.done) {
        const key = reader.key();
        switch (key) {
            case (VALUE.NULL << 3) + WIRE.VARINT:
                reader.varint();
                value = null;
                break;
            case (VALUE.NUMBER << 3) + WIRE.FIXED64:
                value = reader.double();
                break;
            case (VALUE.STRING << 3) + WIRE.LENGTH_DELIMITED:
                value = reader.string();
                break;
            case (VALUE.BOOL << 3) + WIRE.VARINT:
                value = reader.varint() !== 0;
                break;
            case (VALUE.STRUCT << 3) + WIRE.LENGTH_DELIMITED:
                value = readStruct(reader.message());
                break;
            case (VALUE.LIST << 3) + WIRE.LENGTH_DELIMITED:
                value = readList(reader.message());
                break;
            default:
                reader.skip(key & 7);
        }
    }
    return value;
}

function readList(reader: ProtoReader): unknown[] {
    const items: unknown[] = [];
    while (!reader.done) {
        const key = reader.key();
        if (key === (LIST_VALUES << 3) + WIRE.LENGTH_DELIMITED) items.push(readValue(reader.message()));
        else reader.skip(key & 7);
    }
    return items;
}

/**
 * Writes a plain object as a `Struct` field (a key whose value is undefined is left out, as JSON leaves it out).
 * @param writer the message being written
 * @param field the field's number in it
 * @param object JSON values only
 */
export function writeStruct(writer: ProtoWriter, field: number, object: Readonly<Record<string, unknown>>): void {
    writer.message(field, () => writeFields(writer, object));
}

function writeFields(writer: ProtoWriter, object: Readonly<Record<string, unknown>>): void {
    for (const name of Object.keys(object)) {
        const value = object[name];
        if (value === undefined) continue;
        writer.message(STRUCT_FIELDS, () => {
            writer.string(ENTRY.KEY, name);
            writeValue(writer, ENTRY.VALUE, value);
        });
    }
}

function writeValue(writer: ProtoWriter, field: number, value: unknown): void {
    writer.message(field, () => {
        if (value === null || value === undefined) writer.varint(VALUE.NULL, 0);
        else if (typeof value === "number") writer.double(VALUE.NUMBER, value);
        else if (typeof value === "string") writer.string(VALUE.STRING, value);
        else if (typeof value === "boolean") writer.bool(VALUE.BOOL, value);
        else if (Array.isArray(value)) writer.message(VALUE.LIST, () => value.forEach((item) => writeValue(writer, LIST_VALUES, item)));
        else if (typeof value === "object") writer.message(VALUE.STRUCT, () => writeFields(writer, value as Record<string, unknown>));
        else throw new Error(`a ${typeof value} is not a JSON value`);
    });
}
