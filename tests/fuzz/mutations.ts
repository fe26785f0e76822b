import fc from "fast-check";
import { UNKNOWN } from "../../provider/common/unknown";
import { hex24, Input, plain, uuid } from "./arbitraries/common";

/** A property path into a JSON value: object keys and array indices. */
export type Path = (string | number)[];

/** Every path to a value inside `root` (the root itself excluded), depth first. */
export function pathsOf(root: unknown, prefix: Path = []): Path[] {
    const children: [string | number, unknown][] = Array.isArray(root)
        ? root.map((item, i) => [i, item])
        : typeof root === "object" && root !== null
          ? Object.entries(root)
          : [];
    return children.flatMap(([key, value]) => [[...prefix, key], ...pathsOf(value, [...prefix, key])]);
}

/** The value at `path`, or undefined. */
export function at(root: unknown, path: Path): unknown {
    return path.reduce<unknown>(
        (value, key) => (typeof value === "object" && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined),
        root,
    );
}

/** A copy of `root` with `value` at `path`. */
export function replaceAt<T>(root: T, path: Path, value: unknown): T {
    return edit(root, path, () => value) as T;
}

/** A copy of `root` where the value at `path` is replaced by `update(old)` (or removed when it returns `REMOVE`). */
function edit(root: unknown, path: Path, update: (old: unknown) => unknown): unknown {
    if (path.length === 0) return update(root);
    const [key, ...rest] = path;
    if (Array.isArray(root)) {
        const copy = [...root];
        const next = edit(root[key as number], rest, update);
        if (next === REMOVE) copy.splice(key as number, 1);
        else copy[key as number] = next;
        return copy;
    }
    const copy: Record<string, unknown> = { ...(root as Record<string, unknown>) };
    const next = edit(copy[key as string], rest, update);
    if (next === REMOVE) delete copy[key as string];
    else Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    return copy;
}
const REMOVE = Symbol("remove");

// ---------------------------------------------------------------------------------------------------------------
// Hostile strings: what a program (or a compromised output) could pass where an id or a name is expected.

const HUNDRED_KB = 100 * 1024;

/** Strings built to escape a URL path, smuggle a query, confuse a terminal or exhaust a parser. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
    fc.constantFrom(
        "../../x",
        "..",
        ".",
        "./",
        "..\\..\\x",
        "%2e%2e%2f",
        "%2e%2e%2fadmin",
        "..%2f..%2fx",
        "%252e%252e%252f",
        "a/b",
        "/",
        "?",
        "#",
        "id?limit=1",
        "id#fragment",
        "%3F",
        "%23",
        "%2F",
        "%00",
        "",
        " ",
        "\u0000",
        "abc\u0000def",
        "\r\nX-Injected: 1",
        "\t",
        "\u001b[31mred",
        "\u202egnp.exe",
        "\u202dx\u202c",
        "\u200f\u200e",
        "\ufeff",
        "ｆｕｌｌｗｉｄｔｈ",
        "𝕦𝕟𝕚𝕔𝕠𝕕𝕖",
        "e\u0301",
        "\ud800",
        "\udfff",
    ),
    // A well-formed id with something after it: the check must anchor both ends.
    fc.tuple(fc.oneof(hex24, uuid), fc.constantFrom("/../x", "/", "?a=1", "#f", "\n", "\u0000", "%2F", " ", "\u202e", "0")).map(([id, tail]) => id + tail),
    fc.tuple(fc.constantFrom("../", "/", "?", "#", " "), fc.oneof(hex24, uuid)).map(([head, id]) => head + id),
    fc.constantFrom("a".repeat(HUNDRED_KB), "0".repeat(HUNDRED_KB), "../".repeat(HUNDRED_KB / 3), "\u202e".repeat(HUNDRED_KB)),
    fc.string({ unit: "binary", maxLength: 40 }),
);

// ---------------------------------------------------------------------------------------------------------------
// Corruption of well-formed inputs.

/** One change that may break an input: which kind, where (an index into the candidate paths) and with what. */
export interface Mutation {
    kind: "drop" | "wrongType" | "outOfRange" | "badEnum" | "extraKey" | "hostile" | "unknown";
    pick: number;
    key: string;
    value: unknown;
    text: string;
    number: number;
}

const OUT_OF_RANGE = [-1, 0, -0.5, 0.5, 1.5, 23.5, 24, 25, 65_536, 1440, 2 ** 53 + 2, 1e21, -1e21, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE];
const EXTRA_KEYS = ["__proto__", "constructor", "prototype", "toString", "id", "type", "source", "timeouts", "__provider", ""];

export const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.constantFrom("drop", "wrongType", "outOfRange", "badEnum", "extraKey", "hostile", "unknown"),
    pick: fc.nat(),
    key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
    value: fc.jsonValue({ maxDepth: 2 }),
    text: fc.oneof(fc.string({ maxLength: 12 }), hostileString),
    number: fc.constantFrom(...OUT_OF_RANGE),
});

const typeOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** `input` with one mutation applied; a mutation that finds nothing to act on leaves the input as it is. */
export function mutate(input: Input, m: Mutation): Input {
    const paths = pathsOf(input);
    const where = (filter: (value: unknown) => boolean) => {
        const candidates = paths.filter((path) => filter(at(input, path)));
        return candidates.length === 0 ? undefined : candidates[m.pick % candidates.length];
    };
    const set = (path: Path | undefined, value: unknown) => (path === undefined ? input : replaceAt(input, path, value));
    switch (m.kind) {
        case "drop": {
            const path = where(() => true);
            return path === undefined ? input : (edit(input, path, () => REMOVE) as Input);
        }
        case "wrongType": {
            const path = where((old) => typeOf(old) !== typeOf(m.value));
            return set(path, m.value);
        }
        case "outOfRange":
            return set(
                where((old) => typeof old === "number"),
                m.number,
            );
        case "badEnum":
        case "hostile":
            return set(
                where((old) => typeof old === "string"),
                m.text,
            );
        case "extraKey": {
            const objects: Path[] = [[], ...paths.filter((path) => typeOf(at(input, path)) === "object")];
            const path = objects[m.pick % objects.length];
            return edit(input, path, (old) => {
                const copy = { ...(old as Record<string, unknown>) };
                Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
                return copy;
            }) as Input;
        }
        case "unknown":
            return withUnknown(input, m.pick);
    }
}

/**
 * `input` with the unknown sentinel at one place, as a preview hands it over: in place of any value (an object,
 * an array, a number, a string alike), or as an extra element of an array.
 */
export function withUnknown(input: Input, pick: number): Input {
    const paths = pathsOf(input);
    const arrays = paths.filter((path) => Array.isArray(at(input, path)));
    const slots = paths.length + arrays.length;
    if (slots === 0) return { ...input, unknownKey: UNKNOWN };
    const slot = pick % slots;
    if (slot < paths.length) return edit(input, paths[slot], () => UNKNOWN) as Input;
    return edit(input, arrays[slot - paths.length], (old) => [...(old as unknown[]), UNKNOWN]) as Input;
}

/** The paths at which the unknown sentinel sits. */
export function unknownPaths(value: unknown): Path[] {
    return pathsOf(value).filter((path) => at(value, path) === UNKNOWN);
}

/** A well-formed input with one to four mutations, as plain JSON. */
export const corrupted = (valid: fc.Arbitrary<Input>) =>
    fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([input, mutations]) => plain(mutations.reduce(mutate, input)));
