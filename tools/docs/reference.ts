import * as path from "path";
import { registry, type RegisteredKind } from "../../provider";
import { DEFAULT_TIMEOUT_MS } from "../../provider/engine/dynamicProvider";
import { defaultAt, idFormat, inputJsonSchema, literalsAt, replacesOnChange } from "./schemaFacts";
import { SdkReader, TypedProperty } from "./sdkTypes";

/** The repository root (this file lives in `tools/docs/`). */
export const ROOT = path.resolve(__dirname, "..", "..");

/** One row of a reference table. */
export interface Field extends TypedProperty {
    /** The schema's default, as JSON text. */
    default?: string;
    /** Whether changing it replaces the object (asked only outside lists). */
    replaces: boolean;
    /** Whether the class marks it (or the argument holding it) as a secret output. */
    secret: boolean;
}

/** Everything a resource's reference page says, derived from the registry, the schema and the SDK. */
export interface KindReference {
    /** The registry key, which names the page: `dataPipe` → `dataPipe.md`. */
    key: string;
    typeName: string;
    description: string;
    examples: string[];
    inputs: Field[];
    outputs: Field[];
    /** The id format `adoptId` accepts; undefined when the class takes no `adoptId`. */
    adoptionId?: string;
    /** Default operation timeouts in ms; undefined when the resource takes no `timeouts`. */
    timeouts?: { create: number; update: number; delete: number };
}

/** The reference of every kind in the registry, in the registry's order. */
export function kindReferences(sdk = new SdkReader(ROOT)): KindReference[] {
    return Object.entries(registry as Record<string, RegisteredKind>).map(([key, kind]) => kindReference(sdk, key, kind));
}

function kindReference(sdk: SdkReader, key: string, kind: RegisteredKind): KindReference {
    const { typeName, definition } = kind.provider;
    const json = inputJsonSchema(definition.schema);
    const declared = sdk.resource(typeName, (path) => literalsAt(json, path));
    const secret = (path: readonly string[]) => declared.secretInputs.includes(path[0]);
    const inputs = declared.inputs.map((property): Field => {
        const field: Field = { ...property, replaces: false, secret: secret(property.path) };
        const fallback = defaultAt(json, property.path);
        if (fallback !== undefined) field.default = fallback;
        // An object's own row would speak for all its properties, which have their own rows.
        const asked = !property.path.includes("[]") && !(property.nested && !property.type.endsWith("[]"));
        try {
            field.replaces = asked && replacesOnChange(definition, property.path);
        } catch (error) {
            throw new Error(
                `${typeName}: replaceKeys fails on a change of ${property.path.join(".")} alone (${String(error)}; asked with an unknown value there, as a preview would)`,
            );
        }
        return field;
    });
    const reference: KindReference = {
        key,
        typeName,
        description: declared.description,
        examples: declared.examples,
        inputs,
        outputs: declared.outputs.map((property) => ({ ...property, replaces: false, secret: secret(property.path) })),
    };
    const adoptable = inputs.some((field) => field.path.length === 1 && field.path[0] === "adoptId");
    if (adoptable && !definition.adoption) throw new Error(`${typeName}Args declares adoptId, but the ${typeName} definition has no adoption`);
    if (adoptable && definition.adoption) reference.adoptionId = idFormat(definition.adoption.id);
    if (inputs.some((field) => field.path.length === 1 && field.path[0] === "timeouts")) {
        const own = definition.timeouts ?? {};
        reference.timeouts = { create: own.create ?? DEFAULT_TIMEOUT_MS, update: own.update ?? DEFAULT_TIMEOUT_MS, delete: own.delete ?? DEFAULT_TIMEOUT_MS };
    }
    return reference;
}

/** Properties without JSDoc (`Dashboard.tiles[].name`, `Alert output createdAt`): the standards require it on every public argument. */
export function undocumented(references: readonly KindReference[]): string[] {
    return references.flatMap((reference) => [
        ...reference.inputs
            .filter((field) => field.description === "")
            .map((field) => `${reference.typeName} input ${field.path.join(".").replace(/\.\[\]/g, "[]")}`),
        ...reference.outputs.filter((field) => field.description === "").map((field) => `${reference.typeName} output ${field.path.join(".")}`),
    ]);
}
