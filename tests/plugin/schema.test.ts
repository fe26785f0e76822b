import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { registry, type RegisteredKind } from "../../provider";
import { LIST_RESULT, packageSchema, packageSchemaText, SCHEMA_FILE, type PackageSchema, type PropertySpec } from "../../provider/plugin/schema";
import { functionToken, kindOfToken, resourceToken } from "../../provider/plugin/tokens";
import { SETTINGS } from "../../provider/settings/config";
import * as sdk from "../../sdk";
import { inputJsonSchema } from "../../tools/docs/schemaFacts";
import { generatePackageSchema } from "../../tools/schema/package";
import { schemaText } from "../../tools/schema/text";
import { REPO_ROOT } from "../harness/paths";

const REGENERATE = "run `npm run schema` and commit schema.json";

/** Pulumi's package metaschema (pulumi/pulumi v3.259.0, `pkg/codegen/schema/pulumi.json`; see metaschema/README.md). */
const METASCHEMA = JSON.parse(readFileSync(path.join(__dirname, "metaschema", "pulumi.json"), "utf8")) as object;

const committed = (): PackageSchema => JSON.parse(readFileSync(path.join(REPO_ROOT, SCHEMA_FILE), "utf8")) as PackageSchema;

/** The metaschema's verdict on a schema: its errors, none when valid. */
function metaschemaErrors(schema: unknown): string[] {
    // Draft 2020-12, which the metaschema declares; its `format`s (regex, uri-reference) are annotations here.
    const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(METASCHEMA);
    return validate(schema) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ""}`);
}

/** Every `$ref` of the schema, with where it is. */
function refs(node: unknown, at: string, into: { at: string; ref: string }[] = []): { at: string; ref: string }[] {
    if (Array.isArray(node)) node.forEach((item, i) => refs(item, `${at}[${i}]`, into));
    else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
            if (key === "$ref" && typeof value === "string") into.push({ at, ref: value });
            else refs(value, `${at}.${key}`, into);
        }
    }
    return into;
}

/** The top-level keys of a kind's zod schema (every member's, for a union of objects such as `Source`). */
function schemaKeys(kind: RegisteredKind): string[] {
    const json = inputJsonSchema(kind.provider.definition.schema) as { properties?: object; oneOf?: { properties: object }[] };
    const members = json.oneOf ?? [json];
    return [...new Set(members.flatMap((member) => Object.keys(member.properties ?? {})))].sort();
}

/** The SDK's lookup functions: every function exported with its `…Output` twin. */
function sdkFunctions(): string[] {
    const exported = sdk as unknown as Record<string, unknown>;
    return Object.keys(exported)
        .filter((name) => typeof exported[name] === "function" && typeof exported[`${name}Output`] === "function")
        .sort();
}

describe("the provider plugin's package schema (schema.json, written by `npm run schema`)", function () {
    // Building the schema compiles the SDK with TypeScript: about 20 s alone, more on a busy machine.
    this.timeout(180_000);
    let generated: PackageSchema;

    before(function () {
        generated = generatePackageSchema();
    });

    it("is committed exactly as the zod schemas and the SDK's declarations generate it today", function () {
        const text = readFileSync(path.join(REPO_ROOT, SCHEMA_FILE), "utf8");
        if (text !== schemaText(generated)) {
            const [old, now] = [text.split("\n"), schemaText(generated).split("\n")];
            const line = old.findIndex((row, i) => row !== now[i]);
            assert.fail(
                `schema.json is stale at line ${line + 1}: committed ${JSON.stringify(old[line])}, generated ${JSON.stringify(now[line])}; ${REGENERATE}`,
            );
        }
    });

    it("is what packageSchema() and packageSchemaText(), the plugin's GetSchema, serve", function () {
        assert.deepEqual(packageSchema(), committed());
        assert.equal(packageSchemaText(), readFileSync(path.join(REPO_ROOT, SCHEMA_FILE), "utf8"));
    });

    it("is valid against Pulumi's package metaschema", function () {
        assert.deepEqual(metaschemaErrors(generated), []);
    });

    it("is refused by the metaschema when a token is not one or a property has an unknown type", function () {
        const token = resourceToken("Dashboard");
        const bare = { ...generated, resources: { Dashboard: generated.resources[token] } };
        assert.notDeepEqual(metaschemaErrors(bare), []);
        const dashboard = generated.resources[token];
        const typo = { ...dashboard, inputProperties: { ...dashboard.inputProperties, name: { type: "text" } } };
        assert.notDeepEqual(metaschemaErrors({ ...generated, resources: { [token]: typo } }), []);
    });

    it("declares every kind of the registry as observability:index:<SDK class>, and nothing else", function () {
        const classes = Object.values(registry as Record<string, RegisteredKind>).map((kind) => kind.provider.typeName);
        for (const typeName of classes) assert.equal(typeof (sdk as unknown as Record<string, unknown>)[typeName], "function", `the SDK exports ${typeName}`);
        assert.deepEqual(Object.keys(generated.resources).sort(), classes.map(resourceToken).sort());
        for (const key of Object.keys(registry)) assert.equal(kindOfToken(resourceToken(registry[key as keyof typeof registry].provider.typeName)), key);
        assert.equal(kindOfToken("observability:index:Nothing"), undefined);
        assert.equal(kindOfToken("pulumi-nodejs:dynamic/observability:Dashboard"), undefined);
    });

    it("has its import id told in docs/guides/importing.md (`pulumi import`) for every kind", function () {
        const guide = readFileSync(path.join(REPO_ROOT, "docs", "guides", "importing.md"), "utf8");
        const start = guide.indexOf("\n## `pulumi import`");
        assert.ok(start >= 0, "docs/guides/importing.md has a section ## `pulumi import`");
        const section = guide.slice(start);
        const table = section.slice(section.indexOf("| resource | import id |"));
        const rows = table.slice(0, table.indexOf("\n\n")).split("\n").slice(2);
        const named = rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`(\w+)`/g)].map((match) => match[1]));
        const classes = Object.values(registry as Record<string, RegisteredKind>).map((kind) => kind.provider.typeName);
        assert.deepEqual([...named].sort(), [...classes].sort());
    });

    it("declares every SDK lookup function as observability:index:<function>, a list under `items`", function () {
        const functions = sdkFunctions();
        assert.ok(functions.includes("getSources") && functions.includes("getDataPipes"), `lookups found: ${functions.join(", ")}`);
        assert.deepEqual(Object.keys(generated.functions).sort(), functions.map(functionToken).sort());
        const sources = generated.functions[functionToken("getSources")];
        assert.equal(sources.outputs.properties[LIST_RESULT].type, "array");
        assert.deepEqual(sources.outputs.required, [LIST_RESULT]);
        assert.deepEqual(Object.keys(sources.inputs.properties).sort(), ["organizationId", "serviceId", "variant"]);
        const team = generated.functions[functionToken("getTeamMembers")];
        assert.deepEqual(Object.keys(team.outputs.properties).sort(), ["invitations", "members"]);
    });

    it("takes every input of each kind's zod schema, with adoptId where the kind adopts, and describes each", function () {
        for (const kind of Object.values(registry as Record<string, RegisteredKind>)) {
            const { typeName, definition } = kind.provider;
            const resource = generated.resources[resourceToken(typeName)];
            const expected = [...schemaKeys(kind), ...(definition.adoption ? ["adoptId"] : [])].sort();
            assert.deepEqual(Object.keys(resource.inputProperties).sort(), expected, `${typeName} inputs`);
            for (const [key, property] of Object.entries(resource.inputProperties)) assert.ok(property.description, `${typeName}.${key} has a description`);
            for (const key of resource.requiredInputs) assert.ok(key in resource.inputProperties, `${typeName} requires ${key}, an input`);
            for (const key of resource.required) assert.ok(key in resource.properties, `${typeName} always reports ${key}, an output`);
            assert.ok(resource.description, `${typeName} has a description`);
            assert.ok(!("id" in resource.properties) && !("urn" in resource.properties), `${typeName} leaves id and urn to Pulumi`);
        }
    });

    it("marks secret every input and output the kind declares secret, the API key and the key secret", function () {
        let marked = 0;
        for (const kind of Object.values(registry as Record<string, RegisteredKind>)) {
            const { typeName, definition } = kind.provider;
            const resource = generated.resources[resourceToken(typeName)];
            for (const key of definition.secrets ?? []) {
                const places = [resource.inputProperties[key], resource.properties[key]].filter((property): property is PropertySpec => !!property);
                assert.ok(places.length > 0, `${typeName}'s secret ${key} is an input or an output`);
                for (const property of places) assert.equal(property.secret, true, `${typeName}.${key} is secret`);
                marked += places.length;
            }
            const secretKeys = new Set(definition.secrets ?? []);
            for (const [key, property] of [...Object.entries(resource.inputProperties), ...Object.entries(resource.properties)]) {
                if (property.secret) assert.ok(secretKeys.has(key), `${typeName}.${key} is marked secret but the kind does not declare it`);
            }
        }
        assert.ok(marked >= 6, `secrets marked: ${marked}`);
        const secretSettings = Object.entries(SETTINGS)
            .filter(([, setting]) => "secret" in setting && setting.secret)
            .map(([name]) => name);
        assert.deepEqual(secretSettings.sort(), ["apiKey", "keySecret"]);
        for (const name of Object.keys(SETTINGS)) {
            const secret = secretSettings.includes(name) ? true : undefined;
            assert.equal(generated.config.variables[name]?.secret, secret, `config ${name}`);
            assert.equal(generated.provider.inputProperties[name]?.secret, secret, `provider input ${name}`);
        }
        assert.deepEqual(Object.keys(generated.config.variables).sort(), Object.keys(SETTINGS).sort());
    });

    it("says the enums, defaults and integers of the zod schemas, and unions as oneOf with their discriminator", function () {
        const webhook = generated.resources[resourceToken("Webhook")];
        const service = generated.types[(webhook.inputProperties.service.$ref ?? "").replace("#/types/", "")];
        assert.deepEqual("enum" in service && service.enum.map((value) => value.value), ["slack", "generic", "incidentio"]);
        const dashboard = generated.resources[resourceToken("Dashboard")];
        assert.equal(dashboard.inputProperties.name.type, "string");
        assert.ok(dashboard.requiredInputs.includes("name") && !dashboard.requiredInputs.includes("tags"), `${dashboard.requiredInputs.join(", ")}`);
        const tile = generated.types[(dashboard.inputProperties.tiles.items?.$ref ?? "").replace("#/types/", "")];
        assert.ok("properties" in tile);
        assert.equal(tile.properties.x.type, "integer");
        const onClick = Object.values(generated.types).flatMap((type) => ("properties" in type && type.properties.onClick ? [type.properties.onClick] : []))[0];
        assert.equal(onClick?.discriminator?.propertyName, "type");
        assert.deepEqual(Object.keys(onClick?.discriminator?.mapping ?? {}).sort(), ["dashboard", "external", "search"]);
        const source = generated.resources[resourceToken("Source")];
        assert.ok(source.requiredInputs.includes("kind"));
        const alert = generated.resources[resourceToken("Alert")];
        assert.equal(alert.inputProperties.threshold.type, "number");
        const defaults = Object.values(generated.types).flatMap((type) => ("properties" in type ? Object.values(type.properties) : []));
        assert.ok(
            defaults.some((property) => property.default !== undefined),
            "some nested property has its schema's default",
        );
        for (const [token, type] of Object.entries(generated.types)) {
            if (!("enum" in type)) continue;
            const names = type.enum.map((value) => value.name ?? String(value.value));
            assert.equal(new Set(names).size, names.length, `${token} names each value once for the generated SDKs: ${names.join(", ")}`);
        }
        for (const { at, ref } of refs(generated, "schema")) {
            if (ref.startsWith("pulumi.json#/")) continue;
            assert.ok(
                ref.startsWith("#/types/") && ref.slice("#/types/".length) in generated.types,
                `${at} refers to ${ref}, which is not a type of the schema`,
            );
        }
    });
});
