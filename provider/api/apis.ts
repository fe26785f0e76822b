import { createHash } from "node:crypto";
import { Clock, systemClock } from "./http/clock";
import { pulumiWarning, type Notify } from "./http/notice";
import { ApiClient } from "./http/client";
import { cloudEnvelope, selfHostedEnvelope } from "./http/envelope";
import { sharedLimiter } from "./http/rateLimiter";
import { MAX_RETRY_DELAY_MS, RetryPolicy } from "./http/retry";
import { Settings, Variant, where } from "../settings/config";
import { SETTING_DEFAULTS } from "../settings/defaults";
import type { ServiceIds } from "../settings/location";
import { path } from "../common/ids";
import { ConfigurationError } from "../settings/errors";
import { WireNames, WireNamesError, type WireSegment } from "./wireNames";

/** Where a dashboard, alert or lookup lives: one of the two variants, with its path prefix. */
export interface ObservabilityApi {
    variant: Variant;
    client: ApiClient;
    /** Prefix below the client's base URL: `` (self-hosted) or `/organizations/{org}/services/{svc}/observability`. */
    prefix: string;
}

/** Builds API clients from settings; one instance per configured provider. */
export class Apis {
    private readonly clients = new Map<string, ApiClient>();
    private names?: WireNames;

    /**
     * @param settings the provider's configuration
     * @param environment the clients' time source and where they tell about waits (defaults: real time, Pulumi's log)
     */
    constructor(
        readonly settings: Settings,
        private readonly environment: { clock?: Clock; notify?: Notify } = {},
    ) {}

    /** The time source of every wait and every timestamp of the provider (tests pass a manual clock). */
    get clock(): Clock {
        return this.environment.clock ?? systemClock;
    }

    /** Tells the user something while an operation runs, where the clients tell about their waits. */
    notify(message: string): void {
        (this.environment.notify ?? pulumiWarning)(message);
    }

    /** The self-hosted API (`{apiUrl}/api/v2`, Bearer key). */
    selfHosted(): ApiClient {
        const base = this.settings.url("apiUrl", SETTING_DEFAULTS.apiUrl);
        const key = this.settings.require("apiKey", "for the self-hosted API");
        return this.client("self-hosted", new URL(`${base.href.replace(/\/$/, "")}/api/v2`), `Bearer ${key}`, [key], {
            help: `set ${where("apiKey")} to a personal API access key from the team settings (not the ingestion key)`,
            urlSetting: "apiUrl",
            rate: this.settings.rateLimit("selfHostedRateLimit", SETTING_DEFAULTS.selfHostedRateLimit),
        });
    }

    /** The cloud API (`{cloudUrl}/v1`, HTTP Basic with key id and secret). */
    cloud(): ApiClient {
        const base = this.settings.url("cloudUrl");
        const keyId = this.settings.require("keyId", "for the cloud API");
        const keySecret = this.settings.require("keySecret", "for the cloud API");
        const token = Buffer.from(`${keyId}:${keySecret}`).toString("base64");
        return this.client("cloud", new URL(`${base.href.replace(/\/$/, "")}/v1`), `Basic ${token}`, [keySecret, token], {
            help: `set ${where("keyId")} and ${where("keySecret")} to a cloud API key`,
            urlSetting: "cloudUrl",
            rate: this.settings.rateLimit("cloudRateLimit", SETTING_DEFAULTS.cloudRateLimit),
        });
    }

    /** Dashboards, alerts and lookups: the self-hosted API or the managed variant under the cloud API. */
    observability(variant?: Variant, target: ServiceIds = {}): ObservabilityApi {
        const chosen = this.settings.variant(variant);
        if (chosen === "self-hosted") return { variant: chosen, client: this.selfHosted(), prefix: "" };
        return { variant: chosen, client: this.cloud(), prefix: this.servicePath(target, "observability") };
    }

    /**
     * `/organizations/{org}/services/{svc}` for the target, defaulting to configuration, followed by the server's
     * spelling of `segment` when one is given (`…/pipes`).
     */
    servicePath(target: ServiceIds = {}, segment?: WireSegment): string {
        const org = this.settings.uuid("organizationId", target.organizationId);
        const svc = this.settings.uuid("serviceId", target.serviceId);
        const service = path`/organizations/${org}/services/${svc}`;
        return segment === undefined ? service : `${service}/${this.wireNames().segment(segment)}`;
    }

    /** The wire names in force (`observability:wireNames`), read once; a bad value fails at preview. */
    wireNames(): WireNames {
        if (this.names === undefined) {
            try {
                this.names = WireNames.parse(this.settings.get("wireNames"));
            } catch (error) {
                if (!(error instanceof WireNamesError)) throw error;
                throw new ConfigurationError(`${where("wireNames")} ${error.message}`);
            }
        }
        return this.names;
    }

    private client(
        name: string,
        baseUrl: URL,
        authorization: string,
        secrets: string[],
        extra: { help: string; urlSetting: "apiUrl" | "cloudUrl"; rate: { limit: number; windowMs: number } },
    ): ApiClient {
        const retry: RetryPolicy = {
            baseDelayMs: this.settings.duration("retryBaseDelayMs", SETTING_DEFAULTS.retryBaseDelayMs),
            maxDelayMs: MAX_RETRY_DELAY_MS,
            budgetMs: this.settings.duration("retryBudgetMs", SETTING_DEFAULTS.retryBudgetMs),
        };
        const timeoutMs = this.settings.duration("requestTimeoutMs", SETTING_DEFAULTS.requestTimeoutMs);
        const listCacheMs = this.settings.duration("readCacheMs", SETTING_DEFAULTS.readCacheMs);
        const createListGraceMs = this.settings.duration("createListGraceMs", SETTING_DEFAULTS.createListGraceMs);
        const maxResponseBytes = this.settings.bytes("maxResponseBytes", SETTING_DEFAULTS.maxResponseBytes);
        const maxListResponseBytes = this.settings.bytes("maxListResponseBytes", SETTING_DEFAULTS.maxListResponseBytes);
        const wire = this.wireNames();
        const fingerprint = createHash("sha256")
            .update(
                `${baseUrl.href}|${authorization}|${JSON.stringify(retry)}|${timeoutMs}|${listCacheMs}|${createListGraceMs}|${maxResponseBytes}|${maxListResponseBytes}|${JSON.stringify(extra.rate)}|${wire}`,
            )
            .digest("hex");
        let client = this.clients.get(fingerprint);
        if (!client) {
            client = new ApiClient({
                name,
                baseUrl,
                authorization,
                secrets,
                credentialHelp: extra.help,
                urlSetting: extra.urlSetting,
                describeSetting: where,
                maxResponseBytes,
                maxListResponseBytes,
                plainTextNotFound: name === "self-hosted",
                envelope: name === "cloud" ? cloudEnvelope : selfHostedEnvelope,
                limiter: sharedLimiter(name, baseUrl.origin, authorization, extra.rate, this.environment.clock),
                retry,
                timeoutMs,
                listCacheMs,
                createListGraceMs,
                wire,
                ...this.environment,
            });
            this.clients.set(fingerprint, client);
        }
        return client;
    }
}

/** What every operation of a resource gets: the APIs and the operation's deadline. */
export interface OperationContext {
    apis: Apis;
    /** Aborts when the resource's own timeout for this operation expires. */
    signal: AbortSignal;
}

/** For `ResourceDefinition.clients`: the client of the variant the (unchecked) inputs choose, built without a request. */
export function targetClients(apis: Apis, inputs: Record<string, unknown>): void {
    // An unknown id is the sentinel, itself a UUID: it passes, and is checked again once known.
    const text = (key: string) => (typeof inputs[key] === "string" ? (inputs[key] as string) : undefined);
    const variant = text("variant");
    apis.observability(variant === "managed" || variant === "self-hosted" ? variant : undefined, {
        organizationId: text("organizationId"),
        serviceId: text("serviceId"),
    });
}
