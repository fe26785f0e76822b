import { z } from "zod";
import type { ApiClient } from "./http/client";
import type { OperationContext } from "./apis";
import { deleteIfPresent } from "./gone";
import { path } from "../common/ids";
import type { ServiceIds } from "../settings/location";
import type { WireSegment } from "./wireNames";

/**
 * The calls of one collection of a cloud service (`…/services/{svc}/pipes`, its reverse private endpoints), bound to
 * an operation's deadline and label. Kinds add the calls of their own (state commands, settings).
 */
export class ServiceCollectionApi<W extends { id: string }> {
    readonly client: ApiClient;
    /** The collection's path. */
    readonly base: string;

    /**
     * @param ctx the operation's APIs and deadline
     * @param target organization and service (configuration fills what is missing)
     * @param segment the collection's segment below the service
     * @param wire the server's object
     * @param operation what the provider is doing, for error messages: `create DataPipe "orders"`
     */
    constructor(
        protected readonly ctx: Pick<OperationContext, "apis" | "signal">,
        target: ServiceIds,
        segment: WireSegment,
        protected readonly wire: z.ZodType<W>,
        readonly operation: string,
    ) {
        this.client = ctx.apis.cloud();
        this.base = ctx.apis.servicePath(target, segment);
    }

    get signal(): AbortSignal {
        return this.ctx.signal;
    }

    /** Every object of the collection (the cloud API answers them in one list). */
    list(): Promise<W[]> {
        return this.client.request({
            operation: this.operation,
            method: "GET",
            path: this.base,
            response: z.array(this.wire),
            signal: this.signal,
            list: true,
        });
    }

    get(id: string): Promise<W> {
        return this.client.request({ operation: this.operation, method: "GET", path: this.pathOf(id), response: this.wire, signal: this.signal });
    }

    create(body: unknown): Promise<W> {
        return this.client.request({ operation: this.operation, method: "POST", path: this.base, body, response: this.wire, signal: this.signal });
    }

    /**
     * @param idempotent true when the body only sets absolute values (resending it has the effect of sending it
     *   once), so that a lost answer is retried
     * @param below a path below the object's own (`/scaling`)
     */
    patch(id: string, body: unknown, idempotent: boolean, below = ""): Promise<W> {
        return this.client.request({
            operation: this.operation,
            method: "PATCH",
            path: `${this.pathOf(id)}${below}`,
            body,
            response: this.wire,
            idempotent,
            signal: this.signal,
        });
    }

    /** Deletes the object (or starts its asynchronous delete); false when it was already gone. */
    delete(id: string): Promise<boolean> {
        return deleteIfPresent(
            this.client.request({ operation: this.operation, method: "DELETE", path: this.pathOf(id), response: z.unknown(), signal: this.signal }),
        );
    }

    /** The object's path. */
    protected pathOf(id: string): string {
        return `${this.base}${path`/${id}`}`;
    }
}
