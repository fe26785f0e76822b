import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { DeclareEnv } from "./env";

/** One permission of a model role. */
export interface RolePermissionModel {
    action: "read" | "manage" | "update";
    subject: "Dashboard" | "SavedSearch" | "Source" | "all";
    inverted: boolean;
    conditions?: { name: string };
}

/** A custom role of the managed team (roles exist on the managed variant only). */
export interface RoleModel {
    /** What follows the slot in the role's name (names are unique in the team: the slot keeps them apart). */
    suffix: "editors" | "viewers" | "on-call";
    description: string;
    permissions: RolePermissionModel[];
}

/** The role resources a program may declare, by slot; the resource name and the role's name derive from it. */
export const ROLE_SLOTS = ["a", "b", "c"] as const;

const permissionArbitrary: fc.Arbitrary<RolePermissionModel> = fc.record(
    {
        action: fc.constantFrom("read" as const, "manage" as const, "update" as const),
        subject: fc.constantFrom("Dashboard" as const, "SavedSearch" as const, "Source" as const, "all" as const),
        inverted: fc.boolean(),
        conditions: fc.constantFrom({ name: "Production" }, { name: "Staging" }),
    },
    { requiredKeys: ["action", "subject", "inverted"] },
);

const roleArbitrary: fc.Arbitrary<RoleModel> = fc.record({
    suffix: fc.constantFrom("editors" as const, "viewers" as const, "on-call" as const),
    description: fc.constantFrom("", "team role", "edited by the platform team"),
    permissions: fc.array(permissionArbitrary, { maxLength: 3 }),
});

/** Which slots the program declares, and each declared role. */
export const rolesArbitrary: fc.Arbitrary<Map<string, RoleModel>> = fc
    .subarray([...ROLE_SLOTS])
    .chain((slots) => fc.tuple(...slots.map(() => roleArbitrary)).map((roles) => new Map(slots.map((slot, i) => [slot, roles[i]]))));

/** The role's name in the team. */
export const roleName = (slot: string, record: RoleModel) => `Role ${slot} ${record.suffix}`;

/** One `Role` per declared slot, on the managed variant. */
export function declareRoles(roles: ReadonlyMap<string, RoleModel>, env: DeclareEnv): DeclaredResource[] {
    return [...roles].map(([slot, record]) => ({
        type: "Role",
        name: `role-${slot}`,
        provider: env.providers.role,
        inputs: {
            variant: "managed",
            name: roleName(slot, record),
            ...(record.description ? { description: record.description } : {}),
            permissions: record.permissions.map((permission) => ({ ...permission })),
        },
    }));
}
