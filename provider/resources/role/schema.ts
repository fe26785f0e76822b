import { z } from "zod";
import { text, timeoutsSchema, unpaddedName } from "../../common/fields";
import { containsUnknown } from "../../common/unknown";
import { ResolvedTarget, targetSchema } from "../../settings/location";

/**
 * The roles every managed team has, which the service lists but never lets a stack change or delete (the vendor's
 * Terraform provider, `internal/service/<observability>/client/role.go:25`). A program references one through `getRoles`.
 */
export const PREDEFINED_ROLES = ["Admin", "Member", "ReadOnly"] as const;

/** A name compared with the predefined ones: the server's comparison is not documented, so case and spacing are ignored. */
const folded = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

/** The predefined role a name stands for, if any (`read only` stands for `ReadOnly`). */
export function predefinedRoleNamed(name: string): string | undefined {
    return PREDEFINED_ROLES.find((predefined) => folded(predefined) === folded(name));
}

/** The actions a permission grants or denies (`manage` is every action). */
export const ROLE_ACTIONS = ["create", "read", "update", "delete", "manage"] as const;

/** The integration a permission is scoped to when none is named: the API's own objects. */
export const DEFAULT_INTEGRATION = "mongodb";

/** One permission of a role: an action on a subject, granted or (inverted) denied, optionally under conditions. */
export const rolePermissionSchema = z.strictObject({
    /** `create`, `read`, `update`, `delete` or `manage` (every action). */
    action: z.enum(ROLE_ACTIONS),
    /**
     * The object kind the action applies to, as the service names it: `Alert`, `Connection`, `Dashboard`,
     * `SavedSearch`, `Source`, `Team`, `User`, `Webhook`, `Role`, `Notebook`, or `all`.
     */
    subject: text(256),
    /** True when the permission denies the action instead of granting it. Default `false`. */
    inverted: z.boolean().default(false),
    /**
     * The integration the permission is scoped to: `mongodb` (the API's own objects: dashboards, sources, …), the
     * default, or the name the service gives its data-access integration (row policies on the database).
     */
    integration: text(64).default(DEFAULT_INTEGRATION),
    /**
     * Conditions on the objects the permission covers, as a JSON object of field filters (e.g. `{ name: "Prod" }`);
     * none when omitted (an empty object is the same).
     */
    conditions: z
        .record(z.string(), z.unknown())
        .optional()
        .transform((conditions) => (conditions && Object.keys(conditions).length > 0 ? conditions : undefined)),
});

/**
 * A custom role of a managed team: a name, a description and the permissions it grants (contract: `cloud.json`,
 * `ObservabilityCreateRoleRequest`). Managed variant only; the predefined roles cannot be declared.
 */
export const roleSchema = z
    .strictObject({
        ...targetSchema,
        /**
         * Name, 1 to 1024 characters without surrounding whitespace, unique in the team; changed in place. It must not
         * be a predefined role's (`Admin`, `Member`, `ReadOnly`, compared without case or spacing): reference those
         * through `getRoles` instead.
         */
        name: unpaddedName(1024),
        /** Free text (≤ 2048 characters); removing it clears the role's description. */
        description: z
            .string()
            .max(2048, "must be at most 2048 characters")
            .optional()
            .transform((description) => (description === "" ? undefined : description)),
        /** The permissions the role grants, in order; an update replaces them all. May be empty. */
        permissions: z.array(rolePermissionSchema).max(200, "must have at most 200 permissions"),
        /** Operation timeouts (`create`, `update`, `delete`) such as `5m`. */
        timeouts: timeoutsSchema,
    })
    .superRefine((role, ctx) => {
        if (containsUnknown(role.name)) return;
        const predefined = predefinedRoleNamed(role.name);
        if (predefined !== undefined)
            ctx.addIssue({
                code: "custom",
                path: ["name"],
                message:
                    `is the predefined role ${JSON.stringify(predefined)}, which the service never lets a stack change or delete: ` +
                    `remove this Role and reference the predefined one through getRoles (its \`id\` where \`name\` is ${JSON.stringify(predefined)})`,
            });
    });

/** Role arguments as a program writes them. */
export type RoleArgs = z.input<typeof roleSchema>;
/** Checked and normalized role inputs. */
export type RoleInputs = z.output<typeof roleSchema>;
/** One permission, checked and normalized. */
export type RolePermission = z.output<typeof rolePermissionSchema>;

/** Role outputs: the normalized inputs and where the role lives. */
export interface RoleOutputs extends RoleInputs {
    /** Where the role lives: the managed variant's organization and service (resolved at create). */
    target: ResolvedTarget;
}
