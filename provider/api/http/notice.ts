import * as pulumi from "@pulumi/pulumi";

/** Tells the user, while an operation runs, what it is waiting for (tests collect the lines instead). */
export type Notify = (message: string) => void;

/** A warning in Pulumi's log (the host's output when no engine listens); the message names the operation that waits. */
export const pulumiWarning: Notify = (message) => void pulumi.log.warn(message);
