import assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { Emulator } from "../emulator";

/** The value of an Output outside a Pulumi program, rejected when the Output failed (the SDK's own accessor). */
export function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
    return (output as unknown as { promise(): Promise<T> }).promise();
}

/**
 * Registers the hooks of a suite of lookup functions, which run in the test's own process: an emulator (rate limits
 * off), the `OBSERVABILITY_*` environment pointing at it (restored after the suite), requests cleared before each
 * test and no invalid request or emulator error after it. Returns the holder of the emulator, set when the suite starts.
 * @param env more variables to set (undefined unsets one)
 */
export function useLookupEmulator(env: Record<string, string | undefined> = {}): { emu: Emulator } {
    const holder = {} as { emu: Emulator };
    const saved: Record<string, string | undefined> = {};
    before(async function () {
        // No stack configuration in this process (another test may have run a program), so the environment counts.
        pulumi.runtime.setAllConfig({});
        holder.emu = await Emulator.start({ rateLimits: false });
        const values: Record<string, string | undefined> = {
            ...holder.emu.env(),
            OBSERVABILITY_VARIANT: undefined,
            OBSERVABILITY_RETRY_BASE_DELAY_MS: "1",
            OBSERVABILITY_RETRY_BUDGET_MS: "2000",
            OBSERVABILITY_SELF_HOSTED_RATE_LIMIT: "10000/1s",
            OBSERVABILITY_CLOUD_RATE_LIMIT: "10000/1s",
            ...env,
        };
        // Outside a Pulumi program `runtime.getConfig` answers nothing, so the environment fallback applies.
        for (const [key, value] of Object.entries(values)) {
            if (!(key in saved)) saved[key] = process.env[key];
            if (value === undefined) delete process.env[key];
            else process.env[key] = value;
        }
    });
    after(async function () {
        for (const [key, value] of Object.entries(saved)) {
            if (value === undefined) delete process.env[key];
            else process.env[key] = value;
        }
        await holder.emu?.close();
    });
    beforeEach(function () {
        holder.emu.clearRequests();
        holder.emu.clearInvalidRequests();
    });
    afterEach(function () {
        assert.deepEqual(holder.emu.invalidRequests, []);
        assert.deepEqual(holder.emu.serverErrors, []);
    });
    return holder;
}
