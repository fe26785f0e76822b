/** Stack config and host environment that point the providers at an emulator (no test framework needed). */
import { Apis } from "../../provider/api/apis";
import { Settings } from "../../provider/settings/config";
import type { Emulator } from "../emulator";
import type { ConfigValue } from "../harness/host";

/** Stack config pointing both APIs at the emulator, with its credentials (secrets wrapped as the engine sends them). */
export function emulatorConfig(emu: Emulator): Record<string, ConfigValue> {
    const { credentials } = emu;
    return {
        "observability:apiUrl": emu.url,
        "observability:apiKey": { secret: credentials.apiKey },
        "observability:cloudUrl": emu.url,
        "observability:keyId": credentials.keyId,
        "observability:keySecret": { secret: credentials.keySecret },
        "observability:organizationId": credentials.organizationId,
        "observability:serviceId": credentials.serviceId,
    };
}

/** Host environment overrides that remove every inherited `OBSERVABILITY_*` variable: only the stack config counts. */
export function withoutSettingsEnv(): NodeJS.ProcessEnv {
    return Object.fromEntries(
        Object.keys(process.env)
            .filter((key) => key.startsWith("OBSERVABILITY_"))
            .map((key) => [key, undefined]),
    );
}

/**
 * In-process API clients configured against the emulator (as `configure()` would from {@link emulatorConfig}), with
 * fast retries and no client-side rate limit. Each call makes fresh clients, so a fresh poller and fresh caches.
 * @param extra settings added or overridden, keys with their namespace
 * @param environment the clients' clock and where they tell about waits
 */
export function emulatorApis(emu: Emulator, extra: Record<string, string> = {}, environment: ConstructorParameters<typeof Apis>[1] = {}): Apis {
    const config: Record<string, string> = { "observability:cloudRateLimit": "10000/1s", "observability:retryBaseDelayMs": "1" };
    for (const [key, value] of Object.entries(emulatorConfig(emu))) config[key] = typeof value === "string" ? value : value.secret;
    Object.assign(config, extra);
    return new Apis(new Settings({ get: (key) => config[key] }, {}), environment);
}

/**
 * Resolves once `condition` holds: it waits for an event, not for a length of time (it looks every few ms, and the
 * test's timeout bounds it).
 */
export async function eventually(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
