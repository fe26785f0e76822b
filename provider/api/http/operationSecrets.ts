import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The secret values of the resource operation in progress (a webhook's URL and headers, a connection's password, a
 * pipe's secrets). The engine runs each operation inside {@link withOperationSecrets}; the client redacts them from
 * every message and warning of every request the operation makes, so no kind has to pass them along (or can forget).
 */
const current = new AsyncLocalStorage<readonly string[]>();

/**
 * Runs `operation` with `secrets` redacted from everything the HTTP client says while it runs.
 * @param secrets the secret texts of the operation (each string inside the resource's secret values)
 * @param operation the resource operation
 */
export function withOperationSecrets<T>(secrets: readonly string[], operation: () => Promise<T>): Promise<T> {
    return current.run(secrets, operation);
}

/** The secrets of the operation in progress, none outside one. */
export function operationSecrets(): readonly string[] {
    return current.getStore() ?? [];
}
