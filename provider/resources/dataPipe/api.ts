import { z } from "zod";
import { readThroughList } from "../../api/cachedRead";
import { ApiError } from "../../api/http/errors";
import { ServiceCollectionApi } from "../../api/serviceCollection";
import type { OperationContext } from "../../api/apis";
import type { ServiceIds } from "../../settings/location";
import { sharedPoller } from "./statePoller";
import { wirePipe, WirePipe } from "./wire";

/** The state commands of `PATCH …/state`. */
export type PipeCommand = "start" | "stop";

/** The pipe endpoints of one service (contract §5.1), bound to an operation's deadline and label. */
export class PipeApi extends ServiceCollectionApi<WirePipe> {
    /**
     * @param ctx the operation's APIs and deadline
     * @param target organization and service (configuration fills what is missing)
     * @param operation what the provider is doing, for error messages: `create DataPipe "orders"`
     */
    constructor(ctx: Pick<OperationContext, "apis" | "signal">, target: ServiceIds, operation: string) {
        super(ctx, target, "pipes", wirePipe, operation);
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
        return sharedPoller(client, base, list).observe(id, delayMs, this.signal);
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

    patchScaling(id: string, body: unknown): Promise<WirePipe> {
        // Setting absolute values twice has the effect of setting them once.
        return this.patch(id, body, true, "/scaling");
    }

    putSettings(id: string, body: unknown): Promise<unknown> {
        return this.client.request({
            operation: this.operation,
            method: "PUT",
            path: `${this.pathOf(id)}/settings`,
            body,
            response: z.unknown(),
            signal: this.signal,
        });
    }

    /** Sends `start` or `stop`; a `start` the service refuses because the pipe already runs counts as done. */
    async command(id: string, command: PipeCommand): Promise<void> {
        try {
            await this.client.request({
                operation: this.operation,
                method: "PATCH",
                path: `${this.pathOf(id)}/state`,
                body: { command },
                response: z.unknown(),
                idempotent: true,
                signal: this.signal,
            });
        } catch (error) {
            if (command === "start" && error instanceof ApiError && error.status === 400 && /already running/i.test(error.serverMessage ?? "")) return;
            throw error;
        }
    }
}

/** The 400 a database pipe answers to a table-mapping change while it runs (§5.9). */
export function isMustBePaused(error: unknown): boolean {
    return error instanceof ApiError && error.status === 400 && /must be paused/i.test(error.serverMessage ?? "");
}
