import { collectionAt } from "../../api/collection";
import { hex24 } from "../../common/ids";
import { OperationContext, targetClients } from "../../api/apis";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import { sameValue } from "../../common/values";
import { ResolvedTarget, reportedAt, resolveTarget, targetReplaceKeys } from "../../settings/location";
import { isNewFilterAccepted, SavedSearchInputs, SavedSearchOutputs, savedSearchSchema } from "./schema";
import { savedSearchBody, savedSearchFieldsFromWire, WireSavedSearch, wireSavedSearch } from "./wire";

/** What the mapping of a server's saved search needs from the declaration: where it lives. */
export type SavedSearchDeclared = Pick<SavedSearchInputs, "variant" | "organizationId" | "serviceId" | "timeouts"> & { target: ResolvedTarget };

const label = (name: string) => `SavedSearch ${JSON.stringify(name)}`;

const collection = (ctx: OperationContext, target: ResolvedTarget) => collectionAt(ctx, target, "saved-searches", wireSavedSearch);

/** Outputs from the server's answer, normalized as `check` normalizes inputs. */
function fromWire(ctx: OperationContext, search: WireSavedSearch, declared: SavedSearchDeclared): SavedSearchOutputs {
    const reported = reportedAt(declared, savedSearchFieldsFromWire(search));
    return { ...normalizeReported(definition, ctx.apis.settings, reported), target: declared.target };
}

/** The read mapping (refresh, adoption, export): the outputs and the normalized inputs that reproduce the server's saved search. */
export function readSavedSearch(
    ctx: OperationContext,
    search: WireSavedSearch,
    declared: SavedSearchDeclared,
): { outs: SavedSearchOutputs; inputs: SavedSearchInputs } {
    const outs = fromWire(ctx, search, declared);
    const { target: _target, ...inputs } = outs;
    return { outs, inputs };
}

const definition: ResourceDefinition<typeof savedSearchSchema, SavedSearchOutputs> = {
    typeName: "SavedSearch",
    schema: savedSearchSchema,
    clients: targetClients,
    // The managed API's pinned filters are `sql` only (its document has no `lucene` or `sql_ast` filter).
    rules: (inputs, settings) =>
        settings.variant(inputs.variant) !== "managed"
            ? []
            : inputs.filters.flatMap((filter, i) =>
                  filter.type === "sql"
                      ? []
                      : [{ path: ["filters", i, "type"], message: `the managed variant's API has \`sql\` filters only, not \`${filter.type}\`` }],
              ),
    // Everything else, `sourceId` included, changes in place (a replacement would delete the alerts on it).
    replaceKeys: (olds, news, changed) => targetReplaceKeys(olds, news, changed),
    adoption: { id: hex24, seed: (inputs, settings) => ({ ...inputs, target: resolveTarget(settings, inputs) }) },

    async create(ctx, inputs) {
        const kept = inputs.filters.findIndex((filter) => !isNewFilterAccepted(filter));
        if (kept >= 0)
            throw new Error(
                `create ${label(inputs.name)}: filters[${kept}] is a \`${inputs.filters[kept].type}\` filter, which the API keeps on a saved search that already has it but refuses on a new one; adopt the saved search made in the web UI (adoptId) or use a \`sql\` filter`,
            );
        const target = resolveTarget(ctx.apis.settings, inputs);
        const body = savedSearchBody(inputs);
        // Names are not unique: a lost create is recognised by every field it was posted with.
        const matches = (found: WireSavedSearch) => sameValue(savedSearchBody(fromWire(ctx, found, { ...inputs, target })), body);
        const created = await collection(ctx, target).create(`create ${label(inputs.name)}`, body, matches);
        return { id: created.id, outs: fromWire(ctx, created, { ...inputs, target }) };
    },

    async read(ctx, id, olds) {
        const search = await collection(ctx, olds.target).read(`read ${label(olds.name)}`, id);
        return search && readSavedSearch(ctx, search, olds);
    },

    async update(ctx, id, olds, news) {
        const updated = await collection(ctx, olds.target).update(`update ${label(news.name)}`, id, savedSearchBody(news));
        return fromWire(ctx, updated, { ...news, target: olds.target });
    },

    // The server deletes every alert on the saved search with it (contract-extended §3.5); alerts that reference
    // it by `search.id` depend on it, so the engine has deleted them already.
    delete: (ctx, id, olds) => collection(ctx, olds.target).delete(`delete ${label(olds.name)}`, id),
};

/** The saved-search provider the SDK's stub loads. */
export const savedSearch = dynamicProvider(definition);
