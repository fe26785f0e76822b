import * as pulumi from "@pulumi/pulumi";
import type { RoleArgs as RoleDeclaration, RoleOutputs, RolePermission } from "../../provider/resources/role/schema";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** Arguments of a {@link Role}; every property may be an Output. */
export type RoleArgs = ArgsOf<RoleDeclaration> & AdoptionArgs;
/** One permission of a role, as the resource reports it (`inverted` and `integration` filled in). */
export type { RolePermission };

const KIND = resourceKind<RoleOutputs>({
    type: "Role",
    outputs: {
        variant: undefined,
        organizationId: undefined,
        serviceId: undefined,
        name: undefined,
        description: undefined,
        permissions: undefined,
        target: undefined,
    },
});

/** The outputs of a {@link Role}, typed from the schema's `RoleOutputs`. */
export interface Role extends OutputProperties<RoleOutputs> {}

/**
 * A custom role of a cloud service's managed observability team: who holds it may do what its permissions grant
 * (an action on a subject, optionally inverted into a denial, optionally under conditions). **Managed variant
 * only**: the self-hosted server serves no roles, and a declaration that resolves to it is refused at preview.
 *
 * The predefined roles (`Admin`, `Member`, `ReadOnly`) belong to the service, which never lets them be changed or
 * deleted: declaring one of their names is refused at preview. Reference them by name through `getRoles` instead.
 *
 * Everything changes in place; an update sends the whole permission list, which replaces the role's. Changing
 * `variant`, `organizationId` or `serviceId` replaces the role.
 *
 * Deletion: the service refuses to delete a role that is still assigned to users, or that is the team's default
 * role. The delete then fails saying so, nothing is deleted, and the role stays in the stack until those users
 * have another role.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * // A role of the service of the `observability:serviceId` setting: everything on dashboards and saved searches,
 * // reading everything else, but never the production source.
 * export const editors = new obs.Role("editors", {
 *     variant: "managed",
 *     name: "Dashboard editors",
 *     description: "Edit dashboards and saved searches",
 *     permissions: [
 *         { action: "manage", subject: "Dashboard" },
 *         { action: "manage", subject: "SavedSearch" },
 *         { action: "read", subject: "all" },
 *         { action: "read", subject: "Source", inverted: true, conditions: { name: "Production" } },
 *     ],
 * });
 *
 * // A predefined role, by name.
 * export const readOnlyRoleId = obs.getRolesOutput({ variant: "managed" }).apply((roles) => roles.find((r) => r.name === "ReadOnly")?.id);
 * ```
 */
export class Role extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The role's name, description and permissions and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
    }
}
