/** What the user can do about a failed call, for the statuses that have a usual cause. */
export function hintFor(status: number, credentialHelp: string, bodyIsJson: boolean): string | undefined {
    switch (status) {
        case 401:
            return `The credential was rejected: ${credentialHelp}`;
        case 403:
            return "The credential is valid but lacks the permission for this call (an admin key is needed to change organization settings; pipe calls need pipe management)";
        case 404:
            return bodyIsJson
                ? "The object does not exist (it may have been deleted outside Pulumi: run `pulumi refresh`)"
                : "The server does not serve this route: check the API URL setting and that the service offers this API";
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
