// Writes the protobuf wire format: the field types of the plugin's hot answers. An embedded message is written in
// place and its length put in front of it once known (one move of its bytes), so no message is built twice.
import { WIRE } from "./reader";

/** A message's bytes, written field by field. */
export class ProtoWriter {
    private bytes = Buffer.allocUnsafe(1024);
    private length = 0;

    /** A varint field (an enum, a count). */
    varint(field: number, value: number): void {
        this.key(field, WIRE.VARINT);
        this.rawVarint(value);
    }

    /** A boolean field. */
    bool(field: number, value: boolean): void {
        this.varint(field, value ? 1 : 0);
    }

    /** A double field. */
    double(field: number, value: number): void {
        this.key(field, WIRE.FIXED64);
        this.reserve(8);
        this.bytes.writeDoubleLE(value, this.length);
        this.length += 8;
    }

    /** A string field. */
    string(field: number, value: string): void {
        this.key(field, WIRE.LENGTH_DELIMITED);
        const size = Buffer.byteLength(value, "utf8");
        this.rawVarint(size);
        this.reserve(size);
        this.length += this.bytes.write(value, this.length, size, "utf8");
    }

    /**
     * An embedded message field.
     * @param write writes the embedded message's fields into this writer
     */
    message(field: number, write: () => void): void {
        this.key(field, WIRE.LENGTH_DELIMITED);
        const start = this.length;
        write();
        const size = this.length - start;
        const prefix = varintSize(size);
        this.reserve(prefix);
        this.bytes.copyWithin(start + prefix, start, this.length);
        writeVarint(this.bytes, start, size);
        this.length += prefix;
    }

    /** The bytes written. */
    finish(): Buffer {
        return this.bytes.subarray(0, this.length);
    }

    private key(field: number, wireType: number): void {
        this.rawVarint(field * 8 + wireType);
    }

    private rawVarint(value: number): void {
        this.reserve(10);
        this.length = writeVarint(this.bytes, this.length, value);
    }

    /** Room for `size` more bytes. */
    private reserve(size: number): void {
        if (this.length + size <= this.bytes.length) return;
        const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + size));
        this.bytes.copy(grown, 0, 0, this.length);
        this.bytes = grown;
    }
}

/** Writes a varint of a non-negative `value` at `at`; returns where it ends. */
function writeVarint(bytes: Buffer, at: number, value: number): number {
    let pos = at;
    let rest = value;
    while (rest >= 0x80) {
        bytes[pos++] = (rest % 128) | 0x80;
        rest = Math.floor(rest / 128);
    }
    bytes[pos++] = rest;
    return pos;
}

/** How many bytes a varint of `value` takes. */
function varintSize(value: number): number {
    let size = 1;
    for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 128)) size++;
    return size;
}
