#!/usr/bin/env node
// `pulumi-resource-observability`: the provider plugin the engine starts with its address, which prints its port first.
import { serve } from "./server";

/**
 * The engine's address among the plugin's arguments (`[--logtostderr] [-v=N] [--tracing <endpoint>] <address>`).
 * Started through `PulumiPlugin.yaml`, the arguments were parsed before (minimist), which can swallow the address as
 * the value of `--logtostderr`: then there is none here, and Handshake gives it.
 * @param args the arguments after the script's path
 */
export function engineAddressOf(args: readonly string[]): string | undefined {
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === "--tracing") i++;
        else if (!arg.startsWith("-")) return arg;
    }
    return undefined;
}

/** Starts the plugin: serves on loopback, prints the port, and stops on SIGINT or SIGTERM (the engine's way to end it). */
export async function main(): Promise<void> {
    const plugin = await serve({ engineAddress: engineAddressOf(process.argv.slice(2)) });
    process.stdout.write(`${plugin.port}\n`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => {
            plugin.stop();
            process.exit(0);
        });
    }
}

if (require.main === module) {
    main().catch((error: unknown) => {
        process.stderr.write(`pulumi-resource-observability: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
    });
}
