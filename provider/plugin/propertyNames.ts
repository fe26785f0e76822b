// Pulumi's package schema allows no whitespace in a property name (its binder refuses the whole schema: "property name
// must contain only printable, non-whitespace characters"). The one wire key that holds some, a metric source's
// `exponential histogram` table, is camel-cased in the schema (`exponentialHistogram`), and the plugin renames it both
// ways under every `metricTables` object (a Source's inputs and outputs, `getSources` items).
import { mappedItems, mappedValues } from "../common/values";
import { metricType } from "../resources/dashboard/tileConfig";

/** The key of the objects whose keys are renamed. */
const RENAMED_UNDER = "metricTables";

/**
 * The schema's name of a wire key: whitespace removed, the next letter capitalized (`exponential histogram` →
 * `exponentialHistogram`); any other key as it is.
 * @param key the key as the lifecycle and the API spell it
 */
export function schemaPropertyName(key: string): string {
    return key.replace(/\s+(\w)/g, (_match, letter: string) => letter.toUpperCase());
}

/** The wire keys the schema spells otherwise, by their schema name. */
const WIRE_KEYS: ReadonlyMap<string, string> = new Map(
    metricType.options.filter((key) => schemaPropertyName(key) !== key).map((key) => [schemaPropertyName(key), key]),
);

/** `value` with the keys under every `metricTables` renamed: the same object where nothing is renamed (no copy). */
function renamed(value: unknown, rename: (key: string) => string): unknown {
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) return mappedItems(value, (item) => renamed(item, rename));
    return mappedValues(value as Record<string, unknown>, (item, key) =>
        key === RENAMED_UNDER && isRecord(item) ? renamedKeys(item, rename) : renamed(item, rename),
    );
}

function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The tables of a `metricTables` object under their renamed keys (the same object when none is renamed). */
function renamedKeys(tables: Record<string, unknown>, rename: (key: string) => string): Record<string, unknown> {
    const names = Object.keys(tables);
    if (names.every((name) => rename(name) === name)) return tables;
    return Object.fromEntries(names.map((name) => [rename(name), tables[name]]));
}

/** A value the engine sent (schema names), with the lifecycle's keys. */
export function withWireNames<T>(value: T): T {
    return renamed(value, (key) => WIRE_KEYS.get(key) ?? key) as T;
}

/** A value for the engine, with the schema's names. */
export function withSchemaNames<T>(value: T): T {
    return renamed(value, schemaPropertyName) as T;
}
