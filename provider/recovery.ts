import { ApiError } from "./http/errors";

const MAX_POSTS = 3;

/**
 * Posts a create at most until it is known to have happened once. When a POST ends without an answer
 * (dropped connection, timeout, 5xx), the object may exist already: `findCreated` looks for it, and only
 * when it is absent is the POST sent again. No timeout ever leaves a duplicate behind.
 */
export async function createOnce<T>(post: () => Promise<T>, findCreated: () => Promise<T | undefined>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
        try {
            return await post();
        } catch (error) {
            if (!(error instanceof ApiError) || !error.outcomeUnknown || attempt >= MAX_POSTS) throw error;
            const found = await findCreated();
            if (found !== undefined) return found;
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
