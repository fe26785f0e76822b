import assert from "node:assert/strict";
import { Emulator, type EmulatorOptions } from "../emulator";
import { CheckFailedError, DeclaredResource, Engine, type RunResult } from "../harness/engine";
import { type PropertyMap } from "../harness/host";
import { type EmulatedStack, type EmulatedStackOptions, startEmulatedStack } from "./stackStart";

export { type EmulatedStack, type EmulatedStackOptions, startEmulatedStack };

/**
 * Registers the mocha hooks of a suite that runs on one emulated stack and returns the stack, filled in when the
 * suite starts: started before the suite and closed after it; before each test `reset(stack)`, a fresh engine
 * (empty state) and cleared request records; after each test, no invalid request and no emulator error.
 */
export function useEmulatedStack(reset: (stack: EmulatedStack) => void = () => {}, options: EmulatedStackOptions = {}): EmulatedStack {
    const stack = {} as EmulatedStack;
    before(async function () {
        Object.assign(stack, await startEmulatedStack(options));
    });
    after(async function () {
        await stack.close?.();
    });
    beforeEach(function () {
        reset(stack);
        stack.engine = new Engine(stack.host);
        stack.emu.clearRequests();
        stack.emu.clearInvalidRequests();
    });
    afterEach(function () {
        assert.deepEqual(stack.emu.invalidRequests, []);
        assert.deepEqual(stack.emu.serverErrors, []);
    });
    return stack;
}

/**
 * Asserts that `check` refuses each case's inputs with exactly one failure at the given property path, and that
 * nothing reached the emulator.
 * @param declare the program declaring the resource under test with the given inputs
 * @param cases inputs and the property path `check` must name
 */
export async function assertCheckRefuses(
    stack: EmulatedStack,
    declare: (inputs: PropertyMap) => DeclaredResource[],
    cases: readonly [PropertyMap, string][],
): Promise<void> {
    for (const [inputs, property] of cases) {
        await assert.rejects(stack.engine.up(declare(inputs)), (error: unknown) => {
            assert.ok(error instanceof CheckFailedError, String(error));
            assert.deepEqual(
                error.failures.map((f) => f.property),
                [property],
                JSON.stringify(inputs),
            );
            return true;
        });
    }
    assert.deepEqual(stack.emu.requests, []);
}

/**
 * Previews `declared` on the stack, asserting a plan of in-place updates only (one a resource, none replacing) and
 * that the preview sent no request, then applies it.
 * @param updates how many resources the plan updates
 */
export async function upAfterUpdatePreview(stack: EmulatedStack, declared: DeclaredResource[], updates = 1): Promise<RunResult> {
    const preview = await stack.engine.preview(declared);
    assert.deepEqual(
        preview.steps.map((s) => [s.op, s.replaces]),
        Array.from({ length: updates }, () => ["update", []]),
    );
    assert.deepEqual(stack.emu.requests, [], "preview makes no request");
    return stack.engine.up(declared);
}

/** Registers the mocha hooks that start an emulator alone (rate limits off) for a suite; returns its holder. */
export function useEmulator(options: EmulatorOptions = {}): { emu: Emulator } {
    const holder = {} as { emu: Emulator };
    before(async function () {
        holder.emu = await Emulator.start({ rateLimits: false, ...options });
    });
    after(async function () {
        await holder.emu?.close();
    });
    return holder;
}

/** One raw cloud API call to the emulator with its own credentials: for testing routes without a provider. */
export async function cloudRequest(emu: Emulator, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const { keyId, keySecret } = emu.credentials;
    const response = await fetch(`${emu.url}${path}`, {
        method,
        headers: {
            authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

/** A provisioned postgres pipe on the emulator's service, made without a provider: its CDC capacity exists from then on. */
export async function provisionDatabasePipe(emu: Emulator): Promise<void> {
    const service = `/v1/organizations/${emu.credentials.organizationId}/services/${emu.credentials.serviceId}`;
    const created = await cloudRequest(emu, "POST", `${service}/pipes`, {
        name: "replica",
        source: {
            postgres: {
                host: "db.example.com",
                database: "shop",
                settings: { replicationMode: "cdc" },
                tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "orders" }],
                credentials: { username: "replicator", password: "pw" },
            },
        },
        destination: { database: "replica" },
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    await cloudRequest(emu, "GET", `${service}/pipes/${(created.json as { result: { id: string } }).result.id}`);
    emu.clearRequests();
}
