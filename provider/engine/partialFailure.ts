/**
 * The error of a create or update whose object exists but did not reach the desired state: the engine keeps the
 * object (with the properties last seen) instead of losing track of it (pulumi-dynamic.md §5).
 * @param next what the user should do now
 */
export function partialFailure(error: unknown, id: string, properties: object, next: string): Error {
    const message = `${error instanceof Error ? error.message : String(error)}. ${next}`;
    return Object.assign(new Error(message), { id, properties, reasons: [message] });
}
