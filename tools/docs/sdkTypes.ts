import * as path from "path";
import * as ts from "typescript";

/** One documented property of a resource's public arguments or outputs, as the compiler sees it. */
export interface TypedProperty {
    /** Path from the resource's arguments: `tiles`, `[]` for array elements, `config`, … */
    path: string[];
    /** The type as a user writes it, without the `pulumi.Input` wrapping. */
    type: string;
    required: boolean;
    /** For a property of a union that only some of its shapes require: which. */
    requiredWith?: Restriction;
    /** The JSDoc text, or "" when the property has none. */
    description: string;
    /** Set when the property is an object (or a list or union of objects) whose properties follow. */
    nested: boolean;
    /** For a property that only some shapes of a union have: the discriminating property and its values there. */
    onlyWith?: Restriction;
    /** For a property only some shapes of a union that no property tells apart have, and all of them require. */
    requiredInItsForm?: boolean;
    /** For an object that is a union no property tells apart: its forms, as `{username, password?}`. */
    forms?: string[];
}

/** The shapes of a union that have a property, by the values of a discriminating property: with these, or all but these. */
export interface Restriction {
    property: string;
    values: string[];
    without: boolean;
    /** When the values tell the shapes apart only among those with this value of another discriminant (`configType`). */
    among?: { property: string; value: string };
}

/** What the SDK declares for one resource class. */
export interface SdkResource {
    /** The class's JSDoc, without tags. */
    description: string;
    /** The bodies of the class's `@example` tags. */
    examples: string[];
    /** Every property of `<Kind>Args`, depth first. */
    inputs: TypedProperty[];
    /** The class's own output properties (`id` first). */
    outputs: TypedProperty[];
    /** Top-level arguments the class marks as additional secret outputs. */
    secretInputs: string[];
}

/** The values of the discriminants of an enclosing union, by the shapes of a nested object (`from` by `kind`). */
type Inherited = Map<string, Map<ts.Type, string[]>>;

/** The literal values a schema lists at a property path (in its lists' elements too), in the schema's order. */
export type LiteralOrder = (path: readonly string[]) => readonly unknown[] | undefined;

export const WRAPPERS = new Set(["Promise", "OutputInstance", "Output"]);
// Deep enough for every schema (tile configs nest four levels); a bound keeps a recursive type finite.
const MAX_DEPTH = 8;

/** `{@link X}` → `` `X` ``: the pages (and the package schema's descriptions) are markdown, not TSDoc. */
export function plainDoc(text: string): string {
    return text.replace(/\{@link\s+([^}\s|]+)(?:\s*\|\s*([^}]+))?\}/g, (_all, target: string, label?: string) => `\`${(label ?? target).trim()}\``).trim();
}

/**
 * Reads the SDK through the TypeScript compiler: the JSDoc and types of each resource class's arguments and
 * outputs, exactly as users see them in their editor.
 */
export class SdkReader {
    /** The program of `sdk/index.ts`, for checks that build on it. */
    readonly program: ts.Program;
    private readonly checker: ts.TypeChecker;
    /** Every symbol `sdk/index.ts` exports, by name (aliases resolved). */
    readonly exports: Map<string, ts.Symbol>;

    constructor(root: string) {
        const configPath = path.join(root, "tsconfig.json");
        const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
        const entry = path.join(root, "sdk", "index.ts");
        this.program = ts.createProgram({ rootNames: [entry], options: { ...config.options, noEmit: true } });
        this.checker = this.program.getTypeChecker();
        const source = this.program.getSourceFile(entry);
        const module = source && this.checker.getSymbolAtLocation(source);
        if (!module) throw new Error(`cannot read ${entry}`);
        this.exports = new Map(this.checker.getExportsOfModule(module).map((symbol) => [symbol.name, this.resolved(symbol)]));
    }

    /** The class `typeName` and its `<typeName>Args`, as the package exports them. */
    resource(typeName: string, literalOrder: LiteralOrder = () => undefined): SdkResource {
        const classSymbol = this.exported(typeName);
        const argsSymbol = this.exported(`${typeName}Args`);
        const classDeclaration = classSymbol.declarations?.find(ts.isClassDeclaration);
        if (!classDeclaration) throw new Error(`sdk/index.ts exports no class ${typeName}`);
        const docs = ts.getJSDocCommentsAndTags(classDeclaration).filter(ts.isJSDoc);
        const description = docs.map((doc) => plainDoc(ts.getTextOfJSDocComment(doc.comment) ?? "")).join("\n\n");
        const examples = docs.flatMap((doc) =>
            (doc.tags ?? []).filter((tag) => tag.tagName.text === "example").map((tag) => exampleText(ts.getTextOfJSDocComment(tag.comment) ?? "")),
        );
        const inputs: TypedProperty[] = [];
        this.collect(this.checker.getDeclaredTypeOfSymbol(argsSymbol), [], inputs, 0, literalOrder);
        return {
            description,
            examples,
            inputs,
            outputs: this.outputs(classSymbol, literalOrder),
            secretInputs: secretOutputs(classDeclaration.getSourceFile()),
        };
    }

    /** The symbol `sdk/index.ts` exports as `name` (aliases resolved). */
    exported(name: string): ts.Symbol {
        const symbol = this.exports.get(name);
        if (!symbol) throw new Error(`sdk/index.ts does not export ${name}`);
        return symbol;
    }

    private resolved(symbol: ts.Symbol): ts.Symbol {
        return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
    }

    /** Appends the properties of an object-like type (an object, or a union of objects) at `at`, depth first. */
    private collect(type: ts.Type, at: string[], into: TypedProperty[], depth: number, order: LiteralOrder, inherited: Inherited = new Map()): void {
        const shapes = this.objectShapes(type);
        const names: string[] = [];
        for (const shape of shapes)
            for (const property of this.checker.getPropertiesOfType(shape)) if (!names.includes(property.name)) names.push(property.name);
        const discriminants = this.discriminants(shapes, inherited);
        for (const name of names) {
            const holders = shapes.filter((shape) => shape.getProperty(name));
            const symbols = holders.map((shape) => shape.getProperty(name) as ts.Symbol);
            const types = symbols.map((symbol) => this.checker.getTypeOfSymbol(symbol));
            const unwrapped = this.unwrap(types.length === 1 ? types[0] : this.union(types));
            const nested = depth < MAX_DEPTH && this.objectShapes(unwrapped.elements).length > 0 && this.plainMembers(unwrapped.elements).length === 0;
            const property: TypedProperty = {
                path: [...at, name],
                type: this.text(unwrapped.type, order([...at, name])),
                required: false,
                description: describeShapes(
                    symbols.map((symbol) => plainDoc(ts.displayPartsToString(symbol.getDocumentationComment(this.checker)))),
                    holders,
                    shapes,
                    // A discriminant's own texts say which values they are about.
                    new Map([...discriminants].filter(([property]) => property !== name)),
                ),
                nested,
            };
            const onlyWith = holders.length < shapes.length ? onlyWithOf(discriminants, shapes, holders) : undefined;
            if (onlyWith) property.onlyWith = onlyWith;
            const requiring = holders.filter((_holder, i) => !(symbols[i].flags & ts.SymbolFlags.Optional));
            // Required by every shape that has it: required with those shapes only (a kind-specific field).
            const requiredWith =
                requiring.length === 0 ? undefined : requiring.length < holders.length ? onlyWithOf(discriminants, holders, requiring, shapes) : onlyWith;
            if (requiredWith) property.requiredWith = requiredWith;
            // Where no discriminant tells the shapes apart, a field every holder requires is required in its form.
            else if (requiring.length === holders.length && holders.length < shapes.length && discriminants.size === 0) property.requiredInItsForm = true;
            else property.required = requiring.length === holders.length;
            // An object whose shape depends on the union's discriminants (a source's `from` by `kind`) inherits them.
            const passed = holders.length > 1 ? this.inherit(discriminants, shapes, holders, types) : undefined;
            const forms = nested ? this.forms(unwrapped.elements, passed) : undefined;
            if (forms) property.forms = forms;
            into.push(property);
            if (nested) this.collect(unwrapped.elements, [...at, name, ...unwrapped.listPath], into, depth + 1, order, passed);
        }
    }

    /** The class's outputs: its `id` and every `pulumi.Output` property it declares (not the base class's `urn`). */
    private outputs(classSymbol: ts.Symbol, order: LiteralOrder): TypedProperty[] {
        const instance = this.checker.getDeclaredTypeOfSymbol(classSymbol);
        return this.checker
            .getPropertiesOfType(instance)
            .filter(
                (property) =>
                    property.name === "id" ||
                    !(property.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.includes("/node_modules/")),
            )
            .flatMap((property) => {
                const value = this.outputValue(this.checker.getTypeOfSymbol(property));
                if (!value) return [];
                const description = plainDoc(ts.displayPartsToString(property.getDocumentationComment(this.checker)));
                return [
                    { path: [property.name], type: this.text(this.unwrap(value).type, order([property.name])), required: true, description, nested: false },
                ];
            })
            .sort((a, b) => Number(b.path[0] === "id") - Number(a.path[0] === "id"));
    }

    /** `T` of `pulumi.Output<T>` (which distributes over a union `T`), or undefined for any other type. */
    outputValue(type: ts.Type): ts.Type | undefined {
        const values = (type.isUnion() ? type.types : [type]).map((member) => {
            const output = (member.isIntersection() ? member.types : [member]).find((part) => part.getSymbol()?.name === "OutputInstance");
            return output && this.checker.getTypeArguments(output as ts.TypeReference)[0];
        });
        if (values.some((value) => value === undefined)) return undefined;
        return values.length === 1 ? values[0] : this.union(values as ts.Type[]);
    }

    /**
     * The type a user writes, without `pulumi.Input` (`T | Promise<T> | Output<T>`) and `undefined`; for a list,
     * also its element type (unwrapped the same way) and the path segment `[]` that leads to the elements.
     */
    private unwrap(type: ts.Type): { type: ts.Type; elements: ts.Type; listPath: string[] } {
        const members = (type.isUnion() ? type.types : [type]).filter((member) => !(member.flags & ts.TypeFlags.Undefined) && !this.isWrapper(member));
        const plain = members.length === 1 ? members[0] : this.union(members);
        if (members.length === 1 && this.checker.isArrayType(plain)) {
            const inner = this.unwrap(this.checker.getTypeArguments(plain as ts.TypeReference)[0]);
            return { type: plain, elements: inner.elements, listPath: ["[]", ...inner.listPath] };
        }
        return { type: plain, elements: plain, listPath: [] };
    }

    private isWrapper(type: ts.Type): boolean {
        const members = type.isIntersection() ? type.types : [type];
        return members.some((member) => WRAPPERS.has(member.getSymbol()?.name ?? ""));
    }

    private union(types: ts.Type[]): ts.Type {
        return (this.checker as ts.TypeChecker & { getUnionType(types: ts.Type[]): ts.Type }).getUnionType(types);
    }

    /** Members of a (union) type that are plain objects with named properties: not lists, maps, primitives or functions. */
    private objectShapes(type: ts.Type): ts.Type[] {
        return (type.isUnion() ? type.types : [type]).filter((member) => this.isShape(member));
    }

    private plainMembers(type: ts.Type): ts.Type[] {
        return (type.isUnion() ? type.types : [type]).filter(
            (member) => !this.isShape(member) && !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
        );
    }

    private isShape(type: ts.Type): boolean {
        return (
            !!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) &&
            !this.checker.isArrayType(type) &&
            !this.checker.isTupleType(type) &&
            !this.isWrapper(type) &&
            this.checker.getPropertiesOfType(type).length > 0 &&
            type.getCallSignatures().length === 0
        );
    }

    /** The discriminants' values of the holders of a property, by the shapes of its (list elements') object. */
    private inherit(discriminants: Map<string, string[][]>, shapes: ts.Type[], holders: ts.Type[], types: ts.Type[]): Inherited {
        const inherited: Inherited = new Map();
        for (const [property, values] of discriminants) {
            const byShape = new Map<ts.Type, string[]>();
            holders.forEach((holder, i) => {
                for (const inner of this.objectShapes(this.unwrap(types[i]).elements))
                    byShape.set(inner, [...new Set([...(byShape.get(inner) ?? []), ...values[shapes.indexOf(holder)]])]);
            });
            inherited.set(property, byShape);
        }
        return inherited;
    }

    /** The forms of a union of objects that no property tells apart (`{accessKeyId, secretKey}`), or undefined. */
    private forms(type: ts.Type, inherited: Inherited = new Map()): string[] | undefined {
        const shapes = this.objectShapes(type);
        if (shapes.length < 2 || this.discriminants(shapes, inherited).size > 0) return undefined;
        return shapes.map(
            (shape) =>
                `{${this.checker
                    .getPropertiesOfType(shape)
                    .map((property) => `${property.name}${property.flags & ts.SymbolFlags.Optional ? "?" : ""}`)
                    .join(", ")}}`,
        );
    }

    /**
     * Properties that every shape of a union has with literal values (`displayType`, `configType`, a filter's `type`),
     * by shape: one value each, or several where no other shape has any of them (`"sql" | "lucene"` beside `"sql_ast"`).
     */
    private discriminants(shapes: ts.Type[], inherited: Inherited): Map<string, string[][]> {
        const found = new Map<string, string[][]>();
        if (shapes.length < 2) return found;
        const candidates = new Map<string, (string[] | undefined)[]>();
        for (const property of this.checker.getPropertiesOfType(shapes[0])) {
            const values = shapes.map((shape) => {
                const symbol = shape.getProperty(property.name);
                const type = symbol && this.unwrap(this.checker.getTypeOfSymbol(symbol)).type;
                const members = type ? (type.isUnion() ? type.types : [type]) : [];
                return members.length > 0 && members.every((member) => member.isLiteral())
                    ? members.map((member) => String((member as ts.LiteralType).value))
                    : undefined;
            });
            candidates.set(property.name, values);
        }
        for (const [property, byShape] of inherited)
            if (!candidates.has(property))
                candidates.set(
                    property,
                    shapes.map((shape) => byShape.get(shape)),
                );
        for (const [property, values] of candidates) {
            if (values.some((value) => value === undefined)) continue;
            const sets = values as string[][];
            const apart = (i: number) => sets[i].length === 1 || sets.every((other, j) => j === i || other.every((value) => !sets[i].includes(value)));
            if (sets.every((_set, i) => apart(i))) found.set(property, sets);
        }
        return found;
    }

    /** The type as text: `string`, `"a" | "b"`, `number[]`, `Record<string, string>`, `object` for a shape. */
    private text(type: ts.Type, order: readonly unknown[] = []): string {
        const members = (type.isUnion() ? type.types : [type]).filter((member) => !(member.flags & ts.TypeFlags.Undefined) && !this.isWrapper(member));
        // The compiler orders a union's literals by when it met them; the schema's order is the one its author chose.
        const rank = (member: ts.Type) => {
            const at = member.isLiteral() ? order.indexOf(member.value) : -1;
            return at < 0 ? order.length : at;
        };
        const texts: string[] = [];
        for (const member of [...members].sort((a, b) => rank(a) - rank(b))) {
            const text = this.memberText(member, order);
            if (!texts.includes(text)) texts.push(text);
        }
        if (!texts.includes("true") || !texts.includes("false")) return texts.join(" | ");
        return texts.flatMap((text) => (text === "true" ? ["boolean"] : text === "false" ? [] : [text])).join(" | ");
    }

    private memberText(type: ts.Type, order: readonly unknown[]): string {
        if (this.isShape(type)) return "object";
        if (this.checker.isArrayType(type)) {
            const element = this.text(this.unwrap(this.checker.getTypeArguments(type as ts.TypeReference)[0]).type, order);
            return element.includes(" | ") ? `(${element})[]` : `${element}[]`;
        }
        if (this.checker.isTupleType(type)) {
            return `[${this.checker
                .getTypeArguments(type as ts.TypeReference)
                .map((element) => this.text(this.unwrap(element).type))
                .join(", ")}]`;
        }
        const index = type.getStringIndexType();
        if (index && type.flags & ts.TypeFlags.Object) return `Record<string, ${this.text(this.unwrap(index).type)}>`;
        return this.checker.typeToString(type);
    }
}

/**
 * For a property only some shapes of a union have: the discriminant whose values exactly separate the shapes
 * that have it from those that do not, and the fewer of the two value sets (sorted): those with it, or those without.
 */
function onlyWithOf(discriminants: Map<string, string[][]>, shapes: ts.Type[], holders: ts.Type[], all: ts.Type[] = shapes): Restriction | undefined {
    for (const [property, allValues] of discriminants) {
        // The discriminant's values are listed per shape of the whole union (`all`); `shapes` may be some of them.
        const values = shapes.map((shape) => allValues[all.indexOf(shape)]);
        const holding = new Set(shapes.flatMap((shape, i) => (holders.includes(shape) ? values[i] : [])));
        const lacking = new Set(values.flat().filter((value) => !holding.has(value)));
        const separates = shapes.every((shape, i) => holders.includes(shape) || values[i].every((value) => !holding.has(value)));
        if (!separates || lacking.size === 0) continue;
        return holding.size <= lacking.size
            ? { property, values: [...holding].sort(), without: false }
            : { property, values: [...lacking].sort(), without: true };
    }
    // No one discriminant tells them apart: among the shapes with the one value of another discriminant that every
    // holder has (the builder tiles, say), one may (a table tile's `having`, which a raw-SQL table tile lacks).
    for (const [property, allValues] of discriminants) {
        const held = new Set(holders.flatMap((holder) => allValues[all.indexOf(holder)]));
        if (held.size !== 1) continue;
        const [value] = held;
        const among = shapes.filter((shape) => allValues[all.indexOf(shape)].includes(value));
        if (among.length === shapes.length) continue;
        const rest = new Map([...discriminants].filter(([other]) => other !== property));
        const inner = onlyWithOf(rest, among, holders, all);
        if (inner && !inner.among) return { ...inner, among: { property, value } };
    }
    return undefined;
}

/**
 * The description of a property the shapes of a union document differently: each text with the values of the
 * discriminant (the one with most values) of the shapes that say it. One text (or none) stands alone.
 */
function describeShapes(docs: string[], holders: ts.Type[], shapes: ts.Type[], discriminants: Map<string, string[][]>): string {
    const distinct = [...new Set(docs.filter((doc) => doc !== ""))];
    if (distinct.length <= 1) return distinct[0] ?? "";
    const [property, values] = [...discriminants].sort((a, b) => new Set(b[1].flat()).size - new Set(a[1].flat()).size)[0] ?? [];
    if (!property || !values) return distinct.join(" ");
    return distinct
        .map((doc) => {
            const saying = [...new Set(holders.filter((_holder, i) => docs[i] === doc).flatMap((holder) => values[shapes.indexOf(holder)]))].sort();
            return `With \`${property}\` ${saying.map((value) => `\`${value}\``).join(", ")}: ${doc}`;
        })
        .join(" ");
}

/** An `@example` body without the code fence a JSDoc author may have written around it. */
/** An `@example` body without the code fence around it. */
export function exampleText(text: string): string {
    return text
        .replace(/^\s*```[a-z]*\n/, "")
        .replace(/\n```\s*$/, "")
        .trim();
}

/** The names listed in `secretOutputs: ["…"]` (the declaration given to `resourceKind`) anywhere in the class's module. */
function secretOutputs(source: ts.SourceFile): string[] {
    const names: string[] = [];
    const visit = (node: ts.Node): void => {
        if (ts.isPropertyAssignment(node) && node.name.getText(source) === "secretOutputs" && ts.isArrayLiteralExpression(node.initializer)) {
            for (const element of node.initializer.elements) if (ts.isStringLiteral(element)) names.push(element.text);
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return names;
}
