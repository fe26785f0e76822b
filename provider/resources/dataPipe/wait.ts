import { ApiError } from "../../api/http/errors";
import { PipeApi } from "./api";
import { FAILED_STATES, STOPPED_STATES, WirePipe } from "./wire";
import { DATABASE_KINDS, DataPipeInputs, isKindOf, sourceKind } from "./schema";
import { pollUntil } from "../../api/poll";

/** The states in which a pipe of these inputs runs as intended (§5.9). */
export function runningStates(inputs: Pick<DataPipeInputs, "source">): ReadonlySet<string> {
    const kind = sourceKind(inputs.source);
    if (isKindOf(DATABASE_KINDS, kind)) {
        const snapshotOnly = inputs.source[kind]?.settings.replicationMode === "snapshot";
        return new Set(snapshotOnly ? ["Completed", "Snapshot"] : ["Running", "Snapshot"]);
    }
    // A one-shot object-storage load may finish before anyone looks.
    if (inputs.source.objectStorage && inputs.source.objectStorage.isContinuous !== true) return new Set(["Running", "Completed"]);
    return new Set(["Running"]);
}

/** The states a pipe that should be stopped can rest in. */
export const stoppedStates = STOPPED_STATES;

/** A wait that ended without the pipe reaching the state: it failed, or the operation's timeout expired. */
export class PipeWaitError extends Error {
    /**
     * @param message what happened and what to do
     * @param last the pipe as last seen, if it was seen
     */
    constructor(
        message: string,
        readonly last: WirePipe | undefined,
    ) {
        super(message);
        this.name = "PipeWaitError";
    }
}

/**
 * Looks at the pipe with exponential backoff until it is in one of `targets`: the first look after `pollIntervalMs`,
 * through the poll round this process shares between every waiting pipe of the service (a pipe missing from the
 * round's list is read by id). A failed state ends the wait with the service's reason; the operation's deadline
 * (`timeouts`) ends it with the state last seen.
 * @param seen the pipe as a write just answered it: checked first, so that no look is spent on a pipe already there
 */
export async function waitForState(api: PipeApi, id: string, targets: ReadonlySet<string>, pollIntervalMs: number, seen?: WirePipe): Promise<WirePipe> {
    const wanted = [...targets].join(" or ");
    return pollUntil<WirePipe>({
        read: () => api.get(id),
        look: async (afterMs) =>
            (await api.observe(id, afterMs).catch((error: unknown) => Promise.reject(asOwnError(error, api.operation)))) ?? (await api.get(id)),
        settled: (pipe) => {
            const state = pipe.state ?? "Unknown";
            if (targets.has(state)) return true;
            if (!FAILED_STATES.has(state)) return false;
            const reason = pipe.errorMessage ? `: ${pipe.errorMessage}` : " (the service gave no reason)";
            throw new PipeWaitError(`${api.operation}: pipe ${id} entered state ${state} instead of ${wanted}${reason}`, pipe);
        },
        seen,
        firstPauseMs: pollIntervalMs,
        intervalMs: pollIntervalMs,
        clock: api.client.clock,
        signal: api.signal,
        expired: (last) =>
            new PipeWaitError(
                `${api.operation}: pipe ${id} was still ${last?.state ?? "not readable"} when the operation's timeout expired (waiting for ${wanted}); ` +
                    "raise the resource's `timeouts` input if the service is slow",
                last,
            ),
    });
}

/** A failure of the shared poll round, told as this pipe's operation (the round serves many). */
function asOwnError(error: unknown, operation: string): unknown {
    if (!(error instanceof ApiError)) return error;
    return new ApiError({
        operation: `${operation} (reading its state)`,
        method: error.method,
        path: error.path,
        status: error.status,
        requestId: error.requestId,
        serverMessage: error.serverMessage,
        hint: error.hint,
        outcomeUnknown: error.outcomeUnknown,
        settleMs: error.settleMs,
        notFound: error.isNotFound,
        cause: error.cause,
    });
}
