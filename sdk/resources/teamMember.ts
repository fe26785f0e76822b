import * as pulumi from "@pulumi/pulumi";
import type { TeamMemberArgs as TeamMemberDeclaration, TeamMemberOutputs } from "../../provider/resources/teamMember/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of a {@link TeamMember}; every property may be an Output. */
export type TeamMemberArgs = ArgsOf<TeamMemberDeclaration> & AdoptionArgs;

const KIND = resourceKind<TeamMemberOutputs>({
    type: "TeamMember",
    /** The invitation URL is a credential: whoever opens it joins the team. */
    secretOutputs: ["invitationUrl"],
    outputs: {
        email: undefined,
        name: undefined,
        variant: undefined,
        status: undefined,
        memberId: undefined,
        invitationId: undefined,
        invitationUrl: undefined,
    },
});

/** The outputs of a {@link TeamMember}, typed from the schema's `TeamMemberOutputs`. */
export interface TeamMember extends OutputProperties<TeamMemberOutputs> {}

/**
 * A person with access to the self-hosted team (server 2.29.0 and later), declared by email.
 *
 * Creating it invites the address, unless the address is already a member or already invited: then that member or
 * invitation is adopted, with a warning naming which, and nothing is sent. `status` is `pending` until the invitation
 * is accepted, then `member` (a refresh follows it, and `memberId` is set). `invitationUrl` is a credential (whoever
 * opens it joins the team): it is a secret output, set while the invitation is pending; hand it over yourself if the
 * server sends no email. A member removed or an invitation revoked (or expired: invitations last 30 days) out of
 * band is dropped by a refresh. Deleting revokes the pending invitation or removes the member.
 *
 * Emails compare without case (the server stores them lowercase). `name` goes with the invitation only: no route
 * renames an invitation or a member, so it is never read back and changing it sends nothing. Changing `email`
 * replaces the member (another address is another person).
 *
 * The API key's own user is never removed: a declaration of its email is refused at preview when the
 * `observability:apiKeyEmail` setting names it, and a create or delete that meets it fails without a write.
 * Self-hosted only: the managed variant has no team routes (access to a managed service is managed in the cloud
 * console), and `variant: "managed"` is refused at preview.
 *
 * @example
 * ```ts
 * import { TeamMember } from "pulumi-observability";
 *
 * const ana = new TeamMember("ana", { email: "ana@example.com", name: "Ana" });
 * export const anaStatus = ana.status;
 * ```
 */
export class TeamMember extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The person: email and, optionally, the name sent with the invitation.
     * @param opts Resource options.
     */
    constructor(name: string, args: TeamMemberArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
