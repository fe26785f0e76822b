import { z } from "zod";
import { hex24 } from "../../common/ids";
import { timeoutsSchema, unpaddedName } from "../../common/fields";
import { ResolvedTarget, targetSchema } from "../../settings/location";
import { rendersAsOneFacet } from "./pinnedFilter";

const condition = z.string().max(8192, "must be at most 8192 characters");

/** A pinned `sql` or `lucene` filter: one condition. */
export const conditionFilterSchema = z
    .strictObject({
        /**
         * `sql` (the default) or `lucene`. The server accepts a `lucene` filter only when the saved search already
         * has it unchanged (one made in the web UI): a new one is refused.
         */
        type: z.enum(["sql", "lucene"]).default("sql"),
        /**
         * The condition (≤ 8192 characters). A new or changed `sql` filter must be one predicate the search sidebar
         * shows: `<key> IN ('a', 'b')`, `<key> NOT IN (…)` or `<key> BETWEEN <number> AND <number>`, where the key is
         * a column or an expression such as `lower(ServiceName)` or `toString(StatusCode)`.
         */
        condition,
    })
    .superRefine((filter, ctx) => {
        if (filter.type === "sql" && !rendersAsOneFacet(filter.condition))
            ctx.addIssue({
                code: "custom",
                path: ["condition"],
                message: "must be one predicate `<key> IN (…)`, `<key> NOT IN (…)` or `<key> BETWEEN <number> AND <number>`",
            });
    });

/**
 * A structured comparison made in the web UI (`sql_ast`). The server keeps it only when the saved search already
 * has it unchanged: a new one is refused.
 */
export const comparisonFilterSchema = z.strictObject({
    /** `sql_ast`: a structured comparison. */
    type: z.literal("sql_ast"),
    /** The comparison: `=`, `<`, `>`, `!=`, `<=` or `>=`. */
    operator: z.enum(["=", "<", ">", "!=", "<=", ">="]),
    /** Left operand (≤ 8192 characters). */
    left: condition,
    /** Right operand (≤ 8192 characters). */
    right: condition,
});

/** A pinned filter of the search sidebar. */
export const pinnedFilterSchema = z.union([comparisonFilterSchema, conditionFilterSchema]);

/** Whether the server takes the filter as new (the others only when already stored unchanged). */
export const isNewFilterAccepted = (filter: z.output<typeof pinnedFilterSchema>): boolean => filter.type === "sql";

/**
 * Saved-search inputs: where it lives plus its fields. Every optional field has the server's default, because a
 * PUT resets whatever it omits (contract-extended §3.4): the declaration is always sent whole.
 */
export const savedSearchSchema = z.strictObject({
    ...targetSchema,
    /** Name, 1 to 1024 characters without surrounding whitespace. Not unique. */
    name: unpaddedName(1024),
    /** The source searched (24 hexadecimal characters), e.g. `logs.id`. Changed in place. */
    sourceId: hex24,
    /** Comma-separated columns shown (≤ 4096 characters); `""` (the default) = the source's default columns. */
    select: z.string().max(4096).default(""),
    /** The search condition (≤ 8192 characters), in `whereLanguage`; `""` (the default) = everything. */
    where: z.string().max(8192).default(""),
    /** Language of `where`: `lucene` (the default) or `sql`. */
    whereLanguage: z.enum(["lucene", "sql"]).default("lucene"),
    /** Sort order (≤ 1024 characters); `""` (the default) = the source's default order. */
    orderBy: z.string().max(1024).default(""),
    /** Up to 50 tags of at most 32 characters, kept in order (the server does not deduplicate them). */
    tags: z.array(z.string().max(32, "must be at most 32 characters")).max(50).default([]),
    /** Up to 100 pinned filters; omitted = none. A `lucene` or `sql_ast` filter is kept only where the server already has it. */
    filters: z.array(pinnedFilterSchema).max(100).default([]),
    /** Operation timeouts (`create`, `update`, `delete`) such as `5m`. */
    timeouts: timeoutsSchema,
});

/** Saved-search arguments as a program writes them (defaults not applied). */
export type SavedSearchArgs = z.input<typeof savedSearchSchema>;
/** Checked and normalized saved-search inputs. */
export type SavedSearchInputs = z.output<typeof savedSearchSchema>;

/** Saved-search outputs: the normalized inputs and where the saved search lives. */
export interface SavedSearchOutputs extends SavedSearchInputs {
    /** Where the saved search lives: the variant and, for managed, the organization and service (resolved at create). */
    target: ResolvedTarget;
}
/** A pinned filter as written. */
export type SavedSearchFilter = z.input<typeof pinnedFilterSchema>;
