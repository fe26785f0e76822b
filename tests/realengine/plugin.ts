/**
 * The provider plugin `pulumi-resource-observability` as a user installs it for the real CLI, both ways: the package's
 * `bin` on `PATH` (what `npm install` links into `node_modules/.bin`), or the repository's `plugin/` folder named in the
 * project's `Pulumi.yaml` under `plugins.providers`. And the scratch Pulumi YAML projects the suite writes.
 */
import assert from "node:assert/strict";
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import type { PulumiCli } from "./pulumiCli";

/** The plugin's executable, as `package.json` `bin` names it. */
export const PLUGIN_MAIN = path.join(REPO_ROOT, "dist", "provider", "plugin", "main.js");

/** The folder a project's `plugins.providers[].path` names. */
export const PLUGIN_FOLDER = path.join(REPO_ROOT, "plugin");

/** The plugin's name as the engine looks for it. */
export const PLUGIN_NAME = "pulumi-resource-observability";

/**
 * A scratch folder holding `pulumi-resource-observability`, a symlink to the built `bin`, for a command's `PATH`: what
 * `npm install` puts in `node_modules/.bin`. npm makes a package's `bin` executable when it installs it; `tsc` does not,
 * so the built file gets the mode npm gives it.
 * @returns the folder, to put first on `PATH`
 */
export function pluginBinFolder(cli: PulumiCli): string {
    const bin = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { bin: Record<string, string> };
    assert.equal(path.join(REPO_ROOT, bin.bin[PLUGIN_NAME]), PLUGIN_MAIN, "package.json bin names the plugin's main");
    if ((statSync(PLUGIN_MAIN).mode & 0o111) === 0) chmodSync(PLUGIN_MAIN, 0o755);
    const folder = cli.scratch("plugin-bin");
    const link = path.join(folder, PLUGIN_NAME);
    symlinkSync(PLUGIN_MAIN, link);
    accessSync(link, constants.X_OK);
    return folder;
}

/** The environment of a command that finds the plugin on `PATH` (the CLI's own folder stays first). */
export function pathWithPlugin(cli: PulumiCli, binFolder: string): NodeJS.ProcessEnv {
    return { PATH: [path.dirname(cli.cli.path), binFolder, process.env.PATH ?? ""].join(path.delimiter) };
}

/** The `plugins.providers` block that names the repository's plugin folder. */
export function pluginsBlock(): string {
    return ["plugins:", "  providers:", "    - name: observability", `      path: ${PLUGIN_FOLDER}`, ""].join("\n");
}

/**
 * A scratch Pulumi YAML project: `Pulumi.yaml` with the given text (and the `plugins.providers` block when asked).
 * @param name a label for the scratch folder
 * @param text the project file's text
 * @param withPluginFolder add the `plugins.providers` block naming the repository's plugin folder
 * @returns the project's folder
 */
export function yamlProject(cli: PulumiCli, name: string, text: string, withPluginFolder: boolean): string {
    const dir = cli.scratch(name);
    writeFileSync(path.join(dir, "Pulumi.yaml"), withPluginFolder ? `${text.trimEnd()}\n${pluginsBlock()}` : text);
    return dir;
}

/**
 * A scratch copy of a project folder's `Pulumi.yaml` (the repository's files stay as they are), with the
 * `plugins.providers` block when asked.
 */
export function copiedYamlProject(cli: PulumiCli, projectDir: string, withPluginFolder: boolean): string {
    const dir = cli.scratch(path.basename(projectDir));
    mkdirSync(dir, { recursive: true });
    copyFileSync(path.join(projectDir, "Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
    if (withPluginFolder) writeFileSync(path.join(dir, "Pulumi.yaml"), `${readFileSync(path.join(dir, "Pulumi.yaml"), "utf8").trimEnd()}\n${pluginsBlock()}`);
    return dir;
}
