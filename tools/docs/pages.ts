import * as fs from "fs";
import * as path from "path";
import { committedConversions, EXAMPLES_DIR, exampleSources } from "./exampleFiles";
import { functionReferences, type FunctionReference } from "./functionReference";
import { KindReference, kindReferences, ROOT, undocumented } from "./reference";
import { PAGES_DIR, renderIndex, renderPage } from "./render";
import type { PageExample } from "./renderExamples";
import { FUNCTIONS_DIR, renderFunctionIndex, renderFunctionPage } from "./renderFunctions";
import { OVERVIEW_PAGE, renderOverview } from "./renderOverview";

export { ROOT };

/** The hand-written TypeScript example of the overview, type-checked with the SDK's `@example`s. */
export const OVERVIEW_TYPESCRIPT = `${EXAMPLES_DIR}/overview.ts`;

/** The folders of generated pages, relative to the root; each holds a README.md index. */
export const PAGE_DIRS = [PAGES_DIR, FUNCTIONS_DIR];

/** The page an example belongs on: `resources/alert` → `docs/resources/alert.md`, `overview` → `docs/_index.md`. */
export function pageOfExample(page: string): string {
    return page === "overview" ? OVERVIEW_PAGE : `docs/${page}.md`;
}

/** Every YAML example with its committed conversions, by page id (`resources/alert`). */
export function pageExamples(root = ROOT): Map<string, PageExample> {
    return new Map(exampleSources(root).map((source) => [source.page, { ...source, conversions: committedConversions(source.page, root) }]));
}

/** The overview's TypeScript example as committed. */
export function overviewTypescript(root = ROOT): string {
    return fs.readFileSync(path.join(root, OVERVIEW_TYPESCRIPT), "utf8").trim();
}

/** What `npm run docs` writes: every page by its path from the root, and the properties that lack JSDoc. */
export function generatePages(
    references: readonly KindReference[] = kindReferences(),
    functions: readonly FunctionReference[] = functionReferences(),
    examples: Map<string, PageExample> = pageExamples(),
    overview: string = overviewTypescript(),
): { pages: Map<string, string>; undocumented: string[] } {
    const pages = new Map<string, string>([[`${PAGES_DIR}/README.md`, renderIndex(references)]]);
    for (const reference of references) pages.set(`${PAGES_DIR}/${reference.key}.md`, renderPage(reference, examples.get(`resources/${reference.key}`)));
    pages.set(`${FUNCTIONS_DIR}/README.md`, renderFunctionIndex(functions));
    for (const fn of functions) pages.set(`${FUNCTIONS_DIR}/${fn.key}.md`, renderFunctionPage(fn, examples.get(`functions/${fn.key}`)));
    pages.set(OVERVIEW_PAGE, renderOverview(references, functions, overview, examples.get("overview")));
    return { pages, undocumented: undocumented(references) };
}

/** The generated Markdown files there are now (the pages folders' and the overview), by path from the root. */
export function committedPages(root = ROOT): Map<string, string> {
    const files = PAGE_DIRS.flatMap((dir) =>
        fs.existsSync(path.join(root, dir))
            ? fs
                  .readdirSync(path.join(root, dir))
                  .filter((name) => name.endsWith(".md"))
                  .sort()
                  .map((name) => `${dir}/${name}`)
            : [],
    );
    if (fs.existsSync(path.join(root, OVERVIEW_PAGE))) files.push(OVERVIEW_PAGE);
    return new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")]));
}
