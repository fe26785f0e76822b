import assert from "node:assert/strict";
import { CheckFailedError, DeclaredResource } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { rolesState } from "../emulator/routes/observability/roles";
import { directApi } from "../support/directApi";
import { assertCheckRefuses, useEmulatedStack } from "../support/emulatedStack";

const PROVIDER = packageProviderText("role");
const URN = urn("Role", "editors");

const program = (inputs: PropertyMap, name = "editors"): DeclaredResource[] => [{ type: "Role", name, provider: PROVIDER, inputs }];

/** A role with every kind of permission: granted, denied under conditions, and scoped to the data integration. */
const editors = (extra: PropertyMap = {}): PropertyMap => ({
    name: "Dashboard editors",
    description: "Edit dashboards",
    permissions: [
        { action: "manage", subject: "Dashboard" },
        { action: "read", subject: "Source", inverted: true, conditions: { name: "Production" } },
        { action: "read", subject: "all", integration: "analytics" },
    ],
    ...extra,
});
/** The permissions as sent and stored: every field written out. */
const SENT_PERMISSIONS = [
    { action: "manage", subject: "Dashboard", inverted: false, integration: "mongodb" },
    { action: "read", subject: "Source", inverted: true, integration: "mongodb", conditions: { name: "Production" } },
    { action: "read", subject: "all", inverted: false, integration: "analytics" },
];

describe("Role on the managed variant (through the real host, against the emulator)", function () {
    // Every test starts with the predefined roles alone, the default role and no user assigned.
    const stack = useEmulatedStack(
        ({ emu }) => {
            const state = rolesState(emu.cloud);
            for (const role of state.roles.values()) if (!role.isPredefined) state.roles.delete(role.id);
            state.assignedUsers.clear();
            state.defaultRoleId = [...state.roles.values()].find((role) => role.name === "Member")?.id ?? "";
        },
        { config: { "observability:variant": "managed" } },
    );
    let api: ReturnType<typeof directApi>;
    before(function () {
        api = directApi(stack.emu, "managed");
    });

    const roles = () => rolesState(stack.emu.cloud).roles;
    const calls = () =>
        stack.emu.requests.filter((r) => r.path.includes("/roles")).map((r) => `${r.method} ${r.path.slice(api.prefix.length).replace(/\?.*$/, "")}`);
    const writes = () => calls().filter((call) => !call.startsWith("GET"));
    const bodies = (method: string) => stack.emu.requests.filter((r) => r.method === method && r.path.includes("/roles")).map((r) => r.body);
    const state = () => {
        const s = stack.engine.state.get(URN);
        assert.ok(s, "the role is in state");
        return s;
    };
    const stored = () => roles().get(state().id);

    it("creates with every permission field sent, then plans nothing without a request", async function () {
        const declared = program(editors());
        assert.deepEqual((await stack.engine.up(declared)).created, ["editors"]);
        assert.deepEqual(writes(), ["POST /roles"]);
        assert.deepEqual(bodies("POST"), [{ name: "Dashboard editors", description: "Edit dashboards", permissions: SENT_PERMISSIONS }]);
        assert.deepEqual(state().outputs.target, {
            variant: "managed",
            organizationId: stack.emu.credentials.organizationId,
            serviceId: stack.emu.credentials.serviceId,
        });
        assert.deepEqual(state().outputs.permissions, SENT_PERMISSIONS);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(declared)).same, ["editors"]);
        assert.deepEqual(stack.emu.requests, [], "check and diff make no request");
        assert.deepEqual((await stack.engine.refresh()).same, ["editors"]);
        assert.deepEqual((await stack.engine.up(declared)).same, ["editors"]);
    });

    it("updates in place, replacing the permissions whole, and clears a removed description", async function () {
        await stack.engine.up(program(editors()));
        const { id } = state();
        stack.emu.clearRequests();
        const { description: _description, ...withoutDescription } = editors({ name: "Editors", permissions: [{ action: "update", subject: "Dashboard" }] });
        const preview = await stack.engine.preview(program(withoutDescription));
        assert.deepEqual(
            preview.steps.map((s) => [s.op, s.replaces]),
            [["update", []]],
        );
        assert.deepEqual((await stack.engine.up(program(withoutDescription))).updated, ["editors"]);
        assert.deepEqual(writes(), [`PUT /roles/${id}`]);
        assert.deepEqual(bodies("PUT"), [
            { name: "Editors", description: "", permissions: [{ action: "update", subject: "Dashboard", inverted: false, integration: "mongodb" }] },
        ]);
        assert.equal(state().id, id, "the id stays");
        assert.deepEqual([stored()?.name, stored()?.description, stored()?.permissions.length], ["Editors", "", 1]);
        assert.deepEqual((await stack.engine.up(program(withoutDescription))).same, ["editors"], "an empty description reads back as none");
    });

    it("shows a change made outside Pulumi at refresh, but not the read permission on connections the service adds", async function () {
        await stack.engine.up(program(editors()));
        const role = stored();
        assert.ok(role);
        // One refresh (a refresh reads through the list, shared for `readCacheMs`): a permission removed, and the read on
        // connections the service adds to a role that lacks it.
        role.permissions.splice(0, 1);
        role.permissions.push({ action: "read", subject: "Connection", inverted: false, integration: "mongodb" });
        assert.deepEqual((await stack.engine.refresh()).updated, ["editors"]);
        assert.deepEqual(
            (state().outputs.permissions as { subject: string }[]).map((p) => p.subject),
            ["Source", "all"],
            "the removal is drift, the added read on connections is not",
        );
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(program(editors()))).updated, ["editors"], "the next up restores the declaration");
        assert.deepEqual((bodies("PUT")[0] as { permissions: unknown }).permissions, SENT_PERMISSIONS);

        // Declared, the read on connections is compared like any other permission.
        const withConnections = editors({ permissions: [...(editors().permissions as PropertyMap[]), { action: "read", subject: "Connection" }] });
        await stack.engine.up(program(withConnections));
        assert.deepEqual((await stack.engine.refresh()).same, ["editors"]);
    });

    it("drops a role deleted out of band, and deletes one already gone", async function () {
        const declared = program(editors());
        await stack.engine.up(declared);
        roles().delete(state().id);
        assert.deepEqual((await stack.engine.refresh()).deleted, ["editors"]);
        assert.equal(stack.engine.state.size, 0);

        await stack.engine.up(declared);
        const { id } = state();
        roles().delete(id);
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["editors"]);
        assert.deepEqual(calls(), [`DELETE /roles/${id}`], "a 404 on delete means already gone");
    });

    it("fails a delete refused because the role is assigned or is the default role, saying so, and keeps it", async function () {
        await stack.engine.up(program(editors()));
        const { id } = state();
        const roleState = rolesState(stack.emu.cloud);
        roleState.assignedUsers.set(id, 2);
        for (const run of [() => stack.engine.destroy(), () => stack.engine.up([])]) {
            await assert.rejects(run(), (error: Error) => {
                assert.match(error.message, /HTTP 400/);
                assert.match(error.message, /assigned to 2 user/);
                assert.match(error.message, /still assigned to users, nor the team's default role: assign those users another role/);
                assert.match(error.message, /the role stays in the stack/);
                return true;
            });
            assert.equal(state().id, id, "the role stays in the stack");
            assert.ok(roles().has(id), "and on the service");
        }

        roleState.assignedUsers.delete(id);
        roleState.defaultRoleId = id;
        await assert.rejects(stack.engine.destroy(), /default user role.*assign those users another role and choose another default role/);
        assert.equal(state().id, id);

        roleState.defaultRoleId = "000000000000000000000002";
        assert.deepEqual((await stack.engine.destroy()).deleted, ["editors"]);
        assert.equal(roles().has(id), false);
    });

    it("adopts an existing role by id without a write, and brings a differing one to the declaration", async function () {
        const made = await api.call("POST", "/roles", { name: "Dashboard editors", description: "Edit dashboards", permissions: SENT_PERMISSIONS });
        stack.emu.clearRequests();
        await stack.engine.up(program({ adoptId: made.id, ...editors() }));
        assert.deepEqual(writes(), [], "a faithful declaration writes nothing");
        assert.equal(state().id, made.id);
        assert.deepEqual((await stack.engine.preview(program(editors()))).same, ["editors"], "dropping adoptId changes nothing");

        const other = await api.call("POST", "/roles", { name: "Viewers", permissions: [] });
        stack.emu.clearRequests();
        await stack.engine.up([
            ...program(editors()),
            ...program({ adoptId: other.id, name: "Viewers", permissions: [{ action: "read", subject: "all" }] }, "viewers"),
        ]);
        assert.deepEqual(writes(), [`PUT /roles/${other.id}`], "only the differing one is written");
        assert.equal(roles().get(String(other.id))?.permissions.length, 1);
    });

    it("creates exactly one role when the POST's answer is lost after the service applied it", async function () {
        stack.emu.faults.failNext(1, "drop-after", { method: "POST", pathIncludes: "/roles" });
        assert.deepEqual((await stack.engine.up(program(editors()))).created, ["editors"]);
        assert.equal([...roles().values()].filter((role) => role.name === "Dashboard editors").length, 1);
        assert.deepEqual(writes(), ["POST /roles"], "looked for it instead of posting again");
    });

    it("refuses bad input and the predefined roles' names at check with the property path, sending nothing", async function () {
        await assertCheckRefuses(stack, (inputs) => program(inputs), [
            [editors({ name: "Admin" }), "name"],
            [editors({ name: "read only" }), "name"],
            [editors({ name: " Editors" }), "name"],
            [editors({ permissions: undefined }), "permissions"],
            [editors({ permissions: [{ action: "approve", subject: "Dashboard" }] }), "permissions[0].action"],
            [editors({ permissions: [{ action: "read", subject: "" }] }), "permissions[0].subject"],
            [editors({ permissions: [{ action: "read", subject: "Dashboard", fields: ["name"] }] }), "permissions[0].fields"],
            [editors({ permissions: [{ action: "read", subject: "Dashboard", conditions: "name = 'x'" }] }), "permissions[0].conditions"],
            [editors({ role: "admin" }), "role"],
            [editors({ variant: "self-hosted" }), "variant"],
        ]);
        await assert.rejects(stack.engine.up(program(editors({ name: "Member" }))), (error: unknown) => {
            assert.ok(error instanceof CheckFailedError);
            assert.match(error.failures[0].reason, /predefined role "Member".*reference the predefined one through getRoles/);
            return true;
        });
    });
});

describe("Role where the configuration says self-hosted", function () {
    const stack = useEmulatedStack();

    it("is refused at check at `variant`, naming the setting, and sends nothing", async function () {
        await assertCheckRefuses(stack, (inputs) => program(inputs), [[editors(), "variant"]]);
        await assert.rejects(stack.engine.up(program(editors())), (error: unknown) => {
            assert.ok(error instanceof CheckFailedError);
            assert.match(error.failures[0].reason, /self-hosted server serves no roles.*`observability:variant`/);
            return true;
        });
        assert.deepEqual((await stack.engine.up(program(editors({ variant: "managed" })))).created, ["editors"], "an explicit managed variant is served");
        await stack.engine.destroy();
    });
});
