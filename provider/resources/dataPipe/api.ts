import { z } from "zod";
import { ApiClient } from "../../api/http/client";
import { readThroughList } from "../../api/cachedRead";
import { ApiError } from "../../api/http/errors";
import { deleteIfPresent } from "../../api/gone";
import { path } from "../../common/ids";
import type { OperationContext } from "../../api/apis";
import type { ServiceIds } from "../../settings/location";
import { sharedPoller } from "./statePoller";
import { wirePipe, WirePipe } from "./wire";

/** The state commands of `PATCH …/state`. */
export type PipeCommand = "start" | "stop";

/** The pipe endpoints of one service (contract §5.1), bound to an operation's deadline and label. */
export class PipeApi {
    readonly client: ApiClient;
    /** The service's pipe collection path. */
    readonly base: string;

    /**
     * @param ctx the operation's APIs and deadline
     * @param target organization and service (configuration fills what is missing)
     * @param operation what the provider is doing, for error messages: `create DataPipe "orders"`
     */
    constructor(
        private readonly ctx: Pick<OperationContext, "apis" | "signal">,
        target: ServiceIds,
        readonly operation: string,
    ) {
        this.client = ctx.apis.cloud();
        this.base = ctx.apis.servicePath(target, "pipes");
    }

    get signal(): AbortSignal {
        return this.ctx.signal;
    }

    list(): Promise<WirePipe[]> {
        return this.client.request({
            operation: this.operation,
            method: "GET",
            path: this.base,
            response: z.array(wirePipe),
            signal: this.ctx.signal,
            list: true,
        });
    }

    get(id: string): Promise<WirePipe> {
        return this.client.request({ operation: this.operation, method: "GET", path: this.pipePath(id), response: wirePipe, signal: this.ctx.signal });
    }

    /**
     * The pipe as the next poll round shared by every waiting pipe of the service sees it, at most `delayMs` from
     * now; undefined when the round's list does not hold it.
     */
    observe(id: string, delayMs: number): Promise<WirePipe | undefined> {
        const { client, base } = this;
        const list = () => (signal: AbortSignal, onSend: () => void) =>
            client.request({
                operation: "read the state of waiting DataPipes",
                method: "GET",
                path: base,
                response: z.array(wirePipe),
                signal,
                onSend,
                list: true,
            });
        return sharedPoller(client, base, list).observe(id, delayMs, this.ctx.signal);
    }

    /** The pipe, or undefined when it is gone; a list shared between reads answers it when it can. */
    find(id: string): Promise<WirePipe | undefined> {
        return readThroughList(
            this.client,
            this.base,
            () => this.list(),
            id,
            () => this.get(id),
        );
    }

    create(body: unknown): Promise<WirePipe> {
        return this.client.request({ operation: this.operation, method: "POST", path: this.base, body, response: wirePipe, signal: this.ctx.signal });
    }

    /**
     * @param idempotent true when the body only sets absolute values (resending it has the effect of sending it
     *   once), so that a lost answer is retried; a table-mapping delta is not
     */
    patch(id: string, body: unknown, idempotent = false): Promise<WirePipe> {
        return this.client.request({
            operation: this.operation,
            method: "PATCH",
            path: this.pipePath(id),
            body,
            response: wirePipe,
            idempotent,
            signal: this.ctx.signal,
        });
    }

    patchScaling(id: string, body: unknown): Promise<WirePipe> {
        // Setting absolute values twice has the effect of setting them once.
        return this.client.request({
            operation: this.operation,
            method: "PATCH",
            path: `${this.pipePath(id)}/scaling`,
            body,
            response: wirePipe,
            idempotent: true,
            signal: this.ctx.signal,
        });
    }

    putSettings(id: string, body: unknown): Promise<unknown> {
        return this.client.request({
            operation: this.operation,
            method: "PUT",
            path: `${this.pipePath(id)}/settings`,
            body,
            response: z.unknown(),
            signal: this.ctx.signal,
        });
    }

    /** Sends `start` or `stop`; a `start` the service refuses because the pipe already runs counts as done. */
    async command(id: string, command: PipeCommand): Promise<void> {
        try {
            await this.client.request({
                operation: this.operation,
                method: "PATCH",
                path: `${this.pipePath(id)}/state`,
                body: { command },
                response: z.unknown(),
                idempotent: true,
                signal: this.ctx.signal,
            });
        } catch (error) {
            if (command === "start" && error instanceof ApiError && error.status === 400 && /already running/i.test(error.serverMessage ?? "")) return;
            throw error;
        }
    }

    /** Deletes the pipe; one that is already gone counts as deleted. */
    async delete(id: string): Promise<void> {
        await deleteIfPresent(
            this.client.request({ operation: this.operation, method: "DELETE", path: this.pipePath(id), response: z.unknown(), signal: this.ctx.signal }),
        );
    }

    private pipePath(id: string): string {
        return `${this.base}${path`/${id}`}`;
    }
}

/** The 400 a database pipe answers to a table-mapping change while it runs (§5.9). */
export function isMustBePaused(error: unknown): boolean {
    return error instanceof ApiError && error.status === 400 && /must be paused/i.test(error.serverMessage ?? "");
}
