import { z } from "zod";

/** A member as `GET /team/members` answers it (team.ts): the key's own user is `isCurrentUser`. */
export const wireMember = z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string().nullish(),
    isCurrentUser: z.boolean().optional(),
});
export type WireMember = z.infer<typeof wireMember>;

/** A pending invitation as `GET /team/invitations` answers it; `url` is a credential. */
export const wireInvitation = z.looseObject({
    id: z.string(),
    email: z.string(),
    name: z.string().nullish(),
    createdAt: z.string().nullish(),
    url: z.string(),
});
export type WireInvitation = z.infer<typeof wireInvitation>;

/** The answer of `POST /team/invitation`: the new invitation, or the team's existing one for that email. */
export const wireInvited = z.looseObject({
    email: z.string(),
    invitationId: z.string(),
    status: z.string(),
    url: z.string(),
});
export type WireInvited = z.infer<typeof wireInvited>;

/** The team as `GET /team` answers it. */
export const wireTeam = z.looseObject({ id: z.string(), name: z.string() });

/** The invitation body: the email, and the name only when declared (the server takes a string or nothing). */
export function invitationBody(inputs: { email: string; name?: string }): { email: string; name?: string } {
    return { email: inputs.email, ...(inputs.name !== undefined ? { name: inputs.name } : {}) };
}

/** Emails compare without case: the server lowercases what it stores. */
export const sameEmail = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
