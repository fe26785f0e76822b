/** Stack config and host environment that point the providers at an emulator (no test framework needed). */
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
