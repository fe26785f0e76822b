/** Plain JSON values: the only thing the engine can carry (no undefined, no Date, no BigInt). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Drops `undefined` keys and turns every value into plain JSON, as the host requires of results. */
export function toJson<T>(value: T): T {
    return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** `items` with each item mapped: the same array when no item changes (a value copied only where it changes). */
export function mappedItems(items: readonly unknown[], map: (item: unknown) => unknown): readonly unknown[] {
    let copy: unknown[] | undefined;
    items.forEach((item, index) => {
        const after = map(item);
        if (after !== item) (copy ??= [...items])[index] = after;
    });
    return copy ?? items;
}

/** `record` with each value mapped (given its key): the same object when no value changes. */
export function mappedValues(record: Readonly<Record<string, unknown>>, map: (value: unknown, key: string) => unknown): Readonly<Record<string, unknown>> {
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
        const after = map(record[key], key);
        if (after !== record[key]) (copy ??= { ...record })[key] = after;
    }
    return copy ?? record;
}

/** Structural equality of JSON values, where an absent key equals `undefined` and `null`. */
export function sameValue(a: unknown, b: unknown): boolean {
    if (a === undefined || a === null) return b === undefined || b === null;
    if (b === undefined || b === null) return false;
    if (Array.isArray(a) || Array.isArray(b)) {
        if (!(Array.isArray(a) && Array.isArray(b) && a.length === b.length)) return false;
        for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
        return true;
    }
    if (typeof a === "object" && typeof b === "object") {
        const left = a as Record<string, unknown>;
        const right = b as Record<string, unknown>;
        // Every own key of either side once, without building key sets (diff compares every resource's inputs); an
        // inherited property (`toString`) is no value of the object.
        for (const key of Object.keys(left)) if (!sameValue(left[key], own(right, key))) return false;
        for (const key of Object.keys(right)) if (!isOwnEnumerable.call(left, key) && !sameValue(undefined, right[key])) return false;
        return true;
    }
    return a === b;
}

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;
const own = (object: Record<string, unknown>, key: string): unknown => (isOwnEnumerable.call(object, key) ? object[key] : undefined);

/** The value at a property path, or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
    let current = root;
    for (const key of path) {
        if (typeof current !== "object" || current === null) return undefined;
        current = (current as Record<PropertyKey, unknown>)[key];
    }
    return current;
}

/** `tiles[0].config.select`: the property path as Pulumi users read it; a map key that is empty or holds `.`, `[` or `]` is quoted (`headers["a.b"]`). */
export function propertyPath(path: readonly PropertyKey[]): string {
    const segment = (out: string, key: string) => (key === "" || /[.[\]]/.test(key) ? `${out}[${JSON.stringify(key)}]` : out ? `${out}.${key}` : key);
    return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : segment(out, String(key))), "");
}
