import { z } from "zod";
import { hex24 } from "../common/ids";
import { targetSchema } from "../settings/location";
import { aggFn, metricType } from "../resources/dashboard/tileConfig";
import { wireRole } from "../resources/role/wire";

/** Arguments of the lookups that list one variant's objects. */
export const lookupTargetSchema = z.strictObject(targetSchema);

/** A dashboard as `getDashboards` returns it: enough to find it and reference its tiles. */
export const dashboardSummarySchema = z.looseObject({
    /** Dashboard id. */
    id: z.string(),
    /** Dashboard name. */
    name: z.string(),
    /** Tags. */
    tags: z.array(z.string()).default([]),
    /** The tiles: their server ids (what alerts reference) and names. */
    tiles: z.array(z.looseObject({ id: z.string(), name: z.string().default("") })).default([]),
});

/** A data source as `getSources` returns it: the common fields typed, the kind-specific ones as the API reports them. */
export const sourceSchema = z.looseObject({
    /** Source id. */
    id: z.string(),
    /** Source name. */
    name: z.string(),
    /** `log`, `trace`, `metric`, `session` or `promql`. */
    kind: z.string(),
    /** Id of the connection the source reads through. */
    connection: z.string().optional(),
    /** Database and table. */
    from: z.looseObject({ databaseName: z.string(), tableName: z.string() }).optional(),
    /** Whether the source is disabled. */
    disabled: z.boolean().optional(),
});

/**
 * A webhook as `getWebhooks` returns it. Headers and query parameters are write-only in the API and never
 * returned; `url` is returned in plain text by the API and may itself embed a token (chat-service hooks do).
 */
export const webhookSchema = z.looseObject({
    /** Webhook id: the `webhookId` of an alert channel. */
    id: z.string(),
    /** Webhook name, unique per service. */
    name: z.string(),
    /** `slack`, `generic` or `incidentio`. */
    service: z.string(),
    /** Destination URL, as the API returns it (treat it as sensitive). */
    url: z.string().optional(),
    /** Description shown in the web UI. */
    description: z.string().optional(),
    /** Body template (generic webhooks only). */
    body: z.string().optional(),
    /** Creation time (ISO 8601, UTC). */
    createdAt: z.string().optional(),
    /** Last update time (ISO 8601, UTC). */
    updatedAt: z.string().optional(),
});

/** Epoch milliseconds: the API refuses seconds (anything under 13 digits). */
const epochMs = z.number().int().min(1e12, "must be epoch milliseconds (13 digits or more, e.g. Date.now()), not seconds");

/** One series of a `querySeries` call. */
export const seriesSchema = z.strictObject({
    /** The source to query (24 hexadecimal characters; `getSources` lists them). */
    sourceId: hex24,
    /** Aggregation: `count`, `sum`, `avg`, `min`, `max`, `quantile`, `count_distinct`, `last_value`, `any`, `none`, `increase`. */
    aggFn,
    /** Filter, `field:value` (lucene) or SQL per `whereLanguage`; default `""` (everything). */
    where: z.string().default(""),
    /** Fields to group by (at most 10, the same for every series); default none. */
    groupBy: z.array(z.string().min(1)).max(10).default([]),
    /** Field or expression to aggregate (not needed for `count`). */
    field: z.string().optional(),
    /** Quantile level between 0 and 1, for `quantile`. */
    level: z.number().min(0).max(1).optional(),
    /** `lucene` (the server's default) or `sql`. */
    whereLanguage: z.enum(["lucene", "sql"]).optional(),
    /** `asc` or `desc`. */
    sortOrder: z.enum(["asc", "desc"]).optional(),
    /** Metric name, for metric sources. */
    metricName: z.string().optional(),
    /** Metric type, for metric sources. */
    metricDataType: metricType.optional(),
});

/** Arguments of `querySeries` (self-hosted only). */
export const querySeriesSchema = z
    .strictObject({
        /** Must be `self-hosted` or left out (with the `observability:variant` setting not `managed`): the managed variant has no charts API. */
        variant: targetSchema.variant,
        /** Start of the range, epoch milliseconds. */
        startTime: epochMs,
        /** End of the range, epoch milliseconds. */
        endTime: epochMs,
        /** Bucket size: `30s`, `1m`, `5m`, `10m`, `15m`, `30m`, `1h`, `2h`, `6h`, `12h`, `1d`, `2d`, `7d`, `30d` or `auto` (the server's default). */
        granularity: z.enum(["30s", "1m", "5m", "10m", "15m", "30m", "1h", "2h", "6h", "12h", "1d", "2d", "7d", "30d", "auto"]).optional(),
        /** One to five series, all with the same `groupBy`. */
        series: z.array(seriesSchema).min(1).max(5),
        /**
         * `ratio` divides the first series by the second. The raw `column` shape of the API is not offered: its
         * bucket key is internal to the server and its rows are not merged per bucket.
         */
        seriesReturnType: z.literal("ratio").optional(),
    })
    .superRefine((args, ctx) => {
        const first = JSON.stringify(args.series[0]?.groupBy);
        args.series.forEach((series, i) => {
            if (JSON.stringify(series.groupBy) !== first)
                ctx.addIssue({ code: "custom", path: ["series", i, "groupBy"], message: "must equal the groupBy of series[0]" });
        });
    });

/** A number the API may send as a string (counts and other integer aggregates arrive as `"1"`). */
const numeric = z.union([
    z.number(),
    z
        .string()
        .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)
        .transform(Number),
]);

const groupValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One row of the API's default (and `ratio`) shape: one per (bucket, group). */
export const seriesRowSchema = z
    .looseObject({
        ts_bucket: numeric,
        group: z.array(groupValue).default([]),
    })
    .transform((row) => {
        const out: SeriesRow = { ts_bucket: row.ts_bucket, group: row.group };
        for (const [key, value] of Object.entries(row)) {
            if (!/^series_\d+\.data$/.test(key)) continue;
            const parsed = numeric.safeParse(value);
            out[key as SeriesKey] = parsed.success ? parsed.data : value === null || value === undefined ? null : String(value);
        }
        return out;
    });

/** The key of one series' value in a row: `series_0.data`, `series_1.data`, … */
export type SeriesKey = `series_${number}.data`;

/**
 * One time bucket of one group. A series with no value for the bucket has no key. Values are numbers
 * (counts the API sends as strings are parsed); an aggregate over a text column (`last_value`, `any`, …)
 * stays a string.
 */
export type SeriesRow = {
    /** Start of the bucket, epoch milliseconds. */
    ts_bucket: number;
    /** The group-by values, in `groupBy` order; empty without group-by. */
    group: (string | number | boolean | null)[];
} & { [K in SeriesKey]?: number | string | null };

/** A role of the managed team as `getRoles` returns it: as the service answers it, predefined (`isPredefined`) or custom. */
export const roleSummarySchema = wireRole;

export type LookupTarget = z.input<typeof lookupTargetSchema>;
export type RoleSummary = z.output<typeof roleSummarySchema>;
export type DashboardSummary = z.output<typeof dashboardSummarySchema>;
export type Source = z.output<typeof sourceSchema>;
export type Webhook = z.output<typeof webhookSchema>;
export type QuerySeriesArgs = z.input<typeof querySeriesSchema>;
