import { chartRoutes } from "./charts";
import { alertRoutes } from "./observability/alerts";
import { connectionRoutes } from "./observability/connections";
import { dashboardRoutes } from "./observability/dashboards";
import { roleRoutes } from "./observability/roles";
import { savedSearchRoutes } from "./observability/savedSearches";
import { sourceRoutes } from "./observability/sources";
import { webhookRoutes } from "./observability/webhooks";
import { organizationRoutes } from "./organization";
import { pipeNetworkingRoutes } from "./pipeNetworking";
import { pipeRoutes } from "./pipes";
import { queryEndpointRoutes } from "./queryEndpoint";
import { selfHostedRootRoutes } from "./selfHosted/root";
import { searchRoutes } from "./selfHosted/search";
import { teamRoutes } from "./selfHosted/team";
import type { RouteModule } from "./types";

/** Every route module, registered in this order (the first matching route wins). */
export const ROUTE_MODULES: readonly RouteModule[] = [
    selfHostedRootRoutes,
    dashboardRoutes,
    alertRoutes,
    connectionRoutes,
    sourceRoutes,
    savedSearchRoutes,
    webhookRoutes,
    roleRoutes,
    chartRoutes,
    teamRoutes,
    searchRoutes,
    organizationRoutes,
    queryEndpointRoutes,
    pipeRoutes,
    pipeNetworkingRoutes,
];
