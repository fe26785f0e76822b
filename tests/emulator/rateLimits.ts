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
    /** Whole seconds until the window resets, rounded up (`source/lib.ts:296-300`). */
    resetSeconds: number;
    /** The whole window in seconds, rounded up: what a refusal's `Retry-After` says (`source/lib.ts:350`). */
    windowSeconds: number;
}

/**
 * Fixed-window request budgets per API and key, on an injectable clock, counted as the self-hosted server's limiter
 * counts (express-rate-limit 6.7.1 with its memory store): one window for every key, started with the limiter and
 * renewed every `windowMs` (`source/memory-store.ts:58-66`, a single `resetTime` and one `setInterval` resetting
 * every key's count), so a key first used late in a window gets what is left of it. A request beyond the budget is
 * counted too, and refused. The cloud's window is not documented; the emulator counts it the same way.
 */
export class RateLimits {
    private enabled: boolean;
    private settings: RateLimitSettings;
    /** Per API: when its current window started, and each key's count in it. */
    private readonly windows: Record<"selfHosted" | "cloud", { start: number; counts: Map<string, number> }>;
    private readonly rejected = { selfHosted: 0, cloud: 0 };

    constructor(
        private readonly clock: Clock,
        enabled: boolean,
    ) {
        this.enabled = enabled;
        this.settings = structuredClone(DOCUMENTED_RATE_LIMITS);
        this.windows = { selfHosted: this.freshWindow(), cloud: this.freshWindow() };
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

    /** Replaces the limits of one or both APIs and starts fresh windows now. */
    set(settings: Partial<RateLimitSettings>): void {
        this.settings = { ...this.settings, ...settings };
        this.reset();
    }

    /** Forgets every count and starts fresh windows now, as a restarted server does. */
    reset(): void {
        this.windows.selfHosted = this.freshWindow();
        this.windows.cloud = this.freshWindow();
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
        const window = this.windows[which];
        if (now >= window.start + setting.windowMs) {
            // Every window since the last request has passed: the current one started at the last multiple.
            window.start += Math.floor((now - window.start) / setting.windowMs) * setting.windowMs;
            window.counts.clear();
        }
        const count = (window.counts.get(key) ?? 0) + 1;
        window.counts.set(key, count);
        const allowed = count <= setting.limit;
        if (!allowed) this.rejected[which]++;
        return {
            allowed,
            limit: setting.limit,
            windowSeconds: Math.ceil(setting.windowMs / 1000),
            remaining: Math.max(0, setting.limit - count),
            resetSeconds: Math.max(0, Math.ceil((window.start + setting.windowMs - now) / 1000)),
        };
    }

    private freshWindow(): { start: number; counts: Map<string, number> } {
        return { start: this.clock.now(), counts: new Map() };
    }
}
