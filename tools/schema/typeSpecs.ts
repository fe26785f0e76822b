import * as ts from "typescript";
import type { EnumTypeSpec, ObjectTypeSpec, PropertySpec } from "../../provider/plugin/schema";
import { token } from "../../provider/plugin/tokens";
import { schemaPropertyName } from "../../provider/plugin/propertyNames";
import { plainDoc, WRAPPERS } from "../docs/sdkTypes";

/** What the zod schema says at a property path (`[]` for list elements) that TypeScript's types cannot: defaults, integers. */
export interface SchemaHints {
    /** The default the schema fills in, when it is a string, number or boolean. */
    defaultAt(path: readonly string[]): string | number | boolean | undefined;
    /** Whether the schema takes only integers there. */
    integerAt(path: readonly string[]): boolean;
}

/** No hints: for types without a zod schema of their own (a lookup's result, an output the read adds). */
export const NO_HINTS: SchemaHints = { defaultAt: () => undefined, integerAt: () => false };

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Pulumi's type of any value. */
const ANY = "pulumi.json#/Any";

/** `tiles` → `Tiles`, `stacked_bar` → `StackedBar`, `self-hosted` → `SelfHosted`. */
export function pascal(text: string): string {
    return text
        .split(/[^A-Za-z0-9]+/)
        .filter((part) => part !== "")
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join("");
}

const SYMBOLS: Record<string, string> = { "=": "Equal", "<": "Less", ">": "Greater", "!": "Not" };

/**
 * The name of an enum value that is no identifier, for the generated SDKs: `us-east-1` → `us_east_1` (distinct from
 * `us-east1`), `<=` → `LessEqual`, `1m` → `Value1m`.
 */
function enumName(value: string): string {
    const words = [...value].every((char) => char in SYMBOLS) ? [...value].map((char) => SYMBOLS[char]).join("") : value.replace(/[^A-Za-z0-9]/g, "_");
    return /^[A-Za-z]/.test(words) ? words : `Value${words}`;
}

/**
 * Turns the TypeScript types users write (the SDK's `<Kind>Args`, outputs and lookup results, themselves the zod
 * schemas' input and output types) into the package schema's type references. Objects and enums become entries of
 * `types`, named by where they were first met (`DashboardTilesConfig…`) and shared when another place has the same
 * shape; a union of objects becomes `oneOf` their types, with a `discriminator` when one property tells them apart.
 */
export class TypeSpecs {
    /** The `types` of the package, by token. */
    readonly types = new Map<string, ObjectTypeSpec | EnumTypeSpec>();
    private readonly byShape = new Map<string, string>();
    /** Every place a type was met: the name asked for there and the property's key, by its token. */
    private readonly places = new Map<string, { name: string; key: string }[]>();

    constructor(private readonly checker: ts.TypeChecker) {}

    /** The type reference of a property of type `type`; `name` names the types it needs, `path` asks `hints`. */
    spec(type: ts.Type, name: string, path: readonly string[], hints: SchemaHints): PropertySpec {
        const members = this.members(type);
        if (members.length === 0) return { $ref: ANY };
        if (members.every((member) => member.flags & ts.TypeFlags.BooleanLike)) return { type: "boolean" };
        if (members.every((member) => member.flags & ts.TypeFlags.NumberLike)) return { type: hints.integerAt(path) ? "integer" : "number" };
        if (members.every((member) => member.flags & ts.TypeFlags.StringLike)) {
            if (!members.every((member) => member.isStringLiteral())) return { type: "string" };
            // One value: the discriminant of a union's member (`displayType: "line"`).
            if (members.length === 1) return { type: "string", const: (members[0] as ts.StringLiteralType).value };
            return this.enumSpec(
                members.map((member) => (member as ts.StringLiteralType).value),
                this.nameOf(type, name),
                path,
            );
        }
        // Named properties beside values under any key of a pattern (`SeriesRow`: `series_<i>.data`): a map of anything.
        if (members.length === 1 && this.isShape(members[0]) && this.hasTypedIndex(members[0])) return { type: "object", additionalProperties: { $ref: ANY } };
        const shapes = members.filter((member) => this.isShape(member));
        if (shapes.length > 0 && shapes.length === members.length) {
            return shapes.length === 1 ? this.objectRef(shapes[0], name, path, hints) : this.unionSpec(shapes, name, path, hints);
        }
        if (members.length === 1) return this.containerSpec(members[0], name, path, hints);
        // Values of several primitive kinds (`number | string`): each one.
        const kinds = [...new Map(members.map((member) => [this.primitiveOf(member), member])).values()];
        const alternatives = kinds.map((member) => this.spec(member, name, path, hints));
        return alternatives.length === 1 ? alternatives[0] : { oneOf: alternatives };
    }

    /** The properties of an object type (or of every member of a union, merged: a resource's top level must be one object). */
    properties(type: ts.Type, name: string, path: readonly string[], hints: SchemaHints): ObjectTypeSpec {
        const shapes = this.members(type).filter((member) => this.isShape(member));
        const names: string[] = [];
        for (const shape of shapes)
            for (const property of this.checker.getPropertiesOfType(shape)) if (!names.includes(property.name)) names.push(property.name);
        const properties: Record<string, PropertySpec> = {};
        const required: string[] = [];
        for (const key of names) {
            const symbols = shapes.flatMap((shape) => shape.getProperty(key) ?? []);
            const types = symbols.map((symbol) => this.checker.getTypeOfSymbol(symbol));
            const at = [...path, key];
            const property: PropertySpec = { ...this.spec(types.length === 1 ? types[0] : this.union(types), `${name}${pascal(key)}`, at, hints) };
            const docs = [...new Set(symbols.map((symbol) => plainDoc(ts.displayPartsToString(symbol.getDocumentationComment(this.checker)))))].filter(
                (doc) => doc !== "",
            );
            if (docs.length > 0) property.description = docs.join(" ");
            const fallback = hints.defaultAt(at);
            if (fallback !== undefined) property.default = fallback;
            properties[schemaPropertyName(key)] = property;
            if (symbols.length === shapes.length && symbols.every((symbol) => !(symbol.flags & ts.SymbolFlags.Optional)))
                required.push(schemaPropertyName(key));
        }
        return required.length > 0 ? { type: "object", properties, required } : { type: "object", properties };
    }

    /** The members of a type once `pulumi.Input` (`T | Promise<T> | Output<T>`), `undefined` and `null` are taken away. */
    private members(type: ts.Type): ts.Type[] {
        return (type.isUnion() ? type.types : [type]).filter(
            (member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void)) && !this.isWrapper(member),
        );
    }

    private isWrapper(type: ts.Type): boolean {
        return (type.isIntersection() ? type.types : [type]).some((part) => WRAPPERS.has(part.getSymbol()?.name ?? ""));
    }

    /** Whether values under other keys than its properties have a type of their own (not a loose object's `unknown`). */
    private hasTypedIndex(type: ts.Type): boolean {
        return this.checker.getIndexInfosOfType(type).some((info) => !(info.type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)));
    }

    /** An object with named properties (a loose one too, whose other keys the schema leaves out): not a list, a map or a function. */
    private isShape(type: ts.Type): boolean {
        return (
            !!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) &&
            !this.checker.isArrayType(type) &&
            !this.checker.isTupleType(type) &&
            this.checker.getPropertiesOfType(type).length > 0 &&
            type.getCallSignatures().length === 0
        );
    }

    private primitiveOf(type: ts.Type): string {
        if (type.flags & ts.TypeFlags.BooleanLike) return "boolean";
        if (type.flags & ts.TypeFlags.NumberLike) return "number";
        if (type.flags & ts.TypeFlags.StringLike) return "string";
        return this.checker.typeToString(type);
    }

    private union(types: ts.Type[]): ts.Type {
        return (this.checker as ts.TypeChecker & { getUnionType(types: ts.Type[]): ts.Type }).getUnionType(types);
    }

    /** A list (`T[]`, a tuple) or a map (`Record<string, T>`); anything else is `Any`. */
    private containerSpec(type: ts.Type, name: string, path: readonly string[], hints: SchemaHints): PropertySpec {
        if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
            const elements = this.checker.getTypeArguments(type as ts.TypeReference);
            const element = elements.length === 1 ? elements[0] : this.union([...elements]);
            return { type: "array", items: this.spec(element, name, [...path, "[]"], hints) };
        }
        const values = type.getStringIndexType();
        // A map whose keys follow a pattern (`series_<i>.data`) is a map too.
        const patterned = this.checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.TemplateLiteral);
        if (values ?? patterned) return { type: "object", additionalProperties: this.spec(values ?? (patterned as ts.IndexInfo).type, name, path, hints) };
        return { $ref: ANY };
    }

    private enumSpec(values: string[], name: string, path: readonly string[]): PropertySpec {
        const spec: EnumTypeSpec = {
            type: "string",
            enum: values.map((value) => (IDENTIFIER.test(value) ? { value } : { value, name: enumName(value) })),
        };
        return { $ref: `#/types/${this.register(name, path, spec)}` };
    }

    private objectRef(type: ts.Type, name: string, path: readonly string[], hints: SchemaHints): PropertySpec {
        const own = this.nameOf(type, name);
        return { $ref: `#/types/${this.register(own, path, this.properties(type, own, path, hints))}` };
    }

    /** The name the source gives a type (`ResolvedTarget`, `ByocConfig`), else the one made from where it is (`DashboardTiles`). */
    private nameOf(type: ts.Type, fallback: string): string {
        // A generic alias (`PropertiesOf<T>`) names a way of making types, not one.
        const symbol = type.aliasSymbol && !type.aliasTypeArguments ? type.aliasSymbol : type.getSymbol();
        const declared = symbol?.declarations?.[0];
        const ours = declared && !declared.getSourceFile().fileName.includes("/node_modules/");
        return ours && IDENTIFIER.test(symbol.name) && !symbol.name.startsWith("__") ? symbol.name : fallback;
    }

    /**
     * A union of objects: `oneOf` their types, each named by the literal values that set it apart
     * (`…ConfigBuilderLine`), with a `discriminator` when one property alone tells them apart.
     */
    private unionSpec(shapes: ts.Type[], name: string, path: readonly string[], hints: SchemaHints): PropertySpec {
        const literals = shapes.map((shape) => this.literalProperties(shape));
        const keys = [...literals[0].keys()].filter((key) => literals.every((own) => own.has(key)) && new Set(literals.map((own) => own.get(key))).size > 1);
        // Nothing tells them apart (a value that is either of two forms): one object with every property, required where all require it.
        if (keys.length === 0) return this.objectRef(this.union(shapes), this.nameOf(shapes[0], name), path, hints);
        const discriminant = keys.find((key) => new Set(literals.map((own) => own.get(key))).size === shapes.length);
        const refs = shapes.map((shape, i) => {
            const suffix = keys.map((key) => pascal(String(literals[i].get(key)))).join("") || `${i + 1}`;
            return `#/types/${this.register(`${name}${suffix}`, path, this.properties(shape, `${name}${suffix}`, path, hints))}`;
        });
        const spec: PropertySpec = { oneOf: refs.map(($ref) => ({ $ref })) };
        if (discriminant) {
            spec.discriminator = {
                propertyName: discriminant,
                mapping: Object.fromEntries(literals.map((own, i) => [String(own.get(discriminant)), refs[i]])),
            };
        }
        return spec;
    }

    /** The properties of a shape whose type is one string literal: its discriminants (`displayType: "line"`). */
    private literalProperties(shape: ts.Type): Map<string, string> {
        const found = new Map<string, string>();
        for (const property of this.checker.getPropertiesOfType(shape)) {
            const members = this.members(this.checker.getTypeOfSymbol(property));
            if (members.length === 1 && members[0].isStringLiteral()) found.set(property.name, members[0].value);
        }
        return found;
    }

    /** The token of a type: the one of an equal type registered before, else `name` (made unique). */
    private register(name: string, path: readonly string[], spec: ObjectTypeSpec | EnumTypeSpec): string {
        const shape = JSON.stringify(spec);
        const known = this.byShape.get(shape);
        const place = { name, key: pascal([...path].reverse().find((step) => step !== "[]") ?? "") };
        if (known) {
            this.places.get(known)?.push(place);
            return known;
        }
        let candidate = token(name);
        for (let n = 2; this.types.has(candidate); n++) candidate = token(`${name}${n}`);
        this.types.set(candidate, spec);
        this.byShape.set(shape, candidate);
        this.places.set(candidate, [place]);
        return candidate;
    }

    /**
     * Better tokens for the types met in several places: the words the names of all those places end with
     * (`SourceVariant`, `DashboardVariant`, … → `Variant`; `…SqlLineNumberFormat`, `…BuilderNumberNumberFormat` →
     * `NumberFormat`), when they are two words or more, or the key of every place in several kinds or functions (not
     * `Type` for `metricType` and `metricDataType`, nor for an alert's `channel.type` and `channels[].type`), and no
     * other type has that name.
     */
    sharedTokens(): Map<string, string> {
        const renames = new Map<string, string>();
        const taken = new Set(this.types.keys());
        for (const [current, places] of this.places) {
            const names = new Set(places.map((place) => place.name));
            if (names.size < 2) continue;
            const words = [...names].map((name) => name.split(/(?=[A-Z])/));
            const common: string[] = [];
            for (let i = 1; words.every((parts) => parts.length >= i && parts[parts.length - i] === words[0][words[0].length - i]); i++) {
                common.unshift(words[0][words[0].length - i]);
            }
            const shared = token(common.join(""));
            const owners = new Set(words.map((parts) => parts[0]));
            const telling = common.length >= 2 || (common.length === 1 && owners.size > 1 && places.every((place) => place.key === common[0]));
            if (!telling || taken.has(shared)) continue;
            taken.add(shared);
            renames.set(current, shared);
        }
        return renames;
    }
}
