import { Clock, systemClock } from "./http/clock";
import { ApiError } from "./http/errors";

const MAX_POSTS = 3;

/**
 * Posts a create at most until it is known to have happened once. When a POST ends without an answer
 * (dropped connection, timeout, 5xx), the object may exist already, or appear a little later because the
 * lost request is still at work on the server: `findCreated` looks for it, and once more after the
 * error's `settleMs`; only when it is still absent is the POST sent again. After the last POST it is
 * looked for all the same, so that a create which did happen is never reported as failed.
 */
export async function createOnce<T>(post: () => Promise<T>, findCreated: () => Promise<T | undefined>, clock: Clock = systemClock): Promise<T> {
    for (let attempt = 1; ; attempt++) {
        try {
            return await post();
        } catch (error) {
            if (!(error instanceof ApiError) || !error.outcomeUnknown) throw error;
            let found = await findCreated();
            if (found === undefined) {
                await clock.sleep(error.settleMs);
                found = await findCreated();
            }
            if (found !== undefined) return found;
            if (attempt >= MAX_POSTS) throw error;
        }
    }
}

/**
 * The one object among `candidates` that matches what was posted and was not there before; an error when
 * the choice is ambiguous, because adopting the wrong object is worse than failing.
 */
export function pickCreated<T extends { id: string }>(candidates: readonly T[], matches: (candidate: T) => boolean, known: ReadonlySet<string>, what: string): T | undefined {
    const found = candidates.filter((candidate) => !known.has(candidate.id) && matches(candidate));
    if (found.length > 1) {
        throw new Error(
            `${what}: the create request failed without an answer and ${found.length} matching objects now exist (${found.map((c) => c.id).join(", ")}); ` +
                "delete the extra ones, then adopt the remaining one",
        );
    }
    return found[0];
}
