import { operationSecrets } from "../api/http/operationSecrets";
import { redact } from "../api/http/redact";

/** Every string inside a write-only value (a server message could quote one). */
export function secretTexts(value: unknown): string[] {
    if (typeof value === "string") return [value];
    if (typeof value !== "object" || value === null) return [];
    return Object.values(value).flatMap(secretTexts);
}

/**
 * Runs an operation so that no secret of the operation in progress (`withOperationSecrets`: a pipe's `secrets`, a
 * connection's `password`, a webhook's URL) can reach the engine in an error: the message (and the stack the host
 * prints to its log) is rebuilt without them. A partial failure keeps its id and properties.
 */
export async function withoutSecretsInErrors<T>(operation: () => Promise<T>): Promise<T> {
    try {
        return await operation();
    } catch (error) {
        const values = operationSecrets();
        if (!(error instanceof Error)) throw error;
        // Every form a server may echo a secret in (escaped, encoded, cut by a line break) counts.
        const message = redact(error.message, values);
        if (message === error.message && redact(error.stack ?? "", values) === (error.stack ?? "")) throw error;
        const { id, properties } = error as Error & { id?: unknown; properties?: unknown };
        throw id === undefined ? new Error(message) : Object.assign(new Error(message), { id, properties, reasons: [message] });
    }
}
