import { z } from "zod";
import { sameValue } from "../../common/values";
import { DEFAULT_INTEGRATION, type RoleInputs, type RolePermission } from "./schema";

/** One permission as the service answers it: only `action` and `subject` are required (`ObservabilityCASLPermission`). */
const wirePermission = z.looseObject({
    /** `create`, `read`, `update`, `delete` or `manage`. */
    action: z.string(),
    /** The object kind it applies to (`Dashboard`, `Source`, …, or `all`). */
    subject: z.string(),
    /** True when it denies the action. */
    inverted: z.boolean().nullish(),
    /** The integration it is scoped to (`mongodb` for the API's own objects). */
    integration: z.string().nullish(),
    /** Conditions on the objects it covers. */
    conditions: z.record(z.string(), z.unknown()).nullish(),
});

/** A role as the managed service answers it (`ObservabilityRole`): the predefined ones are listed too. */
export const wireRole = z.looseObject({
    /** Role id. */
    id: z.string(),
    /** Role name, unique in the team (`Admin`, `Member`, `ReadOnly` for the predefined roles). */
    name: z.string(),
    /** Description. */
    description: z.string().nullish(),
    /** The permissions it grants. */
    permissions: z.array(wirePermission).default([]),
    /** Whether it is one of the service's predefined roles, which no stack may change or delete. */
    isPredefined: z.boolean().default(false),
    /** Creation time (ISO 8601, UTC). */
    createdAt: z.string().nullish(),
    /** Last update time (ISO 8601, UTC). */
    updatedAt: z.string().nullish(),
});
export type WireRole = z.infer<typeof wireRole>;

/** A permission as sent: every field, so that what is stored never depends on a server default. */
const permissionBody = ({ action, subject, inverted, integration, conditions }: RolePermission) => ({
    action,
    subject,
    inverted,
    integration,
    ...(conditions === undefined ? {} : { conditions }),
});

/**
 * The request body of a create (`ObservabilityCreateRoleRequest`) or an update (`ObservabilityUpdateRoleRequest`): the
 * permissions are replaced whole. An update that leaves `description` out keeps the stored one (the vendor's client
 * omits it to keep it), so removing the declared description sends it empty.
 * @param role the declared role
 * @param previous on an update, the role as last read
 */
export function roleBody(role: RoleInputs, previous?: Pick<RoleInputs, "description">): Record<string, unknown> {
    const description = role.description ?? (previous?.description !== undefined ? "" : undefined);
    return {
        name: role.name,
        ...(description === undefined ? {} : { description }),
        permissions: role.permissions.map(permissionBody),
    };
}

/**
 * The permission the service adds to every custom role when it is missing: `read` on `Connection` (the vendor's
 * Terraform provider reconciles it the same way). It is left out of a read unless the declaration has it, so that it
 * never shows as drift.
 */
const AUTOMATIC: RolePermission = { action: "read", subject: "Connection", inverted: false, integration: DEFAULT_INTEGRATION, conditions: undefined };

const normalized = (permission: z.infer<typeof wirePermission>) => ({
    action: permission.action,
    subject: permission.subject,
    inverted: permission.inverted ?? false,
    integration: permission.integration || DEFAULT_INTEGRATION,
    conditions: permission.conditions && Object.keys(permission.conditions).length > 0 ? permission.conditions : undefined,
});

/** The role's own fields as `check` would produce them from the service's answer. */
export function roleFieldsFromWire(role: WireRole, declared: Partial<Pick<RoleInputs, "permissions">>): Record<string, unknown> {
    const declaresAutomatic = (declared.permissions ?? []).some((permission) => sameValue(permission, AUTOMATIC));
    const permissions = role.permissions.map(normalized).filter((permission) => declaresAutomatic || !sameValue(permission, AUTOMATIC));
    return { name: role.name, description: role.description ?? undefined, permissions };
}
