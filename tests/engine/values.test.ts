import assert from "node:assert/strict";
import fc from "fast-check";
import { mappedItems, mappedValues, sameValue } from "../../provider/common/values";

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

describe("values: mappedItems and mappedValues, which copy only what changes", function () {
    it("give back the same array or object when nothing changes, and a copy with the change otherwise, the input untouched", function () {
        const items = [1, "two", { three: 3 }];
        assert.equal(
            mappedItems(items, (item) => item),
            items,
        );
        const doubled = mappedItems(items, (item) => (typeof item === "number" ? item * 2 : item));
        assert.notEqual(doubled, items);
        assert.deepEqual(doubled, [2, "two", { three: 3 }]);
        assert.equal(doubled[2], items[2], "an unchanged item is shared, not copied");
        assert.deepEqual(items, [1, "two", { three: 3 }]);

        const record = { a: 1, b: { c: 2 } };
        assert.equal(
            mappedValues(record, (value) => value),
            record,
        );
        const renamed = mappedValues(record, (value, key) => (key === "a" ? "one" : value));
        assert.deepEqual(renamed, { a: "one", b: { c: 2 } });
        assert.equal(renamed.b, record.b);
        assert.deepEqual(record, { a: 1, b: { c: 2 } });
    });
});
