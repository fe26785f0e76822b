import { readFileSync } from "fs";
import * as path from "path";
import * as ts from "typescript";
import { registry, type RegisteredKind } from "../../provider";
import { LIST_RESULT, type FunctionSpec, type ObjectTypeSpec, type PackageSchema, type PropertySpec, type ResourceSpec } from "../../provider/plugin/schema";
import { functionToken, PACKAGE_NAME, resourceToken } from "../../provider/plugin/tokens";
import { SETTINGS } from "../../provider/settings/config";
import { defaultAt, inputJsonSchema, literalsAt, nodesAt } from "../docs/schemaFacts";
import { plainDoc, SdkReader, TypedProperty } from "../docs/sdkTypes";
import { languageSettings } from "./languages";
import { NO_HINTS, pascal, SchemaHints, TypeSpecs } from "./typeSpecs";

/** The repository root (this file lives in `tools/schema/`). */
export const ROOT = path.resolve(__dirname, "..", "..");

/** The folder of the SDK's lookup functions: each function exported from there (but its `…Output` twin) is a function of the package. */
const FUNCTIONS_DIR = `${path.sep}sdk${path.sep}functions${path.sep}`;

/** What the zod schema of a kind says that its TypeScript type does not: defaults and integers. */
function zodHints(schema: Parameters<typeof inputJsonSchema>[0]): SchemaHints {
    const json = inputJsonSchema(schema);
    return {
        // A path names the same property in every member of a union (`tiles[].config.select`): a default or an
        // integer only when every member that has the property agrees.
        defaultAt: (at) => {
            const nodes = nodesAt(json, at);
            const texts = new Set(nodes.map((node) => JSON.stringify(node.default)));
            const value: unknown = texts.size === 1 && "default" in nodes[0] ? JSON.parse(defaultAt(json, at) as string) : undefined;
            return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : undefined;
        },
        integerAt: (at) => {
            const nodes = nodesAt(json, at);
            const integer = (node: { type?: unknown; anyOf?: unknown }) =>
                node.type === "integer" || (Array.isArray(node.anyOf) && (node.anyOf as { type?: unknown }[]).some((alt) => alt.type === "integer"));
            return nodes.length > 0 && nodes.every(integer);
        },
    };
}

/** Where a property of a union exists only with some values of its discriminant, in words. */
function restriction(property: TypedProperty): string {
    const only = property.onlyWith;
    if (!only) return "";
    const values = only.values.map((value) => `\`${value}\``).join(", ");
    return ` Only with \`${only.property}\` ${only.without ? "other than " : ""}${values}.`;
}

/** The description of a whole-object property, the class's own JSDoc for a resource's top level (with its restrictions). */
function described(spec: PropertySpec, description: string): PropertySpec {
    return description === "" ? spec : { ...spec, description };
}

/**
 * Builds the package schema: every kind of the registry as a resource (`observability:index:<Kind>`), its inputs
 * from the SDK's `<Kind>Args` (the zod schema's input type) with the schema's defaults, its outputs from the
 * class, secrets from the class's `secretOutputs`; every SDK lookup function as a function; the settings as
 * configuration and as the explicit provider's inputs. Descriptions are the JSDoc the reference pages show.
 */
export function generatePackageSchema(sdk = new SdkReader(ROOT)): PackageSchema {
    const checker = sdk.program.getTypeChecker();
    const specs = new TypeSpecs(checker);
    const resources: Record<string, ResourceSpec> = {};
    for (const kind of Object.values(registry as Record<string, RegisteredKind>)) {
        const { typeName, definition } = kind.provider;
        resources[resourceToken(typeName)] = resourceSpec(sdk, specs, typeName, zodHints(definition.schema), (at) =>
            literalsAt(inputJsonSchema(definition.schema), at),
        );
    }
    const functions: Record<string, FunctionSpec> = {};
    for (const [name, symbol] of [...sdk.exports].sort(([a], [b]) => a.localeCompare(b))) {
        const declaration = symbol.declarations?.find(ts.isFunctionDeclaration);
        if (!declaration || name.endsWith("Output") || !declaration.getSourceFile().fileName.includes(FUNCTIONS_DIR.split(path.sep).join("/"))) continue;
        functions[functionToken(name)] = functionSpec(checker, specs, name, declaration);
    }
    const variables: Record<string, PropertySpec> = Object.fromEntries(
        Object.entries(SETTINGS).map(([key, setting]) => {
            const variable: PropertySpec = { type: "string", description: `${setting.description} (else the environment variable \`${setting.env}\`)` };
            if ("secret" in setting && setting.secret) variable.secret = true;
            return [key, variable];
        }),
    );
    const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string; description: string; license: string };
    return withSharedTokens(specs.sharedTokens(), {
        name: PACKAGE_NAME,
        displayName: "Observability",
        version: packageJson.version,
        description: packageJson.description,
        keywords: ["pulumi", "observability", "dashboards", "alerts", "kind/native"],
        license: packageJson.license,
        config: { variables },
        provider: {
            description:
                "An explicit provider, for one more environment: the settings the stack configuration `observability:<key>` gives the default provider, as inputs (each one left out is read from its environment variable).",
            inputProperties: variables,
        },
        resources,
        functions,
        types: Object.fromEntries([...specs.types]),
        language: languageSettings(PACKAGE_NAME),
    });
}

/** The schema with the types renamed (every `$ref` and discriminator mapping too), its types sorted by token. */
function withSharedTokens(renames: Map<string, string>, schema: PackageSchema): PackageSchema {
    const text = JSON.stringify(schema).replace(/"#\/types\/([^"]+)"/g, (ref, current: string) => {
        const renamed = renames.get(current);
        return renamed ? JSON.stringify(`#/types/${renamed}`) : ref;
    });
    const renamed = JSON.parse(text) as PackageSchema;
    renamed.types = Object.fromEntries(
        Object.entries(renamed.types)
            .map(([current, type]) => [renames.get(current) ?? current, type] as const)
            .sort(([a], [b]) => a.localeCompare(b)),
    );
    return renamed;
}

function resourceSpec(sdk: SdkReader, specs: TypeSpecs, typeName: string, hints: SchemaHints, order: (at: readonly string[]) => unknown[]): ResourceSpec {
    const checker = sdk.program.getTypeChecker();
    const declared = sdk.resource(typeName, order);
    const args = specs.properties(checker.getDeclaredTypeOfSymbol(sdk.exported(`${typeName}Args`)), typeName, [], hints);
    const secret = new Set(declared.secretInputs);
    const inputProperties: Record<string, PropertySpec> = {};
    for (const [key, spec] of Object.entries(args.properties)) {
        const top = declared.inputs.find((property) => property.path.length === 1 && property.path[0] === key);
        const property = described(spec, top ? `${top.description}${restriction(top)}`.trim() : (spec.description ?? ""));
        inputProperties[key] = secret.has(key) ? { ...property, secret: true } : property;
    }
    const instance = checker.getDeclaredTypeOfSymbol(sdk.exported(typeName));
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const output of declared.outputs) {
        const [key] = output.path;
        // `id` is every resource's own, outside its properties.
        if (key === "id") continue;
        const symbol = instance.getProperty(key);
        const value = symbol && sdk.outputValue(checker.getTypeOfSymbol(symbol));
        if (!value) throw new Error(`${typeName}.${key} is not an Output`);
        const spec = inputProperties[key] ?? specs.spec(value, `${typeName}${pascal(key)}`, [key], NO_HINTS);
        const property = described({ ...spec }, output.description || (spec.description ?? ""));
        properties[key] = secret.has(key) ? { ...property, secret: true } : property;
        const nullable = (value.isUnion() ? value.types : [value]).some((member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null));
        if (!nullable && (key in inputProperties ? (args.required ?? []).includes(key) : true)) required.push(key);
    }
    return {
        description: declared.description,
        inputProperties,
        requiredInputs: args.required ?? [],
        properties,
        required,
    };
}

function functionSpec(checker: ts.TypeChecker, specs: TypeSpecs, name: string, declaration: ts.FunctionDeclaration): FunctionSpec {
    const signature = checker.getSignatureFromDeclaration(declaration);
    if (!signature) throw new Error(`sdk function ${name} has no signature`);
    const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
    const description = docs.map((doc) => plainDoc(ts.getTextOfJSDocComment(doc.comment) ?? "")).join("\n\n");
    const parameter = signature.getParameters()[0];
    const inputs: ObjectTypeSpec = parameter
        ? specs.properties(checker.getTypeOfSymbol(parameter), pascal(name), [], NO_HINTS)
        : { type: "object", properties: {} };
    const returned = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
    let outputs: ObjectTypeSpec;
    if (checker.isArrayType(returned)) {
        const element = checker.getTypeArguments(returned as ts.TypeReference)[0];
        const items: PropertySpec = {
            type: "array",
            items: specs.spec(element, `${pascal(name)}Item`, ["[]"], NO_HINTS),
            description: `What \`${name}\` finds, as its SDK function returns it.`,
        };
        outputs = { type: "object", properties: { [LIST_RESULT]: items }, required: [LIST_RESULT] };
    } else {
        outputs = specs.properties(returned, `${pascal(name)}Result`, [], NO_HINTS);
    }
    return { description, inputs, outputs };
}
