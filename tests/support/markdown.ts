/**
 * Just enough Markdown for the documentation tests: the pages of the repository, the relative links of a page and
 * the anchors a page offers, as GitHub renders them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

/** A relative link of a page: where it points, and on which line. */
export interface MarkdownLink {
    /** The path part, as written (empty for a link to an anchor of the same page). */
    target: string;
    /** The fragment without its `#`, decoded; undefined when the link has none. */
    anchor: string | undefined;
    line: number;
}

/** The Markdown files under a folder, recursively, as paths relative to `root`, sorted. */
export function markdownFiles(root: string, folder: string): string[] {
    const found: string[] = [];
    const walk = (relative: string): void => {
        for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
            const child = path.posix.join(relative, entry.name);
            if (entry.isDirectory()) walk(child);
            else if (entry.name.endsWith(".md")) found.push(child);
        }
    };
    if (existsSync(path.join(root, folder))) walk(folder);
    return found.sort();
}

/** The lines of a page that are prose: those of fenced code blocks are blanked, so that their text is neither link nor heading. */
function proseLines(text: string): string[] {
    let fence: string | undefined;
    return text.split("\n").map((line) => {
        const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
        if (fence !== undefined) {
            if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
            return "";
        }
        if (marker !== undefined) {
            fence = marker;
            return "";
        }
        return line;
    });
}

/** A line with its code spans replaced by a placeholder of no Markdown meaning. */
function withoutCodeSpans(line: string): string {
    return line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, "code");
}

/** Whether a link target leaves the repository (a scheme such as `https:` or `mailto:`, or a protocol-relative URL). */
function isExternal(target: string): boolean {
    return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");
}

/** Every link of a page that points into the repository: inline links and images, and reference definitions. */
export function relativeLinks(text: string): MarkdownLink[] {
    const links: MarkdownLink[] = [];
    proseLines(text).forEach((raw, index) => {
        const line = withoutCodeSpans(raw);
        const destinations = [
            ...[...line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
            ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g)].map((match) => match[1]),
        ];
        for (const destination of destinations) {
            if (destination === "" || isExternal(destination)) continue;
            const hash = destination.indexOf("#");
            const target = hash < 0 ? destination : destination.slice(0, hash);
            const anchor = hash < 0 ? undefined : decodeURIComponent(destination.slice(hash + 1));
            links.push({ target: decodeURIComponent(target), anchor, line: index + 1 });
        }
    });
    return links;
}

/**
 * GitHub's anchor of a heading's text: the text as rendered (code spans, links and HTML tags reduced to their text),
 * lowercased, every character but letters, digits, `-`, `_` and spaces dropped (emphasis marks `*` with them), spaces
 * turned into `-`.
 */
export function headingSlug(heading: string): string {
    const rendered = heading
        .replace(/<[^>]*>/g, "")
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/`/g, "");
    return rendered
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
        .replace(/ /g, "-");
}

/**
 * Every anchor a page offers: its headings' slugs (the second of a slug gets `-1`, the third `-2`, as GitHub numbers
 * them) and the `id` or `name` of its HTML anchors (`<a id="nested-tiles"></a>`).
 */
export function pageAnchors(text: string): Set<string> {
    const anchors = new Set<string>();
    const seen = new Map<string, number>();
    for (const line of proseLines(text)) {
        const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
        if (heading) {
            const slug = headingSlug(heading[1]);
            const count = seen.get(slug) ?? 0;
            seen.set(slug, count + 1);
            anchors.add(count === 0 ? slug : `${slug}-${count}`);
        }
        for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
    }
    return anchors;
}

/** A page's text, or undefined when it is no file. */
export function readPage(file: string): string | undefined {
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** The bodies of a page's fenced code blocks in `language` (```ts), in order. */
export function codeBlocks(text: string, language: string): string[] {
    return [...text.matchAll(new RegExp("^```" + language + "\\n([\\s\\S]*?)^```", "gm"))].map((block) => block[1]);
}
