import * as fs from "fs";
import * as path from "path";
import { KindReference, kindReferences, ROOT, undocumented } from "./reference";
import { PAGES_DIR, renderPages } from "./render";

export { ROOT };

/** What `npm run docs` writes: every page by its path from the root, and the properties that lack JSDoc. */
export function generatePages(references: readonly KindReference[] = kindReferences()): { pages: Map<string, string>; undocumented: string[] } {
    return { pages: renderPages(references), undocumented: undocumented(references) };
}

/** The Markdown files in the pages folder now, by path from the root. */
export function committedPages(root = ROOT): Map<string, string> {
    const dir = path.join(root, PAGES_DIR);
    if (!fs.existsSync(dir)) return new Map();
    return new Map(
        fs
            .readdirSync(dir)
            .filter((name) => name.endsWith(".md"))
            .sort()
            .map((name) => [`${PAGES_DIR}/${name}`, fs.readFileSync(path.join(dir, name), "utf8")]),
    );
}
