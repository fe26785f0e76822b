// `npm run docs`: writes docs/resources/<kind>.md for every kind in the registry, and removes pages of kinds
// that are gone. `tests/docs/referencePages.test.ts` fails while a committed page differs from what this writes.
import * as fs from "fs";
import * as path from "path";
import { committedPages, generatePages, ROOT } from "./pages";

const { pages, undocumented } = generatePages();
fs.mkdirSync(path.join(ROOT, path.dirname([...pages.keys()][0])), { recursive: true });
for (const [file, text] of pages) fs.writeFileSync(path.join(ROOT, file), text);
for (const file of committedPages().keys()) {
    if (!pages.has(file)) {
        fs.rmSync(path.join(ROOT, file));
        console.log(`removed ${file}`);
    }
}
console.log(`wrote ${pages.size} pages to ${path.dirname([...pages.keys()][0])}`);
if (undocumented.length > 0) {
    console.error(`Properties without JSDoc (add it to the schema or SDK declaration):\n  ${undocumented.join("\n  ")}`);
    process.exitCode = 1;
}
