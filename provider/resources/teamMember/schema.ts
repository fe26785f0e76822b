import { z } from "zod";
import { timeoutsSchema } from "../../common/fields";

/** Why the managed variant is refused: its API (the cloud document) has no team, member or invitation route. */
export const MANAGED_HAS_NO_TEAM =
    "the managed variant has no team routes (its API offers no members or invitations; the cloud console manages who has access): declare team members on the self-hosted variant";

/**
 * One person with access to the self-hosted team, declared by email: invited when absent, then a member once the
 * invitation is accepted. The server lowercases emails, so they are compared without case.
 */
export const teamMemberSchema = z.strictObject({
    /** The person's email address (compared without case; stored lowercase). Changing it replaces the member. */
    email: z.email("must be an email address").transform((email) => email.toLowerCase()),
    /**
     * The name sent with the invitation. The server has no route to rename an invitation or a member, and the person
     * chooses their own name when joining: it is never read back, and a change is kept in state without a request.
     */
    name: z.string().optional(),
    /** Always `self-hosted` (the default): the managed variant has no team routes and is refused at preview. */
    variant: z
        .enum(["self-hosted", "managed"])
        .optional()
        .refine((variant) => variant !== "managed", MANAGED_HAS_NO_TEAM),
    /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers). */
    timeouts: timeoutsSchema,
});

/** What the program declares (the public argument type derives from it). */
export type TeamMemberArgs = z.input<typeof teamMemberSchema>;
/** The checked, normalized inputs. */
export type TeamMemberInputs = z.output<typeof teamMemberSchema>;

/** Everything the resource reports. */
export interface TeamMemberOutputs extends TeamMemberInputs {
    /** `pending` until the invitation is accepted, then `member`. */
    status: "pending" | "member";
    /** The member's user id, once the invitation is accepted. */
    memberId?: string;
    /** The pending invitation's id; unset once the person is a member. */
    invitationId?: string;
    /** The pending invitation's URL: a credential (whoever opens it joins the team), secret in state. */
    invitationUrl?: string;
}
