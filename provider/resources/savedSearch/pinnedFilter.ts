/**
 * Whether a pinned `sql` filter renders as one facet of the search sidebar, as the server decides it before it
 * stores a new or changed filter: exactly one `<key> IN (…)`, `<key> NOT IN (…)` or `<key> BETWEEN <n> AND <n>`
 * predicate, where the key is any expression (`ServiceName`, `lower(ServiceName)`, `toString(Code)`, `if(…)`)
 * without a bare `NOT`, `AND` or `OR`. Operators inside quotes or parentheses belong to the key or the values.
 */

/** Whether the `'` at `i` delimits a string (an odd run of backslashes before it escapes it). */
function isQuote(text: string, i: number): boolean {
    if (text[i] !== "'") return false;
    let backslashes = 0;
    for (let j = i - 1; j >= 0 && text[j] === "\\"; j--) backslashes++;
    return backslashes % 2 === 0;
}

/**
 * The positions of `text` outside quoted strings (`''` escapes a quote inside one) and, unless `parentheses` is
 * false, outside parentheses.
 */
function* topLevel(text: string, parentheses = true): Generator<number> {
    let inString = false;
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
        if (isQuote(text, i)) {
            if (inString && text[i + 1] === "'") i++;
            else inString = !inString;
            continue;
        }
        if (inString) continue;
        if (parentheses && text[i] === "(") depth++;
        else if (parentheses && text[i] === ")") depth = Math.max(0, depth - 1);
        else if (depth === 0) yield i;
    }
}

const startsAt = (text: string, i: number, word: string) => text.slice(i, i + word.length).toUpperCase() === word;

/** The first top-level position of `word` (upper case, matched case-insensitively), or -1. */
function find(text: string, word: string): number {
    for (const i of topLevel(text)) if (startsAt(text, i, word)) return i;
    return -1;
}

/** `text` split at every top-level `separator`; `parentheses: false` splits inside parentheses too. */
function split(text: string, separator: string, parentheses = true): string[] {
    const parts: string[] = [];
    let from = 0;
    let skipTo = 0;
    for (const i of topLevel(text, parentheses)) {
        if (i < skipTo || !startsAt(text, i, separator)) continue;
        parts.push(text.slice(from, i));
        from = skipTo = i + separator.length;
    }
    return [...parts, text.slice(from)];
}

/** A key the sidebar can show: no bare boolean keyword, which would invert or widen what runs. */
const plainKey = (key: string) => key !== "" && !/\b(?:NOT|AND|OR)\b/i.test(key);

const BETWEEN = /^(.+?)\s+BETWEEN\s+(.+?)\s+AND\s+(.+?)$/i;

/** The facet of a numeric `BETWEEN`, or undefined when the condition is no such range. */
function range(condition: string): { renders: boolean } | undefined {
    if (find(condition, " BETWEEN ") < 0) return undefined;
    const match = BETWEEN.exec(condition);
    if (!match) return undefined;
    const numeric = [match[2], match[3]].every((bound) => Number.isFinite(Number(bound.trim())));
    return { renders: numeric && plainKey(match[1].trim()) && split(condition, " AND ").length === 2 };
}

/** A whole condition `<key> [NOT] IN (<values>)` with at least one value: its key, or undefined when it is none. */
function membershipKey(condition: string): string | undefined {
    if (["=", "<", ">", " OR "].some((operator) => find(condition, operator) >= 0)) return undefined;
    const notIn = find(condition, " NOT IN ");
    const at = notIn >= 0 ? notIn : find(condition, " IN ");
    if (at < 0) return undefined;
    const list = condition.slice(at + (notIn >= 0 ? " NOT IN " : " IN ").length).trim();
    const inner = list.startsWith("(") && list.endsWith(")") ? list.slice(1, -1) : list;
    return split(inner, ",", false).some((value) => value.trim() !== "") ? condition.slice(0, at).trim() : undefined;
}

/** Whether the server accepts `condition` as a new pinned `sql` filter (it renders as exactly one facet). */
export function rendersAsOneFacet(condition: string): boolean {
    const between = range(condition);
    if (between) return between.renders;
    // A top-level `AND` is a second predicate the sidebar would not show.
    if (split(condition, " AND ").length !== 1) return false;
    const key = membershipKey(condition.trim());
    return key !== undefined && plainKey(key);
}
