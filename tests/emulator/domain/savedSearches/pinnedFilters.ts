import { badRequest } from "../../http/apiError";
import type { JsonObject } from "../../store/types";
import { asObject } from "../json";

const COLUMN = String.raw`(?:[A-Za-z_][\w.]*(?:\[[^\]]+\])*|` + "`[^`]+`" + String.raw`|"[^"]+")`;
const VALUE = String.raw`(?:'(?:[^'\\]|\\.|'')*'|-?\d+(?:\.\d+)?)`;
const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
/** One predicate the search sidebar can render (§3.3): `col [NOT] IN (…)` or `col BETWEEN n AND n`. */
const RENDERABLE = [
    new RegExp(String.raw`^\s*${COLUMN}\s+(?:NOT\s+)?IN\s*\(\s*${VALUE}(?:\s*,\s*${VALUE})*\s*\)\s*$`, "i"),
    new RegExp(String.raw`^\s*${COLUMN}\s+BETWEEN\s+${NUMBER}\s+AND\s+${NUMBER}\s*$`, "i"),
];

export function isRenderable(condition: string): boolean {
    return RENDERABLE.some((pattern) => pattern.test(condition));
}

const sameFilter = (a: JsonObject, b: JsonObject): boolean => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/**
 * The pinned filters to store (§3.3): SQL filters whose condition is one renderable predicate, `type` defaulted to
 * `sql`. On PUT a legacy UI filter (`lucene`, `sql_ast`) passes only when identical to one already stored.
 */
export function pinnedFilters(sent: unknown[], stored: JsonObject[] | undefined): JsonObject[] {
    return sent.map((raw, i) => {
        const filter = asObject(raw);
        const type = filter.type ?? "sql";
        if (type === "sql" && typeof filter.condition === "string" && isRenderable(filter.condition)) return { type: "sql", condition: filter.condition };
        if (type !== "sql" && stored?.some((kept) => sameFilter(kept, filter))) return structuredClone(filter);
        throw badRequest(
            `filters[${i}] must be a sidebar-renderable SQL predicate: a single "<column> IN (...)", "<column> NOT IN (...)" or "<column> BETWEEN <number> AND <number>"`,
        );
    });
}
