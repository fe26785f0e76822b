import { ApiError } from "./http/errors";

// The one place of the "404 means gone" rule: a 404 the client recognises as the API's own (`ApiError.isNotFound`: a
// JSON body, or on the self-hosted API a plain-text one; never an HTML page, which is a route that is not served)
// says the object does not exist. Every kind reads and deletes through these.

/**
 * The object `read` answers, or undefined when the server says it does not exist. Every other failure is thrown.
 * @param read the request reading the object
 */
export async function getOrGone<T>(read: Promise<T>): Promise<T | undefined> {
    try {
        return await read;
    } catch (error) {
        if (error instanceof ApiError && error.isNotFound) return undefined;
        throw error;
    }
}

/**
 * Waits for a delete; an object that is already gone counts as deleted (deleting is idempotent).
 * @param remove the DELETE request
 * @returns false when the object was already gone
 */
export async function deleteIfPresent(remove: Promise<unknown>): Promise<boolean> {
    return (await getOrGone(remove.then(() => true))) ?? false;
}

/**
 * A request on an object that must exist (an organization the stack configures, not creates): a 404 is rethrown
 * with what to check.
 * @param request the request
 * @param check what the user should check, appended to the server's message
 */
export async function mustExist<T>(request: Promise<T>, check: string): Promise<T> {
    try {
        return await request;
    } catch (error) {
        if (error instanceof ApiError && error.isNotFound) throw new Error(`${error.message}. ${check}`);
        throw error;
    }
}
