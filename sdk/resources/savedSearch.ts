import * as pulumi from "@pulumi/pulumi";
import type { SavedSearchArgs as SavedSearchDeclaration, SavedSearchFilter, SavedSearchOutputs } from "../../provider/resources/savedSearch/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of a {@link SavedSearch}; every property may be an Output. */
export type SavedSearchArgs = ArgsOf<SavedSearchDeclaration> & AdoptionArgs;
/**
 * A pinned filter of a saved search: `{condition: "ServiceName IN ('checkout')"}` or `{condition: "lower(ServiceName)
 * IN ('checkout')"}`; the web UI's `lucene` and `sql_ast` filters are kept on a saved search that already has them.
 */
export type { SavedSearchFilter };

const KIND = resourceKind<SavedSearchOutputs>({
    type: "SavedSearch",
    outputs: {
        variant: undefined,
        organizationId: undefined,
        serviceId: undefined,
        name: undefined,
        sourceId: undefined,
        select: undefined,
        where: undefined,
        whereLanguage: undefined,
        orderBy: undefined,
        tags: undefined,
        filters: undefined,
        target: undefined,
    },
});

/** The outputs of a {@link SavedSearch}, typed from the schema's `SavedSearchOutputs`. */
export interface SavedSearch extends OutputProperties<SavedSearchOutputs> {}

/**
 * A saved search of the self-hosted API or of a cloud service's managed observability API: a source, a condition,
 * columns, an order and pinned filters. Search alerts watch one (`savedSearchId: search.id`).
 *
 * Every update sends the whole declaration, since the API resets what a write leaves out: omitted fields mean the
 * server's defaults (`""`, `lucene`, no tags, no filters). Everything, `sourceId` included, changes in place;
 * changing `variant`, `organizationId` or `serviceId` replaces it.
 *
 * Cascade: **deleting a saved search deletes every alert on it** (the server does so without asking), and so does a
 * replacement (the new saved search has a new id). Reference it from alerts as `search.id`, so that the alerts
 * depend on it: the engine then deletes them first and re-creates them on the new id after a replacement.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const checkoutErrors = new obs.SavedSearch("checkout-errors", {
 *     name: "checkout errors",
 *     sourceId: config.require("logsSourceId"),
 *     where: "ServiceName:checkout SeverityText:error",
 *     whereLanguage: "lucene",
 *     tags: ["checkout"],
 * });
 * ```
 */
export class SavedSearch extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The source, condition, columns, order and pinned filters and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: SavedSearchArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
