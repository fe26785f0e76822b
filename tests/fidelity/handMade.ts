/**
 * The round trip of an object a person made by hand (issue 20, requirement 4): made over raw HTTP with every field
 * the server stores, as the web UI would; adopted by a resource (`adoptId`) without a write; one field changed
 * through Pulumi's host; and nothing else changed on the server.
 */
import assert from "node:assert/strict";
import type { PropertyMap } from "../harness/host";
import { packageProviderText } from "../harness/providerText";
import type { EmulatedStack } from "../support/emulatedStack";
import { emulatorClient, type Variant } from "../support/emulatorClient";

/** What one round trip makes, declares and changes. */
export interface HandMadeRoundTrip {
    variant: Variant;
    /** The resource type (`Source`) and its registry key (`source`). */
    type: string;
    providerKey: string;
    /** The collection path, e.g. `/sources` (`/connections` is self-hosted only). */
    collection: string;
    /** The body posted over raw HTTP: every field the server stores. */
    made: Record<string, unknown>;
    /** What the web UI stores beyond what the API takes on create (e.g. `lucene` pinned filters), edited in. */
    editedInUi?(id: string): void;
    /** The program's declaration of the made object (its inputs, without `adoptId`). */
    declaration: PropertyMap;
    /** The one field changed through the host, and its new value. */
    change: [field: string, value: unknown];
    /** The object as the server stores it (write-only fields included), by id. */
    stored(id: string): unknown;
}

/** Fields the server manages itself on every write. */
const SERVER_MANAGED = ["updatedAt"];

const without = (object: unknown, keys: readonly string[]) =>
    Object.fromEntries(Object.entries(structuredClone(object) as Record<string, unknown>).filter(([key]) => !keys.includes(key)));

/** Runs the round trip on the stack; the stored object before and after must differ in the changed field only. */
export async function roundTripOfHandMade(stack: EmulatedStack, trip: HandMadeRoundTrip): Promise<void> {
    const client = emulatorClient(stack.emu);
    const made = await client.on(trip.variant, trip.collection, "POST", trip.made);
    assert.equal(made.status, 200, made.text);
    const id = String(client.payload(made).id);
    trip.editedInUi?.(id);
    const before = structuredClone(trip.stored(id));
    const provider = packageProviderText(trip.providerKey);
    const program = (inputs: PropertyMap) => [{ type: trip.type, name: "hand-made", provider, inputs }];
    const writes = () => stack.emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

    stack.emu.clearRequests();
    assert.deepEqual((await stack.engine.up(program({ ...trip.declaration, adoptId: id }))).created, ["hand-made"]);
    assert.deepEqual(writes(), [], "a faithful declaration adopts without a write");

    const [field, value] = trip.change;
    assert.deepEqual((await stack.engine.up(program({ ...trip.declaration, [field]: value }))).updated, ["hand-made"]);
    assert.deepEqual(writes(), [`PUT ${client.path(trip.variant, `${trip.collection}/${id}`)}`]);
    const after = trip.stored(id) as Record<string, unknown>;
    assert.deepEqual(after[field], value, `${field} is changed`);
    assert.deepEqual(without(after, [field, ...SERVER_MANAGED]), without(before, [field, ...SERVER_MANAGED]), "nothing else changed on the server");
    // What the web UI stored may break the OpenAPI document while the server takes it back (answered normally).
    assert.deepEqual(
        stack.emu.invalidRequests.filter((r) => r.rejected),
        [],
        "nothing refused",
    );
    stack.emu.clearInvalidRequests();
}
