// Lookup functions: they run in the program itself, with the stack's `observability:*` settings (then the
// environment), and read only. Each comes as `getX` (a promise) and `getXOutput` (an Output, taking Outputs).
import * as pulumi from "@pulumi/pulumi";
import * as lookups from "../../provider/lookups/observability";
import * as teamLookups from "../../provider/lookups/team";
import type { SearchArgs, SearchRow, Team, TeamLookupArgs, TeamMembers } from "../../provider/lookups/team";
import type { DashboardSummary, LookupTarget, QuerySeriesArgs, RoleSummary, SeriesRow, Source, Webhook } from "../../provider/lookups/schema";
import { ArgsOf } from "../args";
import { programApis } from "./settings";

export type { InvitationSummary, SearchRow, Team, TeamMembers, TeamMemberSummary } from "../../provider/lookups/team";
export type {
    DashboardSummary,
    RoleSummary,
    SeriesKey,
    SeriesRow,
    Source as ObservabilitySource,
    Webhook as ObservabilityWebhook,
} from "../../provider/lookups/schema";

/** Where a lookup reads: the variant and, for managed, the organization and service (all default to the settings). */
export type LookupArgs = LookupTarget;
/** {@link LookupArgs} whose properties may be Outputs. */
export type LookupOutputArgs = ArgsOf<LookupTarget>;
/** Arguments of {@link querySeries}. */
export type QuerySeriesArguments = QuerySeriesArgs;
/** {@link QuerySeriesArguments} whose properties may be Outputs. */
export type QuerySeriesOutputArgs = ArgsOf<QuerySeriesArgs>;
/** Arguments of the team lookups: only the variant, which must be self-hosted (the default). */
export type TeamArgs = TeamLookupArgs;
/** {@link TeamArgs} whose properties may be Outputs. */
export type TeamOutputArgs = ArgsOf<TeamLookupArgs>;
/** Arguments of {@link search}. */
export type SearchArguments = SearchArgs;
/** {@link SearchArguments} whose properties may be Outputs. */
export type SearchOutputArgs = ArgsOf<SearchArgs>;

/**
 * Every dashboard of the variant, with its tiles' ids and names.
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const dashboards = obs.getDashboardsOutput();
 * ```
 * @param args Where to look; defaults to the settings.
 */
export function getDashboards(args: LookupArgs = {}): Promise<DashboardSummary[]> {
    return lookups.getDashboards(programApis(), args);
}

/**
 * {@link getDashboards} as an Output.
 * @param args Where to look; defaults to the settings.
 */
export function getDashboardsOutput(args: LookupOutputArgs = {}): pulumi.Output<DashboardSummary[]> {
    return pulumi.output(args).apply((plain) => getDashboards(plain));
}

/**
 * Every data source of the variant (logs, traces, metrics, sessions), e.g. to find a `sourceId` by name.
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const sources = obs.getSourcesOutput();
 * export const logsSourceId = sources.apply((all) => all.find((source) => source.kind === "log")?.id);
 * ```
 * @param args Where to look; defaults to the settings.
 */
export function getSources(args: LookupArgs = {}): Promise<Source[]> {
    return lookups.getSources(programApis(), args);
}

/**
 * {@link getSources} as an Output.
 * @param args Where to look; defaults to the settings.
 */
export function getSourcesOutput(args: LookupOutputArgs = {}): pulumi.Output<Source[]> {
    return pulumi.output(args).apply((plain) => getSources(plain));
}

/**
 * Every webhook of the variant, e.g. to find an alert's `webhookId` by name for a webhook the stack does not own.
 * Webhook headers are never returned by the API; `url` is returned in plain text and may embed a token, so do not
 * export it from a stack unless wrapped with `pulumi.secret`.
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const webhooks = obs.getWebhooksOutput();
 * export const teamSlackId = webhooks.apply((all) => all.find((webhook) => webhook.name === "Team Slack")?.id);
 * ```
 * @param args Where to look; defaults to the settings.
 */
export function getWebhooks(args: LookupArgs = {}): Promise<Webhook[]> {
    return lookups.getWebhooks(programApis(), args);
}

/**
 * {@link getWebhooks} as an Output.
 * @param args Where to look; defaults to the settings.
 */
export function getWebhooksOutput(args: LookupOutputArgs = {}): pulumi.Output<Webhook[]> {
    return pulumi.output(args).apply((plain) => getWebhooks(plain));
}

/**
 * Every role of the managed team (managed variant only), the predefined ones (`Admin`, `Member`, `ReadOnly`, with
 * `isPredefined`) included: a program references a predefined role by name, e.g. its `id`, since no stack may declare one.
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const roles = obs.getRolesOutput({ variant: "managed" });
 * export const readOnlyRoleId = roles.apply((all) => all.find((role) => role.name === "ReadOnly")?.id);
 * ```
 * @param args Where to look; the variant must be managed (the argument, or the `observability:variant` setting).
 */
export function getRoles(args: LookupArgs = {}): Promise<RoleSummary[]> {
    return lookups.getRoles(programApis(), args);
}

/**
 * {@link getRoles} as an Output.
 * @param args Where to look; the variant must be managed (the argument, or the `observability:variant` setting).
 */
export function getRolesOutput(args: LookupOutputArgs = {}): pulumi.Output<RoleSummary[]> {
    return pulumi.output(args).apply((plain) => getRoles(plain));
}

/**
 * Queries time series from the self-hosted charts API: one row per (bucket, group) with `ts_bucket` in epoch
 * milliseconds and each series' value under `series_<i>.data`, counts parsed into numbers. `startTime` and
 * `endTime` must be epoch milliseconds; seconds are refused before anything is sent.
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const errorsPerBucket = obs.querySeriesOutput({
 *     startTime: 1767225600000,
 *     endTime: 1767229200000,
 *     granularity: "5m",
 *     series: [{ sourceId: config.require("logsSourceId"), aggFn: "count", where: "SeverityText:error" }],
 * });
 * ```
 * @param args The time range, bucket size and one to five series.
 */
export function querySeries(args: QuerySeriesArguments): Promise<SeriesRow[]> {
    return lookups.querySeries(programApis(), args);
}

/**
 * {@link querySeries} as an Output.
 * @param args The time range, bucket size and one to five series.
 */
export function querySeriesOutput(args: QuerySeriesOutputArgs): pulumi.Output<SeriesRow[]> {
    return pulumi.output(args).apply((plain) => querySeries(plain));
}

/**
 * The team the self-hosted API key belongs to: its id and name (server 2.29.0 and later; the managed variant has no
 * team routes).
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * const team = obs.getTeamOutput();
 * export const teamId = team.id;
 * export const teamName = team.name;
 * ```
 * @param args The variant, self-hosted (the default).
 */
export function getTeam(args: TeamArgs = {}): Promise<Team> {
    return teamLookups.getTeam(programApis(), args);
}

/**
 * {@link getTeam} as an Output.
 * @param args The variant, self-hosted (the default).
 */
export function getTeamOutput(args: TeamOutputArgs = {}): pulumi.Output<Team> {
    return pulumi.output(args).apply((plain) => getTeam(plain));
}

/**
 * The self-hosted team's members (`isCurrentUser` marks the API key's own user) and pending invitations. Invitation
 * URLs are credentials and are left out; a `TeamMember` resource reports its own as a secret output.
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * const team = obs.getTeamMembersOutput();
 * export const members = team.members;
 * export const invitations = team.invitations;
 * ```
 * @param args The variant, self-hosted (the default).
 */
export function getTeamMembers(args: TeamArgs = {}): Promise<TeamMembers> {
    return teamLookups.getTeamMembers(programApis(), args);
}

/**
 * {@link getTeamMembers} as an Output.
 * @param args The variant, self-hosted (the default).
 */
export function getTeamMembersOutput(args: TeamOutputArgs = {}): pulumi.Output<TeamMembers> {
    return pulumi.output(args).apply((plain) => getTeamMembers(plain));
}

/**
 * Rows of a log or trace source from the self-hosted search route (server 2.27.0 and later): `maxResults` rows
 * (default 100) from `offset`, read in pages of at most 2000. Bad arguments are refused before anything is sent.
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const recentErrors = obs.searchOutput({
 *     sourceId: config.require("logsSourceId"),
 *     where: "SeverityText:error",
 *     select: "Timestamp,ServiceName,Body",
 *     maxResults: 20,
 * });
 * ```
 * @param args The source, the time window, the filter, the columns, the order and how many rows.
 */
export function search(args: SearchArguments): Promise<SearchRow[]> {
    return teamLookups.search(programApis(), args);
}

/**
 * {@link search} as an Output.
 * @param args The source, the time window, the filter, the columns, the order and how many rows.
 */
export function searchOutput(args: SearchOutputArgs): pulumi.Output<SearchRow[]> {
    return pulumi.output(args).apply((plain) => search(plain));
}
