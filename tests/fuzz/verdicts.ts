import assert from "node:assert/strict";
import type * as pulumi from "@pulumi/pulumi";
import { containsUnknown } from "../../provider/common/unknown";
import { propertyPath } from "../../provider/common/values";
import { Input } from "./arbitraries/common";
import { at, Path, unknownPaths } from "./mutations";
import { FuzzSubject } from "./subjects";

/** What the host would pass as `__provider`; `check` must ignore it. */
export const PROVIDER_TEXT = 'exports.handler = require("pulumi-observability/providers").x;';

/** `tiles[0].config.select` → `["tiles", 0, "config", "select"]`; undefined for text that is no property path. */
export function parsePropertyPath(property: string): Path | undefined {
    const segments: Path = [];
    for (const match of property.matchAll(/\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g)) {
        segments.push(match[1] !== undefined ? Number(match[1]) : match[2] !== undefined ? (JSON.parse(match[2]) as string) : match[3]);
    }
    return segments.length > 0 && propertyPath(segments) === property ? segments : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a failure path names a place in the input: every segment up to some point exists, and from there on
 * only object keys below an existing object follow (a required key the input leaves out, or below one).
 */
export function namesPlaceIn(input: Input, path: Path): boolean {
    let current: unknown = input;
    for (let i = 0; i < path.length; i++) {
        const key = path[i];
        const exists =
            (Array.isArray(current) && typeof key === "number" && key < current.length) ||
            (isObject(current) && typeof key === "string" && Object.hasOwn(current, key));
        if (!exists) return isObject(current) && path.slice(i).every((rest) => typeof rest === "string");
        current = (current as Record<string | number, unknown>)[key];
    }
    return true;
}

const isPrefix = (prefix: Path, path: Path) => prefix.length <= path.length && prefix.every((key, i) => key === path[i]);

/**
 * Calls `check` as the host does and asserts what holds for every input: no exception, exactly one of inputs and
 * failures; failures name a place in the input (or the whole input) with a reason, never an unknown's place;
 * accepted inputs with unknowns are the candidate untouched, and without them pass the schema again and are a
 * fixed point of `check`.
 */
export async function checkHolds(subject: FuzzSubject, news: Input): Promise<pulumi.dynamic.CheckResult> {
    const result = await subject.provider.check({}, { ...news, __provider: PROVIDER_TEXT });
    const { __provider: _provider, ...input } = news;
    assert.equal(
        (result.inputs === undefined) !== (result.failures === undefined),
        true,
        `exactly one of inputs and failures: ${JSON.stringify(result).slice(0, 500)}`,
    );
    // `adoptId` is the engine's own input beside the schema's (it names the object to adopt): the schema's inputs
    // are checked and normalized whether it is known or not.
    const { adoptId: _adoptId, ...own } = input;
    const unknowns = unknownPaths(own);
    if (result.failures) {
        assert.ok(result.failures.length > 0, "failures is never empty");
        for (const failure of result.failures) {
            assert.ok(typeof failure.reason === "string" && failure.reason.trim() !== "", `a reason for ${failure.property}`);
            // The type name stands for the whole input.
            const path = failure.property === subject.typeName ? [] : parsePropertyPath(failure.property);
            assert.ok(path, `a property path: ${JSON.stringify(failure.property)}`);
            assert.ok(namesPlaceIn(input, path), `${failure.property} (${failure.reason}) names a place in the input`);
            const atUnknown = unknowns.find((unknown) => isPrefix(path, unknown));
            assert.equal(atUnknown, undefined, `no failure at an unknown: ${failure.property} (${failure.reason})`);
        }
        return result;
    }
    if (containsUnknown(own)) {
        assert.deepEqual(result.inputs, input, "with unknowns the inputs pass through untouched");
        return result;
    }
    const { adoptId: _checkedAdoptId, ...checked } = result.inputs as Input;
    const again = subject.schema.safeParse(checked);
    assert.ok(again.success, `the checked inputs pass the schema again: ${again.error?.issues.map((i) => `${propertyPath(i.path)}: ${i.message}`).join("; ")}`);
    const rechecked = await subject.provider.check({}, { ...result.inputs, __provider: PROVIDER_TEXT });
    assert.deepEqual(rechecked, { inputs: result.inputs }, "checking the checked inputs changes nothing");
    return result;
}

/** The checked inputs of a well-formed input (which `check` must accept). */
export async function accepted(subject: FuzzSubject, input: Input): Promise<Input> {
    const result = await checkHolds(subject, input);
    assert.ok(result.inputs, `a well-formed input is accepted: ${JSON.stringify(result.failures)}`);
    return result.inputs as Input;
}

/** The failures of a check that must refuse, with at least one exactly at `path`. */
export async function refusedAt(subject: FuzzSubject, input: Input, path: Path): Promise<pulumi.dynamic.CheckFailure[]> {
    const result = await checkHolds(subject, input);
    const property = propertyPath(path);
    assert.ok(result.failures, `refused at ${property}: ${JSON.stringify(at(input, path))?.slice(0, 80)}`);
    assert.ok(
        result.failures.some((failure) => failure.property === property),
        `a failure at ${property}, got ${result.failures.map((f) => f.property).join(", ")}`,
    );
    return result.failures;
}

/**
 * Calls `diff` and asserts what holds for every pair: no exception, a boolean `changes`, and `replaces` (only
 * with changes) within the resource's documented replace keys; delete-before-replace only with replaces.
 */
export async function diffHolds(subject: FuzzSubject, id: string, olds: Input, news: Input): Promise<pulumi.dynamic.DiffResult> {
    const result = await subject.provider.diff(id, olds, news);
    assert.equal(typeof result.changes, "boolean", "diff decides");
    if (!result.changes) {
        assert.equal(result.replaces, undefined);
        return result;
    }
    const replaces = result.replaces ?? [];
    assert.deepEqual(
        replaces.filter((key) => !subject.replaceKeys.has(key)),
        [],
        "replaces only documented replace keys",
    );
    if (result.deleteBeforeReplace) assert.ok(replaces.length > 0, "delete-before-replace only with replaces");
    return result;
}
