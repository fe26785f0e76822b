import { z } from "zod";
import { hex24 } from "../../api/ids";
import { timeoutsSchema, unpaddedName } from "../../engine/fields";
import { ResolvedTarget, targetSchema } from "../../settings/target";

// One predicate the search sidebar can render (contract-extended §3.3): `<column> [NOT] IN (…)` or
// `<column> BETWEEN <number> AND <number>`. Anything else the server refuses.
const COLUMN = String.raw`(?:[A-Za-z_][\w.]*(?:\[[^\]]+\])*|` + "`[^`]+`" + String.raw`|"[^"]+")`;
const VALUE = String.raw`(?:'(?:[^'\\]|\\.|'')*'|-?\d+(?:\.\d+)?)`;
const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const RENDERABLE = [
    new RegExp(String.raw`^\s*${COLUMN}\s+(?:NOT\s+)?IN\s*\(\s*${VALUE}(?:\s*,\s*${VALUE})*\s*\)\s*$`, "i"),
    new RegExp(String.raw`^\s*${COLUMN}\s+BETWEEN\s+${NUMBER}\s+AND\s+${NUMBER}\s*$`, "i"),
];

/** A pinned filter: one SQL predicate shown in the search sidebar. */
export const pinnedFilterSchema = z.strictObject({
    /** Always `sql` (the default), the only type the API accepts on write. */
    type: z.literal("sql").default("sql"),
    /**
     * One sidebar-renderable predicate (≤ 8192 characters): `<column> IN ('a', 'b')`, `<column> NOT IN (…)` or
     * `<column> BETWEEN <number> AND <number>`. Compound predicates (`… AND …`) are refused.
     */
    condition: z
        .string()
        .max(8192)
        .refine(
            (condition) => RENDERABLE.some((pattern) => pattern.test(condition)),
            "must be one predicate `<column> IN (…)`, `<column> NOT IN (…)` or `<column> BETWEEN <number> AND <number>`",
        ),
});

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
    /** Up to 50 tags of 1 to 32 characters, kept in order (the server does not deduplicate them). */
    tags: z.array(z.string().min(1).max(32, "must be at most 32 characters")).max(50).default([]),
    /** Up to 100 pinned filters; omitted = none. */
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
