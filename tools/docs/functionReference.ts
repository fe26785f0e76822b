import * as ts from "typescript";
import { LIST_RESULT, packageSchema, type ObjectTypeSpec, type PackageSchema, type PropertySpec } from "../../provider/plugin/schema";
import { exampleText, plainDoc, SdkReader } from "./sdkTypes";
import { ROOT } from "./reference";

/** One row of a function's arguments or result table, or of a type it refers to. */
export interface FunctionField {
    name: string;
    type: string;
    /** The anchor of the object type's own table, when the type is one. */
    typeAnchor?: string;
    required: boolean;
    description: string;
}

/** An object type a function's arguments or result refer to, with its own table. */
export interface FunctionType {
    name: string;
    anchor: string;
    fields: FunctionField[];
}

/** Everything a function's reference page says, from schema.json and the JSDoc of the SDK's function. */
export interface FunctionReference {
    /** The function's name, which names the page: `getSources` → `getSources.md`. */
    key: string;
    token: string;
    description: string;
    /** The `@example` bodies of the SDK's function (TypeScript). */
    examples: string[];
    /** Whether the SDK's function resolves to the `items` list itself rather than an object holding it. */
    listResult: boolean;
    inputs: FunctionField[];
    outputs: FunctionField[];
    /** The object types the inputs and outputs refer to, in the order met. */
    types: FunctionType[];
}

const TYPE_PREFIX = "#/types/";

/** Reads the schema's types for a function page: names, enum values and the object types to list. */
class TypeNamer {
    readonly types = new Map<string, FunctionType>();

    constructor(private readonly schema: PackageSchema) {}

    fields(object: ObjectTypeSpec): FunctionField[] {
        return Object.entries(object.properties).map(([name, spec]) => {
            const field: FunctionField = { name, type: this.text(spec), required: (object.required ?? []).includes(name), description: spec.description ?? "" };
            const anchor = this.objectAnchor(spec);
            if (anchor) field.typeAnchor = anchor;
            return field;
        });
    }

    /** `string`, `number[]`, `"auto" | "1m"`, `GetSourcesItem[]`, `map<string>`. */
    private text(spec: PropertySpec): string {
        if (spec.$ref?.startsWith(TYPE_PREFIX)) {
            const type = this.schema.types[spec.$ref.slice(TYPE_PREFIX.length)];
            if (type && "enum" in type) return type.enum.map((member) => JSON.stringify(member.value)).join(" | ");
            return spec.$ref.split(":").pop() as string;
        }
        if (spec.oneOf) return spec.oneOf.map((member) => this.text(member)).join(" | ");
        if (spec.type === "array") return `${this.text(spec.items ?? {})}[]`;
        if (spec.type === "object") return spec.additionalProperties ? `map<${this.text(spec.additionalProperties)}>` : "object";
        return spec.type ?? "any";
    }

    /** The anchor of the object type a property holds (directly or as list elements), listing that type once. */
    private objectAnchor(spec: PropertySpec): string | undefined {
        const inner = spec.type === "array" ? (spec.items ?? {}) : spec;
        const token = inner.$ref?.startsWith(TYPE_PREFIX) ? inner.$ref.slice(TYPE_PREFIX.length) : undefined;
        const type = token ? this.schema.types[token] : undefined;
        if (!token || !type || "enum" in type) return undefined;
        const name = token.split(":").pop() as string;
        const anchor = `type-${name.toLowerCase()}`;
        if (!this.types.has(token)) {
            const entry: FunctionType = { name, anchor, fields: [] };
            this.types.set(token, entry);
            entry.fields = this.fields(type);
        }
        return anchor;
    }
}

/** The description and `@example` bodies of a function the SDK exports. */
function functionDoc(sdk: SdkReader, name: string): { description: string; examples: string[] } {
    const declaration = sdk.exported(name).declarations?.find(ts.isFunctionDeclaration);
    if (!declaration) throw new Error(`sdk/index.ts exports no function ${name}`);
    const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
    return {
        description: docs.map((doc) => plainDoc(ts.getTextOfJSDocComment(doc.comment) ?? "")).join("\n\n"),
        examples: docs.flatMap((doc) =>
            (doc.tags ?? []).filter((tag) => tag.tagName.text === "example").map((tag) => exampleText(ts.getTextOfJSDocComment(tag.comment) ?? "")),
        ),
    };
}

/** The reference of every function of the plugin's schema, in the schema's order. */
export function functionReferences(sdk = new SdkReader(ROOT), schema = packageSchema()): FunctionReference[] {
    return Object.entries(schema.functions).map(([token, spec]) => {
        const key = token.split(":").pop() as string;
        const namer = new TypeNamer(schema);
        const inputs = namer.fields(spec.inputs);
        const outputs = namer.fields(spec.outputs);
        const { examples } = functionDoc(sdk, key);
        const listResult = Object.keys(spec.outputs.properties).length === 1 && LIST_RESULT in spec.outputs.properties;
        return { key, token, description: spec.description ?? "", examples, listResult, inputs, outputs, types: [...namer.types.values()] };
    });
}
