import { redact } from "../api/http/redact";

/** Every string inside a value holding secrets (a server message could quote one). */
export function secretTexts(value: unknown): string[] {
    if (typeof value === "string") return [value];
    if (typeof value !== "object" || value === null) return [];
    return Object.values(value).flatMap(secretTexts);
}

/**
 * Runs an operation so that no secret inside `secrets` can reach the engine in an error: the message (and the
 * stack the host prints to its log) is rebuilt without them. A partial failure keeps its id and properties.
 */
export async function withoutSecretsInErrors<T>(secrets: unknown, operation: () => Promise<T>): Promise<T> {
    try {
        return await operation();
    } catch (error) {
        const values = secretTexts(secrets);
        if (!(error instanceof Error)) throw error;
        // Every form a server may echo a secret in (escaped, encoded, cut by a line break) counts.
        const message = redact(error.message, values);
        if (message === error.message && redact(error.stack ?? "", values) === (error.stack ?? "")) throw error;
        const { id, properties } = error as Error & { id?: unknown; properties?: unknown };
        throw id === undefined ? new Error(message) : Object.assign(new Error(message), { id, properties, reasons: [message] });
    }
}
