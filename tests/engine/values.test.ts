import assert from "node:assert/strict";
import fc from "fast-check";
import { sameValue } from "../../provider/common/values";

/** The definition `sameValue` keeps: every own key of either side compared once, an absent key equal to undefined and null. */
function sameByKeySet(a: unknown, b: unknown): boolean {
    if (a === undefined || a === null) return b === undefined || b === null;
    if (b === undefined || b === null) return false;
    if (Array.isArray(a) || Array.isArray(b)) {
        return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameByKeySet(item, b[i]));
    }
    if (typeof a === "object" && typeof b === "object") {
        const left = a as Record<string, unknown>;
        const right = b as Record<string, unknown>;
        const own = (object: Record<string, unknown>, key: string) => (Object.keys(object).includes(key) ? object[key] : undefined);
        return [...new Set([...Object.keys(left), ...Object.keys(right)])].every((key) => sameByKeySet(own(left, key), own(right, key)));
    }
    return a === b;
}

describe("values: sameValue, as every diff uses it", function () {
    it("compares every key of either side once, an absent key equal to undefined and null", function () {
        const samples: [unknown, unknown][] = [
            [{ a: 1 }, { a: 1, b: null }],
            [{ a: 1, b: undefined }, { a: 1 }],
            [{ a: 1 }, { a: 1, b: 0 }],
            [
                { b: 2, a: 1 },
                { a: 1, b: 2 },
            ],
            [{ a: [1, { b: null }] }, { a: [1, {}] }],
            [
                [1, 2],
                [1, 2, 3],
            ],
            [[], {}],
            [{ toString: "x" }, {}],
            [{}, { toString: null }],
            [{}, { constructor: 1 }],
            ["1", 1],
        ];
        for (const [a, b] of samples) {
            assert.equal(sameValue(a, b), sameByKeySet(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
            assert.equal(sameValue(b, a), sameByKeySet(b, a), `${JSON.stringify(b)} vs ${JSON.stringify(a)}`);
        }
        const pair = fc.oneof(
            fc.tuple(fc.jsonValue(), fc.jsonValue()),
            fc.jsonValue().map((value) => [value, JSON.parse(JSON.stringify(value)) as unknown] as const),
        );
        fc.assert(fc.property(pair, ([a, b]) => sameValue(a, b) === sameByKeySet(a, b)));
    });
});
