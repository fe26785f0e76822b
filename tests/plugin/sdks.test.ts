import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { inflateSync } from "node:zlib";
import { packageSchema } from "../../provider/plugin/schema";
import { DOTNET_NAMESPACE, GO_IMPORT_PATH, GO_MODULE_PATH, NODEJS_PACKAGE, PYTHON_PACKAGE } from "../../tools/schema/languages";
import { generatorDiagnostics, goModText, NO_PULUMI_MESSAGE, pulumiExecutable, SDK_LANGUAGES } from "../../tools/sdks/generate";
import { iconPng, serveLogo } from "../../tools/sdks/logo";
import { REPO_ROOT } from "../harness/paths";

// `npm run sdks` without running Pulumi's generators (tests/realengine/sdks.engine.ts runs them): what it accepts of a
// generator's output, the files it adds, the icon it serves the .NET generator, and its failure without the CLI.
describe("npm run sdks (tools/sdks), without the Pulumi CLI", function () {
    it("accepts no warning or error line of a generator but the CLI's notice of a language host found on PATH", function () {
        const output = [
            "warning: using pulumi-language-python from $PATH at /opt/hosts/pulumi-language-python expected /opt/pulumi/pulumi-language-python",
            "warning: using pulumi-language-dotnet from $PATH at /opt/hosts/pulumi-language-dotnet",
            "SDK has been written to out/python",
        ].join("\n");
        assert.deepEqual(generatorDiagnostics(output), []);
        const java = "WARN: secret property apiKey (property of config) does not have an Output type";
        assert.deepEqual(generatorDiagnostics(`${java}\n\nSDK has been written to out/java`), [java]);
        assert.deepEqual(generatorDiagnostics("error: 13 errors occurred:"), ["error: 13 errors occurred:"]);
        // A notice with anything after it is not the notice.
        const more = "warning: using pulumi-language-go from $PATH at /x/pulumi-language-go; and the schema is odd";
        assert.deepEqual(generatorDiagnostics(more), [more]);
    });

    it("names each package in the schema's language block, the Go import path inside the module go.mod declares", function () {
        const { language } = packageSchema();
        assert.equal(language.python.packageName, PYTHON_PACKAGE);
        assert.equal(language.go.importBasePath, GO_IMPORT_PATH);
        assert.equal(language.nodejs.packageName, NODEJS_PACKAGE);
        assert.equal(`${language.csharp.rootNamespace}.${language.csharp.namespaces.observability}`, DOTNET_NAMESPACE);
        assert.ok(GO_IMPORT_PATH.startsWith(`${GO_MODULE_PATH}/`), "the import path is in the module");
        assert.equal(path.posix.relative(GO_MODULE_PATH, GO_IMPORT_PATH), "observability", "the generator's go/<package> folder");
        assert.match(goModText("v3.259.0"), new RegExp(`^module ${GO_MODULE_PATH}\n[\\s\\S]*\nrequire github.com/pulumi/pulumi/sdk/v3 v3.259.0\n$`));
        assert.deepEqual([...SDK_LANGUAGES], ["nodejs", "python", "go", "dotnet"]);
    });

    it("serves the .NET generator a 64×64 PNG on loopback", async function () {
        const png = iconPng();
        assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        assert.equal(png.readUInt32BE(16), 64);
        assert.equal(png.readUInt32BE(20), 64);
        const idat = png.indexOf("IDAT");
        const pixels = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
        assert.equal(pixels.length, 64 * (1 + 64 * 3));
        const logo = await serveLogo();
        try {
            assert.match(logo.url, /^http:\/\/127\.0\.0\.1:\d+\/logo\.png$/);
            const answer = await fetch(logo.url);
            assert.equal(answer.headers.get("content-type"), "image/png");
            assert.deepEqual(Buffer.from(await answer.arrayBuffer()), png);
            assert.equal((await fetch(logo.url.replace("logo.png", "other"))).status, 404);
        } finally {
            await logo.close();
        }
    });

    it("stops at once without a pulumi on PATH, saying what it needs", function () {
        assert.throws(() => pulumiExecutable({ PATH: "/nonexistent" }), { message: NO_PULUMI_MESSAGE });
        const run = spawnSync(process.execPath, [require.resolve("ts-node/dist/bin"), "--transpile-only", "tools/sdks/main.ts"], {
            cwd: REPO_ROOT,
            encoding: "utf8",
            env: { ...process.env, PATH: path.dirname(process.execPath) },
        });
        assert.equal(run.status, 1, run.stderr);
        assert.ok(run.stderr.includes(NO_PULUMI_MESSAGE), run.stderr);
    });
});
