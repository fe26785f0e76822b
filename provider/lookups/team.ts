// Read-only lookups of the self-hosted team (server 2.29.0+) and search (2.27.0+) routes. The managed variant has
// neither: its API (the cloud document) has no team, member, invitation or search route.
import { z } from "zod";
import type { Apis } from "../api/apis";
import { hex24 } from "../common/ids";
import { targetSchema } from "../settings/location";
import { wireInvitation, wireMember, wireTeam } from "../resources/teamMember/wire";
import { TeamApi } from "../resources/teamMember/api";
import { parseArgs, selfHostedOnly } from "./observability";

/** Arguments of the team lookups: only where to read. */
export const teamLookupSchema = z.strictObject({
    /** Must be `self-hosted` or left out (with the `observability:variant` setting not `managed`): the managed variant has no team routes. */
    variant: targetSchema.variant,
});

/** The team the API key belongs to. */
export const teamSchema = wireTeam.transform(({ id, name }) => ({ id, name }));

/** A member of the team. */
export const teamMemberSummarySchema = wireMember.transform(({ id, email, name, isCurrentUser }) => ({
    id,
    email,
    ...(typeof name === "string" ? { name } : {}),
    isCurrentUser: isCurrentUser === true,
}));

/** A pending invitation, without its URL (a credential: a `TeamMember` resource reports its own as a secret output). */
export const invitationSummarySchema = wireInvitation.transform(({ id, email, name, createdAt }) => ({
    id,
    email,
    ...(typeof name === "string" ? { name } : {}),
    ...(typeof createdAt === "string" ? { createdAt } : {}),
}));

/** The largest page the search route serves (`maxResults` 1–2000) and the largest offset it starts one at. */
export const SEARCH_PAGE_MAX = 2000;
export const SEARCH_OFFSET_MAX = 10_000;

/** Arguments of `search`: the server's request, with `maxResults` counting every row wanted, read page by page. */
export const searchArgsSchema = z
    .strictObject({
        /** Must be `self-hosted` or left out: the managed variant has no search route. */
        variant: targetSchema.variant,
        /** The log or trace source to read (24 hexadecimal characters; `getSources` lists them). */
        sourceId: hex24,
        /** Start of the window, ISO 8601; default 15 minutes before `endTime`. */
        startTime: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date and time" }).optional(),
        /** End of the window, ISO 8601; default now. */
        endTime: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date and time" }).optional(),
        /** Row filter in `whereLanguage` (at most 8192 characters); default everything. */
        where: z.string().max(8192).optional(),
        /** `lucene` (the server's default) or `sql`. */
        whereLanguage: z.enum(["lucene", "sql"]).optional(),
        /** Comma-separated column expressions (at most 4096 characters; no `;`, no `SELECT`); default the source's. */
        select: z
            .string()
            .max(4096)
            .refine((select) => !/;|(?<!\w)SELECT\s/i.test(select), "must not contain semicolons or SELECT subqueries")
            .optional(),
        /** ORDER BY expression (at most 1024 characters); default the source's timestamp, newest first. */
        orderBy: z.string().max(1024).optional(),
        /** How many rows to read in all (default 100), in pages of at most 2000; rows past offset 12000 are out of reach. */
        maxResults: z.number().int().min(1).default(100),
        /** Rows to skip first (0–10000, default 0). */
        offset: z.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
    })
    .refine((args) => args.offset + args.maxResults <= SEARCH_OFFSET_MAX + SEARCH_PAGE_MAX, {
        path: ["maxResults"],
        message: `with offset, must stay within the first ${SEARCH_OFFSET_MAX + SEARCH_PAGE_MAX} rows (a page starts at offset 10000 at most and holds 2000 rows at most)`,
    })
    .refine((args) => !args.startTime || !args.endTime || Date.parse(args.startTime) < Date.parse(args.endTime), {
        path: ["endTime"],
        message: "must be after startTime",
    });

/** One row: its keys are the selected columns, its values as the engine returns them. */
const searchRowSchema = z.record(z.string(), z.unknown());

export type TeamLookupArgs = z.input<typeof teamLookupSchema>;
export type Team = z.output<typeof teamSchema>;
export type TeamMemberSummary = z.output<typeof teamMemberSummarySchema>;
export type InvitationSummary = z.output<typeof invitationSummarySchema>;
export type SearchArgs = z.input<typeof searchArgsSchema>;
export type SearchRow = z.output<typeof searchRowSchema>;

/** The members and the pending invitations of the team. */
export interface TeamMembers {
    members: TeamMemberSummary[];
    invitations: InvitationSummary[];
}

/** The team the API key belongs to: its id and name. */
export async function getTeam(apis: Apis, args: TeamLookupArgs = {}, signal?: AbortSignal): Promise<Team> {
    const { variant } = parseArgs("getTeam", teamLookupSchema, args);
    const client = selfHostedOnly(apis, "getTeam", "team routes", variant);
    return client.request({ operation: "getTeam", method: "GET", path: "/team", response: teamSchema, signal });
}

/** Every member and every pending invitation (neither route pages: team.ts reads them whole). */
export async function getTeamMembers(apis: Apis, args: TeamLookupArgs = {}, signal?: AbortSignal): Promise<TeamMembers> {
    const { variant } = parseArgs("getTeamMembers", teamLookupSchema, args);
    const api = new TeamApi(selfHostedOnly(apis, "getTeamMembers", "team routes", variant), signal);
    const [members, invitations] = [await api.members("getTeamMembers"), await api.invitations("getTeamMembers")];
    return { members: members.map((m) => teamMemberSummarySchema.parse(m)), invitations: invitations.map((i) => invitationSummarySchema.parse(i)) };
}

/**
 * Rows of a source, newest first unless `orderBy` says otherwise: `maxResults` rows from `offset`, read in pages of
 * at most 2000 (the server's largest); a short page is the last. The server answers no total, so no more is asked.
 */
export async function search(apis: Apis, args: SearchArgs, signal?: AbortSignal): Promise<SearchRow[]> {
    const { variant, maxResults, offset, ...query } = parseArgs("search", searchArgsSchema, args);
    const client = selfHostedOnly(apis, "search", "search route", variant);
    const rows: SearchRow[] = [];
    while (rows.length < maxResults) {
        const start = offset + rows.length;
        const remaining = maxResults - rows.length;
        // A page starts at offset 10000 at most: the page before the last may be shorter to get there.
        const full = Math.min(SEARCH_PAGE_MAX, remaining);
        const size = remaining > full && start + full > SEARCH_OFFSET_MAX ? SEARCH_OFFSET_MAX - start : full;
        // A search has no side effects, so it may be resent like a GET.
        const page = await client.request({
            operation: "search",
            method: "POST",
            path: "/search",
            body: { ...query, maxResults: size, offset: start },
            response: z.array(searchRowSchema),
            idempotent: true,
            signal,
        });
        rows.push(...page);
        if (page.length < size) break;
    }
    return rows;
}
