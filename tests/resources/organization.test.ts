import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { DeclaredResource, UNKNOWN } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { assertCheckRefuses, cloudRequest, useEmulatedStack, useEmulator } from "../support/emulatedStack";

const PROVIDER = packageProviderText("organizationSettings");
const URN = urn("OrganizationSettings", "org");

function org(inputs: PropertyMap): DeclaredResource[] {
    return [{ type: "OrganizationSettings", name: "org", provider: PROVIDER, inputs }];
}

/** An endpoint as declared and as the service reports it: with its cloud and region. */
const endpoint = (id: string, description: string) => ({ id, description, cloudProvider: "aws", region: "eu-west-1" });
const reported = endpoint;

describe("OrganizationSettings (through the real host, against the emulator)", function () {
    // The reference's extra byocConfig fields must be accepted on read and left out of the outputs.
    const stack = useEmulatedStack(({ emu }) =>
        Object.assign(emu.cloud.organization, {
            name: "Emulated organization",
            privateEndpoints: [],
            byocConfig: [{ id: "byoc-1", accountName: "main-account", state: "infra-ready", regionId: "eu-west-1", cloudProvider: "aws", displayName: "Main" }],
        }),
    );

    const orgPath = () => `/v1/organizations/${stack.emu.credentials.organizationId}`;
    const patchBodies = () => stack.emu.requests.filter((r) => r.method === "PATCH").map((r) => r.body);
    const state = () => {
        const s = stack.engine.state.get(URN);
        assert.ok(s, "the organization settings are in state");
        return s;
    };

    it("adopts the organization on create, patching only what differs, and plans nothing afterwards", async function () {
        stack.emu.cloud.organization.privateEndpoints = [reported("vpce-b", "kept")];
        const program = org({
            name: "Acme",
            privateEndpoints: [endpoint("vpce-c", "C"), endpoint("vpce-b", "kept"), { id: "vpce-a", cloudProvider: "aws", region: "eu-west-1" }],
        });

        const result = await stack.engine.up(program);

        assert.deepEqual(result.created, ["org"]);
        assert.deepEqual(stack.cloudCalls(), [`GET ${orgPath()}`, `PATCH ${orgPath()}`]);
        assert.deepEqual(patchBodies(), [{ name: "Acme", privateEndpoints: { add: [endpoint("vpce-a", ""), endpoint("vpce-c", "C")] } }]);
        const { id, inputs, outputs } = state();
        assert.equal(id, stack.emu.credentials.organizationId);
        assert.deepEqual(inputs.privateEndpoints, [endpoint("vpce-a", ""), endpoint("vpce-b", "kept"), endpoint("vpce-c", "C")]);
        assert.equal(inputs.organizationId, stack.emu.credentials.organizationId, "the default from configuration is stored");
        assert.equal(outputs.id, stack.emu.credentials.organizationId);
        assert.equal(outputs.name, "Acme");
        assert.equal(outputs.createdAt, stack.emu.cloud.organization.createdAt);
        assert.deepEqual(outputs.privateEndpoints, inputs.privateEndpoints, "spec fields only, sorted by id");
        assert.deepEqual(outputs.byocConfig, [{ id: "byoc-1", accountName: "main-account" }]);
        assert.deepEqual(outputs.managedFields, ["name", "privateEndpoints"]);
        assert.equal("enableCoreDumps" in outputs, false);

        stack.emu.clearRequests();
        const again = await stack.engine.up(program);
        assert.deepEqual(again.same, ["org"]);
        assert.deepEqual(stack.cloudCalls(), [], "diff makes no request");
    });

    it("sends only the delta on update: removals (processed first) and additions, a new description in both", async function () {
        await stack.engine.up(org({ privateEndpoints: [endpoint("vpce-a", "A"), endpoint("vpce-b", "B"), endpoint("vpce-c", "C")] }));
        stack.emu.clearRequests();
        const next = org({ privateEndpoints: [endpoint("vpce-d", "D"), endpoint("vpce-c", "C"), endpoint("vpce-b", "B2")] });

        const preview = await stack.engine.preview(next);
        assert.deepEqual(preview.updated, ["org"]);
        assert.deepEqual(
            preview.steps.map((s) => [s.op, s.changes, s.replaces]),
            [["update", "some", []]],
        );
        assert.deepEqual(stack.cloudCalls(), [], "preview makes no request");

        await stack.engine.up(next);
        assert.deepEqual(stack.cloudCalls(), [`GET ${orgPath()}`, `PATCH ${orgPath()}`]);
        assert.deepEqual(patchBodies(), [
            {
                privateEndpoints: {
                    remove: [endpoint("vpce-a", "A"), endpoint("vpce-b", "B")],
                    add: [endpoint("vpce-b", "B2"), endpoint("vpce-d", "D")],
                },
            },
        ]);
        assert.deepEqual(
            stack.emu.cloud.organization.privateEndpoints.map((e) => endpoint(e.id, e.description)).sort((a, b) => a.id.localeCompare(b.id)),
            [endpoint("vpce-b", "B2"), endpoint("vpce-c", "C"), endpoint("vpce-d", "D")],
        );
        assert.deepEqual(state().outputs.privateEndpoints, [endpoint("vpce-b", "B2"), endpoint("vpce-c", "C"), endpoint("vpce-d", "D")]);
    });

    it("reports drift of managed settings on refresh, and the next up puts them back", async function () {
        const program = org({ name: "Acme", privateEndpoints: [endpoint("vpce-a", "A")] });
        await stack.engine.up(program);
        const { organization } = stack.emu.cloud;
        organization.name = "Renamed by hand";
        organization.privateEndpoints.push(reported("vpce-x", "added by hand"));
        stack.emu.clearRequests();

        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.updated, ["org"]);
        assert.equal(state().inputs.name, "Renamed by hand");
        assert.deepEqual(state().inputs.privateEndpoints, [endpoint("vpce-a", "A"), endpoint("vpce-x", "added by hand")]);

        const preview = await stack.engine.preview(program);
        assert.deepEqual(preview.updated, ["org"]);
        await stack.engine.up(program);
        assert.deepEqual(patchBodies(), [{ name: "Acme", privateEndpoints: { remove: [endpoint("vpce-x", "added by hand")] } }]);
        assert.equal(organization.name, "Acme");
    });

    it("leaves settings the program omits alone, also when they drift", async function () {
        const program = org({});
        await stack.engine.up(program);
        assert.deepEqual(stack.cloudCalls(), [`GET ${orgPath()}`], "nothing to change, so no PATCH");
        assert.equal(state().outputs.name, "Emulated organization");
        assert.deepEqual(state().outputs.managedFields, []);

        stack.emu.cloud.organization.name = "Renamed by hand";
        stack.emu.cloud.organization.privateEndpoints.push(reported("vpce-x", "manual"));
        await stack.engine.refresh();
        assert.equal(state().outputs.name, "Renamed by hand", "outputs report the current name");
        assert.equal("name" in state().inputs, false, "an unmanaged setting is not reported as an input");
        assert.equal("privateEndpoints" in state().inputs, false);

        stack.emu.clearRequests();
        const again = await stack.engine.up(program);
        assert.deepEqual(again.same, ["org"]);
        assert.deepEqual(stack.cloudCalls(), []);
    });

    it("only forgets the organization on destroy", async function () {
        await stack.engine.up(org({ name: "Acme", privateEndpoints: [endpoint("vpce-a", "A")] }));
        stack.emu.clearRequests();

        const result = await stack.engine.destroy();

        assert.deepEqual(result.deleted, ["org"]);
        assert.deepEqual(stack.cloudCalls(), []);
        assert.equal(stack.emu.cloud.organization.name, "Acme");
        assert.deepEqual(
            stack.emu.cloud.organization.privateEndpoints.map((e) => e.id),
            ["vpce-a"],
        );
    });

    it("refuses bad input at check with the property path and sends nothing", async function () {
        await assertCheckRefuses(stack, org, [
            [{ organizationId: "not-a-uuid" }, "organizationId"],
            [{ name: "" }, "name"],
            [{ privateEndpoints: [endpoint("vpce-a", "A"), endpoint("vpce-a", "again")] }, "privateEndpoints[1].id"],
            [{ privateEndpoints: [{ id: "vpce-a", description: "A", region: "eu-west-1" }] }, "privateEndpoints[0].cloudProvider"],
            [{ privateEndpoints: [{ id: "vpce-a", cloudProvider: "aws", region: "mars-1" }] }, "privateEndpoints[0].region"],
            [{ privateEndpoints: [{ description: "no id", cloudProvider: "aws", region: "eu-west-1" }] }, "privateEndpoints[0].id"],
        ]);
    });

    it("replaces on a new organizationId, not on its spelling, and not while other inputs are unknown", async function () {
        await stack.engine.up(org({}));

        const moved = await stack.engine.preview(org({ organizationId: randomUUID() }));
        assert.deepEqual(moved.replaced, ["org"]);
        assert.deepEqual(
            moved.steps.map((s) => [s.replaces, s.deleteBeforeReplace]),
            [[["organizationId"], false]],
        );

        const spelled = await stack.engine.preview(org({ organizationId: stack.emu.credentials.organizationId.toUpperCase() }));
        assert.deepEqual(spelled.same, ["org"]);

        const unknown = await stack.engine.preview(org({ name: UNKNOWN }));
        assert.deepEqual(unknown.updated, ["org"]);
        assert.deepEqual(
            unknown.steps.map((s) => s.replaces),
            [[]],
        );
    });

    it("does not send a PATCH again when its answer was lost but it applied", async function () {
        stack.emu.faults.failNext(1, "drop-after", { method: "PATCH" });

        await stack.engine.up(org({ name: "Acme" }));

        assert.deepEqual(stack.cloudCalls(), [`GET ${orgPath()}`, `PATCH ${orgPath()}`, `GET ${orgPath()}`]);
        assert.equal(stack.emu.requests[1]?.fault, "drop-after");
        assert.equal(state().outputs.name, "Acme");
    });
});

describe("emulator: organization routes (independent of the provider)", function () {
    const running = useEmulator();

    const orgPath = () => `/v1/organizations/${running.emu.credentials.organizationId}`;

    it("processes remove before add, so an id in both lists stays with the added description", async function () {
        running.emu.cloud.organization.privateEndpoints = [reported("vpce-a", "A"), reported("vpce-b", "B")];

        const { status, json } = await cloudRequest(running.emu, "PATCH", orgPath(), {
            privateEndpoints: {
                add: [endpoint("vpce-a", "A2")],
                remove: [endpoint("vpce-a", "A"), endpoint("vpce-b", "B"), endpoint("vpce-z", "never there")],
            },
        });

        assert.equal(status, 200);
        const result = (json as { result: { privateEndpoints: unknown[]; name: string } }).result;
        assert.deepEqual(result.privateEndpoints, [reported("vpce-a", "A2")], "added with the location it was sent with");
        assert.equal(result.name, "Emulated organization", "an omitted name is left alone");
        assert.deepEqual(running.emu.invalidRequests, []);
    });

    it("refuses an endpoint without id or an empty name, and changes nothing", async function () {
        running.emu.cloud.organization.privateEndpoints = [reported("vpce-a", "A")];
        for (const [body, message] of [
            [{ name: "Renamed", privateEndpoints: { add: [{ description: "no id" }] } }, "privateEndpoints.add.0.id: Required"],
            [{ name: "" }, "name: String must contain at least 1 character(s)"],
        ] as const) {
            running.emu.clearInvalidRequests();
            const { status, json } = await cloudRequest(running.emu, "PATCH", orgPath(), body);
            assert.equal(status, 400);
            assert.match((json as { error: string }).error, new RegExp(`^BAD_REQUEST: Body validation failed: ${message.replace(/[()]/g, "\\$&")}$`));
            assert.deepEqual(
                running.emu.invalidRequests.map((r) => [r.source, r.rejected]),
                [["contract", true]],
            );
        }
        assert.equal(running.emu.cloud.organization.name, "Emulated organization");
        assert.deepEqual(running.emu.cloud.organization.privateEndpoints, [reported("vpce-a", "A")]);
    });

    it("validates PATCH bodies against the OpenAPI document", async function () {
        running.emu.clearInvalidRequests();
        const { status } = await cloudRequest(running.emu, "PATCH", orgPath(), { privateEndpoints: { add: "vpce-a" } });
        assert.equal(status, 400);
        assert.deepEqual(
            running.emu.invalidRequests.map((r) => r.source),
            ["openapi"],
        );
    });
});
