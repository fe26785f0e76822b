import * as fs from "fs";
import * as path from "path";
import { ROOT } from "./reference";

/** Where the examples live, relative to the repository root: `<page>.yaml` and the folder `<page>/` of its conversions. */
export const EXAMPLES_DIR = "docs/examples";

/** A language `pulumi convert --from yaml` writes, and the one program file of its output that is kept. */
export interface ConvertedLanguage {
    /** The converter's `--language`. */
    language: string;
    /** The heading of its section on a page. */
    label: string;
    /** The code fence's language. */
    fence: string;
    /** The program file, relative to the converter's output folder. */
    program: string;
}

/** The languages every example is converted to, in the order the pages show them (after TypeScript, before YAML). */
export const CONVERTED_LANGUAGES: readonly ConvertedLanguage[] = [
    { language: "python", label: "Python", fence: "python", program: "__main__.py" },
    { language: "go", label: "Go", fence: "go", program: "main.go" },
    { language: "csharp", label: "C#", fence: "csharp", program: "Program.cs" },
    { language: "java", label: "Java", fence: "java", program: "src/main/java/generated_program/App.java" },
];

/** One example: its page id (`resources/alert`, `functions/getSources`, `overview`) and its YAML text. */
export interface ExampleSource {
    page: string;
    yaml: string;
}

/** The committed file of a page's conversion to a language: `docs/examples/<page>/<basename of the program>`. */
export function convertedPath(page: string, language: ConvertedLanguage): string {
    return `${EXAMPLES_DIR}/${page}/${path.posix.basename(language.program)}`;
}

/** Every `.yaml` example under the examples folder, by page id, sorted. */
export function exampleSources(root = ROOT): ExampleSource[] {
    const base = path.join(root, EXAMPLES_DIR);
    const found: ExampleSource[] = [];
    const walk = (dir: string): void => {
        if (!fs.existsSync(dir)) return;
        for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (entry.name.endsWith(".yaml"))
                found.push({
                    page: path
                        .relative(base, full)
                        .split(path.sep)
                        .join("/")
                        .replace(/\.yaml$/, ""),
                    yaml: fs.readFileSync(full, "utf8"),
                });
        }
    };
    walk(base);
    return found;
}

/** The committed conversions of a page, by language; a missing file is absent from the map. */
export function committedConversions(page: string, root = ROOT): Map<ConvertedLanguage, string> {
    const files = new Map<ConvertedLanguage, string>();
    for (const language of CONVERTED_LANGUAGES) {
        const file = path.join(root, convertedPath(page, language));
        if (fs.existsSync(file)) files.set(language, fs.readFileSync(file, "utf8"));
    }
    return files;
}

/**
 * The Pulumi YAML project the converter reads for an example: the fragment under a `name` and `runtime: yaml`.
 * The name (`resources-alert`) reaches none of the kept program files.
 */
export function yamlProject(source: ExampleSource): string {
    return `name: ${source.page.replace(/[^A-Za-z0-9]+/g, "-")}\nruntime: yaml\n\n${source.yaml}`;
}

/**
 * What `pulumi convert` gets wrong in Go, by the compiler's message: the errors a converted `main.go` may fail to build
 * with because of the converter, not of the example. The engine suite requires every other example to build and vet.
 */
export const GO_CONVERTER_GAPS: readonly { pattern: RegExp; gap: string }[] = [
    { pattern: /is not an interface$/, gap: "it reads a lookup's list result with a type assertion, which Go allows on interfaces only" },
    {
        pattern: /pulumi\.Any \(value of type func\(v any\) pulumi\.AnyOutput\) is not a type$/,
        gap: "it writes `pulumi.Any{…}` for a union property (a tile's `config`)",
    },
    { pattern: /does not implement observability\.\w+Input \(missing method ElementType\)$/, gap: "it leaves an enum inside a union property a plain string" },
];

/**
 * The pages whose converted `main.go` does not build because of {@link GO_CONVERTER_GAPS}, with what the converter got
 * wrong there; the page's Go section says so.
 */
export const GO_NOT_BUILDING: ReadonlyMap<string, string> = new Map<string, string>([
    ...["getDashboards", "getDataPipes", "getRoles", "getSources", "getTeamMembers", "getWebhooks"].map(
        (name) =>
            [
                `functions/${name}`,
                "it reads the lookup's list with a type assertion (`.Items.([]…)`), which Go allows on interfaces only; export the result's own accessor instead (`sourcesVar.Items()`, `team.Members()`)",
            ] as const,
    ),
    ...["resources/dashboard", "overview"].map(
        (page) =>
            [
                page,
                'it writes `pulumi.Any{…}` for a tile\'s `config`, a union in the schema, and leaves its `aggFn` a plain string; write the config as the struct of its display type (`&observability.DashboardTilesConfigBuilderLineArgs{…}`, `observability.AggFn("count")`)',
            ] as const,
    ),
]);
