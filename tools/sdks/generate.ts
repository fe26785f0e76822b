// Pulumi's own SDK generators run on `schema.json`: `pulumi package gen-sdk <schema> --language <l>`, once per
// language, into one folder per language. `npm run sdks` (main.ts) and the engine suite (tests/realengine/sdks.engine.ts)
// both generate through here.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { findPulumi } from "../engine/onPath";
import { GO_MODULE_PATH } from "../schema/languages";
import { serveLogo } from "./logo";

/**
 * The languages `npm run sdks` generates. Java is left out: its generator (pulumi-java 1.17) warns that each secret
 * configuration variable (`apiKey`, `keySecret`) "does not have an Output type" — it cannot carry a configuration
 * value's secrecy — and that is silenced only by dropping `secret` from those variables, which every other language
 * and the docs read; nor could a Java SDK be built here, with no Maven repository reachable (docs/sdks.md).
 */
export const SDK_LANGUAGES = ["nodejs", "python", "go", "dotnet"] as const;

/** One of {@link SDK_LANGUAGES}, as `pulumi package gen-sdk --language` names it. */
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];

/** The failure without a Pulumi CLI, and what it needs. */
export const NO_PULUMI_MESSAGE = [
    "`npm run sdks` runs Pulumi's own SDK generators (`pulumi package gen-sdk`) and found no `pulumi` on PATH.",
    "Install the Pulumi CLI (3.259 or later; .NET needs its pulumi-language-dotnet host too), put it on PATH and run it again.",
].join(" ");

/**
 * What the CLI prints about where it found a language host, not about the schema: a host on `PATH` rather than beside
 * the `pulumi` executable (the only such line a run may print; docs/sdks.md).
 */
const HOST_FROM_PATH = /^warning: using pulumi-language-[a-z]+ from \$PATH at \S+( expected \S+)?$/;

/** The environment of the generators: no update check (whose notice would be one more line to read). */
function generatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return { ...env, PULUMI_SKIP_UPDATE_CHECK: "true" };
}

/** The `pulumi` executable on `PATH`; throws {@link NO_PULUMI_MESSAGE} when there is none. */
export function pulumiExecutable(env: NodeJS.ProcessEnv = process.env): string {
    const pulumi = findPulumi(env);
    if (!pulumi) throw new Error(NO_PULUMI_MESSAGE);
    return pulumi;
}

/** The CLI's version, `v3.259.0`: the Go SDK's `go.mod` requires Pulumi's Go SDK at the version of the generator. */
export function pulumiVersion(pulumi: string, env: NodeJS.ProcessEnv = process.env): string {
    const run = spawnSync(pulumi, ["version"], { encoding: "utf8", env: generatorEnv(env) });
    const version = run.stdout.trim();
    if (run.status !== 0 || !/^v\d+\.\d+\.\d+$/.test(version)) throw new Error(`\`${pulumi} version\` answered ${JSON.stringify(version + run.stderr)}`);
    return version;
}

/**
 * The generator's diagnostics in its output: every line that says `warn` or `error` (any case), but the CLI's notice
 * that a language host was found on `PATH`.
 */
export function generatorDiagnostics(output: string): string[] {
    return output
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => /warn|error/i.test(line) && !HOST_FROM_PATH.test(line));
}

/** The `go.mod` of the generated Go SDK's folder: module {@link GO_MODULE_PATH}, requiring Pulumi's Go SDK at `version`. */
export function goModText(version: string): string {
    return [`module ${GO_MODULE_PATH}`, "", "go 1.22", "", `require github.com/pulumi/pulumi/sdk/v3 ${version}`, ""].join("\n");
}

/** A generated SDK. */
export interface GeneratedSdk {
    readonly language: SdkLanguage;
    /** Its folder, `<out>/<language>`. */
    readonly dir: string;
    /** What the generator printed, stdout then stderr. */
    readonly output: string;
    /** {@link generatorDiagnostics} of that output: none for a clean generation. */
    readonly diagnostics: string[];
}

/** What {@link generateSdk} needs. */
export interface GenerateOptions {
    /** The `pulumi` executable. */
    readonly pulumi: string;
    /** The package schema's file. */
    readonly schemaFile: string;
    readonly language: SdkLanguage;
    /** The folder of every language's SDK; `<out>/<language>` is emptied first. */
    readonly out: string;
    /** The generators' environment (its `PATH` finds the language hosts); the process's by default. */
    readonly env?: NodeJS.ProcessEnv;
}

/** Runs a command to its end, its output collected. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
        const child = spawn(file, args, { env, stdio: ["ignore", "pipe", "pipe"] });
        const [stdout, stderr]: Buffer[][] = [[], []];
        child.stdout.on("data", (data: Buffer) => stdout.push(data));
        child.stderr.on("data", (data: Buffer) => stderr.push(data));
        child.once("error", reject);
        child.once("close", (code) => resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") }));
    });
}

/**
 * Generates one language's SDK with `pulumi package gen-sdk`; for .NET with the schema's `logoUrl` on a loopback
 * server (logo.ts), for Go with a `go.mod` ({@link goModText}). Throws, with the generator's output, when it fails.
 */
export async function generateSdk(options: GenerateOptions): Promise<GeneratedSdk> {
    const env = generatorEnv(options.env ?? process.env);
    const dir = path.join(options.out, options.language);
    rmSync(dir, { recursive: true, force: true });
    const scratch = mkdtempSync(path.join(tmpdir(), "observability-sdk-"));
    const logo = options.language === "dotnet" ? await serveLogo() : undefined;
    try {
        let schemaFile = options.schemaFile;
        if (logo) {
            schemaFile = path.join(scratch, "schema.json");
            const schema = JSON.parse(readFileSync(options.schemaFile, "utf8")) as Record<string, unknown>;
            writeFileSync(schemaFile, JSON.stringify({ ...schema, logoUrl: logo.url }));
        }
        const args = ["package", "gen-sdk", schemaFile, "--language", options.language, "--out", options.out];
        const result = await run(options.pulumi, args, env);
        const output = [result.stdout, result.stderr].filter((text) => text.trim() !== "").join("\n");
        if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} failed (exit code ${String(result.code)}):\n${output}`);
        if (options.language === "go") writeFileSync(path.join(dir, "go.mod"), goModText(pulumiVersion(options.pulumi, env)));
        return { language: options.language, dir, output, diagnostics: generatorDiagnostics(output) };
    } finally {
        await logo?.close();
        rmSync(scratch, { recursive: true, force: true });
    }
}
