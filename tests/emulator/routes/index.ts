import { chartRoutes } from "./charts";
import { alertRoutes } from "./observability/alerts";
import { dashboardRoutes } from "./observability/dashboards";
import { lookupRoutes } from "./observability/lookups";
import { organizationRoutes } from "./organization";
import { pipeNetworkingRoutes } from "./pipeNetworking";
import { pipeRoutes } from "./pipes";
import { queryEndpointRoutes } from "./queryEndpoint";
import { selfHostedRootRoutes } from "./selfHosted/root";
import type { RouteModule } from "./types";

/** Every route module, registered in this order (the first matching route wins). */
export const ROUTE_MODULES: readonly RouteModule[] = [
  selfHostedRootRoutes,
  dashboardRoutes,
  alertRoutes,
  lookupRoutes,
  chartRoutes,
  organizationRoutes,
  queryEndpointRoutes,
  pipeRoutes,
  pipeNetworkingRoutes,
];
