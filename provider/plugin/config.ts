// The plugin's configuration: the provider's inputs (a default provider's are the stack's `observability:*` config,
// namespace stripped; an explicit provider's are its arguments), read into the same `Settings` as the dynamic
// providers, the environment as fallback.
import { CONFIG_NAMESPACE, type ConfigSource, Settings, SETTINGS, type SettingName, where } from "../settings/config";
import { WireNames } from "../api/wireNames";
import { containsUnknown } from "../common/unknown";
import { sameValue } from "../common/values";
import type { CheckFailure, Properties } from "../engine/lifecycle";

/** Inputs of a provider that are the engine's, not settings. */
const ENGINE_KEYS: ReadonlySet<string> = new Set(["version", "pluginDownloadURL"]);

/** The provider's inputs as the stack config `Settings` reads (`observability:<name>`); values that are not text as JSON. */
export function configSource(props: Properties): ConfigSource {
    return {
        get(key) {
            const name = key.startsWith(`${CONFIG_NAMESPACE}:`) ? key.slice(CONFIG_NAMESPACE.length + 1) : undefined;
            const value = name === undefined || ENGINE_KEYS.has(name) ? undefined : props[name];
            if (value === undefined || value === null) return undefined;
            return typeof value === "string" ? value : JSON.stringify(value);
        },
    };
}

/** How each setting is validated, with the message the providers give when they read it. */
const VALIDATE: Record<SettingName, ((settings: Settings) => unknown) | undefined> = {
    apiUrl: (settings) => settings.url("apiUrl"),
    apiKey: undefined,
    apiKeyEmail: undefined,
    // Any text is a list to the server, as here: nothing to refuse.
    webhookHostnameAllowlist: undefined,
    cloudUrl: (settings) => settings.url("cloudUrl"),
    keyId: undefined,
    keySecret: undefined,
    organizationId: (settings) => settings.uuid("organizationId"),
    serviceId: (settings) => settings.uuid("serviceId"),
    variant: (settings) => settings.variant(),
    allowInsecureHttp: (settings) => settings.flag("allowInsecureHttp"),
    requestTimeoutMs: (settings) => settings.duration("requestTimeoutMs", 0),
    retryBudgetMs: (settings) => settings.duration("retryBudgetMs", 0),
    retryBaseDelayMs: (settings) => settings.duration("retryBaseDelayMs", 0),
    readCacheMs: (settings) => settings.duration("readCacheMs", 0),
    createListGraceMs: (settings) => settings.duration("createListGraceMs", 0),
    maxResponseBytes: (settings) => settings.bytes("maxResponseBytes", 1),
    maxListResponseBytes: (settings) => settings.bytes("maxListResponseBytes", 1),
    pollIntervalMs: (settings) => settings.duration("pollIntervalMs", 0),
    selfHostedRateLimit: (settings) => settings.rateLimit("selfHostedRateLimit", { limit: 1, windowMs: 1 }),
    cloudRateLimit: (settings) => settings.rateLimit("cloudRateLimit", { limit: 1, windowMs: 1 }),
    wireNames: (settings) => WireNames.parse(settings.get("wireNames")),
};

/**
 * CheckConfig: an unknown key (a typo) and every value a setting would refuse when read, at the key's name, without a
 * request. Values from the environment are the operations' to check, as with the dynamic providers.
 */
export function configFailures(news: Properties): CheckFailure[] {
    const settings = new Settings(configSource(news), {});
    return Object.entries(news).flatMap(([key, value]): CheckFailure[] => {
        if (ENGINE_KEYS.has(key) || containsUnknown(value)) return [];
        if (!Object.hasOwn(SETTINGS, key)) {
            return [{ property: key, reason: `unknown setting (a typo?): the settings are ${Object.keys(SETTINGS).join(", ")}` }];
        }
        try {
            VALIDATE[key as SettingName]?.(settings);
            return [];
        } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            return [{ property: key, reason: message.startsWith("`") ? message : `${where(key as SettingName)} ${message}` }];
        }
    });
}

/**
 * DiffConfig: the settings that changed. None replaces the provider's resources: where an existing object lives was
 * resolved at its create (the observability kinds' `target`), and the cloud kinds take their organization and service
 * from the settings at `check`, so each resource's own Diff moves exactly the objects a change would move.
 */
export function changedSettings(olds: Properties, news: Properties): string[] {
    return Object.keys(SETTINGS).filter((key) => containsUnknown(news[key]) || !sameValue(olds[key], news[key]));
}
