// Tiles have no identity of their own until the server mints an id, and the server lets names be empty or repeat
// (dashboards made in the web UI have such tiles). A tile's key is how the package finds its stored id again: its
// name when that name is non-empty and no other tile has it, else `name#n`, the n-th tile (from 1, in tile order)
// of that name. Keys key the `tileIds` output and the ids sent back on every update, so a tile keeps its id (and
// its alerts) as long as its key does: renaming it, or reordering tiles that share a name, gives it a new id.

/**
 * The key of every tile, in order.
 * @param names The tiles' names, in tile order.
 */
export function tileKeys(names: readonly string[]): string[] {
    const total = new Map<string, number>();
    for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
    const seen = new Map<string, number>();
    return names.map((name) => {
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        return name !== "" && total.get(name) === 1 ? name : `${name}#${n}`;
    });
}
