import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { CONVERTED_LANGUAGES, type ConvertedLanguage, type ExampleSource, yamlProject } from "./exampleFiles";
import { ROOT } from "./reference";

/** Said when there is no `pulumi` to convert with. */
export const NO_CONVERTER_MESSAGE = [
    "converting the docs examples runs `pulumi convert --from yaml`, and there is no `pulumi` on PATH.",
    "Put the Pulumi CLI (3.259 or later) first on PATH with its YAML converter (pulumi-converter-yaml) and the",
    "python, go, dotnet and java language hosts (tools/engine/language-hosts.sh builds the last three), run",
    "`npm run build` (the converter reads the schema from the plugin), then run this again.",
].join("\n");

/** The environment of a conversion: this repository's plugin folder first on PATH (it serves the schema), no update check, no downloads. */
export function converterEnv(root = ROOT, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
    return {
        ...env,
        PATH: [path.join(root, "plugin"), env.PATH ?? ""].join(path.delimiter),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
}

/** One example converted to one language. */
export interface Conversion {
    page: string;
    language: ConvertedLanguage;
    /** The program file the converter wrote. */
    text: string;
}

/** Where conversions run: how many at a time, the repository whose plugin serves the schema, the base environment. */
export interface ConvertOptions {
    parallel?: number;
    root?: string;
    env?: NodeJS.ProcessEnv;
}

/** Runs `pulumi convert --from yaml --language <language> --generate-only` on one example in `scratch`; returns the program file. */
export async function convertOne(
    pulumi: string,
    source: ExampleSource,
    language: ConvertedLanguage,
    scratch: string,
    options: ConvertOptions = {},
): Promise<Conversion> {
    const dir = fs.mkdtempSync(path.join(scratch, `${source.page.replace(/\//g, "-")}-${language.language}-`));
    const [input, output] = [path.join(dir, "yaml"), path.join(dir, "out")];
    fs.mkdirSync(input);
    fs.writeFileSync(path.join(input, "Pulumi.yaml"), yamlProject(source));
    const args = ["convert", "--from", "yaml", "--language", language.language, "--out", output, "--generate-only", "--non-interactive"];
    await new Promise<void>((resolve, reject) =>
        execFile(pulumi, args, { cwd: input, env: converterEnv(options.root, options.env), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
            error ? reject(new Error(`${source.page} to ${language.language}: pulumi ${args.join(" ")} failed:\n${stdout}${stderr}`)) : resolve(),
        ),
    );
    const program = path.join(output, language.program);
    if (!fs.existsSync(program)) throw new Error(`${source.page} to ${language.language}: the converter wrote no ${language.program}`);
    return { page: source.page, language, text: fs.readFileSync(program, "utf8") };
}

/**
 * Converts every example to every language, `parallel` conversions at a time (each starts the CLI, the converter and
 * the plugin several times), in a scratch folder it removes. Rejects with the first failure, after the others ended.
 */
export async function convertAll(pulumi: string, sources: readonly ExampleSource[], options: ConvertOptions = {}): Promise<Conversion[]> {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docs-examples-"));
    const jobs = sources.flatMap((source) => CONVERTED_LANGUAGES.map((language) => () => convertOne(pulumi, source, language, scratch, options)));
    const results: Conversion[] = [];
    const failures: unknown[] = [];
    const worker = async (): Promise<void> => {
        for (let job = jobs.shift(); job; job = jobs.shift()) {
            try {
                results.push(await job());
            } catch (error) {
                failures.push(error);
            }
        }
    };
    try {
        await Promise.all(Array.from({ length: options.parallel ?? 2 }, worker));
    } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
    }
    if (failures.length > 0) throw failures[0];
    return results;
}
