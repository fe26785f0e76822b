import { ContractViolation } from "../../http/apiError";
import type { IdFactory } from "../../random";
import type { DashboardFilter, JsonObject } from "../../store/types";
import { declaredKeys, type OpenApiDocuments } from "../../validation/openapiDocs";
import { asObject, has, pick } from "../json";
import type { WriteMode } from "./writeMode";

/**
 * Filter objects are strict (§2.6): unknown keys are refused. The allowed keys come from the variant's
 * document; `id` is refused on create and validate and required on every PUT filter (both variants).
 */
export function checkFilters(docs: OpenApiDocuments, mode: WriteMode, input: unknown[]): void {
    const managed = mode.variant === "managed";
    const allowed = managed ? declaredKeys(docs.cloud, "ObservabilityFilter") : declaredKeys(docs.selfHosted, "Filter");
    if (mode.kind !== "update") allowed.delete("id");
    const variableNames = new Set<string>();
    input.forEach((raw, i) => {
        const filter = asObject(raw);
        const path = `filters.${i}`;
        const unknown = Object.keys(filter).filter((k) => !allowed.has(k));
        if (unknown.length) throw new ContractViolation(path, `Unrecognized key(s) in object: ${unknown.map((k) => `'${k}'`).join(", ")}`);
        // Both variants' update schemas require the id (self-hosted: the PUT body's filter schema keeps `id: string`).
        if (mode.kind === "update" && !has(filter, "id")) throw new ContractViolation(`${path}.id`, "Required");
        const broadcast = filter.isBroadcastEnabled !== false;
        const variable = filter.isVariableEnabled === true;
        if (!broadcast && !variable) throw new ContractViolation(path, "A filter must broadcast its value, be a variable, or both");
        if (!broadcast && Array.isArray(filter.appliesToSourceIds) && filter.appliesToSourceIds.length > 0)
            throw new ContractViolation(`${path}.appliesToSourceIds`, "appliesToSourceIds cannot be set when isBroadcastEnabled is false");
        if (has(filter, "variableName") && !variable)
            throw new ContractViolation(`${path}.variableName`, "variableName is only allowed when isVariableEnabled is true");
        if (!variable) return;
        const name = variableNameOf(filter);
        if (!name) throw new ContractViolation(`${path}.variableName`, "A variable name cannot be derived from the filter name; set variableName");
        if (variableNames.has(name)) throw new ContractViolation(`${path}.variableName`, `Duplicate variable name "${name}"`);
        variableNames.add(name);
    });
}

/** Stored filters: ids kept when they match a stored filter (update only), otherwise minted. */
export function buildFilters(input: unknown[], stored: DashboardFilter[], ids: IdFactory, mode: WriteMode): DashboardFilter[] {
    const storedIds = new Set(stored.map((f) => f.id));
    return input.map((raw) => {
        const filter = asObject(raw);
        const keep = mode.kind === "update" && typeof filter.id === "string" && storedIds.has(filter.id);
        const out = pick(filter, [
            "type",
            "name",
            "expression",
            "sourceId",
            "sourceMetricType",
            "where",
            "whereLanguage",
            "appliesToSourceIds",
            "isBroadcastEnabled",
            "isVariableEnabled",
            "variableName",
        ]);
        return { id: keep ? String(filter.id) : ids.objectId(), ...out } as unknown as DashboardFilter;
    });
}

/** The read shape of a filter: its stored keys, `appliesToSourceIds` only when it broadcasts, `variableName` only when it is a variable. */
export function renderFilter(filter: DashboardFilter): JsonObject {
    const out: JsonObject = { id: filter.id, type: filter.type, name: filter.name, expression: filter.expression, sourceId: filter.sourceId };
    if (filter.sourceMetricType !== undefined) out.sourceMetricType = filter.sourceMetricType;
    if (filter.where !== undefined) out.where = filter.where;
    if (filter.whereLanguage !== undefined) out.whereLanguage = filter.whereLanguage;
    if (filter.appliesToSourceIds !== undefined && filter.isBroadcastEnabled !== false) out.appliesToSourceIds = [...filter.appliesToSourceIds];
    if (filter.isBroadcastEnabled !== undefined) out.isBroadcastEnabled = filter.isBroadcastEnabled;
    if (filter.isVariableEnabled !== undefined) out.isVariableEnabled = filter.isVariableEnabled;
    // Only a stored name is read back: the server derives one when it needs it, it never stores or shows it.
    if (filter.isVariableEnabled === true && filter.variableName !== undefined) out.variableName = filter.variableName;
    return out;
}

/** The explicit variableName, else the display name with whitespace as `_` and other illegal characters removed. */
function variableNameOf(filter: JsonObject): string | undefined {
    if (typeof filter.variableName === "string") return filter.variableName;
    const derived = String(filter.name ?? "")
        .trim()
        .replace(/\s+/g, "_")
        .replace(/[^a-zA-Z0-9_]/g, "")
        .replace(/^[^a-zA-Z]+/, "")
        .slice(0, 64);
    return derived || undefined;
}
