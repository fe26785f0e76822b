// The team routes' rules (server team.ts and the controllers it calls), shared by the routes and the test helpers.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ApiError } from "../http/apiError";
import type { IdFactory } from "../random";
import { passesObjectIdCheck } from "../random";
import type { TeamStore } from "../store/teamStore";
import type { TeamInvitation, TeamUser } from "../store/types";

/** Where invitation URLs point (the server's `FRONTEND_URL` followed by `/join-team?token=`). */
export const INVITATION_URL_PREFIX = "http://localhost:8080/join-team?token=";

/** How long an invitation lives: the invite model's TTL index drops it 30 days after its creation. */
export const INVITATION_TTL_MS = 30 * 24 * 3600_000;

/** One issue of a zod 3 error, as the team routes' validation middleware serialises it. */
interface ZodIssue {
    code: string;
    message: string;
    path: string[];
    [detail: string]: unknown;
}

/**
 * The team routes validate with a middleware that answers 400 with a JSON array `[{type, errors: ZodError}]`, not
 * the `{message}` of the other v2 routes.
 */
function validationFailure(type: "Body" | "Params", issues: ZodIssue[]): ApiError {
    return new ApiError(400, `${type} validation failed`, { selfHostedBody: [{ type, errors: { issues, name: "ZodError" } }] });
}

/** The path id of `DELETE /team/invitation/:id` and `/team/member/:id` (`objectIdSchema`: a custom refinement). */
export function teamObjectIdParam(params: Record<string, string>): string {
    const id = params.id ?? "";
    if (!passesObjectIdCheck(id)) throw validationFailure("Params", [{ code: "custom", message: "Invalid ObjectId", path: ["id"] }]);
    return id;
}

const isEmail = (value: string) => z.email().safeParse(value).success;

/** The invitation body: `email` a string in email form, `name` an optional string (unknown keys are dropped). */
export function parseInvitationBody(body: unknown): { email: string; name?: string } {
    const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (!fields)
        throw validationFailure("Body", [
            {
                code: "invalid_type",
                expected: "object",
                received: Array.isArray(body) ? "array" : typeof body,
                path: [],
                message: "Expected object, received " + (body === null ? "null" : typeof body),
            },
        ]);
    const issues: ZodIssue[] = [];
    const { email, name } = fields;
    if (typeof email !== "string") {
        issues.push(
            email === undefined
                ? { code: "invalid_type", expected: "string", received: "undefined", path: ["email"], message: "Required" }
                : typeFailure("email", email),
        );
    } else if (!isEmail(email)) issues.push({ validation: "email", code: "invalid_string", message: "Invalid email", path: ["email"] });
    if (name !== undefined && typeof name !== "string") issues.push(typeFailure("name", name));
    if (issues.length > 0) throw validationFailure("Body", issues);
    return { email: email as string, ...(typeof name === "string" ? { name } : {}) };
}

function typeFailure(key: string, value: unknown): ZodIssue {
    const received = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    return { code: "invalid_type", expected: "string", received, path: [key], message: `Expected string, received ${received}` };
}

/** Drops the invitations past their TTL (the database does it in the background; the emulator on each request). */
export function expireInvitations(team: TeamStore, nowMs: number): void {
    for (const [id, invitation] of team.invitations) if (Date.parse(invitation.createdAt) + INVITATION_TTL_MS <= nowMs) team.invitations.delete(id);
}

/**
 * `POST /team/invitation`: the email is lowercased; an existing user (of any team) is refused with 400; an existing
 * invitation of the team for that email is answered again (same id and URL), else a new one is made.
 */
export function invite(team: TeamStore, ids: IdFactory, nowIso: string, body: unknown): TeamInvitation {
    const { email, name } = parseInvitationBody(body);
    const normalized = email.toLowerCase();
    if (team.usersElsewhere.has(normalized) || [...team.members.values()].some((m) => m.email === normalized)) {
        throw new ApiError(400, "User already exists. Please contact the service's team for support");
    }
    const existing = [...team.invitations.values()].find((i) => i.email === normalized);
    if (existing) return existing;
    const invitation: TeamInvitation = {
        id: ids.objectId(),
        email: normalized,
        ...(name !== undefined ? { name } : {}),
        token: randomBytes(32).toString("hex"),
        createdAt: nowIso,
    };
    team.invitations.set(invitation.id, invitation);
    return invitation;
}

/** The invitation's URL (a credential: whoever holds it joins the team). */
export const invitationUrl = (invitation: TeamInvitation): string => `${INVITATION_URL_PREFIX}${invitation.token}`;

/** A member as `GET /team/members` answers it; `name` is left out when the user has none. */
export function renderMember(team: TeamStore, user: TeamUser): Record<string, unknown> {
    return { id: user.id, email: user.email, ...(user.name !== undefined ? { name: user.name } : {}), isCurrentUser: user.id === team.keyUserId };
}

/** An invitation as `GET /team/invitations` answers it (with its URL). */
export function renderInvitation(invitation: TeamInvitation): Record<string, unknown> {
    const { id, createdAt, email, name } = invitation;
    return { id, createdAt, email, ...(name !== undefined ? { name } : {}), url: invitationUrl(invitation) };
}

/**
 * Test helper: the invited person follows the URL out of band. The invitation is consumed and a user of the team
 * is made with the invitation's email (and `name`, else the invitation's name). Throws when no invitation names the
 * email.
 */
export function acceptInvitation(team: TeamStore, ids: IdFactory, nowIso: string, email: string, name?: string): TeamUser {
    const invitation = [...team.invitations.values()].find((i) => i.email === email.toLowerCase());
    if (!invitation) throw new Error(`emulator: no pending invitation for ${email}`);
    team.invitations.delete(invitation.id);
    const chosen = name ?? invitation.name;
    const user: TeamUser = { id: ids.objectId(), email: invitation.email, ...(chosen !== undefined ? { name: chosen } : {}), createdAt: nowIso };
    team.members.set(user.id, user);
    return user;
}

/** Test helper: a user who already belongs to the team (made in the web UI, say). */
export function addMember(team: TeamStore, ids: IdFactory, nowIso: string, email: string, name?: string): TeamUser {
    const user: TeamUser = { id: ids.objectId(), email: email.toLowerCase(), ...(name !== undefined ? { name } : {}), createdAt: nowIso };
    team.members.set(user.id, user);
    return user;
}
