import { ApiError, ContractViolation } from "../http/apiError";
import type { TeamStore } from "../store/teamStore";
import type { JsonObject } from "../store/types";
import { asArray, asObject } from "./json";

const GRANULARITY_MS: Record<string, number> = {
    "30s": 30_000,
    "1m": 60_000,
    "5m": 300_000,
    "10m": 600_000,
    "15m": 900_000,
    "30m": 1_800_000,
    "1h": 3_600_000,
    "2h": 7_200_000,
    "6h": 21_600_000,
    "12h": 43_200_000,
    "1d": 86_400_000,
    "2d": 172_800_000,
    "7d": 604_800_000,
    "30d": 2_592_000_000,
};
const INTEGER_AGGS = new Set(["count", "count_distinct"]);
const MAX_BUCKETS = 500;
const GROUPS_PER_FIELD = 2;

/** `POST /charts/series` (§4.3): validation, then deterministic synthetic data. */
export function querySeries(body: JsonObject, team: TeamStore): JsonObject {
    for (const field of ["startTime", "endTime"] as const) {
        const value = body[field];
        if (typeof value !== "number" || !Number.isInteger(value) || value <= 0 || String(value).length < 13)
            throw new ContractViolation(field, "Timestamp must be in milliseconds");
    }
    const series = asArray(body.series).map(asObject);
    if (series.length < 1 || series.length > 5) throw new ContractViolation("series", "Between 1 and 5 series are allowed");
    const groupBy = JSON.stringify(series[0].groupBy ?? []);
    if (series.some((s) => JSON.stringify(s.groupBy ?? []) !== groupBy)) throw new ContractViolation("series", "All series must have the same groupBy fields");
    series.forEach((s, i) => {
        if (!team.sources.has(String(s.sourceId))) throw new ApiError(404, `Source not found for series ${i}`, { selfHostedKey: "error" });
    });
    const start = Number(body.startTime);
    const end = Number(body.endTime);
    const step = stepOf(String(body.granularity ?? "auto"), start, end);
    const groups = groupCombinations(asArray(series[0].groupBy).map(String));
    const buckets: number[] = [];
    for (let t = Math.floor(start / step) * step; t < end && buckets.length < MAX_BUCKETS; t += step) buckets.push(t);
    const value = (s: JsonObject, ts: number, group: string[]): number =>
        hash(`${String(s.sourceId)}|${String(s.aggFn)}|${String(s.where)}|${String(s.field ?? "")}|${ts}|${group.join(",")}`) % 1000;
    const format = (s: JsonObject, n: number): string | number => (INTEGER_AGGS.has(String(s.aggFn)) ? String(n) : n / 10);

    if (body.seriesReturnType === "column") {
        const rows = series.flatMap((s, i) =>
            buckets.flatMap((ts) =>
                groups.map((group) => {
                    const row: JsonObject = { __time_bucket: new Date(ts).toISOString(), [`series_${i}`]: format(s, value(s, ts, group)) };
                    asArray(s.groupBy).forEach((field, g) => (row[String(field)] = group[g]));
                    return row;
                }),
            ),
        );
        return { data: rows };
    }
    const rows = buckets.flatMap((ts) =>
        groups.map((group) => {
            const row: JsonObject = { ts_bucket: ts, group };
            if (body.seriesReturnType === "ratio" && series.length === 2) {
                const denominator = value(series[1], ts, group) || 1;
                row["series_0.data"] = value(series[0], ts, group) / denominator;
            } else series.forEach((s, i) => (row[`series_${i}.data`] = format(s, value(s, ts, group))));
            return row;
        }),
    );
    return { data: rows };
}

function stepOf(granularity: string, start: number, end: number): number {
    const fixed = GRANULARITY_MS[granularity];
    if (fixed) return fixed;
    const wanted = Math.max(1, end - start) / 60;
    return Object.values(GRANULARITY_MS).find((ms) => ms >= wanted) ?? GRANULARITY_MS["30d"];
}

/** Two synthetic values per groupBy field (`service-0`, `service-1`), all combinations; `[[]]` without groupBy. */
function groupCombinations(fields: string[]): string[][] {
    return fields.reduce<string[][]>(
        (acc, field) => acc.flatMap((prefix) => Array.from({ length: GROUPS_PER_FIELD }, (_, i) => [...prefix, `${field}-${i}`])),
        [[]],
    );
}

function hash(text: string): number {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return h >>> 0;
}
