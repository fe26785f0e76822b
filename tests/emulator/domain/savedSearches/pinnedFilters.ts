import { rendersAsOneFacet } from "../../../../provider/resources/savedSearch/pinnedFilter";
import { badRequest, ContractViolation } from "../../http/apiError";
import type { JsonObject } from "../../store/types";
import { asObject } from "../json";

const MAX_EXPRESSION = 8192;
const OPERATORS = ["=", "<", ">", "!=", "<=", ">="];

const text = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_EXPRESSION;

/**
 * A filter in the stored form, or a 400 for a shape the server's body validation refuses: `{type: sql | lucene
 * (default sql), condition}` or `{type: sql_ast, operator, left, right}`; other keys are dropped.
 */
function shaped(raw: unknown, i: number): JsonObject {
    const filter = asObject(raw);
    const type = filter.type ?? "sql";
    if ((type === "sql" || type === "lucene") && text(filter.condition)) return { type, condition: filter.condition };
    if (type === "sql_ast" && OPERATORS.includes(String(filter.operator)) && text(filter.left) && text(filter.right))
        return { type, operator: filter.operator as string, left: filter.left, right: filter.right };
    throw new ContractViolation(`filters.${i}`, "Invalid input");
}

/** What makes two filters the same filter: the fields of its type, in order. */
const identity = (filter: JsonObject): string =>
    JSON.stringify(filter.type === "sql_ast" ? [filter.type, filter.operator, filter.left, filter.right] : [filter.type, filter.condition]);

/**
 * Checks the shape of every sent filter (the body validation, before the `sourceId` and existence checks) and
 * returns them in the stored form.
 */
export function shapedFilters(sent: unknown[]): JsonObject[] {
    return sent.map(shaped);
}

/**
 * The server's renderability rule: every filter of a POST, and every filter of a PUT that is not identical to one
 * already stored, must be a `sql` filter rendering as one sidebar facet (`lucene` and `sql_ast` never do).
 */
export function checkRenderable(filters: JsonObject[], stored: JsonObject[] | undefined): void {
    const kept = new Set((stored ?? []).map(identity));
    const index = filters.findIndex((filter) => !(filter.type === "sql" && rendersAsOneFacet(String(filter.condition))) && !kept.has(identity(filter)));
    if (index >= 0)
        throw badRequest(
            `filters[${index}] must be a sidebar-renderable SQL predicate (e.g. "<column> IN ('<value>', ...)", "NOT IN (...)", or "BETWEEN <n> AND <n>"). ` +
                "Other shapes are only accepted on update when preserved unchanged from the stored saved search.",
        );
}
