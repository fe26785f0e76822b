// The lifecycle of one object through the plugin, as the engine runs it for a program, compared at each step with
// the dynamic provider's answers: shared by the emulator suite and the live one.
import assert from "node:assert/strict";
import { registry, type ProviderKey } from "../../provider/index";
import { received, secret } from "../../provider/plugin/values";
import { CHANGES, type EngineCalls } from "./engineCalls";

type Properties = Record<string, unknown>;

/** Properties without their secret wrappers. */
export const plain = (props: Properties): Properties => received({ toJavaScript: () => props }).props;
/** The top-level keys sent as secrets. */
export const secretKeys = (props: Properties): string[] => [...received({ toJavaScript: () => props }).secretKeys].sort();

/** What the program declares of one object. */
export interface Declaration {
    /** The SDK class name: the token is `observability:index:<type>`. */
    type: string;
    key: ProviderKey;
    declared: Properties;
    /** The declaration after a change the API applies in place. */
    changed: Properties;
    /** Write-only inputs an import cannot read back: the program declares them, and the next update sends them. */
    writeOnly?: readonly string[];
}

/** An object the stack holds: its id, outputs and inputs. */
export interface Managed {
    id: string;
    outs: Properties;
    inputs: Properties;
}

/** Configures the dynamic providers of this process with the settings a plugin's Configure gets (secrets unwrapped). */
export async function configureDynamic(config: Properties): Promise<void> {
    const stackConfig = Object.fromEntries(Object.entries(plain(config)).map(([key, value]) => [`observability:${key}`, String(value)]));
    for (const { provider } of Object.values(registry)) await provider.configure({ config: { get: (key) => stackConfig[key] } });
}

/**
 * The lifecycle of one object through the plugin, up to its delete: create, refresh, no-op diff, update, import by id
 * then no change. Each answer is compared with the dynamic provider's (configured by the caller) for the same inputs.
 * @returns the object as the stack holds it after the update
 */
export async function exercise(engine: EngineCalls, kind: Declaration): Promise<Managed> {
    const dynamic = registry[kind.key].provider;
    const declared = kind.declared;
    const declaredSecrets = [...(dynamic.definition.secrets ?? [])];
    // The program's secret inputs arrive as secrets, as the SDK's classes mark them.
    const wire = (props: Properties) => Object.fromEntries(Object.entries(props).map(([k, v]) => [k, declaredSecrets.includes(k) ? secret(v) : v]));

    const checked = await engine.check(kind.type, {}, wire(declared));
    assert.deepEqual(checked.failures, []);
    assert.deepEqual(plain(checked.inputs), (await dynamic.check!({}, declared)).inputs, "the same checked inputs");
    assert.deepEqual(
        secretKeys(checked.inputs),
        declaredSecrets.filter((key) => key in declared),
        "the declared secrets stay secret",
    );

    const created = await engine.create(kind.type, checked.inputs);
    assert.ok(created.id);
    assert.deepEqual(
        secretKeys(created.outs),
        declaredSecrets.filter((key) => key in created.outs || key in declared).filter((key) => created.outs[key] !== undefined),
        "secret outputs are returned as secrets",
    );
    const dynamicRead = await dynamic.read!(created.id, plain(created.outs));
    const refreshed = await engine.read(kind.type, created.id, created.outs, checked.inputs);
    assert.deepEqual(plain(refreshed.outs), dynamicRead.props, "a refresh reads what the dynamic provider reads");
    assert.deepEqual(plain(refreshed.inputs ?? {}), dynamicRead.inputs);

    const again = await engine.check(kind.type, checked.inputs, wire(declared));
    const noChange = await engine.diff(kind.type, created.id, created.outs, checked.inputs, again.inputs);
    assert.equal(noChange.changes, CHANGES.NONE, "the same declaration plans no change");

    const changed = await engine.check(kind.type, checked.inputs, wire(kind.changed));
    assert.deepEqual(changed.failures, []);
    const diff = await engine.diff(kind.type, created.id, created.outs, checked.inputs, changed.inputs);
    const dynamicDiff = await dynamic.diff!(created.id, plain(created.outs), plain(changed.inputs));
    assert.equal(diff.changes, CHANGES.SOME);
    assert.equal(dynamicDiff.changes, true);
    assert.deepEqual(diff.replaces, dynamicDiff.replaces ?? [], "the same replacements");
    assert.deepEqual(diff.replaces, [], "the change applies in place");
    assert.deepEqual(Object.keys(diff.detailed).sort(), [...diff.diffs].sort(), "every changed key has its detail");
    const updated = await engine.update(kind.type, created.id, created.outs, checked.inputs, changed.inputs);

    // An import: the id alone; where the object lives comes from the configuration.
    const imported = await engine.read(kind.type, created.id);
    assert.equal(imported.id, created.id);
    assert.ok(imported.inputs, "an import returns inputs");
    const program = { ...plain(imported.inputs), ...Object.fromEntries((kind.writeOnly ?? []).map((key) => [key, kind.changed[key]])) };
    const importCheck = await engine.check(kind.type, imported.inputs, wire(program));
    assert.deepEqual(importCheck.failures, []);
    const afterImport = await engine.diff(kind.type, created.id, imported.outs, imported.inputs, importCheck.inputs);
    assert.deepEqual(afterImport.diffs, [...(kind.writeOnly ?? [])], "after an import, only write-only values the server never returns differ");
    const changedCheck = await engine.check(kind.type, changed.inputs, wire(kind.changed));
    assert.equal(
        (await engine.diff(kind.type, created.id, updated, changed.inputs, changedCheck.inputs)).changes,
        CHANGES.NONE,
        "the update is what the program declares",
    );

    return { id: created.id, outs: updated, inputs: changed.inputs };
}

/**
 * Deletes an object the stack holds, then checks a refresh finds it gone (or, for an object that exists outside the
 * stack, still there).
 */
export async function deleteManaged(engine: EngineCalls, type: string, managed: Managed, forgets = false): Promise<void> {
    await engine.delete(type, managed.id, managed.outs, managed.inputs);
    const gone = await engine.read(type, managed.id, managed.outs, managed.inputs);
    assert.equal(gone.id === "", !forgets, forgets ? "deleting only forgets the object" : "the object is gone");
}
