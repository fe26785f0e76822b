import { createRequire } from "node:module";
import type * as Pulumi from "@pulumi/pulumi";

/** Tells the user, while an operation runs, what it is waiting for (tests collect the lines instead). */
export type Notify = (message: string) => void;

/** Loads `@pulumi/pulumi` as this module's `require` would, at the first warning. */
const load = createRequire(__filename);
let pulumi: typeof Pulumi | undefined;

/**
 * A warning in Pulumi's log (the host's output when no engine listens); the message names the operation that waits.
 * `@pulumi/pulumi` is loaded at the first warning, not with this module: the dynamic-provider host has loaded it
 * already, and the provider plugin, which warns through the engine itself, never needs its runtime (loading it cost
 * the plugin's every start about half its CPU: TypeScript, npm's package tooling, OpenTelemetry).
 */
export const pulumiWarning: Notify = (message) => void (pulumi ??= load("@pulumi/pulumi") as typeof Pulumi).log.warn(message);
