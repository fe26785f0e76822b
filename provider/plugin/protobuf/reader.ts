// Reads the protobuf wire format (https://protobuf.dev/programming-guides/encoding/): the few field types the
// plugin's hot calls carry (varints, doubles, length-delimited strings and messages), every other field skipped.

/** The wire types of the format. */
export const WIRE = { VARINT: 0, FIXED64: 1, LENGTH_DELIMITED: 2, FIXED32: 5 } as const;

/** A message's bytes, read field by field. */
export class ProtoReader {
    private pos: number;

    /**
     * @param bytes the buffer holding the message
     * @param start where the message starts in it
     * @param end where it ends
     */
    constructor(
        private readonly bytes: Buffer,
        start = 0,
        private readonly end = bytes.length,
    ) {
        this.pos = start;
    }

    /** Whether every field was read. */
    get done(): boolean {
        return this.pos >= this.end;
    }

    /** The next field's key: its number times 8 plus its wire type. */
    key(): number {
        return this.varint();
    }

    /** A varint of up to 53 bits (lengths, enums, booleans). */
    varint(): number {
        let value = 0;
        let scale = 1;
        for (;;) {
            if (this.pos >= this.end) throw new Error("protobuf: a varint runs past the end of its message");
            const byte = this.bytes[this.pos++];
            value += (byte & 0x7f) * scale;
            if (byte < 0x80) return value;
            scale *= 128;
            if (scale > 2 ** 63) throw new Error("protobuf: a varint is longer than 10 bytes");
        }
    }

    /** A little-endian IEEE double. */
    double(): number {
        const value = this.bytes.readDoubleLE(this.checked(8));
        this.pos += 8;
        return value;
    }

    /** A length-delimited UTF-8 string. */
    string(): string {
        const length = this.varint();
        const start = this.checked(length);
        this.pos += length;
        return this.bytes.toString("utf8", start, this.pos);
    }

    /** A length-delimited embedded message, as a reader of its own. */
    message(): ProtoReader {
        const length = this.varint();
        const start = this.checked(length);
        this.pos += length;
        return new ProtoReader(this.bytes, start, this.pos);
    }

    /**
     * Skips a field the caller does not read.
     * @param wireType the wire type of its key
     */
    skip(wireType: number): void {
        if (wireType === WIRE.VARINT) this.varint();
        else if (wireType === WIRE.FIXED64) this.pos = this.checked(8) + 8;
        else if (wireType === WIRE.LENGTH_DELIMITED) {
            const length = this.varint();
            this.pos = this.checked(length) + length;
        } else if (wireType === WIRE.FIXED32) this.pos = this.checked(4) + 4;
        else throw new Error(`protobuf: wire type ${wireType} is not one the plugin reads`);
    }

    /** The current position, once `length` bytes are known to follow it. */
    private checked(length: number): number {
        if (this.pos + length > this.end) throw new Error("protobuf: a field runs past the end of its message");
        return this.pos;
    }
}
