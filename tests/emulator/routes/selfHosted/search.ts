import { badRequest, notFound } from "../../http/apiError";
import { isObjectId } from "../../random";
import type { RouteModule } from "../types";

const SELECT_REFUSED = "select must not contain semicolons or SELECT subqueries; use column references, map lookups, or scalar functions only";

/** The search body's rules (search.ts), in zod 3's words, joined as the v2 validation middleware does. */
function searchIssues(body: Record<string, unknown>): string[] {
    const issues: string[] = [];
    const text = (key: string, max: number | undefined, required = false): string | undefined => {
        const value = body[key];
        if (value === undefined) {
            if (required) issues.push(`${key}: Required`);
            return undefined;
        }
        if (typeof value !== "string") {
            issues.push(`${key}: Expected string, received ${value === null ? "null" : typeof value}`);
            return undefined;
        }
        if (max !== undefined && value.length > max) issues.push(`${key}: String must contain at most ${max} character(s)`);
        return value;
    };
    const integer = (key: string, min: number, max: number) => {
        const value = body[key];
        if (value === undefined) return;
        if (typeof value !== "number") return void issues.push(`${key}: Expected number, received ${value === null ? "null" : typeof value}`);
        if (!Number.isInteger(value)) issues.push(`${key}: Expected integer, received float`);
        if (value < min) issues.push(`${key}: Number must be greater than or equal to ${min}`);
        if (value > max) issues.push(`${key}: Number must be less than or equal to ${max}`);
    };
    const sourceId = text("sourceId", undefined, true);
    if (sourceId !== undefined) {
        if (sourceId.length < 1) issues.push("sourceId: sourceId is required");
        if (!/^[0-9a-fA-F]{24}$/.test(sourceId) && sourceId.length !== 12) issues.push("sourceId: sourceId must be a valid ObjectId");
    }
    text("startTime", undefined);
    text("endTime", undefined);
    text("where", 8 * 1024);
    const language = body.whereLanguage;
    if (language !== undefined && language !== "lucene" && language !== "sql") {
        issues.push(`whereLanguage: Invalid enum value. Expected 'lucene' | 'sql', received '${String(language)}'`);
    }
    const select = text("select", 4 * 1024);
    if (select && /;|(?<!\w)SELECT\s/i.test(select)) issues.push(`select: ${SELECT_REFUSED}`);
    text("orderBy", 1024);
    integer("maxResults", 1, 2000);
    integer("offset", 0, 10_000);
    return issues;
}

/** The query window: ISO times, start defaulting to 15 minutes before the end, the end to now. */
function timeRange(body: Record<string, unknown>, nowMs: number): void {
    const end = typeof body.endTime === "string" ? Date.parse(body.endTime) : nowMs;
    const start = typeof body.startTime === "string" ? Date.parse(body.startTime) : end - 15 * 60_000;
    if (Number.isNaN(end) || Number.isNaN(start)) throw badRequest("Invalid startTime or endTime: must be valid ISO 8601 strings");
    if (start >= end) throw badRequest("endTime must be greater than startTime");
}

/**
 * `POST /api/v2/search` (server 2.27.0+): rows of a team source, `maxResults` (1–2000, default 100) from `offset`
 * (0–10000, default 0). The answer is `{data: rows, rows: count}`: no total and no `meta`, so a reader pages by
 * asking from the next offset until a page comes back short. The emulator answers the rows a test put in
 * `team.searchRows` (it has no engine); the where, select and order are validated, not applied.
 */
export const searchRoutes: RouteModule = {
    name: "search",
    register(routes) {
        routes.selfHosted("POST", "/search", (req, ctx) => {
            const body = typeof req.body === "object" && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
            const issues = searchIssues(body);
            if (issues.length > 0) throw badRequest(`Body validation failed: ${issues.join("; ")}`);
            timeRange(body, ctx.clock.now());
            const sourceId = body.sourceId as string;
            if (!isObjectId(sourceId) || !ctx.team.sources.has(sourceId)) throw notFound(`Source not found: ${sourceId}`);
            const offset = (body.offset as number | undefined) ?? 0;
            const maxResults = (body.maxResults as number | undefined) ?? 100;
            const data = (ctx.team.searchRows.get(sourceId) ?? []).slice(offset, offset + maxResults);
            return { raw: { data, rows: data.length } };
        });
    },
};
