import type { ServerResponse } from "node:http";

export type Headers = Record<string, string | number>;

/** A response computed but not yet written (a `drop-after` fault computes it and then drops the socket). */
export interface Outgoing {
    status: number;
    headers: Headers;
    body: string;
}

export function json(status: number, body: unknown, headers: Headers = {}): Outgoing {
    return { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers }, body: JSON.stringify(body) };
}

export function text(status: number, body: string, headers: Headers = {}): Outgoing {
    return { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers }, body };
}

export function html(status: number, body: string, headers: Headers = {}): Outgoing {
    return { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers }, body };
}

/** Express's default answer for a route nobody serves. */
export function cannot(method: string, path: string, headers: Headers = {}): Outgoing {
    return html(
        404,
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
            `<pre>Cannot ${method} ${escapeHtml(path)}</pre>\n</body>\n</html>\n`,
        headers,
    );
}

/** The CDN's HTML page in front of the cloud API (502-504). */
export function gatewayPage(status: number): Outgoing {
    return html(status, `<html><head><title>${status} Gateway Error</title></head><body><h1>${status} Gateway Error</h1></body></html>`);
}

export function write(res: ServerResponse, outgoing: Outgoing): void {
    res.writeHead(outgoing.status, { ...outgoing.headers, "Content-Length": Buffer.byteLength(outgoing.body) });
    res.end(outgoing.body);
}

function escapeHtml(value: string): string {
    return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
