import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { readStackConfig } from "../harness/stackFile";
import { useEmulatedStack } from "../support/emulatedStack";

const EXAMPLE = path.join(REPO_ROOT, "examples", "organization");

/** The program's own settings (`demo:*`) from a stack file, as the CLI hands them to the program. */
function programConfig(stackFile: string): Record<string, string> {
    return Object.fromEntries(Object.entries(readStackConfig(path.join(EXAMPLE, stackFile))).filter(([key]) => key.startsWith("demo:")));
}

describe("examples/organization (the program under Pulumi's mocks, resources through the real host)", function () {
    const stack = useEmulatedStack();

    it("applies the dev stack, plans nothing on a second run, and destroy leaves the organization", async function () {
        const run = () =>
            runProgram({
                program: path.join(EXAMPLE, "index.ts"),
                engine: stack.engine,
                config: programConfig("Pulumi.dev.yaml"),
                project: "demo",
                stack: "dev",
            });

        const first = await run();

        assert.deepEqual([...first.created].sort(), ["organization", "query"]);
        const patch = stack.emu.requests.find((r) => r.method === "PATCH");
        assert.deepEqual(patch?.body, {
            name: "Emulated organization (managed)",
            privateEndpoints: {
                add: [
                    { id: "vpce-0a1b2c3d4e5f60001", description: "Build runners", cloudProvider: "aws", region: "eu-west-1" },
                    { id: "vpce-0a1b2c3d4e5f60002", description: "Office network", cloudProvider: "aws", region: "eu-west-1" },
                ],
            },
        });
        assert.deepEqual(queryEndpointState(stack.emu.cloud).endpoint, {
            id: queryEndpointState(stack.emu.cloud).endpoint?.id,
            roles: ["sql_console_read_only"],
            openApiKeys: ["emulated-key-1"],
            allowedOrigins: "localhost,127.0.0.1",
        });

        stack.emu.clearRequests();
        const second = await run();
        assert.deepEqual([...second.same].sort(), ["organization", "query"]);
        assert.deepEqual(stack.cloudCalls(), []);

        await stack.engine.destroy();
        assert.equal(stack.emu.cloud.organization.name, "Emulated organization (managed)");
        assert.equal(stack.emu.cloud.organization.privateEndpoints.length, 2);
        assert.equal(queryEndpointState(stack.emu.cloud).endpoint, undefined);
    });

    it("keeps the production stack file free of secrets", function () {
        const text = readFileSync(path.join(EXAMPLE, "Pulumi.prod.yaml"), "utf8");
        assert.doesNotMatch(text, /observability:keySecret\s*:/);
        assert.doesNotMatch(text, /secure:/);
        assert.ok(programConfig("Pulumi.prod.yaml")["demo:organizationName"]);
    });
});
