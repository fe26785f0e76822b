// Read-only lookups of the observability APIs, shared by the SDK's functions (run in the program) and any
// other reader (an exporter). They take the `Apis` to use, so credentials come from wherever the caller reads them.
import { z } from "zod";
import type { Apis } from "../api/apis";
import { collectionAt } from "../api/collection";
import type { Variant } from "../settings/config";
import type { ApiClient } from "../api/http/client";
import { ConfigurationError } from "../settings/errors";
import {
    DashboardSummary,
    dashboardSummarySchema,
    LookupTarget,
    lookupTargetSchema,
    QuerySeriesArgs,
    RoleSummary,
    roleSummarySchema,
    querySeriesSchema,
    Source,
    SeriesRow,
    seriesRowSchema,
    sourceSchema,
    Webhook,
    webhookSchema,
} from "./schema";
import { propertyPath } from "../common/values";

/** Every dashboard of the variant (read whole, as every list: {@link listAll}). */
export async function getDashboards(apis: Apis, args: LookupTarget = {}, signal?: AbortSignal): Promise<DashboardSummary[]> {
    return listed(apis, "getDashboards", args, "dashboards", dashboardSummarySchema, signal);
}

/** Every data source of the variant (read whole, as every list: {@link listAll}). */
export async function getSources(apis: Apis, args: LookupTarget = {}, signal?: AbortSignal): Promise<Source[]> {
    return listed(apis, "getSources", args, "sources", sourceSchema, signal);
}

/** Every webhook of the variant, page by page (the managed variant pages without `meta`: {@link listAll}). */
export async function getWebhooks(apis: Apis, args: LookupTarget = {}, signal?: AbortSignal): Promise<Webhook[]> {
    return listed(apis, "getWebhooks", args, "webhooks", webhookSchema, signal);
}

/** Every role of the managed team, the predefined ones included (managed only: the self-hosted server has no roles). */
export async function getRoles(apis: Apis, args: LookupTarget = {}, signal?: AbortSignal): Promise<RoleSummary[]> {
    const target = parseArgs("getRoles", lookupTargetSchema, args);
    if (apis.settings.variant(target.variant) !== "managed") {
        throw new ConfigurationError(
            'getRoles: the self-hosted server serves no roles (only the managed variant\'s API has them); pass `variant: "managed"` and set the cloud settings',
        );
    }
    return collectionAt({ apis, signal }, { ...target, variant: "managed" }, "roles", roleSummarySchema).list("getRoles");
}

/** Time series of up to five queries (self-hosted only). Refuses times in seconds before sending anything. */
export async function querySeries(apis: Apis, args: QuerySeriesArgs, signal?: AbortSignal): Promise<SeriesRow[]> {
    const { variant, ...body } = parseArgs("querySeries", querySeriesSchema, args);
    const client = selfHostedOnly(apis, "querySeries", "charts API", variant);
    // The charts query has no side effects, so it may be resent like a GET.
    return client.request({
        operation: "querySeries",
        method: "POST",
        path: "/charts/series",
        body,
        response: z.array(seriesRowSchema),
        idempotent: true,
        signal,
    });
}

/** Every object of the collection `segment` where the lookup's arguments point. */
function listed<W extends { id: string }>(
    apis: Apis,
    operation: string,
    args: LookupTarget,
    segment: string,
    wire: z.ZodType<W>,
    signal?: AbortSignal,
): Promise<W[]> {
    return collectionAt({ apis, signal }, parseArgs(operation, lookupTargetSchema, args), segment, wire).list(operation);
}

/** The self-hosted client, or a clear refusal when the call (or the `variant` setting) asks for the managed variant. */
export function selfHostedOnly(apis: Apis, operation: string, what: string, variant: Variant | undefined): ApiClient {
    if (apis.settings.variant(variant) === "managed") {
        throw new ConfigurationError(`${operation}: the managed variant has no ${what}; pass \`variant: "self-hosted"\` and set the self-hosted API settings`);
    }
    return apis.selfHosted();
}

export function parseArgs<S extends z.ZodType>(operation: string, schema: S, args: unknown): z.output<S> {
    const parsed = schema.safeParse(args);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) => `${propertyPath(issue.path) || "arguments"}: ${issue.message}`);
    throw new ConfigurationError(`${operation}: ${problems.join("; ")}`);
}
