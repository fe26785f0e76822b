import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { schemaPropertyName, withSchemaNames, withWireNames } from "../../provider/plugin/propertyNames";
import { received, sent } from "../../provider/plugin/values";
import { SCHEMA_FILE } from "../../provider/plugin/schema";
import { REPO_ROOT } from "../harness/paths";

/** Every property name of the schema's resources, functions and types, with where it is. */
function propertyNames(node: unknown, at: string, into: { at: string; name: string }[] = []): { at: string; name: string }[] {
    if (Array.isArray(node)) node.forEach((item, i) => propertyNames(item, `${at}[${i}]`, into));
    else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
            if ((key === "properties" || key === "inputProperties") && value && typeof value === "object" && !Array.isArray(value))
                for (const name of Object.keys(value)) into.push({ at: `${at}.${key}`, name });
            propertyNames(value, `${at}.${key}`, into);
        }
    }
    return into;
}

describe("plugin property names", () => {
    it("are names Pulumi's binder accepts: no whitespace in any property of schema.json", () => {
        const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, SCHEMA_FILE), "utf8")) as unknown;
        const names = propertyNames(schema, "");
        assert.ok(
            names.some(({ name }) => name === "exponentialHistogram"),
            "a metric source's exponential histogram table is in the schema",
        );
        assert.deepEqual(
            names.filter(({ name }) => /\s/.test(name)),
            [],
        );
    });

    it("rename a metric source's exponential histogram table both ways, under every metricTables and nowhere else", () => {
        assert.equal(schemaPropertyName("exponential histogram"), "exponentialHistogram");
        const wire = {
            kind: "metric",
            metricTables: { gauge: "g", "exponential histogram": "eh" },
            querySettings: [{ setting: "exponential histogram", value: "1" }],
            headers: { "exponential histogram": "kept" },
        };
        const schemaForm = withSchemaNames(wire);
        assert.deepEqual(schemaForm, { ...wire, metricTables: { gauge: "g", exponentialHistogram: "eh" } });
        assert.deepEqual(withWireNames(schemaForm), wire);
        assert.deepEqual(withWireNames({ items: [{ metricTables: { exponentialHistogram: "eh" } }] }), {
            items: [{ metricTables: { "exponential histogram": "eh" } }],
        });
    });

    it("are the schema's on what the plugin sends the engine, and the lifecycle's on what it receives", () => {
        const outs = sent({ metricTables: { "exponential histogram": "eh", sum: "s" } }, new Set());
        assert.deepEqual(outs, { metricTables: { exponentialHistogram: "eh", sum: "s" } });
        assert.deepEqual(received({ toJavaScript: () => outs }).props, { metricTables: { "exponential histogram": "eh", sum: "s" } });
    });
});
