import { z } from "zod";
import { timeoutsSchema } from "../../common/fields";

/**
 * A database connection of the self-hosted API: the engine (or Prometheus-compatible) endpoint that sources read
 * through. POST and PUT take the same fields; the password is write-only.
 */
export const connectionSchema = z.strictObject({
    /** Display name (not unique). */
    name: z.string().min(1, "must not be empty"),
    /** The engine's HTTP endpoint URL, or a Prometheus-compatible API URL when `isPrometheusEndpoint` is true. */
    host: z.string().min(1, "must not be empty"),
    /** The engine user (`""` for a Prometheus endpoint without one). */
    username: z.string(),
    /**
     * The engine password: write-only and secret. The API never returns it, so a change made outside Pulumi cannot
     * be seen; it is kept from the arguments and encrypted in state. The API cannot clear a password: removing it
     * from the arguments replaces the connection.
     */
    password: z.string().min(1, "must not be empty (omit it for no password)").optional(),
    /** Prefix of the observability-specific engine settings (letters, digits and `_`); omitted = none. */
    observabilitySettingPrefix: z
        .string()
        .regex(/^[a-z0-9_]+$/i, "must only contain letters, digits and underscores")
        .optional(),
    /** True when `host` is a Prometheus-compatible API (PromQL is proxied to it). Default false. */
    isPrometheusEndpoint: z.boolean().default(false),
    /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers). */
    timeouts: timeoutsSchema,
});

/** What the program declares (the public argument type derives from it). */
export type ConnectionArgs = z.input<typeof connectionSchema>;
/** The checked, normalized inputs. */
export type ConnectionInputs = z.output<typeof connectionSchema>;
/** Everything the resource reports: the normalized inputs, the write-only password kept from them. */
export type ConnectionOutputs = ConnectionInputs;
