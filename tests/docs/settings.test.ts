import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { SETTINGS, type SettingName } from "../../provider/settings/config";
import { SETTING_DEFAULTS } from "../../provider/settings/defaults";
import { REPO_ROOT } from "../harness/paths";
import { markdownFiles } from "../support/markdown";

/** The page that lists every setting. */
const PAGE = "docs/installation-configuration.md";

/** A setting's row of the page's table, by the setting's name: `| \`observability:apiKey\` (secret) | … |`. */
function settingRows(text: string): Map<string, string> {
    const rows = new Map<string, string>();
    for (const line of text.split("\n")) {
        const key = /^\| `observability:(\w+)`/.exec(line)?.[1];
        if (key === undefined) continue;
        assert.ok(!rows.has(key), `${PAGE} has two rows of observability:${key}`);
        rows.set(key, line);
    }
    return rows;
}

/** What a row's problems are against the setting's definition in provider/settings. */
function rowProblems(name: SettingName, row: string | undefined): string[] {
    if (row === undefined) return [`observability:${name}: no row`];
    const { env } = SETTINGS[name];
    const secret = "secret" in SETTINGS[name] && SETTINGS[name].secret === true;
    const cells = row.split(" | ");
    const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const problems: string[] = [];
    if (cells[1] !== `\`${env}\``) problems.push(`observability:${name}: the environment variable is not \`${env}\``);
    if (cells[0].endsWith("(secret)") !== secret) problems.push(`observability:${name}: ${secret ? "not marked" : "marked"} (secret)`);
    if (cells[2] !== `\`${name}\` / \`${snake}\``) problems.push(`observability:${name}: the explicit provider's property is not \`${name}\` / \`${snake}\``);
    if (name in SETTING_DEFAULTS) {
        const value: unknown = SETTING_DEFAULTS[name as keyof typeof SETTING_DEFAULTS];
        const written =
            typeof value === "object" && value !== null && "limit" in value && "windowMs" in value
                ? `${String(value.limit)}/${Number(value.windowMs) / 1000}s`
                : String(value);
        if (!cells.slice(3).join(" | ").includes(written)) problems.push(`observability:${name}: the default ${written} is not told`);
    }
    return problems;
}

describe(`the settings of provider/settings, each told by ${PAGE}`, function () {
    const text = readFileSync(path.join(REPO_ROOT, PAGE), "utf8");
    const rows = settingRows(text);
    const names = Object.keys(SETTINGS) as SettingName[];

    it("has one row per setting, with its environment variable, its secrecy, its explicit provider's property and its default", function () {
        assert.ok(names.length >= 20 && names.includes("apiKey") && names.includes("wireNames"), `settings: ${names.join(", ")}`);
        assert.deepEqual(
            names.flatMap((name) => rowProblems(name, rows.get(name))),
            [],
        );
    });

    it("lists no setting the providers do not read", function () {
        assert.deepEqual(
            [...rows.keys()].filter((key) => !(key in SETTINGS)),
            [],
        );
    });

    it("names no setting the providers do not read in README, CHANGELOG or any page of docs/", function () {
        const pages = ["README.md", "CHANGELOG.md", ...markdownFiles(REPO_ROOT, "docs")];
        const unknown = pages.flatMap((page) =>
            [...readFileSync(path.join(REPO_ROOT, page), "utf8").matchAll(/\bobservability:([a-z]\w*)/g)]
                .map((match) => match[1])
                .filter((key) => key !== "index" && !(key in SETTINGS))
                .map((key) => `${page}: observability:${key}`),
        );
        assert.deepEqual(unknown, []);
    });

    it("tells a missing row, a wrong variable and a wrong secrecy apart", function () {
        const apiKey = rows.get("apiKey") as string;
        assert.deepEqual(rowProblems("apiKey", undefined), ["observability:apiKey: no row"]);
        assert.deepEqual(rowProblems("apiKey", apiKey.replace("OBSERVABILITY_API_KEY", "OBSERVABILITY_KEY").replace(" (secret)", "")), [
            "observability:apiKey: the environment variable is not `OBSERVABILITY_API_KEY`",
            "observability:apiKey: not marked (secret)",
        ]);
        assert.deepEqual(rowProblems("requestTimeoutMs", (rows.get("requestTimeoutMs") as string).replace("30000", "3000 ms")), [
            "observability:requestTimeoutMs: the default 30000 is not told",
        ]);
    });
});
