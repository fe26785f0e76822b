// `npm run sdks [-- <language>...]`: the SDKs of the provider plugin, from `schema.json`, by Pulumi's own generators
// (`pulumi package gen-sdk`), into `build/sdks/<language>/` (not committed). Fails without a `pulumi` on PATH, when a
// generator fails, or when one prints a warning or an error. docs/sdks.md says how to use them.
import * as path from "node:path";
import { generateSdk, pulumiExecutable, SDK_LANGUAGES, type SdkLanguage } from "./generate";

/** The repository root (this file lives in `tools/sdks/`). */
const ROOT = path.resolve(__dirname, "..", "..");

/** Where the SDKs go, one folder per language. */
const OUT = path.join(ROOT, "build", "sdks");

async function main(argv: string[]): Promise<number> {
    const unknown = argv.filter((name) => !(SDK_LANGUAGES as readonly string[]).includes(name));
    if (unknown.length > 0) {
        console.error(`unknown language ${unknown.join(", ")}: one of ${SDK_LANGUAGES.join(", ")}`);
        return 2;
    }
    const languages = argv.length > 0 ? (argv as SdkLanguage[]) : [...SDK_LANGUAGES];
    let pulumi: string;
    try {
        pulumi = pulumiExecutable();
    } catch (error) {
        console.error((error as Error).message);
        return 1;
    }
    let failed = false;
    for (const language of languages) {
        try {
            const sdk = await generateSdk({ pulumi, schemaFile: path.join(ROOT, "schema.json"), language, out: OUT });
            if (sdk.diagnostics.length > 0) {
                failed = true;
                console.error(`${language}: the generator said:\n  ${sdk.diagnostics.join("\n  ")}`);
            } else console.log(`${language}: ${path.relative(ROOT, sdk.dir)}`);
        } catch (error) {
            failed = true;
            console.error(`${language}: ${(error as Error).message}`);
        }
    }
    return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
        console.error(error);
        process.exit(1);
    },
);
