/**
 * The hosts a live scenario can run through. A scenario declares resources by the registry key of their kind and calls
 * lookups by name; a {@link HostDriver} turns that into what one Pulumi host does. Today: Pulumi's own dynamic-provider
 * host (the SDK's provider texts, lookups run in the program's process). Another host (the provider plugin) is one
 * more driver in {@link HOST_DRIVERS}, with the same scenarios.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ProviderKey } from "../../provider/index";
import * as lookups from "../../sdk/functions/observability";
import { type DeclaredResource, Engine, type OutputsByName, type ResourceState, type RunResult } from "../harness/engine";
import { type PropertyMap, ProviderHost } from "../harness/host";
import { assertBuilt, ensureSelfLink, packageProviderText } from "../harness/providerText";
import { withoutSettingsEnv } from "../support/emulatorConfig";
import type { LiveServer } from "./server";

/** A resource of a live program: its kind by registry key (`"dashboard"`), a name unique in the stack, its inputs. */
export interface LiveResource {
    kind: ProviderKey;
    name: string;
    /** Plain inputs, or a function of the outputs of the resources it reads (which it then depends on). */
    inputs: PropertyMap | ((outputs: OutputsByName) => PropertyMap);
}

/** The self-hosted lookups, by the SDK function's name. */
export type LookupName = "getDashboards" | "getSources" | "getWebhooks" | "getTeam" | "getTeamMembers" | "querySeries" | "search";

/** Provider settings a lookup may be called with. */
export interface LookupSettings {
    /** `observability:retryBudgetMs`. */
    retryBudgetMs?: number;
}

/** One stack on one host: the Pulumi commands a scenario runs, and the stack's state. */
export interface LiveStack {
    /** `pulumi up` of the program. */
    up(program: LiveResource[]): Promise<RunResult>;
    /** `pulumi preview` of the program. */
    preview(program: LiveResource[]): Promise<RunResult>;
    /** `pulumi refresh`. */
    refresh(): Promise<RunResult>;
    /** `pulumi destroy`. */
    destroy(): Promise<RunResult>;
    /** The stack's state of one resource. */
    state(resource: Pick<LiveResource, "kind" | "name">): ResourceState | undefined;
    /** How many resources the stack's state holds. */
    readonly size: number;
    /**
     * Calls a lookup as a program would.
     * @param name the lookup
     * @param args its arguments
     * @param settings provider settings for this call only, e.g. a shorter `retryBudgetMs`
     */
    lookup(name: LookupName, args?: PropertyMap, settings?: LookupSettings): Promise<unknown>;
    /** Stops what the stack started (not the objects it made: `destroy` does that). */
    close(): Promise<void>;
}

/** A way of running live programs: one Pulumi host. */
export interface HostDriver {
    /** Named in the suite's titles. */
    name: string;
    /**
     * Starts a stack with empty state, configured for the server.
     * @param server the server and key
     * @param config more stack config, keys with their namespace (`observability:webhookHostnameAllowlist`)
     */
    open(server: LiveServer, config?: Record<string, string>): Promise<LiveStack>;
}

/**
 * Every command is a new process with a limiter of its own while the server counts the key's requests in one window:
 * a 429 may ask for up to a minute, which the retry budget must cover.
 */
const RETRY_BUDGET_MS = 150_000;

/** The Pulumi type name of a kind: `savedSearch` → `SavedSearch`. */
export function typeName(kind: ProviderKey): string {
    return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** Pulumi's dynamic-provider host over gRPC, as the CLI runs it, with the SDK's provider texts and the engine model. */
export const dynamicHost: HostDriver = {
    name: "the dynamic-provider host",
    async open(server, config = {}) {
        assertBuilt();
        ensureSelfLink();
        const host = await ProviderHost.start({
            config: {
                "observability:apiUrl": server.apiUrl,
                "observability:apiKey": { secret: server.apiKey },
                "observability:retryBudgetMs": String(RETRY_BUDGET_MS),
                ...config,
            },
            env: withoutSettingsEnv(),
            timeoutMs: 300_000,
        });
        const engine = new Engine(host);
        const declared = (program: LiveResource[]): DeclaredResource[] =>
            program.map(({ kind, name, inputs }) => ({ type: typeName(kind), name, provider: packageProviderText(kind), inputs }));
        return {
            up: (program) => engine.up(declared(program)),
            preview: (program) => engine.preview(declared(program)),
            refresh: () => engine.refresh(),
            destroy: () => engine.destroy(),
            state: ({ kind, name }) => engine.state.get(engine.urnOf({ type: typeName(kind), name })),
            get size() {
                return engine.state.size;
            },
            lookup: (name, args = {}, settings = {}) => inProgram(server, settings, () => (lookups[name] as (a: PropertyMap) => Promise<unknown>)(args)),
            close: () => host.close(),
        };
    },
};

/**
 * Runs a lookup as it runs in a program of the dynamic host: in this process, with no stack config, so the
 * `OBSERVABILITY_*` environment names the server (the URL, the key and the retry budget, nothing else inherited).
 */
async function inProgram<T>(server: LiveServer, settings: LookupSettings, call: () => Promise<T>): Promise<T> {
    pulumi.runtime.setAllConfig({});
    const saved = { ...process.env };
    for (const key of Object.keys(process.env)) if (key.startsWith("OBSERVABILITY_")) delete process.env[key];
    process.env.OBSERVABILITY_API_URL = server.apiUrl;
    process.env.OBSERVABILITY_API_KEY = server.apiKey;
    process.env.OBSERVABILITY_RETRY_BUDGET_MS = String(settings.retryBudgetMs ?? RETRY_BUDGET_MS);
    try {
        return await call();
    } finally {
        for (const key of Object.keys(process.env)) if (key.startsWith("OBSERVABILITY_")) delete process.env[key];
        for (const [key, value] of Object.entries(saved)) if (key.startsWith("OBSERVABILITY_")) process.env[key] = value;
    }
}

/** Every host the live scenarios run through. */
export const HOST_DRIVERS: readonly HostDriver[] = [dynamicHost];
