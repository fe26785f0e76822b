import * as pulumi from "@pulumi/pulumi";
import type { ConnectionArgs as ConnectionDeclaration, ConnectionOutputs } from "../../provider/resources/connection/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of a {@link Connection}; every property may be an Output. */
export type ConnectionArgs = ArgsOf<ConnectionDeclaration> & AdoptionArgs;

const KIND = resourceKind<ConnectionOutputs>({
    type: "Connection",
    /** Write-only: encrypted in state, never read back. */
    secretOutputs: ["password"],
    outputs: {
        name: undefined,
        host: undefined,
        username: undefined,
        password: undefined,
        observabilitySettingPrefix: undefined,
        isPrometheusEndpoint: undefined,
    },
});

/** The outputs of a {@link Connection}, typed from the schema's `ConnectionOutputs`. */
export interface Connection extends OutputProperties<ConnectionOutputs> {}

/**
 * A database connection of the self-hosted API: the engine endpoint (or Prometheus-compatible API) that sources
 * read through. Reference it from sources as `connection: connection.id`.
 *
 * Self-hosted only: on the managed variant the connection is provisioned by the platform and read-only (no API
 * creates, changes or deletes it); managed sources name its id, found as the `connection` of an existing source
 * (`getSources`).
 *
 * `password` is write-only: wrapped with `pulumi.secret` and an additional secret output, so it is encrypted in
 * state; the API never returns it, so a change made outside Pulumi cannot be seen, and a change of the argument is
 * sent as it is. The API cannot clear a password: removing `password` replaces the connection (a new id).
 *
 * Every other field changes in place (a PUT of the complete connection). Deleting a connection leaves its sources
 * (and raw-SQL tiles) pointing at a missing id: the server does not cascade and does not refuse, and the next update
 * of such a source fails. Declare sources with `connection: connection.id` (or `dependsOn`), so that Pulumi
 * deletes them before their connection and re-creates them after a replacement.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import * as obs from "pulumi-observability";
 *
 * const config = new pulumi.Config();
 *
 * export const warehouse = new obs.Connection("warehouse", {
 *     name: "warehouse",
 *     host: "https://warehouse.example.com:8443",
 *     username: "observability",
 *     password: config.requireSecret("databasePassword"),
 * });
 * export const connectionId = warehouse.id;
 * ```
 */
export class Connection extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The connection: name, host, username and, optionally, the password, settings prefix and Prometheus flag.
     * @param opts Resource options.
     */
    constructor(name: string, args: ConnectionArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
