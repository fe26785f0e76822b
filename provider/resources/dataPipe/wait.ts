import { systemClock } from "../../api/http/clock";
import { PipeApi } from "./api";
import { FAILED_STATES, STOPPED_STATES, WirePipe } from "./wire";
import { DataPipeInputs } from "./schema";
import { DEFAULT_POLL_INTERVAL_MS, MAX_POLL_INTERVAL_MS } from "../../api/poll";

export { DEFAULT_POLL_INTERVAL_MS };

/** The states in which a pipe of these inputs runs as intended (§5.9). */
export function runningStates(inputs: Pick<DataPipeInputs, "source">): ReadonlySet<string> {
    const postgres = inputs.source.postgres;
    if (postgres) return new Set(postgres.settings.replicationMode === "snapshot" ? ["Completed", "Snapshot"] : ["Running", "Snapshot"]);
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
 * Polls the pipe with exponential backoff until it is in one of `targets`. A failed state ends the wait with
 * the service's reason; the operation's deadline (`timeouts`) ends it with the state last seen.
 */
export async function waitForState(api: PipeApi, id: string, targets: ReadonlySet<string>, pollIntervalMs: number): Promise<WirePipe> {
    let last: WirePipe | undefined;
    let delay = pollIntervalMs;
    const wanted = [...targets].join(" or ");
    try {
        for (;;) {
            last = await api.get(id);
            const state = last.state ?? "Unknown";
            if (targets.has(state)) return last;
            if (FAILED_STATES.has(state)) {
                const reason = last.errorMessage ? `: ${last.errorMessage}` : " (the service gave no reason)";
                throw new PipeWaitError(`${api.operation}: pipe ${id} entered state ${state} instead of ${wanted}${reason}`, last);
            }
            await systemClock.sleep(delay, api.signal);
            delay = Math.min(MAX_POLL_INTERVAL_MS, delay * 2);
        }
    } catch (error) {
        if (error instanceof PipeWaitError || !api.signal.aborted) throw error;
        throw new PipeWaitError(
            `${api.operation}: pipe ${id} was still ${last?.state ?? "not readable"} when the operation's timeout expired (waiting for ${wanted}); ` +
                "raise the resource's `timeouts` input if the service is slow",
            last,
        );
    }
}
