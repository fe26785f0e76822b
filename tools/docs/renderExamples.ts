import { CONVERTED_LANGUAGES, EXAMPLES_DIR, GO_NOT_BUILDING, type ConvertedLanguage } from "./exampleFiles";

/** A page's example: its YAML source and the committed conversions of it, by language. */
export interface PageExample {
    page: string;
    yaml: string;
    conversions: Map<ConvertedLanguage, string>;
}

/** The sentence every example section opens with (the pages' readers meet two ways of using the package). */
const TYPESCRIPT_NOTE =
    "TypeScript programs use this package's own classes (`npm install pulumi-observability`), dynamic providers written by hand, so the TypeScript example is the hand-written one, type-checked against them; the other languages use the provider plugin through the SDK Pulumi generates from its `schema.json`, and their examples are converted by `pulumi convert` from the YAML one";

function details(label: string, fence: string, code: string, open = false, note?: string): string {
    const lead = note ? [note, ""] : [];
    return [`<details${open ? " open" : ""}><summary><b>${label}</b></summary>`, "", ...lead, `\`\`\`${fence}`, code.trimEnd(), "```", "", "</details>"].join(
        "\n",
    );
}

/** What a page's Go section says when the converter's Go does not build. */
function goNote(page: string): string | undefined {
    const gap = GO_NOT_BUILDING.get(page);
    return gap && `As \`pulumi convert\` writes it, this does not build: ${gap}. Fix that by hand as the Go compiler says; the rest is as converted.`;
}

/**
 * The example section of a page: the TypeScript example (the SDK's `@example`), then the conversions of the YAML
 * example in every language, then the YAML itself, one collapsible block per language (GitHub Markdown has no tabs).
 * `depth` is how many folders below `docs/` the page is, for the link to the YAML source.
 */
export function examplesSection(typescript: readonly string[], example: PageExample | undefined, depth: number, heading = "## Example"): string {
    const blocks = typescript.map((code, i) => details(typescript.length > 1 ? `TypeScript (${i + 1})` : "TypeScript", "ts", code, i === 0));
    if (example) {
        for (const language of CONVERTED_LANGUAGES) {
            const code = example.conversions.get(language);
            if (code !== undefined)
                blocks.push(details(language.label, language.fence, code, false, language.language === "go" ? goNote(example.page) : undefined));
        }
        blocks.push(details("YAML", "yaml", example.yaml));
    }
    if (blocks.length === 0) return "";
    const source = example ? ` ([${example.page}.yaml](${"../".repeat(depth)}${EXAMPLES_DIR.replace(/^docs\//, "")}/${example.page}.yaml))` : "";
    return [heading, "", `${TYPESCRIPT_NOTE}${source}.`, "", blocks.join("\n\n")].join("\n");
}
