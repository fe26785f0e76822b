import type { RouteModule } from "../types";

/** `GET /api/v2`: a credential check (auth required, not rate-limited). */
export const selfHostedRootRoutes: RouteModule = {
    name: "self-hosted root",
    register(routes) {
        routes.selfHosted("GET", "", (_req, ctx) => {
            const user = ctx.team.members.get(ctx.team.keyUserId);
            return {
                raw: { version: "v2", user: { id: user?.id, email: user?.email, name: user?.name, team: ctx.team.teamId, accessKey: ctx.credentials.apiKey } },
            };
        });
    },
};
