import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import ts from "typescript";
import { REPO_ROOT } from "../harness/paths";
import * as obs from "../../sdk";
import { SECRET_SIG, SECRET_SIG_KEY } from "../harness/host";
import { recordRegistrations } from "../support/registrations";

/** Constructs resources under Pulumi's mocks and returns what each asked the engine for, by name. */
async function registered(declare: () => void): Promise<Map<string, { secretOutputs: string[]; object: Record<string, unknown> }>> {
    await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) });
    const recorder = recordRegistrations();
    try {
        declare();
        await (require("@pulumi/pulumi/runtime/settings") as { waitForRPCs(): Promise<void> }).waitForRPCs();
        return recorder.seen;
    } finally {
        recorder.stop();
    }
}

const isSecret = (value: unknown) => typeof value === "object" && value !== null && (value as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;

describe("the SDK's resource base class (sdk/resource.ts)", function () {
    it("wraps plain secret arguments with pulumi.secret and declares them secret outputs, keeping the program's own", async function () {
        const seen = await registered(() => {
            new obs.Webhook(
                "hook",
                { service: "generic", name: "relay", url: "https://relay.example.com/hook", description: "plain", headers: { Authorization: "Bearer t" } },
                { additionalSecretOutputs: ["name"] },
            );
            new obs.Connection("engine", { name: "engine", host: "https://db.example.com", username: "reader", password: "pw" });
        });
        const hook = seen.get("hook");
        assert.ok(hook);
        assert.deepEqual([...hook.secretOutputs].sort(), ["body", "headers", "name", "queryParams", "url"]);
        assert.ok(isSecret(hook.object.url), "the url is sent as a secret");
        assert.ok(isSecret(hook.object.headers), "the headers are sent as a secret");
        assert.equal(hook.object.description, "plain", "a plain argument stays plain");
        assert.ok(!("body" in hook.object), "an omitted secret argument is not sent");
        const engine = seen.get("engine");
        assert.deepEqual(engine?.secretOutputs, ["password"]);
        assert.ok(isSecret(engine?.object.password), "the password is sent as a secret");
    });

    it("gives every resource each of its outputs as a property, and a kind without secrets no secret outputs", async function () {
        let dashboard: obs.Dashboard | undefined;
        const seen = await registered(() => {
            dashboard = new obs.Dashboard("board", { name: "board", tiles: [] });
        });
        assert.deepEqual(seen.get("board")?.secretOutputs, []);
        assert.ok(dashboard);
        for (const output of ["tileIds", "filterIds", "target", "savedQuery"] as const) assert.ok(pulumi.Output.isInstance(dashboard[output]), output);
        assert.equal(pulumi.Output.isInstance((dashboard as unknown as Record<string, unknown>).timeouts), false, "`timeouts` is no output");
    });

    it("refuses an argument named `__provider`, which holds the provider text (dynamic.Resource refused it too)", function () {
        assert.throws(() => new obs.Dashboard("d", { name: "d", tiles: [], __provider: "exports.handler = () => ({})" } as obs.DashboardArgs), /reserved/);
    });

    it("finds a dashboard's tile by key: its name, or `name#n` for an empty or shared name", async function () {
        const tileIds = { "#1": "t-empty", "Chart#1": "t-first", "Chart#2": "t-second", Alone: "t-alone" };
        await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: { ...args.inputs, tileIds } }), call: () => ({}) });
        const tile = (name: string) => ({ name, x: 0, y: 0, w: 6, h: 2, config: { displayType: "markdown" as const } });
        const board = new obs.Dashboard("keyed", { name: "keyed", tiles: [tile(""), tile("Chart"), tile("Chart"), tile("Alone")] });
        const resolved = (output: pulumi.Output<string>) => new Promise<string>((resolve) => output.apply(resolve));
        assert.deepEqual(await Promise.all(["#1", "Chart#2", "Alone"].map((key) => resolved(board.tileId(key)))), ["t-empty", "t-second", "t-alone"]);
        assert.throws(() => board.tileId("Chart"), {
            message: 'Dashboard "keyed" declares no tile named "Chart"; its tiles: "#1", "Chart#1", "Chart#2", "Alone"',
        });
    });

    it("types a kind-typed argument per kind: a field only another display type has is a type error, not a runtime typo", function () {
        this.timeout(120_000);
        const dir = mkdtempSync(path.join(tmpdir(), "sdk-types-"));
        try {
            const file = path.join(dir, "program.ts");
            const tile = (config: string) => `new obs.Dashboard("d", { name: "d", tiles: [{ name: "t", x: 0, y: 0, w: 6, h: 3, config: ${config} }] });`;
            writeFileSync(
                file,
                [
                    `import * as obs from ${JSON.stringify(path.join(REPO_ROOT, "sdk"))};`,
                    tile(`{ displayType: "number", sourceId: "s", select: [{ aggFn: "count" }], colorRules: [] }`),
                    tile(`{ displayType: "line", sourceId: "s", select: [{ aggFn: "count" }], colorRules: [] }`),
                    tile(`{ displayType: "table", sourceId: "s", select: [{ aggFn: "count" }], having: "count() > 1" }`),
                    tile(`{ displayType: "line", sourceId: "s", select: [{ aggFn: "count" }], having: "count() > 1" }`),
                ].join("\n"),
            );
            const program = ts.createProgram([file], {
                strict: true,
                noEmit: true,
                target: ts.ScriptTarget.ES2022,
                module: ts.ModuleKind.CommonJS,
                moduleResolution: ts.ModuleResolutionKind.Node10,
                types: ["node"],
                skipLibCheck: true,
                esModuleInterop: true,
            });
            const errors = ts
                .getPreEmitDiagnostics(program)
                .filter((d) => d.file?.fileName === file && d.start !== undefined)
                .map((d) => [
                    d.file!.getLineAndCharacterOfPosition(d.start!).line + 1,
                    d.code,
                    ts.flattenDiagnosticMessageText(d.messageText, "\n").split("'")[1],
                ]);
            assert.deepEqual(errors, [
                [3, 2353, "colorRules"],
                [5, 2353, "having"],
            ]);
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
