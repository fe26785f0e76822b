import assert from "node:assert/strict";
import { z } from "zod";
import { schemaFailures } from "../../provider/common/schemaIssues";
import { savedSearchSchema } from "../../provider/resources/savedSearch/schema";
import { kindUnions } from "../support/unions";

const found = kindUnions();

describe("check names an unknown key inside every union, and the variant it was read as", function () {
    it("finds the unions of the kinds' schemas (filters, tile configs, sources, pipe credentials)", function () {
        const places = found.map((u) => `${u.kind} ${u.at}`);
        for (const place of ["savedSearch filters[]", "dashboard tiles[].config", "source ", "dataPipe secrets.credentials"])
            assert.ok(places.includes(place), `${place} among ${places.join("; ")}`);
    });

    for (const { kind, at, union, variants } of found) {
        it(`${kind} ${at || "(the resource)"}: each of its ${variants.length} variants`, function () {
            for (const { keys, value, discriminators } of variants) {
                const input = { ...value, zzTypo: 1 };
                const failures = schemaFailures(union, input, union.safeParse(input).error?.issues ?? []);
                const typo = failures.find((f) => f.path.length === 1 && f.path[0] === "zzTypo");
                assert.ok(typo, `${JSON.stringify(input)}: the typo is named at its path, not in ${JSON.stringify(failures)}`);
                assert.match(typo.message, /^unknown property \(a typo\?\): not a property of the (`.+` variant|variant it was read as)/);
                const listed = /, which takes (.*)$/.exec(typo.message)?.[1];
                if (keys.length <= 16) assert.equal(listed, keys.map((key) => `\`${key}\``).join(", "), `read as the variant of ${JSON.stringify(value)}`);
                for (const [key, tag] of Object.entries(discriminators)) assert.ok(typo.message.includes(`\`${key}: ${JSON.stringify(tag)}\``), typo.message);
            }
        });
    }

    it("replaces a union's `Invalid input` by the refusals of the variant read: a saved-search filter with `conditon`", function () {
        const schema = savedSearchSchema;
        const input = { name: "Errors", sourceId: "a".repeat(24), filters: [{ type: "sql", conditon: "level IN ('error')" }] };
        assert.deepEqual(schemaFailures(schema, input, schema.safeParse(input).error?.issues ?? []), [
            { path: ["filters", 0, "condition"], message: "Invalid input: expected string, received undefined" },
            {
                path: ["filters", 0, "conditon"],
                message: 'unknown property (a typo?): not a property of the `type: "sql"` variant, which takes `type`, `condition`',
            },
        ]);
    });

    it("keeps a plain object's message, and a key that is no path in its object's message", function () {
        const schema = z.strictObject({ name: z.string() });
        const input = { name: "x", nmae: "y", "a-b": 1 };
        assert.deepEqual(schemaFailures(schema, input, schema.safeParse(input).error?.issues ?? []), [
            { path: ["nmae"], message: "unknown property (a typo?): not an input of this resource" },
            { path: [], message: 'unknown property "a-b" (a typo?): not an input of this resource' },
        ]);
    });
});
