import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import * as path from "node:path";
import { DEV_CREDENTIALS, DEV_PORT, devOptions } from "../emulator/devMode";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { projectProgram, readStackConfig } from "../harness/stackFile";
import { type EmulatedStack, startEmulatedStack } from "../support/emulatedStack";

/** Every dev stack: the root stack (the program its Pulumi.yaml names) and each example's own. */
const DEV_STACKS: { name: string; stackFile: string; program: string }[] = [
    { name: "root stack", stackFile: path.join(REPO_ROOT, "Pulumi.dev.yaml"), program: projectProgram(path.join(REPO_ROOT, "Pulumi.yaml")) },
    // The TypeScript examples: `examples/yaml` and `examples/python` use the provider plugin, which the plugin's tests drive.
    ...readdirSync(path.join(REPO_ROOT, "examples"))
        .filter((example) => existsSync(path.join(REPO_ROOT, "examples", example, "index.ts")))
        .map((example) => ({
            name: `examples/${example}`,
            stackFile: path.join(REPO_ROOT, "examples", example, "Pulumi.dev.yaml"),
            program: path.join(REPO_ROOT, "examples", example, "index.ts"),
        })),
];

const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;

/** What a user sets once per stack, as the stack files' comments say: the dev key (exported) and the source secrets. */
const USER_SET: Record<string, string> = {
    "observability:apiKey": DEV_CREDENTIALS.apiKey,
    "observability:keyId": DEV_CREDENTIALS.keyId,
    "observability:keySecret": DEV_CREDENTIALS.keySecret,
    "demo:kafkaPassword": "emulated",
    "demo:bucketSecretKey": "emulated",
    "demo:databasePassword": "emulated",
    "demo:mysqlPassword": "emulated",
    "demo:enginePassword": "emulated",
    "demo:oncallToken": "emulated",
};
const SECRET_KEYS = Object.keys(USER_SET).filter((key) => key !== "observability:keyId");

describe("npm run emulator -- --dev: every Pulumi.dev.yaml works as it is", function () {
    let stack: EmulatedStack | undefined;
    afterEach(async () => {
        await stack?.close();
        stack = undefined;
    });

    for (const dev of DEV_STACKS) {
        it(`${dev.name}: the stack file's URLs, ids and the documented key create every resource`, async function () {
            const options = { ...devOptions(), port: 0 };
            const fromFile = readStackConfig(dev.stackFile);
            const urls = Object.entries(fromFile).filter(([key]) => key === "observability:apiUrl" || key === "observability:cloudUrl");
            assert.ok(urls.length > 0 && urls.every(([, url]) => url === DEV_URL), `${dev.stackFile} points at ${DEV_URL}`);

            // The providers get the file's settings; the URLs are the emulator's (an ephemeral port instead of 8000).
            const settings = Object.fromEntries(Object.entries(fromFile).filter(([key, value]) => key.startsWith("observability:") && value !== DEV_URL));
            const started = await startEmulatedStack({ emulator: options, config: settings });
            stack = started;
            options.clock.start();
            const fileConfig = Object.fromEntries(Object.entries(fromFile).map(([key, value]) => [key, value === DEV_URL ? started.emu.url : value]));

            const seeded = new Set(
                JSON.stringify([started.emu.fixturesOf("self-hosted"), started.emu.fixturesOf("managed")])
                    .match(/"id":"[0-9a-f]{24}"/g)
                    ?.map((match) => match.slice(6, -1)),
            );
            for (const [key, value] of Object.entries(fromFile)) {
                if (/^[0-9a-f]{24}$/.test(value)) assert.ok(seeded.has(value), `${key} ${value} is a record the emulator seeds in dev mode`);
            }

            const result = await runProgram({
                program: dev.program,
                engine: started.engine,
                config: { ...fileConfig, ...USER_SET },
                secretKeys: SECRET_KEYS,
                project: "demo",
                stack: "dev",
            });
            assert.ok(result.created.length > 0);
            // A wrong id in the file shows as a refused request (404 for an unknown organization or record).
            assert.deepEqual(
                started.emu.requests.filter((r) => r.status >= 400).map((r) => `${r.method} ${r.path} ${r.status}`),
                [],
            );
            assert.deepEqual(
                result.steps.filter((step) => step.op !== "create").map((step) => `${step.op} ${step.name}`),
                [],
            );
            assert.deepEqual(started.emu.invalidRequests, []);
            assert.deepEqual(started.emu.serverErrors, []);
        });
    }
});
