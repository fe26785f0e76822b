import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import vm from "node:vm";
import * as pulumi from "@pulumi/pulumi";
import * as providersModule from "../../provider";
import { RegisteredKind, registry } from "../../provider";
import type { KindExport } from "../../provider/engine/exporter";
import * as obs from "../../sdk";
import { ObservabilityResource } from "../../sdk/resource";
import { parseArgs, USAGE } from "../../sdk/cli/args";
import { KINDS } from "../../sdk/cli/kinds";
import { REPO_ROOT } from "../harness/paths";
import { recordRegistrations } from "../support/registrations";

/** The SDK's resource classes: every export that is one of its dynamic resources. */
function sdkResourceClasses(): [string, new (name: string, args: unknown) => ObservabilityResource][] {
    return Object.entries(obs).filter(([, value]) => typeof value === "function" && value.prototype instanceof ObservabilityResource) as [
        string,
        new (name: string, args: unknown) => ObservabilityResource,
    ][];
}

/** Runs a `__provider` text and returns the registry key it loads from `pulumi-observability/providers`. */
async function loadedKey(text: string): Promise<string> {
    const loaded: string[] = [];
    const fakeRegistry = new Proxy({}, { get: (_target, key) => (loaded.push(String(key)), { provider: { check: async () => ({ inputs: {} }) } }) });
    const fakeProviders = { registry: fakeRegistry };
    // The text's `handler` returns the provider object.
    const module = { exports: {} as { handler?: () => pulumi.dynamic.ResourceProvider } };
    const require = (id: string) =>
        id === "pulumi-observability/providers"
            ? fakeProviders
            : (() => {
                  throw new Error(`the provider text requires ${id}`);
              })();
    vm.runInNewContext(text, { module, exports: module.exports, require });
    await module.exports.handler?.().check?.({}, {});
    assert.equal(loaded.length, 1, `the provider text loads ${loaded.join(", ")}`);
    return loaded[0];
}

describe("the registry of resource kinds (provider/index.ts) is the only list of kinds", function () {
    it("is all the providers module exports: no second list of kinds beside it", function () {
        assert.deepEqual(Object.keys(providersModule), ["registry"]);
    });

    it("has one SDK class per kind, named by its type, whose provider text loads that kind's provider", async function () {
        const serialized = new Map<string, string>();
        await pulumi.runtime.setMocks({
            newResource: (args) => {
                serialized.set(args.type.split(":").pop() ?? "", String(args.inputs.__provider));
                return { id: `${args.name}-id`, state: args.inputs };
            },
            call: () => ({}),
        });
        const classes = sdkResourceClasses();
        for (const [name, Resource] of classes) new Resource(`r-${name}`, {});
        await (require("@pulumi/pulumi/runtime/settings") as { waitForRPCs(): Promise<void> }).waitForRPCs();

        const sdk: Record<string, string> = {};
        for (const [name] of classes) sdk[name] = await loadedKey(serialized.get(name) ?? "");
        const registered = Object.fromEntries(Object.entries(registry).map(([key, kind]) => [kind.provider.typeName, key]));
        assert.deepEqual(sdk, registered);
    });

    it("has each kind's secrets declared once: the SDK class encrypts exactly what its provider redacts", async function () {
        await pulumi.runtime.setMocks({ newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) });
        const recorder = recordRegistrations();
        try {
            for (const [name, Resource] of sdkResourceClasses()) new Resource(name, {});
            await (require("@pulumi/pulumi/runtime/settings") as { waitForRPCs(): Promise<void> }).waitForRPCs();
        } finally {
            recorder.stop();
        }
        const sdk = Object.fromEntries([...recorder.seen].map(([name, seen]) => [name, [...seen.secretOutputs].sort()]));
        const providers = Object.fromEntries(
            Object.values(registry).map(({ provider }) => [provider.typeName, [...(provider.definition.secrets ?? [])].sort()]),
        );
        assert.deepEqual(sdk, providers);
    });

    it("gives the export command its kinds, in the registry's order, each reading with its own export.ts", function () {
        assert.deepEqual(
            KINDS,
            Object.values(registry).map((kind) => kind.export.kind),
        );
        const all = parseArgs(["export", "--kinds", "all"]);
        assert.equal(all.command, "export");
        assert.deepEqual(all.command === "export" && all.kinds, KINDS);
        for (const kind of KINDS) assert.ok(USAGE.includes(kind), `the usage names ${kind}`);
    });

    it("gives the export command everything it knows of a kind: sdk/cli names none, and references point at registered kinds", function () {
        const cli = path.join(REPO_ROOT, "sdk", "cli");
        const text = readdirSync(cli)
            .filter((file) => file.endsWith(".ts"))
            .map((file) => readFileSync(path.join(cli, file), "utf8"))
            .join("\n");
        const exports: KindExport[] = Object.values(registry).map((entry) => entry.export);
        for (const { provider, export: kind } of Object.values(registry) as RegisteredKind[]) {
            assert.ok(!new RegExp(`\\b${provider.typeName}\\b`).test(text), `sdk/cli names the ${provider.typeName} class`);
            assert.ok(!new RegExp(`\\b${kind.nouns[1]}\\b`, "i").test(text), `sdk/cli names ${kind.nouns[1]}`);
            for (const referenced of kind.references ?? []) {
                const target = exports.find((entry) => entry.kind === referenced);
                assert.ok(target?.names, `${kind.kind} references ${referenced}, a registered kind whose names the export reads`);
            }
        }
        const stems = exports.flatMap((entry) => (entry.reference ? [entry.reference.variable] : []));
        assert.equal(new Set(stems).size, stems.length, "each referenced kind has its own variable stem");
    });
});
