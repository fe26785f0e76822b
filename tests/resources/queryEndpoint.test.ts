import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import { DeclaredResource, UNKNOWN } from "../harness/engine";
import { PropertyMap, urn } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import { assertCheckRefuses, cloudRequest, useEmulatedStack, useEmulator } from "../support/emulatedStack";

const PROVIDER = packageProviderText("queryEndpoint");
const URN = urn("QueryEndpoint", "query");

function endpoint(inputs: PropertyMap): DeclaredResource[] {
    return [{ type: "QueryEndpoint", name: "query", provider: PROVIDER, inputs }];
}

describe("QueryEndpoint (through the real host, against the emulator)", function () {
    const stack = useEmulatedStack(({ emu }) => {
        queryEndpointState(emu.cloud).endpoint = undefined;
    });

    const endpointPath = () => `/v1/organizations/${stack.emu.credentials.organizationId}/services/${stack.emu.credentials.serviceId}/serviceQueryEndpoint`;
    const postBodies = () => stack.emu.requests.filter((r) => r.method === "POST").map((r) => r.body);
    const stored = () => queryEndpointState(stack.emu.cloud).endpoint;
    const state = () => {
        const s = stack.engine.state.get(URN);
        assert.ok(s, "the query endpoint is in state");
        return s;
    };

    it("creates with the whole normalized configuration and plans nothing afterwards, whatever order the service reports", async function () {
        const program = endpoint({
            roles: ["sql_console_admin", "sql_console_read_only", "sql_console_admin"],
            openApiKeys: ["key-b", "key-a"],
            allowedOrigins: " app.example.com ,  admin.example.com,",
        });

        const result = await stack.engine.up(program);

        assert.deepEqual(result.created, ["query"]);
        assert.deepEqual(stack.cloudCalls(), [`POST ${endpointPath()}`]);
        assert.deepEqual(postBodies(), [
            { roles: ["sql_console_admin", "sql_console_read_only"], openApiKeys: ["key-a", "key-b"], allowedOrigins: "app.example.com,admin.example.com" },
        ]);
        const server = stored();
        assert.ok(server);
        assert.deepEqual(server.roles, ["sql_console_read_only", "sql_console_admin"], "the service keeps its own role order");
        const { id, inputs, outputs } = state();
        assert.equal(id, server.id);
        assert.equal(outputs.id, server.id);
        assert.equal(inputs.organizationId, stack.emu.credentials.organizationId, "defaults from configuration are stored");
        assert.equal(inputs.serviceId, stack.emu.credentials.serviceId);
        assert.deepEqual(outputs.roles, ["sql_console_admin", "sql_console_read_only"]);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(program)).same, ["query"]);
        assert.deepEqual((await stack.engine.refresh()).same, ["query"], "a refresh finds no drift");
        assert.deepEqual((await stack.engine.up(program)).same, ["query"]);
        assert.deepEqual(stack.cloudCalls(), [`GET ${endpointPath()}`]);
    });

    it("sends all three fields on every update, since the service replaces the endpoint wholesale", async function () {
        await stack.engine.up(endpoint({ roles: ["sql_console_read_only"], openApiKeys: ["key-a"], allowedOrigins: "app.example.com" }));
        const id = state().id;
        stack.emu.clearRequests();

        const result = await stack.engine.up(
            endpoint({ roles: ["sql_console_read_only"], openApiKeys: ["key-a"], allowedOrigins: "app.example.com,new.example.com" }),
        );

        assert.deepEqual(result.updated, ["query"]);
        assert.deepEqual(postBodies(), [{ roles: ["sql_console_read_only"], openApiKeys: ["key-a"], allowedOrigins: "app.example.com,new.example.com" }]);
        assert.deepEqual(stored(), { id, roles: ["sql_console_read_only"], openApiKeys: ["key-a"], allowedOrigins: "app.example.com,new.example.com" });

        stack.emu.clearRequests();
        await stack.engine.up(endpoint({ roles: ["sql_console_read_only"] }));
        assert.deepEqual(postBodies(), [{ roles: ["sql_console_read_only"], openApiKeys: [], allowedOrigins: "" }], "cleared fields are sent empty");
        assert.deepEqual(state().outputs.openApiKeys, []);
    });

    it("reports drift on refresh, and the next up restores the declaration", async function () {
        const program = endpoint({ roles: ["sql_console_read_only"], openApiKeys: ["key-a"] });
        await stack.engine.up(program);
        const server = stored();
        assert.ok(server);
        server.roles = ["sql_console_read_only", "sql_console_admin"];

        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.updated, ["query"]);
        assert.deepEqual(state().inputs.roles, ["sql_console_admin", "sql_console_read_only"]);

        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.up(program)).updated, ["query"]);
        assert.deepEqual(postBodies(), [{ roles: ["sql_console_read_only"], openApiKeys: ["key-a"], allowedOrigins: "" }]);
    });

    it("drops the endpoint from state on refresh when it was deleted out of band", async function () {
        await stack.engine.up(endpoint({ roles: ["sql_console_read_only"] }));
        queryEndpointState(stack.emu.cloud).endpoint = undefined;

        const refreshed = await stack.engine.refresh();

        assert.deepEqual(refreshed.deleted, ["query"]);
        assert.equal(stack.engine.state.size, 0);
    });

    it("deletes the endpoint, and succeeds when it is already gone", async function () {
        await stack.engine.up(endpoint({ roles: ["sql_console_read_only"] }));
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["query"]);
        assert.deepEqual(stack.cloudCalls(), [`DELETE ${endpointPath()}`]);
        assert.equal(stored(), undefined);

        await stack.engine.up(endpoint({ roles: ["sql_console_read_only"] }));
        queryEndpointState(stack.emu.cloud).endpoint = undefined;
        stack.emu.clearRequests();
        assert.deepEqual((await stack.engine.destroy()).deleted, ["query"]);
        assert.deepEqual(
            stack.emu.requests.map((r) => [r.method, r.status]),
            [["DELETE", 404]],
        );
    });

    it("refuses bad input at check with the property path and sends nothing", async function () {
        await assertCheckRefuses(stack, endpoint, [
            [{ roles: ["sql_console_owner"] }, "roles[0]"],
            [{ serviceId: "svc-1" }, "serviceId"],
            [{ organizationId: "not-a-uuid" }, "organizationId"],
            [{ openApiKeys: [""] }, "openApiKeys[0]"],
            [{ allowedOrigins: "app.example.com, bad domain.com" }, "allowedOrigins"],
        ]);
    });

    it("replaces on another service, creating the new endpoint before deleting the old one", async function () {
        await stack.engine.up(endpoint({ roles: ["sql_console_read_only"] }));

        const moved = await stack.engine.preview(endpoint({ roles: ["sql_console_read_only"], serviceId: randomUUID() }));
        assert.deepEqual(
            moved.steps.map((s) => [s.op, s.replaces, s.deleteBeforeReplace]),
            [["replace", ["serviceId"], false]],
        );

        const unknownKeys = await stack.engine.preview(endpoint({ roles: ["sql_console_read_only"], openApiKeys: [UNKNOWN] }));
        assert.deepEqual(
            unknownKeys.steps.map((s) => [s.op, s.replaces]),
            [["update", []]],
            "an unknown key is no move",
        );
    });

    it("resends an upsert whose answer was lost (sending the same body twice is harmless)", async function () {
        stack.emu.faults.failNext(1, "drop-after", { method: "POST" });

        await stack.engine.up(endpoint({ roles: ["sql_console_admin"], openApiKeys: ["key-a"] }));

        const posts = stack.emu.requests.filter((r) => r.method === "POST");
        assert.equal(posts.length, 2);
        assert.deepEqual(posts[0]?.body, posts[1]?.body);
        assert.equal(state().id, stored()?.id);
    });
});

describe("emulator: query endpoint routes (independent of the provider)", function () {
    const running = useEmulator();

    const endpointPath = () => `/v1/organizations/${running.emu.credentials.organizationId}/services/${running.emu.credentials.serviceId}/serviceQueryEndpoint`;

    it("answers a JSON 404 while none exists, upserts as a full replace keeping the id, and deletes", async function () {
        assert.equal((await cloudRequest(running.emu, "GET", endpointPath())).status, 404);
        assert.equal((await cloudRequest(running.emu, "DELETE", endpointPath())).status, 404);

        const created = await cloudRequest(running.emu, "POST", endpointPath(), {
            roles: ["sql_console_admin", "sql_console_read_only"],
            openApiKeys: ["k1"],
            allowedOrigins: "a.example.com",
        });
        const first = (created.json as { result: { id: string; roles: string[] } }).result;
        assert.deepEqual(first.roles, ["sql_console_read_only", "sql_console_admin"]);

        const replaced = await cloudRequest(running.emu, "POST", endpointPath(), { roles: ["sql_console_admin"] });
        assert.deepEqual(
            (replaced.json as { result: unknown }).result,
            { id: first.id, roles: ["sql_console_admin"], openApiKeys: [], allowedOrigins: "" },
            "omitted fields are reset, not merged",
        );

        const deleted = await cloudRequest(running.emu, "DELETE", endpointPath());
        assert.equal(deleted.status, 200);
        assert.equal("result" in (deleted.json as object), false);
        assert.equal((await cloudRequest(running.emu, "GET", endpointPath())).status, 404);
        assert.deepEqual(running.emu.invalidRequests, []);
    });

    it("refuses an unknown role against the OpenAPI document", async function () {
        const { status } = await cloudRequest(running.emu, "POST", endpointPath(), { roles: ["owner"] });
        assert.equal(status, 400);
        assert.deepEqual(
            running.emu.invalidRequests.map((r) => [r.source, r.rejected]),
            [["openapi", true]],
        );
        assert.equal(queryEndpointState(running.emu.cloud).endpoint, undefined);
    });
});
