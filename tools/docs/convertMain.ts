// `npm run docs:examples [-- <page>...]`: converts every docs/examples/**/<page>.yaml (or the pages named, such as
// `resources/source`) to Python, Go, C# and Java with the Pulumi CLI and writes each program file to
// docs/examples/<page>/. Then `npm run docs` embeds them in the pages.
// tests/realengine/docExamples.engine.ts fails while a committed file differs from what the converter writes.
import * as fs from "fs";
import * as path from "path";
import { findPulumi } from "../engine/onPath";
import { convertAll, NO_CONVERTER_MESSAGE } from "./convert";
import { convertedPath, EXAMPLES_DIR, exampleSources } from "./exampleFiles";
import { ROOT } from "./reference";

async function main(): Promise<void> {
    const pulumi = findPulumi();
    if (!pulumi) throw new Error(NO_CONVERTER_MESSAGE);
    const named = process.argv.slice(2);
    const sources = exampleSources().filter((source) => named.length === 0 || named.includes(source.page));
    const unknown = named.filter((page) => !sources.some((source) => source.page === page));
    if (unknown.length > 0) throw new Error(`no example ${unknown.join(", ")} under ${EXAMPLES_DIR}`);
    const started = Date.now();
    const conversions = await convertAll(pulumi, sources, { parallel: Number(process.env.DOCS_EXAMPLES_PARALLEL ?? 2) });
    for (const { page, language, text } of conversions) {
        const file = path.join(ROOT, convertedPath(page, language));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
    }
    console.log(`converted ${sources.length} examples to ${conversions.length} files under ${EXAMPLES_DIR} in ${Math.round((Date.now() - started) / 1000)}s`);
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
});
