// The icon of the generated .NET SDK. Pulumi's .NET generator always downloads the schema's `logoUrl` (or, without
// one, a Pulumi logo from raw.githubusercontent.com) into the SDK's `logo.png`; no setting skips the download. So
// `npm run sdks` serves this icon on the loopback interface while the .NET SDK is generated, and gives the generator
// a copy of the schema whose `logoUrl` points there: no network is needed, and `schema.json` keeps no such URL.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";

/** The icon's size in pixels, the size NuGet shows. */
const SIZE = 64;

/** One PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
}

/** The icon: a 64×64 PNG, a dark square with a light bar chart (three bars), drawn here so the repository holds no binary. */
export function iconPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(SIZE, 0);
    header.writeUInt32BE(SIZE, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    const bars = [
        { from: 12, to: 22, top: 36 },
        { from: 27, to: 37, top: 22 },
        { from: 42, to: 52, top: 12 },
    ];
    const rows: Buffer[] = [];
    for (let y = 0; y < SIZE; y++) {
        const row = Buffer.alloc(1 + SIZE * 3); // filter byte 0, then RGB
        for (let x = 0; x < SIZE; x++) {
            const lit = y < 52 && bars.some((bar) => x >= bar.from && x < bar.to && y >= bar.top);
            row.set(lit ? [0x7c, 0xd9, 0xa8] : [0x1d, 0x23, 0x2f], 1 + x * 3);
        }
        rows.push(row);
    }
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

/** A loopback HTTP server answering {@link iconPng} at its URL. */
export interface LogoServer {
    /** `http://127.0.0.1:<port>/logo.png`. */
    readonly url: string;
    /** Stops the server. */
    close(): Promise<void>;
}

/** Starts a {@link LogoServer} on a free port of the loopback interface. */
export async function serveLogo(): Promise<LogoServer> {
    const png = iconPng();
    const server = createServer((request, response) => {
        if (request.url !== "/logo.png") {
            response.writeHead(404).end();
            return;
        }
        response.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
    });
    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", resolve);
    });
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}/logo.png`,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
}
