import * as pulumi from "@pulumi/pulumi";
import type { SavedSearchOutputs } from "../../provider/resources/savedSearch/provider";
import type { SavedSearchFilter, SavedSearchInput } from "../../provider/resources/savedSearch/schema";
import type { ResolvedTarget } from "../../provider/settings/target";
import { AdoptionArgs, ArgsOf } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("savedSearch");

/** Arguments of a {@link SavedSearch}; every property may be an Output. */
export type SavedSearchArgs = ArgsOf<SavedSearchInput> & AdoptionArgs;
/** A pinned filter of a saved search: `{condition: "ServiceName IN ('checkout')"}`. */
export type { SavedSearchFilter };

// Every output, seeded so that the engine reports it even when the arguments leave it out.
const OUTPUTS = {
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
} satisfies Record<keyof Omit<SavedSearchOutputs, "timeouts">, undefined>;

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
 */
export class SavedSearch extends pulumi.dynamic.Resource {
    /** The `variant` argument as given. */
    declare readonly variant: pulumi.Output<SavedSearchOutputs["variant"]>;
    /** The `organizationId` argument as given. */
    declare readonly organizationId: pulumi.Output<string | undefined>;
    /** The `serviceId` argument as given. */
    declare readonly serviceId: pulumi.Output<string | undefined>;
    /** Name (trimmed). */
    declare readonly name: pulumi.Output<string>;
    /** The source searched. */
    declare readonly sourceId: pulumi.Output<string>;
    /** Columns shown; `""` = the source's default. */
    declare readonly select: pulumi.Output<string>;
    /** Search condition. */
    declare readonly where: pulumi.Output<string>;
    /** Language of `where`. */
    declare readonly whereLanguage: pulumi.Output<SavedSearchOutputs["whereLanguage"]>;
    /** Sort order; `""` = the source's default. */
    declare readonly orderBy: pulumi.Output<string>;
    /** Tags, in order. */
    declare readonly tags: pulumi.Output<string[]>;
    /** Pinned filters. */
    declare readonly filters: pulumi.Output<SavedSearchOutputs["filters"]>;
    /** Where the saved search lives: the variant and, for managed, the organization and service (resolved at create). */
    declare readonly target: pulumi.Output<ResolvedTarget>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args The source, condition, columns, order and pinned filters and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: SavedSearchArgs, opts?: pulumi.CustomResourceOptions) {
        super(provider, name, { ...OUTPUTS, ...args }, opts, "observability", "SavedSearch");
    }
}
