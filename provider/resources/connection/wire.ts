import { z } from "zod";
import type { ConnectionInputs } from "./schema";

/**
 * A connection as the API returns it: never the password. The setting-prefix field arrives under its neutral name
 * (the client translates the server's, see `api/wireNames.ts`).
 */
export const wireConnection = z.looseObject({
    id: z.string(),
    name: z.string(),
    host: z.string(),
    username: z.string(),
    observabilitySettingPrefix: z.string().nullish(),
    isPrometheusEndpoint: z.boolean().nullish(),
});
export type WireConnection = z.infer<typeof wireConnection>;

/** The fields of a read, in the inputs' form: an absent, null or empty prefix is unset, an absent flag false. */
export function connectionFromWire(connection: WireConnection): Omit<ConnectionInputs, "password" | "timeouts"> {
    const prefix = connection.observabilitySettingPrefix;
    return {
        name: connection.name,
        host: connection.host,
        username: connection.username,
        observabilitySettingPrefix: prefix === null || prefix === "" ? undefined : prefix,
        isPrometheusEndpoint: connection.isPrometheusEndpoint ?? false,
    };
}

/**
 * The request body, POST and PUT alike: the complete desired connection. The password goes only when declared (an
 * omitted or empty one is kept by the server); the prefix is `null` when undeclared, which clears it on PUT.
 */
export function connectionBody(inputs: ConnectionInputs, create: boolean): Record<string, unknown> {
    return {
        name: inputs.name,
        host: inputs.host,
        username: inputs.username,
        ...(inputs.password === undefined ? {} : { password: inputs.password }),
        ...(inputs.observabilitySettingPrefix !== undefined
            ? { observabilitySettingPrefix: inputs.observabilitySettingPrefix }
            : create
              ? {}
              : { observabilitySettingPrefix: null }),
        isPrometheusEndpoint: inputs.isPrometheusEndpoint,
    };
}
