import type { CloudState } from "./cloudState";
import type { TeamStore } from "./teamStore";

/** The whole in-memory state; edit it directly in tests to change things behind a client's back. */
export interface EmulatorStore {
    /** The self-hosted team (`/api/v2`). */
    selfHosted: TeamStore;
    /** The managed service's observability data (`/v1/.../observability`). */
    managed: TeamStore;
    /** Organization and service state of the cloud API. */
    cloud: CloudState;
}

export { CloudState } from "./cloudState";
export type { Organization } from "./cloudState";
export { TeamStore } from "./teamStore";
export type * from "./types";
