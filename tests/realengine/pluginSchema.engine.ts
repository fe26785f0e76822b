/**
 * The package schema through Pulumi's own binder: `pulumi package get-schema` of the plugin (the schema it serves is
 * the committed `schema.json`) and `pulumi package gen-sdk` of `schema.json` for Go and Node.js, with no error and no
 * warning. Every language's SDK, generated and built with its toolchain: sdks.engine.ts.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";
import { PLUGIN_FOLDER, PLUGIN_NAME } from "./plugin";
import { runCli } from "./suite";

const SCHEMA = path.join(REPO_ROOT, "schema.json");

/** A schema without its empty `required` and `requiredInputs` lists, which the CLI leaves out when it prints one. */
function withoutEmptyRequired(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(withoutEmptyRequired);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
        Object.entries(value)
            .filter(([key, item]) => !((key === "required" || key === "requiredInputs") && Array.isArray(item) && item.length === 0))
            .map(([key, item]) => [key, withoutEmptyRequired(item)]),
    );
}

describe("schema.json through Pulumi's binder", function () {
    it("is what `pulumi package get-schema` reads from the plugin, without a warning", async () => {
        const cli = runCli();
        // The plugin's executable, not its folder: given the folder, the CLI first installs the Node.js package the folder
        // belongs to (`npm install` in the repository, which prunes the self-link the suite's programs resolve by).
        const result = await cli.run("schema.json", ["package", "get-schema", path.join(PLUGIN_FOLDER, PLUGIN_NAME)], { cwd: cli.scratch("get-schema") });
        assert.doesNotMatch(result.stderr, /warning|error/i, result.stderr);
        assert.deepEqual(withoutEmptyRequired(JSON.parse(result.stdout)), withoutEmptyRequired(JSON.parse(readFileSync(SCHEMA, "utf8"))));
    });

    for (const language of ["go", "nodejs"]) {
        it(`generates the ${language} SDK with \`pulumi package gen-sdk\`, without an error or a warning`, async () => {
            const cli = runCli();
            const out = cli.scratch(`gen-sdk-${language}`);
            const result = await cli.run("schema.json", ["package", "gen-sdk", SCHEMA, "--language", language, "--out", out], { cwd: out });
            assert.doesNotMatch(result.stdout + result.stderr, /warning|error/i, result.stdout + result.stderr);
            assert.match(result.stdout + result.stderr, new RegExp(`SDK has been written to ${out}/${language}`));
        });
    }
});
