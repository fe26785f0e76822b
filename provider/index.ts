// The one registry of resource kinds. The SDK's provider keys (`ProviderKey`), the export command's kinds, checkers
// and progress labels all derive from it; adding a kind is one line here (see docs/ADDING_A_RESOURCE.md).
import type { ConfigurableProvider } from "./engine/dynamicProvider";
import type { KindExport } from "./engine/exporter";
import { alertExport } from "./resources/alert/export";
import { alert as alertProvider } from "./resources/alert/provider";
import { connectionExport } from "./resources/connection/export";
import { connection as connectionProvider } from "./resources/connection/provider";
import { dashboardExport } from "./resources/dashboard/export";
import { dashboard as dashboardProvider } from "./resources/dashboard/provider";
import { dataPipeExport } from "./resources/dataPipe/export";
import { dataPipe as dataPipeProvider } from "./resources/dataPipe/provider";
import { organizationSettingsExport } from "./resources/organizationSettings/export";
import { organizationSettings as organizationSettingsProvider } from "./resources/organizationSettings/provider";
import { pipeReversePrivateEndpointExport } from "./resources/pipeReversePrivateEndpoint/export";
import { pipeReversePrivateEndpoint as pipeReversePrivateEndpointProvider } from "./resources/pipeReversePrivateEndpoint/provider";
import { pipesCdcScalingExport } from "./resources/pipesCdcScaling/export";
import { pipesCdcScaling as pipesCdcScalingProvider } from "./resources/pipesCdcScaling/provider";
import { roleExport } from "./resources/role/export";
import { role as roleProvider } from "./resources/role/provider";
import { queryEndpointExport } from "./resources/queryEndpoint/export";
import { queryEndpoint as queryEndpointProvider } from "./resources/queryEndpoint/provider";
import { sourceExport } from "./resources/source/export";
import { source as sourceProvider } from "./resources/source/provider";
import { savedSearchExport } from "./resources/savedSearch/export";
import { savedSearch as savedSearchProvider } from "./resources/savedSearch/provider";
import { teamMemberExport } from "./resources/teamMember/export";
import { teamMember as teamMemberProvider } from "./resources/teamMember/provider";
import { webhookExport } from "./resources/webhook/export";
import { webhook as webhookProvider } from "./resources/webhook/provider";

/** One resource kind: the dynamic provider its SDK class loads, and how the export command reads its objects. */
export interface RegisteredKind {
    provider: ConfigurableProvider;
    export: KindExport;
}

/**
 * Every resource kind by its key, in the order an exported program declares them (dashboards before the alerts
 * on them). The `__provider` stored in every resource's state (the SDK's provider text, or the serialized stub of
 * earlier versions) loads `require("pulumi-observability/providers").registry[key]`:
 * a key must stay as long as states carry it.
 */
export const registry = {
    connection: { provider: connectionProvider, export: connectionExport },
    source: { provider: sourceProvider, export: sourceExport },
    dashboard: { provider: dashboardProvider, export: dashboardExport },
    savedSearch: { provider: savedSearchProvider, export: savedSearchExport },
    webhook: { provider: webhookProvider, export: webhookExport },
    alert: { provider: alertProvider, export: alertExport },
    role: { provider: roleProvider, export: roleExport },
    teamMember: { provider: teamMemberProvider, export: teamMemberExport },
    pipeReversePrivateEndpoint: { provider: pipeReversePrivateEndpointProvider, export: pipeReversePrivateEndpointExport },
    dataPipe: { provider: dataPipeProvider, export: dataPipeExport },
    pipesCdcScaling: { provider: pipesCdcScalingProvider, export: pipesCdcScalingExport },
    queryEndpoint: { provider: queryEndpointProvider, export: queryEndpointExport },
    organizationSettings: { provider: organizationSettingsProvider, export: organizationSettingsExport },
} as const satisfies Record<string, RegisteredKind>;

/** The key of a resource kind, as the SDK's provider text loads it. */
export type ProviderKey = keyof typeof registry;
