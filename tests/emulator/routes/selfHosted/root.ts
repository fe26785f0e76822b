import type { RouteModule } from "../types";

/** `GET /api/v2`: a credential check (auth required, not rate-limited). */
export const selfHostedRootRoutes: RouteModule = {
    name: "self-hosted root",
    register(routes) {
        routes.selfHosted("GET", "", (_req, ctx) => ({
            raw: {
                version: "v2",
                user: { id: ctx.team.teamId, email: "emulator@example.com", name: "Emulator User", team: ctx.team.teamId, accessKey: ctx.credentials.apiKey },
            },
        }));
    },
};
