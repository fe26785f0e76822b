import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { engineAddressOf } from "../../provider/plugin/main";
import { REPO_ROOT } from "../harness/paths";
import { printsPort } from "./pluginProcess";

describe("the provider plugin's start", function () {
    it("takes the engine's address after the flags the engine passes under --logflow", function () {
        assert.equal(engineAddressOf(["127.0.0.1:4000"]), "127.0.0.1:4000");
        assert.equal(engineAddressOf(["--logtostderr", "-v=9", "--tracing", "http://tracer:9411", "127.0.0.1:4000"]), "127.0.0.1:4000");
        // run-plugin's minimist took `--logtostderr 127.0.0.1:4000` as a flag with a value: Handshake gives the address.
        assert.equal(engineAddressOf([]), undefined);
    });

    it("is the package's bin `pulumi-resource-observability`, a compiled entry with a shebang", function () {
        const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { bin: Record<string, string>; files: string[] };
        assert.equal(manifest.bin["pulumi-resource-observability"], "dist/provider/plugin/main.js");
        assert.match(readFileSync(path.join(REPO_ROOT, "provider", "plugin", "main.ts"), "utf8"), /^#!\/usr\/bin\/env node\n/);
        assert.ok(manifest.files.includes("plugin"), "the PulumiPlugin.yaml folder is published");
        assert.equal(readFileSync(path.join(REPO_ROOT, "plugin", "PulumiPlugin.yaml"), "utf8").match(/^runtime: (\w+)$/m)?.[1], "nodejs");
    });

    it("starts through PulumiPlugin.yaml as the Node.js language host runs it (run-plugin), and prints its port first", async function () {
        // run-plugin loads the folder's index.js, which loads the compiled plugin: this needs `npm run build`.
        const runPlugin = require.resolve("@pulumi/pulumi/cmd/run-plugin");
        await printsPort(process.execPath, [runPlugin, path.join(REPO_ROOT, "plugin"), "127.0.0.1:1"], REPO_ROOT);
    });
});
