import assert from "node:assert/strict";
import os from "node:os";
import * as pulumi from "@pulumi/pulumi";
import * as obs from "../../sdk";
import { ProviderHost, urn } from "../harness/host";
import { REPO_ROOT } from "../harness/paths";
import { assertBuilt, ensureSelfLink, packageProviderText, serializedProvider } from "../harness/providerText";
import { useEmulatedStack } from "../support/emulatedStack";
import { declaredProviderTexts, ProviderTexts } from "../support/bigStack";

const API_KEY = "9b1d7c3e-2f4a-4e8b-a6d0-1c5e7f9a3b2d";

/**
 * What the SDK writes into every resource's state as `__provider`, captured from a real program run under the mock
 * monitor: it must be small (it is stored twice per resource and carried by every check and diff), hold no credential
 * and no path of this machine, load the implementation by package name, and work when the real host loads it.
 */
describe("__provider: the provider text of every resource", function () {
    let texts: ProviderTexts;

    before(async function () {
        pulumi.runtime.setAllConfig({ "observability:apiKey": API_KEY }, ["observability:apiKey"]);
        texts = await declaredProviderTexts(obs, {
            name: "p",
            source: { kinesis: { format: "JSONEachRow", streamName: "s", region: "eu-west-1", iteratorType: "LATEST", authentication: "IAM_USER" } },
            secrets: { accessKey: { accessKeyId: "AKIA", secretKey: "very-secret-key" } },
            destination: {
                table: "t",
                managedTable: true,
                tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
                columns: [{ name: "id", type: "String" }],
            },
            fieldMappings: [{ sourceField: "id", destinationField: "id" }],
        });
    });
    after(() => pulumi.runtime.setAllConfig({}));

    it("is written for every resource type", function () {
        assert.deepEqual(Object.keys(texts).sort(), ["Alert", "Dashboard", "DataPipe", "OrganizationSettings", "QueryEndpoint"]);
    });

    it("is small, holds no credential and no machine path, and loads the implementation by package name", function () {
        for (const [type, text] of Object.entries(texts)) {
            assert.ok(text.length <= 110, `${type}: ${text.length} bytes`);
            for (const secret of [API_KEY, "very-secret-key"]) assert.ok(!text.includes(secret), `${type} holds a secret`);
            for (const local of [REPO_ROOT, os.homedir(), os.tmpdir(), "/dist/", ".pnpm/"]) assert.ok(!text.includes(local), `${type} holds ${local}`);
            const requires = [...text.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
            assert.deepEqual([...new Set(requires)], ["pulumi-observability/providers"], `${type} requires ${requires.join(", ")}`);
        }
    });

    it("still works once the real host loads it", async function () {
        assertBuilt();
        ensureSelfLink();
        // Check builds the API client it will use (no request), so the host needs its settings.
        const host = await ProviderHost.start({ config: { "observability:apiKey": { secret: "serialization-test-key" } } });
        try {
            const text = texts.Dashboard;
            const checked = await host.check(urn("Dashboard", "d"), {}, { name: "From the provider text", tiles: [], __provider: text });
            assert.deepEqual(checked.failures, []);
            assert.deepEqual(checked.inputs.tags, [], "the implementation normalized the inputs");
            const refused = await host.check(urn("Dashboard", "d"), {}, { name: "", tiles: [], __provider: text });
            assert.deepEqual(
                refused.failures.map((f) => f.property),
                ["name"],
            );
        } finally {
            await host.close();
        }
    });
});

describe("__provider of earlier versions: the serialized stub", function () {
    const stack = useEmulatedStack();

    it("keeps working for a state that holds it, and the next up records the new text without touching the object", async function () {
        // The stub earlier versions serialized through dynamic.Resource: every method loads the kind's provider again.
        const load = () => require("pulumi-observability/providers").registry.dashboard.provider;
        const stub = {
            configure: (req: unknown) => load().configure(req),
            check: (olds: unknown, news: unknown) => load().check(olds, news),
            diff: (id: string, olds: unknown, news: unknown) => load().diff(id, olds, news),
            create: (inputs: unknown) => load().create(inputs),
            read: (id: string, props: unknown) => load().read(id, props),
            update: (id: string, olds: unknown, news: unknown) => load().update(id, olds, news),
            delete: (id: string, props: unknown) => load().delete(id, props),
        };
        const earlier = await serializedProvider(stub);
        assert.ok(earlier.length > 1000, `the serialized stub is ${earlier.length} bytes`);
        const declared = (provider: string) => [{ type: "Dashboard", name: "web", provider, inputs: { name: "Web", tiles: [] } }];

        await stack.engine.up(declared(earlier));
        stack.emu.clearRequests();
        const next = await stack.engine.up(declared(packageProviderText("dashboard")));
        assert.deepEqual(
            next.steps.map((s) => [s.op, s.changes]),
            [["same", "none"]],
            JSON.stringify(next),
        );
        assert.deepEqual(
            stack.emu.requests.filter((r) => r.method !== "GET"),
            [],
        );
        const state = stack.engine.state.get(stack.engine.urnOf({ type: "Dashboard", name: "web" }));
        assert.equal(state?.inputs.__provider, packageProviderText("dashboard"));
        // The outputs keep the text they were written with until an update: refresh and destroy load it.
        await stack.engine.refresh();
        assert.equal(stack.engine.state.get(stack.engine.urnOf({ type: "Dashboard", name: "web" }))?.id, state?.id);
        await stack.engine.destroy();
        assert.equal(stack.emu.store.selfHosted.dashboards.size, 0);
    });
});
