/** What a 404 (or a 400 naming a missing reference) means depends on who answered it and on what was asked. */
export interface NotFoundContext {
    /** The API's own answer (a JSON body, or the self-hosted API's plain text), not a page for a route nobody serves. */
    apiAnswered: boolean;
    /** The request listed a collection: a 404 then says the path above it is wrong, never that an object is gone. */
    list: boolean;
    /** The URL requested, without its query. */
    url: string;
    /** The base URL setting, described with what it must hold. */
    urlSetting: string;
    /** For the cloud API: where the organization and service ids come from. */
    serviceSettings?: string;
    /** Where the ids a request names are looked for: the self-hosted API, or the service of a cloud path. */
    lookedIn: string;
}

// The servers' words for a referenced object that does not exist (`Dashboard not found`, `Reverse private endpoint <id>
// not found`, `Could not find the following source IDs`): a message that starts by naming an object of theirs (after
// an error code, if any), never a table or a column of a query.
const MISSING_REFERENCE =
    /^(?:[A-Z_]+: )?(?:(?:saved search|alert|source|webhook|dashboard|connection|tile|team|member|teaminvite|user|pipe|(?:reverse private )?endpoint|service|organization)(?: \S+)? not found\b|could not find the following\b)/i;

/** What the user can do about a failed call, for the statuses that have a usual cause. */
export function hintFor(status: number, credentialHelp: string, notFound: NotFoundContext, serverMessage = ""): string | undefined {
    switch (status) {
        case 400:
            return MISSING_REFERENCE.test(serverMessage)
                ? `An object this resource references does not exist where it lives: its ids were looked for in ${notFound.lookedIn}. ` +
                      "An id of the other variant, of another service or of an object deleted outside Pulumi is not found there"
                : undefined;
        case 401:
            return `The credential was rejected: ${credentialHelp}`;
        case 403:
            return "The credential is valid but lacks the permission for this call (an admin key is needed to change organization settings; pipe calls need pipe management)";
        case 404:
            return notFoundHint(notFound);
        case 409:
            return "The object is in use or was changed concurrently: remove what still references it first, or retry";
        case 413:
            return "The request body is too large for the server";
        case 424:
            return "The target service is idle or stopped: start it in the console (or wake it with a query), then run the update again";
        case 429:
            return "The API rate limit was still exceeded after waiting: lower the rate-limit settings or the parallelism of `pulumi up`";
        default:
            return status >= 500 ? "The server failed: retry later; if it persists, report the request id to the service" : undefined;
    }
}

function notFoundHint({ apiAnswered, list, url, urlSetting, serviceSettings }: NotFoundContext): string {
    if (apiAnswered && !list) return "The object does not exist (it may have been deleted outside Pulumi: run `pulumi refresh`)";
    if (apiAnswered && serviceSettings) return `The organization or the service in this path does not exist for this key: check ${serviceSettings}`;
    return `Nothing is served at ${url}: check ${urlSetting} and that the service offers this API`;
}
