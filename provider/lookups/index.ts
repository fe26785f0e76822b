// Every lookup by the name of its SDK function (`getSources`, …): what the provider plugin serves as the functions
// `observability:index:<name>`. Each reads its arguments from plain JSON and refuses a bad one naming it.
import { z } from "zod";
import type { Apis } from "../api/apis";
import { serviceSchema } from "../settings/location";
import { listDataPipes } from "./dataPipes";
import { getDashboards, getRoles, getSources, getWebhooks, parseArgs, querySeries } from "./observability";
import type { LookupTarget, QuerySeriesArgs } from "./schema";
import { getTeam, getTeamMembers, search, type SearchArgs, type TeamLookupArgs } from "./team";

/** A lookup: the APIs to read with, its arguments as a caller wrote them, and the operation's deadline. */
export type Lookup = (apis: Apis, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

// The lookups below parse their arguments themselves (`parseArgs`): the types here are what they accept once parsed.
export const lookups: Record<string, Lookup> = {
    getDashboards: (apis, args, signal) => getDashboards(apis, args as LookupTarget, signal),
    getSources: (apis, args, signal) => getSources(apis, args as LookupTarget, signal),
    getWebhooks: (apis, args, signal) => getWebhooks(apis, args as LookupTarget, signal),
    getRoles: (apis, args, signal) => getRoles(apis, args as LookupTarget, signal),
    querySeries: (apis, args, signal) => querySeries(apis, args as QuerySeriesArgs, signal),
    getTeam: (apis, args, signal) => getTeam(apis, args as TeamLookupArgs, signal),
    getTeamMembers: (apis, args, signal) => getTeamMembers(apis, args as TeamLookupArgs, signal),
    search: (apis, args, signal) => search(apis, args as SearchArgs, signal),
    getDataPipes: (apis, args) => listDataPipes(apis, parseArgs("getDataPipes", z.strictObject(serviceSchema), args)),
};
