#!/usr/bin/env node
// `pulumi-observability export`: writes a Pulumi program that adopts the objects that already exist.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { registry } from "../../provider";
import { Apis } from "../../provider/api/apis";
import { CONFIG_NAMESPACE, ConfigSource, SettingName, SETTINGS, Settings } from "../../provider/settings/config";
import { ExportOptions, kindsFor, parseArgs, SettingFlags, USAGE, UsageError } from "./args";
import { generateProgram } from "./program";
import { progressOn, ProgressStream } from "./progress";
import { readInventory } from "./read";

/** Where the command reads its settings and writes its output. */
export interface CliIo {
    stdout: { write(text: string): unknown };
    /** Progress (on a terminal only) and errors. */
    stderr: ProgressStream;
    /** `OBSERVABILITY_*` settings, credentials included. */
    env: NodeJS.ProcessEnv;
}

/** How long the whole export may take, retries included. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;

const OUTPUT_FILES = ["index.ts", "Pulumi.yaml", "README.md"] as const;

/**
 * Runs the command line (without `node` and the script) and returns the exit status: 0 done, 1 an API or
 * setting error (its message, which never holds a credential), 2 a bad argument.
 */
export async function main(argv: readonly string[], io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
    let command: ReturnType<typeof parseArgs>;
    try {
        command = parseArgs(argv);
    } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        io.stderr.write(`pulumi-observability: ${error.message}\nRun \`pulumi-observability --help\` for the options.\n`);
        return 2;
    }
    if (command.command === "help") {
        io.stdout.write(USAGE);
        return 0;
    }
    try {
        await exportProgram(command, io);
        return 0;
    } catch (error) {
        io.stderr.write(`pulumi-observability export: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
    }
}

/** The export's settings (flags, then the environment) as the stack config a provider is configured with. */
function settingsSource(settings: Settings): ConfigSource {
    const prefix = `${CONFIG_NAMESPACE}:`;
    return {
        get: (key) => (key.startsWith(prefix) && key.slice(prefix.length) in SETTINGS ? settings.get(key.slice(prefix.length) as SettingName) : undefined),
    };
}

async function exportProgram(options: ExportOptions, io: CliIo): Promise<void> {
    const settings = new Settings(flagSource(options.settings), io.env);
    const variant = settings.variant();
    if (!options.force) {
        const outputs = options.out === undefined ? [] : OUTPUT_FILES.map((file) => path.join(options.out as string, file));
        const existing = [...outputs, ...(options.importFile === undefined ? [] : [options.importFile])].filter((file) => existsSync(file));
        if (existing.length > 0) throw new Error(`${existing.join(", ")} already exist; pass --force to overwrite them`);
    }
    const kinds = kindsFor(options.kinds, variant);
    const inventory = await readInventory(
        new Apis(settings),
        variant,
        { kinds, name: options.name },
        progressOn(io.stderr),
        AbortSignal.timeout(EXPORT_TIMEOUT_MS),
    );
    // The providers' own `check` settles the declarations; it checks the settings too, so it gets the same ones.
    for (const { provider } of Object.values(registry)) await provider.configure({ config: settingsSource(settings) });
    const program = await generateProgram(inventory, options.project);
    if (options.importFile !== undefined) {
        mkdirSync(path.dirname(options.importFile), { recursive: true });
        writeFileSync(options.importFile, `${JSON.stringify(program.importFile, null, 2)}\n`);
    }
    if (options.out === undefined) {
        io.stdout.write(program.index);
        return;
    }
    mkdirSync(options.out, { recursive: true });
    writeFileSync(path.join(options.out, "index.ts"), program.index);
    writeFileSync(path.join(options.out, "Pulumi.yaml"), program.pulumiYaml);
    writeFileSync(path.join(options.out, "README.md"), program.readme);
    if (io.stderr.isTTY) {
        const counts = Object.entries(program.declared)
            .map(([kind, n]) => `${n} ${kind}`)
            .join(", ");
        io.stderr.write(
            `wrote ${path.join(options.out, "index.ts")}: ${counts}${program.skipped.length > 0 ? `; ${program.skipped.length} not declared (see the comments)` : ""}\n`,
        );
    }
}

/** The flags as the `observability:*` settings they override; everything else comes from the environment. */
function flagSource(flags: SettingFlags): ConfigSource {
    return {
        get: (key) => {
            const [namespace, name] = key.split(":");
            return namespace === CONFIG_NAMESPACE ? flags[name as keyof SettingFlags] : undefined;
        },
    };
}

if (require.main === module) {
    void main(process.argv.slice(2)).then((status) => {
        process.exitCode = status;
    });
}
