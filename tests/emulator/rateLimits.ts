import type { Clock } from "./clock";
import type { ApiName, RateLimitSetting, RateLimitSettings } from "./types";

/** The documented limits (contract §1.7). */
export const DOCUMENTED_RATE_LIMITS: RateLimitSettings = {
    selfHosted: { limit: 100, windowMs: 60_000 },
    cloud: { limit: 10, windowMs: 10_000 },
};

export interface RateDecision {
    allowed: boolean;
    limit: number;
    remaining: number;
    /** Whole seconds until the window resets (at least 1). */
    resetSeconds: number;
}

interface Window {
    start: number;
    count: number;
}

/** Fixed-window request budgets per API and key, on an injectable clock. */
export class RateLimits {
    private enabled: boolean;
    private settings: RateLimitSettings;
    private readonly windows = new Map<string, Window>();
    private readonly rejected = { selfHosted: 0, cloud: 0 };

    constructor(
        private readonly clock: Clock,
        enabled: boolean,
    ) {
        this.enabled = enabled;
        this.settings = structuredClone(DOCUMENTED_RATE_LIMITS);
    }

    enable(): void {
        this.enabled = true;
    }

    disable(): void {
        this.enabled = false;
    }

    get isEnabled(): boolean {
        return this.enabled;
    }

    /** Replaces the limits of one or both APIs and starts fresh windows. */
    set(settings: Partial<RateLimitSettings>): void {
        this.settings = { ...this.settings, ...settings };
        this.windows.clear();
    }

    /** Forgets every window (budgets start over). */
    reset(): void {
        this.windows.clear();
    }

    /** Number of 429 answers sent per API. */
    get stats(): { selfHosted: number; cloud: number } {
        return { ...this.rejected };
    }

    /** Counts one request; undefined when limiting is disabled. */
    hit(api: ApiName, key: string): RateDecision | undefined {
        if (!this.enabled) return undefined;
        const which = api === "self-hosted" ? "selfHosted" : "cloud";
        const setting: RateLimitSetting = this.settings[which];
        const now = this.clock.now();
        const id = `${api}|${key}`;
        let window = this.windows.get(id);
        if (!window || now >= window.start + setting.windowMs) {
            window = { start: now, count: 0 };
            this.windows.set(id, window);
        }
        window.count++;
        const allowed = window.count <= setting.limit;
        if (!allowed) this.rejected[which]++;
        return {
            allowed,
            limit: setting.limit,
            remaining: Math.max(0, setting.limit - window.count),
            resetSeconds: Math.max(1, Math.ceil((window.start + setting.windowMs - now) / 1000)),
        };
    }
}
