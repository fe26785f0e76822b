// The CLI bench's programs say what the engine model's stack says (no timing here: speed is the bench's).
import assert from "node:assert/strict";
import type { Emulator } from "../../emulator";
import { bigStack, type ProviderTexts, QUICK_SIZE, resourceCount } from "../../support/bigStack";
import { roleOf } from "./stackRun";
import { selfHostedSpec, stackSpec, yamlProgram } from "./stackSpec";

const fixtures = { fixtures: { sources: { logs: { id: "source-1" } }, webhooks: { slack: { id: "hook-1" } } } } as unknown as Emulator;
const providers = { Dashboard: "d", Alert: "a", DataPipe: "p", OrganizationSettings: "o", QueryEndpoint: "q" } satisfies ProviderTexts;

describe("the CLI bench's stack", () => {
    const spec = stackSpec(bigStack(fixtures, providers, QUICK_SIZE).declared);

    it("keeps every resource, and makes each read of another resource's output a reference", () => {
        assert.equal(spec.length, resourceCount(QUICK_SIZE));
        const alert = spec.find((r) => r.name === "alert-0-1");
        assert.deepEqual(alert?.inputs.dashboardId, { $ref: ["board-0", "id"] });
        assert.deepEqual(alert?.inputs.tileId, { $ref: ["board-0", "tileIds", "Tile 1"] });
        assert.deepEqual(alert?.inputs.channel, { type: "webhook", webhookId: "hook-1" });
    });

    it("writes the YAML program with the plugin's types and interpolations", () => {
        const program = JSON.parse(yamlProgram(spec, "p")) as {
            runtime: string;
            resources: Record<string, { type: string; properties: Record<string, unknown> }>;
        };
        assert.equal(program.runtime, "yaml");
        assert.equal(program.resources["alert-0-1"]?.type, "observability:index:Alert");
        assert.equal(program.resources["alert-0-1"]?.properties.dashboardId, "${board-0.id}");
        assert.equal(program.resources["alert-0-1"]?.properties.tileId, '${board-0.tileIds["Tile 1"]}');
        assert.equal(program.resources["pipe-0"]?.type, "observability:index:DataPipe");
    });

    it("keeps the dashboards and their alerts, in order, for a real self-hosted server", () => {
        const part = selfHostedSpec(spec);
        assert.equal(part.length, QUICK_SIZE.dashboards * (1 + QUICK_SIZE.alertsPerDashboard));
        assert.deepEqual([...new Set(part.map((r) => r.type))], ["Dashboard", "Alert"]);
        assert.deepEqual(
            part.map((r) => r.name),
            spec.filter((r) => r.type !== "DataPipe").map((r) => r.name),
        );
    });

    it("names the processes of a command's tree", () => {
        assert.equal(roleOf("/usr/bin/pulumi preview --stack s"), "cli");
        assert.equal(roleOf("node /tmp/x/pulumi-resource-observability 127.0.0.1:1"), "provider");
        assert.equal(roleOf("node /r/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js 127.0.0.1:1"), "provider");
        assert.equal(roleOf("/bin/sh /bin/pulumi-resource-pulumi-nodejs 127.0.0.1:1"), "provider launcher");
        assert.equal(roleOf("node -e console.log(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))"), "provider launcher");
        assert.equal(roleOf("/usr/bin/node /r/node_modules/@pulumi/pulumi/cmd/run/index.js --monitor x"), "program");
        assert.equal(roleOf("/bin/pulumi-language-yaml 127.0.0.1:1"), "language host");
    });
});
