/** Local emulator of the self-hosted and cloud APIs for tests, examples, the demo and offline development. */
export { Emulator, type EmulatorOptions } from "./emulator";
export { type Clock, ManualClock, systemClock } from "./clock";
export type { Faults, FaultOptions, RandomFaultSettings } from "./faults";
export { DOCUMENTED_RATE_LIMITS, type RateLimits } from "./rateLimits";
export type { EmulatorStore, Organization } from "./store";
export { CloudState, TeamStore } from "./store";
export type * from "./store/types";
export type { Fixtures } from "./store/fixtures";
export type * from "./types";
export type { RouteModule, RouteRegistrar, Handler, HandlerContext, ApiRequest } from "./routes/types";
