import { exportEach } from "../../engine/exportEach";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { TeamApi, teamClient } from "./api";
import { readTeamMember, TeamEntry } from "./provider";

/** A member or a pending invitation, with which of the two it is (for the declaration's comment). */
export interface ExportedTeamMember extends ExportedObject {
    status: "pending" | "member";
}

/**
 * Team members and pending invitations (self-hosted only) for the export command: each becomes a `TeamMember`
 * declared by email. The API key's own user is left out: the server never removes it, so no stack may own it.
 */
export const teamMemberExport = {
    kind: "teamMembers",
    aliases: ["teammember", "members", "team"],
    lives: "observability",
    nouns: ["team member", "team members"],
    declaration: (exported) => ({
        names: [String(exported.inputs.email).split("@")[0], "member"],
        header: [`Team member ${JSON.stringify(exported.name)} (${exported.status === "member" ? "member" : "invitation pending"})`],
    }),
    readme: {
        declared: [
            "- Team members are declared by email; pending invitations too (their URLs, which are credentials, stay out of",
            "  the program). The API key's own user is not declared: the server never removes it from its team.",
        ],
    },
    async list(scope) {
        const { ctx, target } = scope;
        // The managed variant has no team routes: nothing to export there.
        if (target.variant !== "self-hosted") return [];
        const api = new TeamApi(teamClient(ctx.apis, "self-hosted"), ctx.signal);
        const entries: TeamEntry[] = [
            ...(await api.members("export: list team members")).filter((member) => member.isCurrentUser !== true).map((member) => ({ member })),
            ...(await api.invitations("export: list team invitations")).map((invitation) => ({ invitation })),
        ];
        return exportEach(
            scope,
            entries,
            (entry) => ("member" in entry ? entry.member.email : entry.invitation.email),
            (entry) => {
                const { email, name } = "member" in entry ? entry.member : entry.invitation;
                const { inputs, outs } = readTeamMember(ctx, entry, { name: name ?? undefined, variant: "self-hosted", timeouts: undefined });
                return { id: email, name: email, status: outs.status, inputs: toJson(inputs) };
            },
        );
    },
} as const satisfies KindExport<"teamMembers", ExportedTeamMember>;
