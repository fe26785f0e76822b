import { z } from "zod";

/** How one API wraps successes and failures. */
export interface Envelope {
    /** Takes the payload out of a 2xx body; throws a zod error when the body is not an envelope. */
    unwrap(body: unknown): unknown;
    /** The server's message from an error body, when it has one. */
    errorMessage(body: unknown): string | undefined;
    /** The request id carried by the body, when the API has one. */
    requestId(body: unknown): string | undefined;
}

const messageBody = z.looseObject({ message: z.string().optional(), error: z.string().optional() });
const requestIdBody = z.looseObject({ requestId: z.string() });

function errorMessage(body: unknown): string | undefined {
    const parsed = messageBody.safeParse(body);
    if (!parsed.success) return undefined;
    return parsed.data.message ?? parsed.data.error;
}

/** Self-hosted: `{data}`; DELETE answers `{}`. */
export const selfHostedEnvelope: Envelope = {
    unwrap: (body) => z.looseObject({ data: z.unknown().optional() }).parse(body ?? {}).data,
    errorMessage,
    requestId: () => undefined,
};

/** Cloud: `{status, requestId, result}`; DELETE answers without `result`. */
export const cloudEnvelope: Envelope = {
    unwrap: (body) =>
        z.looseObject({ status: z.number().optional(), requestId: z.string().optional(), result: z.unknown().optional() }).parse(body ?? {}).result,
    errorMessage,
    requestId: (body) => {
        const parsed = requestIdBody.safeParse(body);
        return parsed.success ? parsed.data.requestId : undefined;
    },
};
