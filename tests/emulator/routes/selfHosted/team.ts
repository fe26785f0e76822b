import { ApiError } from "../../http/apiError";
import { expireInvitations, invitationUrl, invite, renderInvitation, renderMember, teamObjectIdParam } from "../../domain/team";
import type { HandlerContext, RouteModule } from "../types";

/** The team routes answer a missing object with `sendStatus(404)`: plain text. */
const missing = () => new ApiError(404, "Not Found", { selfHostedText: "Not Found" });

/** Invitations past their TTL are gone before any team route reads or writes. */
const team = (ctx: HandlerContext) => {
    expireInvitations(ctx.team, ctx.clock.now());
    return ctx.team;
};

/**
 * The self-hosted team (server 2.29.0+): read the team, list members and invitations, invite, revoke, remove. None
 * of the lists pages (no limit, offset or meta). The managed variant has no such routes.
 */
export const teamRoutes: RouteModule = {
    name: "team",
    register(routes) {
        routes.selfHosted("GET", "/team", (_req, ctx) => ({ data: { id: ctx.team.teamId, name: ctx.team.name } }));

        routes.selfHosted("GET", "/team/members", (_req, ctx) => ({ data: [...team(ctx).members.values()].map((m) => renderMember(ctx.team, m)) }));

        routes.selfHosted("POST", "/team/invitation", (req, ctx) => {
            const invitation = invite(team(ctx), ctx.ids, ctx.nowIso(), req.body);
            return { data: { email: invitation.email, invitationId: invitation.id, status: "pending", url: invitationUrl(invitation) } };
        });

        routes.selfHosted("GET", "/team/invitations", (_req, ctx) => ({ data: [...team(ctx).invitations.values()].map(renderInvitation) }));

        routes.selfHosted("DELETE", "/team/invitation/:id", (req, ctx) => {
            const id = teamObjectIdParam(req.params);
            if (!team(ctx).invitations.delete(id)) throw missing();
            return { data: { success: true } };
        });

        routes.selfHosted("DELETE", "/team/member/:id", (req, ctx) => {
            const id = teamObjectIdParam(req.params);
            if (id === ctx.team.keyUserId) throw new ApiError(400, "You cannot remove yourself from the team");
            if (!ctx.team.members.delete(id)) throw missing();
            return { data: { success: true } };
        });
    },
};
