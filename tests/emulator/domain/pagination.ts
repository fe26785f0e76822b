import { ContractViolation } from "../http/apiError";
import type { ApiResult } from "../http/transports";

export interface Page {
    limit: number;
    offset: number;
}

/**
 * `limit` 1-`pageSize` (default `pageSize`, the server's 1000) and `offset` ≥ 0 (default 0); strings are coerced,
 * anything else → 400 (§1.9).
 */
export function parsePage(query: Record<string, string | string[]>, pageSize: number): Page {
    return { limit: integer(query, "limit", 1, pageSize, pageSize), offset: integer(query, "offset", 0, Number.MAX_SAFE_INTEGER, 0) };
}

/** One page of `items` with `meta` and `X-Total-Count`. */
function paginate<T>(items: T[], page: Page, render: (item: T) => unknown): ApiResult {
    return {
        data: items.slice(page.offset, page.offset + page.limit).map(render),
        meta: { total: items.length, limit: page.limit, offset: page.offset },
        headers: { "X-Total-Count": items.length },
    };
}

function integer(query: Record<string, string | string[]>, name: string, min: number, max: number, fallback: number): number {
    const raw = query[name];
    if (raw === undefined) return fallback;
    const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
    const fail = (issue: string): never => {
        throw new ContractViolation(name, issue, { prefix: "Query validation failed" });
    };
    if (!Number.isFinite(value)) fail("Expected number, received nan");
    if (!Number.isInteger(value)) fail("Expected integer, received float");
    if (value < min) fail(`Number must be greater than or equal to ${min}`);
    if (value > max) fail(`Number must be less than or equal to ${max}`);
    return value;
}

/**
 * The alert, saved-search and webhook lists (§1.9 and its errata): self-hosted pages with `meta`; managed honours
 * `limit`/`offset` too but declares neither them nor `meta`, so it answers the bare page. Pages hold at most the
 * team's `pageSize` items.
 */
export function paginateFor<T>(
    variant: "self-hosted" | "managed",
    team: { pageSize: number },
    items: T[],
    query: Record<string, string | string[]>,
    render: (item: T) => unknown,
): ApiResult {
    const page = paginate(items, parsePage(query, team.pageSize), render);
    return variant === "self-hosted" ? page : { data: page.data };
}

/** Records in `_id` order (creation order for server-minted ids). */
export function byId<T extends { id: string }>(items: Iterable<T>): T[] {
    return [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
