// The bench's stack through the SDK's classes (`npm run bench -- --engine cli`): the resources of the JSON file that
// stack config `bench:specFile` names (tests/bench/cli/stackSpec.ts writes it), in its order, each read of another
// resource's output made that resource's Output.
import { readFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as obs from "pulumi-observability";
import { isOutputRef, type StackSpec } from "../outputRef";

type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;
const classes: Record<string, ResourceClass> = {
    Dashboard: obs.Dashboard as unknown as ResourceClass,
    Alert: obs.Alert as unknown as ResourceClass,
    DataPipe: obs.DataPipe as unknown as ResourceClass,
};

const spec = JSON.parse(readFileSync(new pulumi.Config("bench").require("specFile"), "utf8")) as StackSpec;
const made = new Map<string, pulumi.CustomResource>();

function input(value: unknown): unknown {
    if (isOutputRef(value)) {
        const [name, key, ...keys] = value.$ref;
        const output = (made.get(name) as unknown as Record<string, pulumi.Output<unknown>>)[key];
        return keys.length === 0 ? output : output.apply((v) => keys.reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], v));
    }
    if (Array.isArray(value)) return value.map(input);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, input(v)]));
    return value;
}

for (const resource of spec) {
    const Kind = classes[resource.type];
    if (!Kind) throw new Error(`${resource.name}: no class ${resource.type}`);
    made.set(resource.name, new Kind(resource.name, input(resource.inputs) as Record<string, unknown>));
}
