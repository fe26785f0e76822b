// `npm run docs`: writes docs/resources/<kind>.md for every kind in the registry, docs/functions/<name>.md for every
// function of schema.json, their indexes and the overview docs/_index.md, each with its example in every language
// (docs/examples: `npm run docs:examples` converts them first), and removes pages of kinds and functions that are gone.
// `tests/docs/referencePages.test.ts` fails while a committed page differs from what this writes.
import * as fs from "fs";
import * as path from "path";
import { committedPages, generatePages, ROOT } from "./pages";

const { pages, undocumented } = generatePages();
for (const [file, text] of pages) {
    fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    fs.writeFileSync(path.join(ROOT, file), text);
}
for (const file of committedPages().keys()) {
    if (!pages.has(file)) {
        fs.rmSync(path.join(ROOT, file));
        console.log(`removed ${file}`);
    }
}
console.log(`wrote ${pages.size} pages: ${[...new Set([...pages.keys()].map((file) => path.dirname(file)))].join(", ")}`);
if (undocumented.length > 0) {
    console.error(`Properties without JSDoc (add it to the schema or SDK declaration):\n  ${undocumented.join("\n  ")}`);
    process.exitCode = 1;
}
