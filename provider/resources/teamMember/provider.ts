import { z } from "zod";
import { ApiError } from "../../api/http/errors";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import { where } from "../../settings/config";
import { TeamApi, teamApi, teamClient } from "./api";
import { teamMemberSchema, TeamMemberInputs, TeamMemberOutputs } from "./schema";
import { invitationBody, WireInvitation, WireMember } from "./wire";

const TYPE_NAME = "TeamMember";

const label = (verb: string, email: string) => `${verb} ${TYPE_NAME} ${JSON.stringify(email)}`;

/** What the server knows of a person: a member, or a pending invitation (with its URL). */
export type TeamEntry = { member: WireMember } | { invitation: WireInvitation };

/** What a declaration keeps of its own: the name (never read back: no route renames), the variant and the timeouts. */
type Declared = Pick<TeamMemberInputs, "name" | "variant" | "timeouts">;

/**
 * The read mapping (refresh, adoption, export): a member or a pending invitation in the inputs' normalized form,
 * with what the server reports of it.
 */
export function readTeamMember(ctx: OperationContext, entry: TeamEntry, declared: Declared): { outs: TeamMemberOutputs; inputs: TeamMemberInputs } {
    const email = "member" in entry ? entry.member.email : entry.invitation.email;
    const inputs = normalizeReported(definition, ctx.apis.settings, { email, name: declared.name, variant: declared.variant, timeouts: declared.timeouts });
    const reported: Omit<TeamMemberOutputs, keyof TeamMemberInputs> =
        "member" in entry
            ? { status: "member", memberId: entry.member.id }
            : { status: "pending", invitationId: entry.invitation.id, invitationUrl: entry.invitation.url };
    return { outs: { ...inputs, ...reported }, inputs };
}

/** The refusal of anything that would remove the key's own user (the server refuses it too, team.ts:287). */
function ownUser(operation: string, member: WireMember): Error {
    return new Error(
        `${operation}: ${member.email} is the user of the API key itself (member ${member.id}), which the server never removes from its team. ` +
            "Do not declare it as a TeamMember; to stop managing it, run `pulumi state delete` on this resource",
    );
}

/** Adopts what the server already has for the email, telling the user which it is. */
function adopted(ctx: OperationContext, api: TeamApi, operation: string, entry: TeamEntry, inputs: TeamMemberInputs): TeamMemberOutputs {
    if ("member" in entry) {
        if (entry.member.isCurrentUser === true) throw ownUser(operation, entry.member);
        api.notify(`${operation}: ${inputs.email} is already a member of the team (member ${entry.member.id}): adopted it, nothing was sent`);
    } else {
        const since = entry.invitation.createdAt ? `, sent ${entry.invitation.createdAt}` : "";
        api.notify(`${operation}: ${inputs.email} is already invited (invitation ${entry.invitation.id}${since}): adopted that invitation, nothing was sent`);
    }
    return readTeamMember(ctx, entry, inputs).outs;
}

const definition: ResourceDefinition<typeof teamMemberSchema, TeamMemberOutputs> = {
    typeName: TYPE_NAME,
    schema: teamMemberSchema,
    clients: (apis, inputs) => void teamClient(apis, inputs.variant === "self-hosted" ? "self-hosted" : undefined),
    // The key's own user is known from configuration alone: refused at preview, at the email.
    rules(inputs, settings) {
        const own = settings.get("apiKeyEmail");
        if (own === undefined || inputs.email.toLowerCase() !== own.toLowerCase()) return [];
        return [
            {
                path: ["email"],
                message: `is the API key's own user (${where("apiKeyEmail")}), which the server never removes from its team: remove this declaration`,
            },
        ];
    },
    // The invitation URL is a credential (it embeds the join token).
    secrets: ["invitationUrl"],
    // No route changes an invitation's or a member's email: another address is another person.
    replaceKeys: (_olds, _news, changed) => (changed.has("email") ? ["email"] : []),
    // The id of a team member is its lowercase email: it stays while the invitation turns into a membership.
    adoption: {
        id: z
            .email("must be the member's email address")
            .refine((email) => email === email.toLowerCase(), "must be lowercase (the server stores emails lowercase)"),
        seed: (inputs) => ({ ...inputs, status: "pending" }),
    },

    async create(ctx, inputs) {
        const operation = label("create", inputs.email);
        const api = teamApi(ctx, inputs.variant);
        const existing = await api.find(operation, inputs.email);
        if (existing) return { id: inputs.email, outs: adopted(ctx, api, operation, existing, inputs) };
        try {
            const invited = await api.invite(operation, invitationBody(inputs));
            return {
                id: inputs.email,
                outs: readTeamMember(ctx, { invitation: { id: invited.invitationId, email: invited.email, url: invited.url } }, inputs).outs,
            };
        } catch (error) {
            // Refused as an existing user: one who joined meanwhile is adopted; a user of another team cannot be invited.
            if (!(error instanceof ApiError) || error.status !== 400 || !/already exists/i.test(error.serverMessage ?? "")) throw error;
            const member = (await api.members(operation)).find((m) => m.email === inputs.email);
            if (member) return { id: inputs.email, outs: adopted(ctx, api, operation, { member }, inputs) };
            throw new Error(`${error.message}. The address belongs to an existing user outside this team (the server invites new addresses only)`);
        }
    },

    async read(ctx, id, olds) {
        const entry = await teamApi(ctx, olds.variant).find(label("read", id), id);
        return entry && readTeamMember(ctx, entry, olds);
    },

    // Only the name can differ here (the email replaces), and no route changes it: kept in state, nothing sent.
    async update(ctx, id, olds, news) {
        const api = teamApi(ctx, news.variant);
        if (olds.name !== news.name) {
            api.notify(`${label("update", id)}: the name is sent with an invitation only and no route renames a member or an invitation: nothing was sent`);
        }
        return { ...olds, ...news, name: news.name };
    },

    async delete(ctx, id, olds) {
        const operation = label("delete", id);
        const api = teamApi(ctx, olds.variant);
        let entry = await api.find(operation, id);
        // An invitation accepted while it was being revoked has become a member: that member is removed.
        if (entry && "invitation" in entry && !(await api.revoke(operation, entry.invitation.id))) entry = await api.find(operation, id);
        if (!entry || "invitation" in entry) return;
        if (entry.member.isCurrentUser === true) throw ownUser(operation, entry.member);
        await api.remove(operation, entry.member.id);
    },
};

/** The team member provider the SDK's provider text loads. */
export const teamMember = dynamicProvider(definition);
