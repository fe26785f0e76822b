import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../harness/paths";

/**
 * The floors from the bottom up: each a folder (the longest matching prefix decides), importing only from its own
 * floor or below; see docs/ARCHITECTURE.md.
 */
const LAYERS: readonly string[] = [
    "provider/common/",
    "provider/settings/",
    "provider/api/http/",
    "provider/api/",
    "provider/engine/",
    "provider/resources/",
    "provider/lookups/",
    "provider/index.ts",
    "provider/plugin/",
    "sdk/",
];

function layerOf(file: string): number {
    let best = { layer: -1, length: -1 };
    LAYERS.forEach((prefix, layer) => {
        if (file.startsWith(prefix) && prefix.length > best.length) best = { layer, length: prefix.length };
    });
    assert.notEqual(best.layer, -1, `${file} belongs to no layer`);
    return best.layer;
}

function sources(dir: string): string[] {
    return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(`${dir}/${entry.name}`) : entry.name.endsWith(".ts") ? [`${dir}/${entry.name}`] : [],
    );
}

/** The repository files a source file imports (relative imports only). */
function importsOf(file: string): string[] {
    const specs = [...readFileSync(path.join(REPO_ROOT, file), "utf8").matchAll(/from "(\.[^"]+)"/g)].map((m) => m[1]);
    return specs.map((spec) => {
        const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        const found = [`${base}.ts`, `${base}/index.ts`].find((candidate) => existsSync(path.join(REPO_ROOT, candidate)));
        assert.ok(found, `${file} imports ${spec}, which does not exist`);
        return found;
    });
}

describe("layering of provider/ and sdk/", function () {
    const files = [...sources("provider"), ...sources("sdk")];
    const graph = new Map(files.map((file) => [file, importsOf(file)]));

    it("has no import from a layer above", function () {
        const upward = [...graph].flatMap(([file, imports]) =>
            imports.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} -> ${target}`),
        );
        assert.deepEqual(upward, []);
    });

    it("has no import cycle", function () {
        const state = new Map<string, "open" | "done">();
        const cycles: string[] = [];
        const visit = (file: string, stack: string[]) => {
            state.set(file, "open");
            for (const target of graph.get(file) ?? []) {
                if (state.get(target) === "open") cycles.push([...stack.slice(stack.indexOf(target)), target].join(" -> "));
                else if (!state.has(target)) visit(target, [...stack, target]);
            }
            state.set(file, "done");
        };
        for (const file of files) if (!state.has(file)) visit(file, [file]);
        assert.deepEqual(cycles, []);
    });
});
