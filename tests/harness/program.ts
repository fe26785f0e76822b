/**
 * Runs a real Pulumi program (an example, the demo stack) without the CLI: the program executes under
 * Pulumi's mock monitor, and every resource it registers is stepped through {@link Engine} and therefore
 * through Pulumi's own dynamic-provider host over gRPC. Outputs the provider returns flow back into the
 * program, so `dashboard.tileIds["Errors"]` reaches the alert exactly as in a `pulumi up`.
 *
 * The `__provider` of each resource is what Pulumi's closure serializer produced in the program, so this
 * also proves the serialized stub loads and runs in the host.
 */
import * as pulumi from "@pulumi/pulumi";
import { Engine, RunResult, UNKNOWN } from "./engine";
import { PropertyMap, parseUrn } from "./host";
import { SECRET_SIG, SECRET_SIG_KEY } from "./host";

/** What one program run needs. */
export interface ProgramOptions {
    /** Absolute path of the program's entry module. */
    program: string;
    /** The engine (and so the host and the stack's state) the run steps resources through. */
    engine: Engine;
    /** Stack configuration, `namespace:key` → value. */
    config: Record<string, string>;
    /** Which config keys are secrets. */
    secretKeys?: string[];
    /** `up` (default) or `preview`. */
    mode?: "up" | "preview";
    /** Project and stack, as the engine's URNs use them. */
    project: string;
    stack: string;
}

const DYNAMIC_TYPE = /^pulumi-nodejs:dynamic\/([^:]+):(.+)$/;

/** Runs the program once against the engine's state; returns what happened to each resource. */
export async function runProgram(options: ProgramOptions): Promise<RunResult> {
    const run = await options.engine.begin(options.mode ?? "up");
    const dependencies = recordDependencies();
    pulumi.runtime.setAllConfig(options.config, options.secretKeys);
    await pulumi.runtime.setMocks(
        {
            newResource: async (args) => {
                const match = DYNAMIC_TYPE.exec(args.type);
                if (!match) return { id: `${args.name}_id`, state: args.inputs };
                const { __provider: provider, ...inputs } = reveal(args.inputs) as PropertyMap;
                const outputs = await run.register(
                    { module: match[1], type: match[2], name: args.name, provider: String(provider), inputs },
                    (dependencies.get(args.name) ?? []).map((dep) => options.engine.urnOf(dep)),
                );
                const { id, urn: _urn, __provider: _p, ...state } = outputs;
                return { id: String(id ?? ""), state };
            },
            call: () => {
                throw new Error("this package has no provider functions; lookups run in the program");
            },
        },
        options.project,
        options.stack,
        options.mode === "preview",
    );
    try {
        delete require.cache[require.resolve(options.program)];
        const loaded: unknown = require(options.program);
        const main = typeof loaded === "function" ? loaded : (loaded as { default?: unknown }).default;
        if (typeof main === "function") await main();
        await waitForRegistrations();
    } finally {
        dependencies.stop();
        // Pulumi's config store is process-wide: leave nothing for the next program or test.
        pulumi.runtime.setAllConfig({});
    }
    return run.finish();
}

/**
 * The engine sees secrets as plain values: the host answers `acceptSecrets=false`. A value not known yet reaches a
 * dynamic provider as the unknown sentinel string at any depth (pulumi-dynamic.md §4), never as the mock
 * runtime's `Unknown` object.
 */
function reveal(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(reveal);
    if (typeof value !== "object" || value === null) return value;
    if (pulumi.isUnknown(value)) return UNKNOWN;
    const record = value as Record<string, unknown>;
    if (record[SECRET_SIG_KEY] === SECRET_SIG) return reveal(record.value);
    return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, reveal(item)]));
}

interface MonitorRequest {
    getName(): string;
    getDependenciesList(): string[];
}

/**
 * The mock monitor does not pass a resource's dependencies to `newResource`; its `registerResource`
 * request has them, so record them there (by resource name) while the program runs.
 */
function recordDependencies(): Map<string, { module: string; type: string; name: string }[]> & { stop(): void } {
    const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as {
        MockMonitor: { prototype: { registerResource: (req: MonitorRequest, cb: unknown) => unknown } };
    };
    const original = MockMonitor.prototype.registerResource;
    const byName = Object.assign(new Map<string, { module: string; type: string; name: string }[]>(), {
        stop: () => {
            MockMonitor.prototype.registerResource = original;
        },
    });
    MockMonitor.prototype.registerResource = function (this: unknown, req: MonitorRequest, cb: unknown) {
        const dynamic = req.getDependenciesList().flatMap((u) => {
            const { type, name } = parseUrn(u);
            // The type part of a URN lists parent types first, separated by `$`.
            const match = DYNAMIC_TYPE.exec(type.split("$").pop() ?? "");
            return match ? [{ module: match[1], type: match[2], name }] : [];
        });
        byName.set(req.getName(), dynamic);
        return original.call(this, req, cb);
    };
    return byName;
}

/** Resolves when the program's registrations (and the steps they started) have all completed. */
function waitForRegistrations(): Promise<void> {
    const settings = require("@pulumi/pulumi/runtime/settings") as { waitForRPCs(): Promise<void> };
    return settings.waitForRPCs();
}
