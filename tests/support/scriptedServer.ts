import { createServer, IncomingMessage, Server, ServerResponse } from "node:http";
import { AddressInfo } from "node:net";

/** One answer of a scripted server: a status with a body, or a dropped connection. */
export type ScriptedAnswer =
    { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | { drop: true } | ((request: ScriptedRequest) => ScriptedAnswer);

export interface SeenRequest {
    method: string;
    url: string;
    authorization?: string;
    body: string;
}

/** What an answer function is given: the request, with all its headers. */
export type ScriptedRequest = SeenRequest & { headers: Record<string, string | string[] | undefined> };

/**
 * A loopback server that answers requests with a script, one answer per request, for testing the HTTP
 * core's transport behaviour in isolation from any API.
 */
export class ScriptedServer {
    readonly seen: SeenRequest[] = [];
    private script: ScriptedAnswer[] = [];

    private constructor(
        private readonly server: Server,
        readonly url: string,
    ) {}

    static async start(): Promise<ScriptedServer> {
        const holder: { self?: ScriptedServer } = {};
        const server = createServer((req, res) => holder.self?.handle(req, res));
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        holder.self = new ScriptedServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        return holder.self;
    }

    /** Queues answers (or functions of the request computing one) for the next requests; once the script is empty every request gets 200 `{}`. */
    answer(...answers: ScriptedAnswer[]): void {
        this.script.push(...answers);
    }

    /** Drops the answers no request took. */
    forget(): void {
        this.script = [];
    }

    async close(): Promise<void> {
        this.server.closeAllConnections();
        await new Promise<void>((resolve) => this.server.close(() => resolve()));
    }

    private handle(req: IncomingMessage, res: ServerResponse): void {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
            const seen = { method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() };
            this.seen.push(seen);
            const scripted = this.script.shift() ?? { status: 200, json: {} };
            const next = typeof scripted === "function" ? scripted({ ...seen, headers: req.headers }) : scripted;
            if (typeof next === "function") throw new Error("a scripted answer function must return an answer");
            if ("drop" in next) {
                req.socket.destroy();
                return;
            }
            const body = next.json !== undefined ? JSON.stringify(next.json) : (next.text ?? "");
            res.writeHead(next.status, { "content-type": next.json !== undefined ? "application/json" : "text/plain", ...next.headers });
            res.end(body);
        });
    }
}
