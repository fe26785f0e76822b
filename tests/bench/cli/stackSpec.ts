/**
 * The bench's stack (tests/support/bigStack.ts) as programs the real CLI runs: the engine model's declarations made
 * plain data ({@link StackSpec}, each read of another resource's output a {@link OutputRef}), which the TypeScript
 * program of `program/` turns into the SDK's classes, and {@link yamlProgram} into a Pulumi YAML program of the
 * provider plugin's types. Both hosts so get the same resources with the same inputs.
 */
import type { RateLimitSettings } from "../../emulator/types";
import type { DeclaredResource, OutputsByName } from "../../harness/engine";
import type { PropertyMap } from "../../harness/host";
import { isOutputRef, type OutputRef, type StackSpec } from "./outputRef";

export { isOutputRef, type OutputRef, type SpecResource, type StackSpec } from "./outputRef";

/**
 * The declarations as data: a function of outputs is called once with outputs that record each read (any property of a
 * read is a deeper read), and every read in its result becomes an {@link OutputRef}.
 * @param declared the engine model's program (module `observability` only)
 */
export function stackSpec(declared: readonly DeclaredResource[]): StackSpec {
    return declared.map((decl) => {
        if ((decl.module ?? "observability") !== "observability") throw new Error(`${decl.name}: only the SDK's module runs through the CLI`);
        if (typeof decl.inputs !== "function") return { type: decl.type, name: decl.name, inputs: decl.inputs };
        const paths = new WeakMap<object, string[]>();
        const read = (path: string[]): object => {
            const proxy = new Proxy({}, { get: (_target, key) => (typeof key === "string" ? read([...path, key]) : undefined) });
            paths.set(proxy, path);
            return proxy;
        };
        const outputs = new Proxy({} as OutputsByName, { get: (_target, name) => (typeof name === "string" ? read([name]) : undefined) });
        const plain = (value: unknown): unknown => {
            if (typeof value !== "object" || value === null) return value;
            const path = paths.get(value);
            if (path) return { $ref: path } satisfies OutputRef;
            if (Array.isArray(value)) return value.map(plain);
            return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
        };
        return { type: decl.type, name: decl.name, inputs: plain(decl.inputs(outputs) as PropertyMap) as Record<string, unknown> };
    });
}

/**
 * The stack as a Pulumi YAML program of the plugin's types (`observability:index:<Type>`), each {@link OutputRef} an
 * interpolation (`${board-0.tileIds["Tile 1"]}`). The text is JSON, which YAML reads as it is.
 * @param spec the stack
 * @param projectName the project's name
 */
export function yamlProgram(spec: StackSpec, projectName: string): string {
    const value = (v: unknown): unknown => {
        if (isOutputRef(v)) {
            const [resource, output, ...keys] = v.$ref;
            return `\${${resource}.${output}${keys.map((k) => `[${JSON.stringify(k)}]`).join("")}}`;
        }
        if (Array.isArray(v)) return v.map(value);
        if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
        return v;
    };
    const resources = Object.fromEntries(spec.map((r) => [r.name, { type: `observability:index:${r.type}`, properties: value(r.inputs) }]));
    return `${JSON.stringify({ name: projectName, runtime: "yaml", resources }, null, 1)}\n`;
}

/** The API each type is created through, and so whose limit bounds its creates. */
export const API_OF: Record<string, keyof RateLimitSettings> = { Dashboard: "selfHosted", Alert: "selfHosted", DataPipe: "cloud" };

/**
 * The part of the stack a real self-hosted server can hold: the resources of the self-hosted API (dashboards and their
 * alerts), in their order. The pipes need the cloud API, which such a server does not serve.
 * @param spec the stack
 */
export function selfHostedSpec(spec: StackSpec): StackSpec {
    return spec.filter((r) => API_OF[r.type] === "selfHosted");
}
