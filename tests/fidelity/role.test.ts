import assert from "node:assert/strict";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { rolesState } from "../emulator/routes/observability/roles";
import { useEmulatedStack } from "../support/emulatedStack";
import { roundTripOfHandMade } from "./handMade";
import { describeWireFacts, type RawApi, UPSTREAM, type WireFact } from "./wireFacts";

// Roles exist on the managed variant only: the self-hosted server has no roles route.
const MANAGED = ["managed"] as const;
const DOCUMENT = UPSTREAM.cloudDocument;
const CLIENT = `${UPSTREAM.cloudProvider} internal/service/<observability>/client/role.go`;
const RESOURCE = `${UPSTREAM.cloudProvider} internal/service/<observability>/role_resource.go`;
const CLI_CLIENT = `${UPSTREAM.cloudCli} crates/<vendor>-cloud-api/src/client.rs`;
const CLI_MODELS = `${UPSTREAM.cloudCli} crates/<vendor>-cloud-api/src/models.rs`;
const PROVIDER = packageProviderText("role");
/** The keys of `ObservabilityCASLPermission`. */
const PERMISSION_KEYS = ["action", "subject", "inverted", "integration", "conditions"];

let names = 0;
/** A custom role with every field the service stores, under a name of its own. */
const fullRole = (name = `Editors ${++names}`) => ({
    name,
    description: "Edit dashboards",
    permissions: [
        { action: "manage", subject: "Dashboard", inverted: false, integration: "mongodb" },
        { action: "read", subject: "Source", inverted: true, integration: "mongodb", conditions: { name: "Production" } },
    ],
});

const created = async (api: RawApi, body: Record<string, unknown>) => String((await api.ok("POST", "/roles", body)).id);
const stored = (api: RawApi, id: string) => rolesState(api.emu.cloud).roles.get(id);
const predefinedId = (api: RawApi, name: string) => [...rolesState(api.emu.cloud).roles.values()].find((role) => role.name === name)?.id ?? "";

/** Asserts a 400 whose message matches. */
async function refused(api: RawApi, method: string, resource: string, body: unknown, message: RegExp): Promise<void> {
    const res = await api.call(method, resource, body);
    assert.equal(res.status, 400, res.text);
    assert.match(api.message(res), message);
}

const facts: WireFact[] = [
    {
        upstream: `${UPSTREAM.selfHosted} packages/api/src/routers/external-api/v2/index.ts (routes: alerts, charts, connections, dashboards, sources, saved-searches, search, webhooks, team)`,
        says: "serves no roles route: `/api/v2/roles` answers the HTML 404 of a route nobody serves",
        variants: ["self-hosted"],
        async onEmulator(api) {
            for (const method of ["GET", "POST"]) {
                const res = await api.call(method, "/roles", method === "POST" ? fullRole() : undefined);
                assert.equal(res.status, 404, res.text);
                assert.match(res.text, new RegExp(`Cannot ${method} /api/v2/roles`));
            }
        },
    },
    {
        upstream: `${DOCUMENT} observabilityListRoles; ${CLIENT}:94; ${CLI_CLIENT}:2856`,
        says: "lists the predefined roles (`isPredefined`) with the custom ones",
        variants: MANAGED,
        async onEmulator(api) {
            const id = await created(api, fullRole());
            const res = await api.call("GET", "/roles");
            const listed = (res.json as { result: { id: string; name: string; isPredefined: boolean }[] }).result;
            assert.deepEqual(
                listed.filter((role) => role.isPredefined).map((role) => role.name),
                ["Admin", "Member", "ReadOnly"],
            );
            assert.ok(listed.some((role) => role.id === id && !role.isPredefined));
        },
    },
    {
        upstream: `${DOCUMENT} ObservabilityCreateRoleRequest.name; ${RESOURCE}:102`,
        says: "refuses (400) a custom role named like a predefined role or like another role of the team",
        variants: MANAGED,
        async onEmulator(api) {
            const role = fullRole();
            await created(api, role);
            await refused(api, "POST", "/roles", { ...fullRole(), name: "ReadOnly" }, /predefined/);
            await refused(api, "POST", "/roles", role, /already exists/);
            const other = await created(api, fullRole());
            await refused(api, "PUT", `/roles/${other}`, { name: role.name, permissions: [] }, /already exists/);
        },
    },
    {
        upstream: `${DOCUMENT} ObservabilityUpdateRoleRequest; ${CLIENT}:44; ${CLI_MODELS}:14057`,
        says: "PUT with only `permissions` keeps the name and the description, and replaces the permissions whole",
        variants: MANAGED,
        async onEmulator(api) {
            const role = fullRole();
            const id = await created(api, role);
            const permissions = [{ action: "read", subject: "all", inverted: false, integration: "mongodb" }];
            await api.ok("PUT", `/roles/${id}`, { permissions });
            assert.deepEqual([stored(api, id)?.name, stored(api, id)?.description, stored(api, id)?.permissions], [role.name, role.description, permissions]);
            await api.ok("PUT", `/roles/${id}`, { description: "", permissions: [] });
            assert.deepEqual([stored(api, id)?.description, stored(api, id)?.permissions], ["", []], "an empty description is stored as sent");
        },
    },
    {
        upstream: `${DOCUMENT} observabilityUpdateRole, observabilityDeleteRole; ${CLIENT}:25`,
        says: "refuses (400) to change or delete a predefined role",
        variants: MANAGED,
        async onEmulator(api) {
            const admin = predefinedId(api, "Admin");
            const before = structuredClone(stored(api, admin));
            await refused(api, "PUT", `/roles/${admin}`, { permissions: [] }, /Predefined roles cannot be modified/);
            await refused(api, "DELETE", `/roles/${admin}`, undefined, /Predefined roles cannot be deleted/);
            assert.deepEqual(stored(api, admin), before);
        },
    },
    {
        upstream: `${DOCUMENT} observabilityDeleteRole (400: the team default user role, roles assigned to users)`,
        says: "refuses (400) to delete the team's default role or a role assigned to users, keeping it",
        variants: MANAGED,
        async onEmulator(api) {
            const id = await created(api, fullRole());
            const state = rolesState(api.emu.cloud);
            const defaultRole = state.defaultRoleId;
            state.assignedUsers.set(id, 1);
            await refused(api, "DELETE", `/roles/${id}`, undefined, /assigned to 1 user/);
            state.assignedUsers.delete(id);
            state.defaultRoleId = id;
            await refused(api, "DELETE", `/roles/${id}`, undefined, /default user role/);
            assert.ok(stored(api, id), "the role is kept");
            state.defaultRoleId = defaultRole;
            await api.ok("DELETE", `/roles/${id}`);
            assert.equal(stored(api, id), undefined);
        },
    },
    {
        upstream: `${DOCUMENT} observabilityGetRole, observabilityUpdateRole, observabilityDeleteRole (404); ${UPSTREAM.cloudProvider} internal/service/<observability>/client/client.go:197`,
        says: "answers a JSON 404 for a role id that does not exist (GET, PUT and DELETE)",
        variants: MANAGED,
        async onEmulator(api) {
            for (const [method, body] of [["GET"], ["PUT", { permissions: [] }], ["DELETE"]] as const) {
                const res = await api.call(method, "/roles/0123456789abcdef01234567", body);
                assert.equal(res.status, 404, `${method}: ${res.text}`);
                assert.ok(res.json !== undefined, "a JSON body, not a page for a route nobody serves");
            }
        },
    },
    {
        upstream: `${DOCUMENT} ObservabilityCASLPermission; ${RESOURCE}:297 (inverted and integration always sent)`,
        says: "every permission sent names its action and subject, `inverted` and `integration`, and nothing the document lacks",
        variants: MANAGED,
        async onEmulator(api) {
            const id = await created(api, fullRole());
            assert.deepEqual(stored(api, id)?.permissions, fullRole().permissions);
        },
        onSent(sent) {
            const permissions = sent.body.permissions;
            if (!Array.isArray(permissions)) return "the permissions are always sent (required by both requests)";
            for (const permission of permissions as Record<string, unknown>[]) {
                const extra = Object.keys(permission).filter((key) => !PERMISSION_KEYS.includes(key));
                if (extra.length > 0) return `a permission holds ${extra.join(", ")}`;
                if (typeof permission.inverted !== "boolean" || typeof permission.integration !== "string")
                    return "a permission leaves inverted or integration to the server";
            }
            return undefined;
        },
    },
];

describeWireFacts({
    kind: "Role",
    collection: "/roles",
    facts,
    reset: ({ emu }) => {
        const state = rolesState(emu.cloud);
        state.assignedUsers.clear();
        for (const role of state.roles.values()) if (!role.isPredefined) state.roles.delete(role.id);
    },
    async flows(stack, variant) {
        const program = (change: PropertyMap) => [
            { type: "Role", name: "editors", provider: PROVIDER, inputs: { ...fullRole("Editors"), variant, ...change } },
            {
                type: "Role",
                name: "viewers",
                provider: PROVIDER,
                inputs: { variant, name: "Viewers", permissions: [{ action: "read", subject: "all" }], ...change },
            },
        ];
        await stack.engine.up(program({}));
        await stack.engine.up(program({ description: "Changed" }));
        await stack.engine.up(program({ description: undefined, permissions: [] }));
        await stack.engine.destroy();
    },
});

describe("Round trip of a role made by hand: adopted, one field changed, nothing else touched", function () {
    const stack = useEmulatedStack();

    it("a custom role on the managed variant, made with every field and conditions", async function () {
        const made = fullRole("Made by hand");
        await roundTripOfHandMade(stack, {
            variant: "managed",
            type: "Role",
            providerKey: "role",
            collection: "/roles",
            made,
            declaration: { ...made, variant: "managed" } as PropertyMap,
            change: ["description", "Adopted"],
            stored: (id) => rolesState(stack.emu.cloud).roles.get(id),
        });
    });
});
