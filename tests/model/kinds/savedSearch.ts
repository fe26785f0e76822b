import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { PropertyMap } from "../../harness/host";
import type { Variant } from "../model";
import { common, type DeclareEnv, idOr } from "./env";

/** A saved search on the fixture logs source or on a model source. */
export interface SavedSearchModel {
    variant: Variant;
    /** A model source's name; undefined: the fixture logs source. */
    source?: string;
    where: string;
    adoptId?: string;
}

export const savedSearchArbitrary = (variant: Variant): fc.Arbitrary<SavedSearchModel> =>
    fc.record({ variant: fc.constant(variant), where: fc.constantFrom("level:error", "service:checkout", "") });

/** The saved search as its API takes it, given its source's id. */
export function savedSearchBody(name: string, record: SavedSearchModel, sourceId: string): PropertyMap {
    return { name, sourceId, where: record.where };
}

export function declareSavedSearch(name: string, record: SavedSearchModel, env: DeclareEnv): DeclaredResource {
    return {
        type: "SavedSearch",
        name,
        provider: env.providers.savedSearch,
        inputs: (outputs) => ({
            ...common(record),
            ...savedSearchBody(name, record, idOr(outputs, record.source, env.fixtures[record.variant].sources.logs.id)),
        }),
    };
}
