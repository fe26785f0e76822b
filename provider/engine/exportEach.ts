import type { ExportedObject, ExportScope } from "./exporter";

/**
 * The objects the export command keeps (by the `--name` filter), each mapped through its kind's read mapping,
 * counting them for the progress line as they come.
 * @param items the objects as the API listed them
 * @param nameOf the object's own name, if it has one
 * @param exported the object as its kind's read mapping normalizes it
 */
export function exportEach<W, E extends ExportedObject>(
    scope: ExportScope,
    items: readonly W[],
    nameOf: (item: W) => string | undefined,
    exported: (item: W) => E,
): E[] {
    const kept: E[] = [];
    for (const item of items) {
        if (!scope.keep(nameOf(item))) continue;
        kept.push(exported(item));
        scope.count(kept.length);
    }
    return kept;
}
