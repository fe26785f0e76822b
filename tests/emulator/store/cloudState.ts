import { ApiError } from "../http/apiError";
import type { ServiceState } from "../types";

export interface Organization {
    id: string;
    name: string;
    createdAt: string;
    privateEndpoints: { id: string; description: string; cloudProvider?: string; region?: string }[];
    byocConfig: { id: string; accountName: string }[];
    enableCoreDumps: boolean;
}

/** State of the cloud management API: the one organization and its one service. */
export class CloudState {
    private state: ServiceState = "running";
    private readonly modules = new Map<string, unknown>();

    constructor(
        readonly organization: Organization,
        /** The service's id (UUID). */
        readonly serviceId: string,
    ) {}

    /** `running`, `idle` or `stopped`; every pipe call answers 424 while the service is not running. */
    get serviceState(): ServiceState {
        return this.state;
    }

    /** Switches the service state (e.g. `idle` to exercise the 424 wake-up path of pipe calls). */
    setServiceState(state: ServiceState): void {
        this.state = state;
    }

    /**
     * Throws the cloud's 424 (`FAILED_DEPENDENCY: … Current state: idle`) unless the service is running; every pipe
     * route calls this first (§5.9).
     */
    assertServiceRunning(): void {
        if (this.state !== "running") throw new ApiError(424, `Service is not running. Current state: ${this.state}`);
    }

    /**
     * Per-module state for cloud route modules added later (pipes, query endpoint): created on first use.
     * @param name the module's name
     * @param create builds the initial state
     */
    moduleState<T>(name: string, create: () => T): T {
        if (!this.modules.has(name)) this.modules.set(name, create());
        return this.modules.get(name) as T;
    }

    inventory(): Record<string, unknown> {
        return { organizationId: this.organization.id, serviceId: this.serviceId, serviceState: this.state, modules: [...this.modules.keys()] };
    }
}
