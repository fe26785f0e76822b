import { ConfigurationError } from "./errors";
import { type RateLimit, SETTING_DEFAULTS } from "./defaults";

/** The configuration namespace: `pulumi config set observability:apiKey …`. */
export const CONFIG_NAMESPACE = "observability";

/** A source of stack configuration values, keyed `observability:<name>`. */
export interface ConfigSource {
    get(key: string): string | undefined;
}

/** Which API serves dashboards, alerts and lookups. */
export type Variant = "self-hosted" | "managed";

interface SettingDefinition {
    env: string;
    description: string;
    secret?: boolean;
}

/** A rate limit as the settings write it: `100/60s`. */
const rate = ({ limit, windowMs }: RateLimit) => `${limit}/${windowMs / 1000}s`;

/** Every setting, with its environment-variable fallback. docs/installation-configuration.md documents the same table (tests/docs/settings.test.ts). */
export const SETTINGS = {
    apiUrl: { env: "OBSERVABILITY_API_URL", description: "self-hosted API base URL" },
    apiKey: { env: "OBSERVABILITY_API_KEY", description: "self-hosted personal API access key", secret: true },
    apiKeyEmail: {
        env: "OBSERVABILITY_API_KEY_EMAIL",
        description: "email of the self-hosted API key's own user: a `TeamMember` declaring it is refused at preview",
    },
    webhookHostnameAllowlist: {
        env: "OBSERVABILITY_WEBHOOK_HOSTNAME_ALLOWLIST",
        description:
            "the self-hosted server's `WEBHOOK_HOSTNAME_ALLOWLIST`, copied as its administrator set it (comma-separated hosts; a name also allows the names under it, an IP address only itself): a self-hosted webhook's URL on localhost or a private or reserved address that it allows passes `check`, as that server accepts it (default: none)",
    },
    cloudUrl: { env: "OBSERVABILITY_CLOUD_URL", description: "cloud API base URL" },
    keyId: { env: "OBSERVABILITY_KEY_ID", description: "cloud API key id" },
    keySecret: { env: "OBSERVABILITY_KEY_SECRET", description: "cloud API key secret", secret: true },
    organizationId: { env: "OBSERVABILITY_ORGANIZATION_ID", description: "default organization id (UUID)" },
    serviceId: { env: "OBSERVABILITY_SERVICE_ID", description: "default service id (UUID)" },
    variant: { env: "OBSERVABILITY_VARIANT", description: "`self-hosted` (default) or `managed`" },
    allowInsecureHttp: { env: "OBSERVABILITY_ALLOW_INSECURE_HTTP", description: "allow http:// URLs to hosts other than loopback" },
    requestTimeoutMs: {
        env: "OBSERVABILITY_REQUEST_TIMEOUT_MS",
        description: `timeout of one HTTP exchange in ms (default ${SETTING_DEFAULTS.requestTimeoutMs})`,
    },
    retryBudgetMs: {
        env: "OBSERVABILITY_RETRY_BUDGET_MS",
        description: `total time spent retrying one call after failures (5xx, network errors) in ms; a 429 asking to wait up to one rate-limit window is waited out within the operation's timeout instead (default ${SETTING_DEFAULTS.retryBudgetMs})`,
    },
    retryBaseDelayMs: {
        env: "OBSERVABILITY_RETRY_BASE_DELAY_MS",
        description: `first retry backoff in ms, doubled per attempt (default ${SETTING_DEFAULTS.retryBaseDelayMs})`,
    },
    readCacheMs: {
        env: "OBSERVABILITY_READ_CACHE_MS",
        description: `how long reads share list responses in ms (default ${SETTING_DEFAULTS.readCacheMs}; 0 disables)`,
    },
    createListGraceMs: {
        env: "OBSERVABILITY_CREATE_LIST_GRACE_MS",
        description: `how long creates of one collection keep sharing the list taken before their POSTs after the last one ended, in ms (default ${SETTING_DEFAULTS.createListGraceMs}; 0: only while one is in progress). A lost create never adopts an object in that list; an identical object made by hand within this time after the stack's last create of its kind is the one it cannot tell from its own`,
    },
    maxResponseBytes: {
        env: "OBSERVABILITY_MAX_RESPONSE_BYTES",
        description: `largest response body of one object read, in bytes; a larger one is refused unread (default ${SETTING_DEFAULTS.maxResponseBytes})`,
    },
    maxListResponseBytes: {
        env: "OBSERVABILITY_MAX_LIST_RESPONSE_BYTES",
        description: `largest response body of a list (or of one page of it) read, in bytes; a larger one is refused unread. Some self-hosted lists never page, so a team's whole collection comes in one answer (default ${SETTING_DEFAULTS.maxListResponseBytes}: 50,000 objects of 5 KiB)`,
    },
    pollIntervalMs: {
        env: "OBSERVABILITY_POLL_INTERVAL_MS",
        description: `first interval in ms when waiting for an object's state (data pipes, reverse private endpoints, CDC scaling), doubled per poll (default ${SETTING_DEFAULTS.pollIntervalMs})`,
    },
    selfHostedRateLimit: {
        env: "OBSERVABILITY_SELF_HOSTED_RATE_LIMIT",
        description: `client-side limit, \`<requests>/<seconds>s\` (default ${rate(SETTING_DEFAULTS.selfHostedRateLimit)})`,
    },
    cloudRateLimit: {
        env: "OBSERVABILITY_CLOUD_RATE_LIMIT",
        description: `client-side limit, \`<requests>/<seconds>s\` (default ${rate(SETTING_DEFAULTS.cloudRateLimit)})`,
    },
    wireNames: {
        env: "OBSERVABILITY_WIRE_NAMES",
        description: "JSON object of neutral wire name → the server's name, for a server that spells them otherwise (default: the neutral names)",
    },
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof SETTINGS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads settings from stack config first, then from the environment at call time (so a rotated key in
 * the environment is picked up by `refresh` and `destroy` without an `up`).
 */
export class Settings {
    constructor(
        private readonly stack: ConfigSource | undefined,
        private readonly env: NodeJS.ProcessEnv = process.env,
    ) {}

    /** Every setting's stack config value, as one text: two `Settings` of equal texts read the same stack config. */
    stackValues(): string {
        return JSON.stringify(Object.keys(SETTINGS).map((name) => this.stack?.get(`${CONFIG_NAMESPACE}:${name}`) ?? null));
    }

    /** The raw value, or undefined when neither config nor environment sets it. */
    get(name: SettingName): string | undefined {
        const fromStack = this.stack?.get(`${CONFIG_NAMESPACE}:${name}`);
        if (fromStack !== undefined && fromStack !== "") return fromStack;
        const fromEnv = this.env[SETTINGS[name].env];
        return fromEnv !== undefined && fromEnv !== "" ? fromEnv : undefined;
    }

    /** The value, or a message naming both places to set it. */
    require(name: SettingName, why: string): string {
        const value = this.get(name);
        if (value === undefined) throw new ConfigurationError(`${missing(name)} (needed ${why})`);
        return value;
    }

    /** A validated URL; plain http is refused for hosts other than loopback unless allowed. */
    url(name: "apiUrl" | "cloudUrl", fallback?: string): URL {
        const raw = this.get(name) ?? fallback;
        if (raw === undefined) throw new ConfigurationError(missing(name));
        let url: URL;
        try {
            url = new URL(raw);
        } catch {
            throw new ConfigurationError(`${where(name)} is not a valid URL`);
        }
        if (url.protocol !== "https:" && url.protocol !== "http:") {
            throw new ConfigurationError(`${where(name)} must be an http(s) URL`);
        }
        if (url.protocol === "http:" && !isLoopback(url.hostname) && !this.flag("allowInsecureHttp")) {
            throw new ConfigurationError(
                `${where(name)} uses plain http to ${url.hostname}: credentials would travel unencrypted. ` +
                    `Use https, or set ${where("allowInsecureHttp")} to true`,
            );
        }
        if (url.username || url.password) throw new ConfigurationError(`${where(name)} must not contain credentials`);
        // The API's version path is appended to the URL: a query or fragment would end up in front of it.
        if (url.search || url.hash || raw.includes("?") || raw.includes("#")) {
            throw new ConfigurationError(`${where(name)} must not have a query string or fragment: give the base URL only, e.g. ${url.origin}${url.pathname}`);
        }
        return url;
    }

    /** A UUID setting (organization or service), validated. */
    uuid(name: "organizationId" | "serviceId", explicit?: string): string {
        const value = explicit ?? this.get(name);
        if (value === undefined) throw new ConfigurationError(`${missing(name)}, or set it on the resource`);
        if (!UUID.test(value)) {
            throw new ConfigurationError(`${explicit === undefined ? where(name) : name} must be a UUID, got ${JSON.stringify(value)}`);
        }
        return value.toLowerCase();
    }

    variant(explicit?: Variant): Variant {
        const value = explicit ?? this.get("variant") ?? "self-hosted";
        if (value !== "self-hosted" && value !== "managed") {
            throw new ConfigurationError(`${where("variant")} must be \`self-hosted\` or \`managed\`, got ${JSON.stringify(value)}`);
        }
        return value;
    }

    flag(name: "allowInsecureHttp"): boolean {
        const value = this.get(name);
        if (value === undefined) return false;
        if (value === "true" || value === "false") return value === "true";
        throw new ConfigurationError(`${where(name)} must be true or false`);
    }

    /** A positive integer in ms. */
    duration(
        name: "requestTimeoutMs" | "retryBudgetMs" | "retryBaseDelayMs" | "pollIntervalMs" | "readCacheMs" | "createListGraceMs",
        fallback: number,
    ): number {
        const value = this.get(name);
        if (value === undefined) return fallback;
        const n = Number(value);
        if (!Number.isInteger(n) || n < 0) throw new ConfigurationError(`${where(name)} must be a whole number of milliseconds`);
        return n;
    }

    /** A positive whole number of bytes. */
    bytes(name: "maxResponseBytes" | "maxListResponseBytes", fallback: number): number {
        const value = this.get(name);
        if (value === undefined) return fallback;
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1)
            throw new ConfigurationError(`${where(name)} must be a positive whole number of bytes, got ${JSON.stringify(value)}`);
        return n;
    }

    rateLimit(name: "selfHostedRateLimit" | "cloudRateLimit", fallback: RateLimit): RateLimit {
        const value = this.get(name);
        if (value === undefined) return fallback;
        const match = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)s$/.exec(value.trim());
        if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0) {
            throw new ConfigurationError(`${where(name)} must look like \`100/60s\` (requests per seconds), got ${JSON.stringify(value)}`);
        }
        return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
    }
}

/** `observability:apiKey` (or OBSERVABILITY_API_KEY). */
export function where(name: SettingName): string {
    return `\`${CONFIG_NAMESPACE}:${name}\` (environment variable ${SETTINGS[name].env})`;
}

function missing(name: SettingName): string {
    const secret = "secret" in SETTINGS[name] ? " --secret" : "";
    return `Missing setting ${where(name)}: run \`pulumi config set${secret} ${CONFIG_NAMESPACE}:${name} <value>\` or export ${SETTINGS[name].env}`;
}

function isLoopback(host: string): boolean {
    return host === "localhost" || host === "[::1]" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
