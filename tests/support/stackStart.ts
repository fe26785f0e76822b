/** An emulated stack without any test framework: usable from mocha suites and from the soak and bench programs. */
import { Emulator, type EmulatorOptions } from "../emulator";
import { Engine } from "../harness/engine";
import { type ConfigValue, ProviderHost } from "../harness/host";
import { assertBuilt, ensureSelfLink } from "../harness/providerText";
import { emulatorConfig, withoutSettingsEnv } from "./emulatorConfig";

/** An emulator, Pulumi's real dynamic-provider host configured against it, and an engine model on top. */
export interface EmulatedStack {
    emu: Emulator;
    host: ProviderHost;
    engine: Engine;
    /** Stack config the host was configured with (credentials included). */
    config: Record<string, ConfigValue>;
    /** The cloud requests recorded since the last `emu.clearRequests()`, as `METHOD path`. */
    cloudCalls(): string[];
    /** Closes the host in use (`newProcess` may have replaced it) and the emulator. */
    close(this: EmulatedStack): Promise<void>;
}

/** Options of {@link startEmulatedStack}. */
export interface EmulatedStackOptions {
    emulator?: EmulatorOptions;
    /** Config added to (or overriding) the emulator's credentials, keys with their namespace. */
    config?: Record<string, ConfigValue>;
}

/**
 * Starts the emulator (rate limits off unless asked) and a host whose stack config points at it, with fast
 * retries and a client-side limit that never waits. The host inherits no `OBSERVABILITY_*` variable, so only
 * the stack config counts. Needs `npm run build` (the host loads `pulumi-observability/providers`).
 */
export async function startEmulatedStack(options: EmulatedStackOptions = {}): Promise<EmulatedStack> {
    assertBuilt();
    ensureSelfLink();
    const emu = await Emulator.start({ rateLimits: false, ...options.emulator });
    const config: Record<string, ConfigValue> = {
        ...emulatorConfig(emu),
        "observability:retryBaseDelayMs": "1",
        "observability:retryBudgetMs": "2000",
        "observability:cloudRateLimit": "10000/1s",
        "observability:selfHostedRateLimit": "10000/1s",
        // Each test is a \`pulumi up\` of its own, a new process in Pulumi; the host here serves them all within
        // seconds, so a collection's list would otherwise outlive a test by the default grace, on the real clock.
        "observability:createListGraceMs": "0",
        ...options.config,
    };
    let host: ProviderHost;
    try {
        host = await ProviderHost.start({ config, env: withoutSettingsEnv() });
    } catch (error) {
        await emu.close();
        throw error;
    }
    const stack: EmulatedStack = {
        emu,
        host,
        engine: new Engine(host),
        config,
        cloudCalls: () => emu.requests.filter((r) => r.api === "cloud").map((r) => `${r.method} ${r.path}`),
        // The host in use at the end, on the object it is called on (a suite's copy of this one included): a test may
        // have started a new one (a new `pulumi` command, `newProcess`).
        async close(this: EmulatedStack) {
            await this.host.close();
            await this.emu.close();
        },
    };
    return stack;
}

/**
 * Starts a new provider host on the same stack state, as every `pulumi` command starts its own: what one process
 * remembers (its read cache, the ids it saw) does not outlive the command in Pulumi either. The engine keeps its
 * parallelism.
 * @param config stack config of this command only, over the stack's own
 */
export async function newProcess(stack: EmulatedStack, config: Record<string, ConfigValue> = {}): Promise<void> {
    const old = stack.engine;
    await stack.host.close();
    stack.host = await ProviderHost.start({ config: { ...stack.config, ...config }, env: withoutSettingsEnv() });
    stack.engine = new Engine(stack.host, { parallel: old.parallel });
    for (const [u, state] of old.state) stack.engine.state.set(u, state);
    stack.engine.pendingDeletes.push(...old.pendingDeletes);
    stack.engine.pendingCreates.push(...old.pendingCreates);
}
