/**
 * Where a committed file and what a tool writes now first differ, for a failure message: the line and both texts.
 * @param committed the file as committed
 * @param now what the tool writes now
 * @param tool how `now` is named in the message (`generated`, `converted`)
 */
export function firstDifference(committed: string, now: string, tool: string): string {
    const [old, fresh] = [committed.split("\n"), now.split("\n")];
    const line = old.findIndex((text, i) => text !== fresh[i]);
    const at = line < 0 ? old.length : line;
    return `line ${at + 1}: committed ${JSON.stringify(old[at] ?? "<end of file>")}, ${tool} ${JSON.stringify(fresh[at] ?? "<end of file>")}`;
}
