import { collectionKind } from "../../engine/collectionKind";
import { isNewFilterAccepted, SavedSearchInputs, savedSearchSchema } from "./schema";
import { savedSearchBody, savedSearchFieldsFromWire, wireSavedSearch } from "./wire";

/**
 * A new saved search takes `sql` filters only; the server keeps the `lucene` and `sql_ast` ones of a saved search that
 * already has them (made in the web UI), so updates send them back.
 */
function createBody(inputs: SavedSearchInputs): Record<string, unknown> {
    const kept = inputs.filters.findIndex((filter) => !isNewFilterAccepted(filter));
    if (kept >= 0)
        throw new Error(
            `create SavedSearch ${JSON.stringify(inputs.name)}: filters[${kept}] is a \`${inputs.filters[kept].type}\` filter, which the API keeps on a saved search that already has it but refuses on a new one; adopt the saved search made in the web UI (adoptId) or use a \`sql\` filter`,
        );
    return savedSearchBody(inputs);
}

/**
 * Saved searches. Everything but where one lives, `sourceId` included, changes in place (a replacement would delete
 * the alerts on it). The server deletes every alert on a saved search with it (contract-extended §3.5); alerts that
 * reference it by `search.id` depend on it, so the engine has deleted them already.
 */
export const savedSearchKind = collectionKind({
    typeName: "SavedSearch",
    segment: "saved-searches",
    schema: savedSearchSchema,
    wire: wireSavedSearch,
    // The managed API's pinned filters are `sql` only (its document has no `lucene` or `sql_ast` filter).
    rules: (inputs, settings) =>
        settings.variant(inputs.variant) !== "managed"
            ? []
            : inputs.filters.flatMap((filter, i) =>
                  filter.type === "sql"
                      ? []
                      : [{ path: ["filters", i, "type"], message: `the managed variant's API has \`sql\` filters only, not \`${filter.type}\`` }],
              ),
    body: (inputs, { olds }) => (olds ? savedSearchBody(inputs) : createBody(inputs)),
    fields: savedSearchFieldsFromWire,
    // Names are not unique: a lost create is recognised by every field it was posted with.
    identity: savedSearchBody,
});

/** The saved-search provider the SDK's provider text loads. */
export const savedSearch = savedSearchKind.provider;
