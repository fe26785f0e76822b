import { readFileSync } from "node:fs";
import * as path from "node:path";
import { createRequire } from "node:module";

// js-yaml comes with @pulumi/pulumi, which reads stack files with it; load that copy.
const yaml = createRequire(require.resolve("@pulumi/pulumi/package.json"))("js-yaml") as { load(text: string): unknown };

/**
 * Reads the `config:` map of a Pulumi stack file (`Pulumi.<stack>.yaml`) as the CLI hands it to a program:
 * strings as they are, structured values as JSON text. An encrypted `secure:` value is refused: only the
 * CLI can decrypt it, so tests pass such settings through the environment instead.
 */
export function readStackConfig(file: string): Record<string, string> {
    const parsed = yaml.load(readFileSync(file, "utf8")) as { config?: Record<string, unknown> } | undefined;
    return Object.fromEntries(
        Object.entries(parsed?.config ?? {}).map(([key, value]) => {
            if (typeof value === "object" && value !== null && "secure" in value)
                throw new Error(`${file}: ${key} is encrypted; set it through the environment instead`);
            return [key, typeof value === "string" ? value : JSON.stringify(value)];
        }),
    );
}

/** The program a Pulumi project runs: the `main:` of its `Pulumi.yaml` (default: the project's folder), as a path. */
export function projectProgram(projectFile: string): string {
    const parsed = yaml.load(readFileSync(projectFile, "utf8")) as { main?: unknown } | undefined;
    const main = typeof parsed?.main === "string" ? parsed.main : ".";
    return path.join(path.dirname(projectFile), main, "index.ts");
}
