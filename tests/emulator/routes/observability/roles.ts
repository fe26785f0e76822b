import { badRequest, notFound } from "../../http/apiError";
import { asArray, asObject, pick } from "../../domain/json";
import type { CloudState } from "../../store";
import type { JsonObject } from "../../store/types";
import { MANAGED_PREFIX } from "../registry";
import type { HandlerContext, RouteModule } from "../types";

/** A role as the managed service stores it. */
export interface RoleRecord {
    id: string;
    name: string;
    description?: string;
    permissions: JsonObject[];
    isPredefined: boolean;
    createdAt: string;
    updatedAt: string;
}

/** The managed team's roles; tests edit it directly (assign users, change the default role) to act as the console. */
export interface RolesState {
    /** Every role by id: the predefined ones first, then the custom ones in the order they were made. */
    roles: Map<string, RoleRecord>;
    /** The team's default user role (the predefined `Member` at first), which cannot be deleted. */
    defaultRoleId: string;
    /** How many users hold each role, by role id: a role held by any cannot be deleted. */
    assignedUsers: Map<string, number>;
}

/** The predefined roles of every team (the vendor's Terraform provider names them), with ids of their own. */
export const PREDEFINED_ROLE_NAMES = ["Admin", "Member", "ReadOnly"] as const;
const PREDEFINED_PERMISSIONS: Record<(typeof PREDEFINED_ROLE_NAMES)[number], JsonObject[]> = {
    Admin: [{ action: "manage", subject: "all", inverted: false, integration: "mongodb" }],
    Member: [
        { action: "manage", subject: "all", inverted: false, integration: "mongodb" },
        { action: "manage", subject: "Role", inverted: true, integration: "mongodb" },
    ],
    ReadOnly: [{ action: "read", subject: "all", inverted: false, integration: "mongodb" }],
};
const SINCE = "2026-01-01T00:00:00.000Z";

/** The roles state inside the cloud state (the predefined roles are there from the start). */
export function rolesState(cloud: CloudState): RolesState {
    return cloud.moduleState<RolesState>("roles", () => {
        const roles = new Map<string, RoleRecord>();
        PREDEFINED_ROLE_NAMES.forEach((name, i) => {
            const id = `00000000000000000000000${i + 1}`;
            roles.set(id, {
                id,
                name,
                description: `${name} (predefined)`,
                permissions: PREDEFINED_PERMISSIONS[name],
                isPredefined: true,
                createdAt: SINCE,
                updatedAt: SINCE,
            });
        });
        return { roles, defaultRoleId: "000000000000000000000002", assignedUsers: new Map() };
    });
}

const PATH = `${MANAGED_PREFIX}/roles`;
const missing = () => notFound("Role not found");
const render = (role: RoleRecord): JsonObject => structuredClone({ ...role }) as unknown as JsonObject;

/** The permissions as stored: each with the fields the document names (others are dropped, as the server does). */
const permissionsOf = (body: JsonObject): JsonObject[] =>
    asArray(body.permissions).map((permission) => pick(asObject(permission), ["action", "subject", "inverted", "integration", "conditions"]));

/** A custom role's name: not empty, not a predefined role's, not another role's (400 for each, as the document's 400). */
function checkName(state: RolesState, name: unknown, self?: string): string {
    const trimmed = String(name).trim();
    if (trimmed === "") throw badRequest("Role name is required");
    if ((PREDEFINED_ROLE_NAMES as readonly string[]).includes(trimmed)) throw badRequest(`Role name "${trimmed}" is reserved for a predefined role`);
    for (const other of state.roles.values()) if (other.id !== self && other.name === trimmed) throw badRequest(`A role named "${trimmed}" already exists`);
    return trimmed;
}

/** A custom role by id: 404 when there is none, 400 for a predefined one (`what` says what was refused). */
function customRole(state: RolesState, id: string, what: string): RoleRecord {
    const role = state.roles.get(id);
    if (!role) throw missing();
    if (role.isPredefined) throw badRequest(`Predefined roles cannot be ${what}`);
    return role;
}

function create(body: JsonObject, ctx: HandlerContext): JsonObject {
    const state = rolesState(ctx.cloud);
    const now = ctx.nowIso();
    const role: RoleRecord = {
        id: ctx.ids.objectId(),
        name: checkName(state, body.name),
        permissions: permissionsOf(body),
        isPredefined: false,
        createdAt: now,
        updatedAt: now,
    };
    if (typeof body.description === "string") role.description = body.description;
    state.roles.set(role.id, role);
    return render(role);
}

/** PUT: the permissions are replaced; an omitted `name` or `description` is kept. */
function update(id: string, body: JsonObject, ctx: HandlerContext): JsonObject {
    const state = rolesState(ctx.cloud);
    const role = customRole(state, id, "modified");
    if (body.name !== undefined) role.name = checkName(state, body.name, id);
    if (typeof body.description === "string") role.description = body.description;
    role.permissions = permissionsOf(body);
    role.updatedAt = ctx.nowIso();
    return render(role);
}

/** DELETE: refused (400) for a predefined role, the team's default role and a role assigned to users. */
function remove(id: string, ctx: HandlerContext): void {
    const state = rolesState(ctx.cloud);
    customRole(state, id, "deleted");
    if (state.defaultRoleId === id) throw badRequest("Cannot delete the team's default user role");
    const users = state.assignedUsers.get(id) ?? 0;
    if (users > 0) throw badRequest(`Cannot delete a role that is assigned to ${users} user(s)`);
    state.roles.delete(id);
}

/**
 * The managed variant's roles (the cloud document's `observability…Role` operations): the list holds the predefined
 * roles, which cannot be changed or deleted. The list does not page. The self-hosted server has no roles route.
 */
export const roleRoutes: RouteModule = {
    name: "roles",
    register(routes) {
        routes.cloud("GET", PATH, (_req, ctx) => ({ data: [...rolesState(ctx.cloud).roles.values()].map(render) }));
        routes.cloud("POST", PATH, (req, ctx) => ({ data: create(asObject(req.body), ctx) }));
        routes.cloud("GET", `${PATH}/:roleId`, (req, ctx) => {
            const role = rolesState(ctx.cloud).roles.get(req.params.roleId);
            if (!role) throw missing();
            return { data: render(role) };
        });
        routes.cloud("PUT", `${PATH}/:roleId`, (req, ctx) => ({ data: update(req.params.roleId, asObject(req.body), ctx) }));
        routes.cloud("DELETE", `${PATH}/:roleId`, (req, ctx) => {
            remove(req.params.roleId, ctx);
            return { empty: true };
        });
    },
};
