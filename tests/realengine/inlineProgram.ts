/**
 * The engine model's programs (lists of {@link DeclaredResource}) as real Pulumi programs, run inline by the Automation
 * API: each declaration becomes an instance of the SDK's class of its kind (the `__provider` the class writes must be the
 * declaration's), and an input function of other resources' outputs becomes what a user writes, an `Output` per value
 * that reads them.
 *
 * How a function becomes Outputs: it is called once with recording outputs, whose every read property is a proxy that
 * remembers the resource and the output key it came from (and stands for them when made a string). Each value of the
 * result (a leaf of its objects and arrays) that holds such a read becomes `pulumi.all(the outputs it read).apply(…)`,
 * which calls the function again with those outputs resolved and takes the value at that place; every other value stays
 * plain. So a value is unknown in a preview exactly when an output it reads is, and a resource depends on exactly the
 * resources whose outputs its values read, as in a program that writes `channel: { webhookId: hook.id }`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as sdk from "../../sdk";
import { providerText } from "../../sdk/providerText";
import type { ProviderKey } from "../../provider";
import type { DeclaredResource, OutputsByName } from "../harness/engine";
import type { PropertyMap } from "../harness/host";

/** A resource class of the SDK, as this module constructs it. */
type ResourceClass = new (name: string, args: PropertyMap, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

/** One output a value reads: the resource's name and the output's key (`id`, `tileIds`, …). */
interface Read {
    name: string;
    key: string;
}

/**
 * The program that declares `declared`, in their order, with the SDK's classes.
 * @param declared the engine model's program
 */
export function inlineProgram(declared: readonly DeclaredResource[]): () => Promise<void> {
    return async () => {
        const made = new Map<string, pulumi.CustomResource>();
        for (const decl of declared) {
            if ((decl.module ?? "observability") !== "observability") throw new Error(`${decl.name}: only the SDK's module is declared over the CLI`);
            if (decl.replace) throw new Error(`${decl.name}: \`--replace\` targets are not declared over the CLI`);
            const key = (decl.type.charAt(0).toLowerCase() + decl.type.slice(1)) as ProviderKey;
            if (decl.provider !== providerText(key)) throw new Error(`${decl.name}: the provider text is not the SDK's for ${decl.type}`);
            const Kind = (sdk as unknown as Record<string, ResourceClass | undefined>)[decl.type];
            if (!Kind) throw new Error(`${decl.name}: the SDK has no class ${decl.type}`);
            const resource = (name: string): pulumi.CustomResource => {
                const found = made.get(name);
                if (!found) throw new Error(`${decl.name} reads or depends on ${JSON.stringify(name)}, not declared before it`);
                return found;
            };
            const inputs = typeof decl.inputs === "function" ? lifted(decl.inputs, resource) : decl.inputs;
            const opts: pulumi.CustomResourceOptions = {
                dependsOn: (decl.dependsOn ?? []).map(resource),
                ...(decl.deleteBeforeReplace ? { deleteBeforeReplace: true } : {}),
            };
            made.set(decl.name, new Kind(decl.name, inputs, opts));
        }
    };
}

/**
 * The inputs a function computes, each value that reads outputs made an Output of them.
 * @param fn the declaration's input function
 * @param resource the resource of a name, declared before
 */
function lifted(fn: (outputs: OutputsByName) => PropertyMap, resource: (name: string) => pulumi.CustomResource): PropertyMap {
    const recorder = new Recorder();
    const template = fn(recorder.outputs());
    const lift = (value: unknown, path: (string | number)[]): unknown => {
        const reads = recorder.readsIn(value);
        if (reads.length > 0) {
            const outputs = reads.map(({ name, key }) => (resource(name) as unknown as Record<string, pulumi.Output<unknown>>)[key]);
            return pulumi.all(outputs).apply((values) => {
                const given: OutputsByName = {};
                reads.forEach(({ name, key }, i) => ((given[name] ??= {})[key] = values[i]));
                return valueAt(fn(recorder.outputs(given)), path);
            });
        }
        if (Array.isArray(value)) return value.map((item, i) => lift(item, [...path, i]));
        if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lift(v, [...path, k])]));
        return value;
    };
    return lift(template, []) as PropertyMap;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
    let at = value;
    for (const step of path) at = (at as Record<string | number, unknown> | undefined)?.[step];
    return at;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Outputs that record what reads them. A read output not `given` is a proxy standing for `(name, key)`: any property of
 * it is the same proxy, and as a string it is a marker naming the read, so a value built from it shows which outputs it
 * came from.
 */
class Recorder {
    private readonly reads: Read[] = [];
    private readonly proxies = new WeakMap<object, number>();

    /**
     * The outputs an input function is called with.
     * @param given the resolved outputs of some reads (by name and key); every other read is recorded
     */
    outputs(given: OutputsByName = {}): OutputsByName {
        return new Proxy({} as OutputsByName, {
            get: (_target, name) => {
                if (typeof name !== "string") return undefined;
                return new Proxy({} as PropertyMap, {
                    get: (_t, key) => {
                        if (typeof key !== "string") return undefined;
                        const known = given[name];
                        if (known && key in known) return known[key];
                        return this.proxyOf({ name, key });
                    },
                });
            },
        });
    }

    /** The reads a value of the function's result holds (none for a value built from given outputs only). */
    readsIn(value: unknown): Read[] {
        if ((typeof value === "object" || typeof value === "function") && value !== null) {
            const index = this.proxies.get(value);
            return index === undefined ? [] : [this.reads[index] as Read];
        }
        if (typeof value !== "string") return [];
        const found = [...value.matchAll(MARKER)].map((match) => this.reads[Number(match[1])] as Read);
        return found.filter((read, i) => found.findIndex((r) => r.name === read.name && r.key === read.key) === i);
    }

    private proxyOf(read: Read): object {
        let index = this.reads.findIndex((r) => r.name === read.name && r.key === read.key);
        if (index < 0) index = this.reads.push(read) - 1;
        const marker = `\u27e6read:${index}\u27e7`;
        const proxy: object = new Proxy(() => undefined, {
            get: (_target, key) => {
                if (key === Symbol.toPrimitive || key === "toString" || key === "valueOf" || key === "toJSON") return () => marker;
                if (key === "then") return undefined;
                return proxy;
            },
        });
        this.proxies.set(proxy, index);
        return proxy;
    }
}

/** The marker of a read made a string: `⟦read:<index>⟧`, which no program value holds. */
const MARKER = /\u27e6read:(\d+)\u27e7/g;
