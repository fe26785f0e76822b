import fc from "fast-check";

/** A JSON object as the engine hands inputs to `check`. */
export type Input = Record<string, unknown>;

/** A plain JSON copy: what the engine would carry (no `undefined`, no null prototypes). */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A record whose `required` keys are always present and whose `optional` keys are present or absent (never
 * `undefined`), as a program that declares some of its optional arguments.
 */
export function obj(required: Record<string, fc.Arbitrary<unknown>>, optional: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<Input> {
    return fc.record({ ...required, ...optional }, { requiredKeys: Object.keys(required), noNullPrototype: true }) as fc.Arbitrary<Input>;
}

/** 24 lowercase hexadecimal characters: an object id of the observability API. */
export const hex24 = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 24, maxLength: 24 });

/** A UUID of the cloud API, in either case (the schemas accept both and store lowercase). */
export const uuid = fc.tuple(fc.uuid(), fc.boolean()).map(([id, upper]) => (upper ? id.toUpperCase() : id));

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Free text that `text(max)` accepts: non-empty, no control characters, any script (combining marks,
 * right-to-left text and astral characters included), at most `max` UTF-16 units.
 */
export function text(max: number, maxGraphemes = 12): fc.Arbitrary<string> {
    return fc.string({ unit: "grapheme", minLength: 1, maxLength: maxGraphemes }).filter((s) => s.length <= max && !CONTROL.test(s));
}

/** A short word of letters, digits and `_`: column names, expressions and the like. */
export const word = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789_"), minLength: 1, maxLength: 10 });

/** A finite number, kept small enough that sums of two stay finite. */
export const finite = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });

/** The `timeouts` input every resource takes. */
export const timeouts = obj(
    {},
    { create: fc.constantFrom("90s", "5m", "1h30m", "2h"), update: fc.constantFrom("30s", "10m"), delete: fc.constantFrom("1m", "1h") },
);
