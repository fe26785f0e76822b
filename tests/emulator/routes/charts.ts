import { querySeries } from "../domain/charts";
import { asObject } from "../domain/json";
import type { RouteModule } from "./types";

/** `POST /api/v2/charts/series`: self-hosted only; answers `{data: rows}` unwrapped by the envelope. */
export const chartRoutes: RouteModule = {
    name: "charts",
    register(routes) {
        routes.selfHosted("POST", "/charts/series", (req, ctx) => ({ raw: querySeries(asObject(req.body), ctx.team) }));
    },
};
