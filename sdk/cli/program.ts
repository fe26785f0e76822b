import type { ExportedObject, ExportReferences, KindExport, SecretConfig } from "../../provider/engine/exporter";
import { Annotated, Code, TsEntry, TsObject, TsValue } from "../../provider/engine/tsValue";
import { resourceToken } from "../../provider/plugin/tokens";
import { Checker, checkerOf, CheckFailure, settle } from "./check";
import { exportKind, Kind, KINDS } from "./kinds";
import { kebab, pascal, slug, UniqueNames } from "./names";
import type { Inventory } from "./read";
import { NeededSecret, neededSecrets } from "./secrets";
import { printValue } from "./tsLiteral";

/** The generated project. */
export interface GeneratedProgram {
    /** The program (`index.ts`). */
    index: string;
    /** The project file (`Pulumi.yaml`). */
    pulumiYaml: string;
    /** What to do with it (`README.md`). */
    readme: string;
    /** The secret config keys the program requires (project namespace), with what each one holds. */
    secretKeys: { key: string; holds: string }[];
    /** Declared resources per kind. */
    declared: Record<Kind, number>;
    /** Objects that could not be declared, with the reason (also written as comments into the program). */
    skipped: string[];
    /** The same declarations as a Pulumi bulk-import file (`pulumi import --file`) for a stack of the provider plugin. */
    importFile: ImportFile;
}

/**
 * A Pulumi bulk-import file (`pulumi import --file`, the `importFile` of pulumi/pulumi's
 * `pkg/cmd/pulumi/operations/import.go`): each object by its resource token, resource name and id. The id is the
 * one the resource holds in state, which the plugin's read by id takes; where the object lives (variant,
 * organization, service) comes from the stack's `observability:*` configuration, as for any resource without them.
 */
export interface ImportFile {
    resources: { type: string; name: string; id: string }[];
}

/** A secret config key the program reads only when it is set, with a placeholder value for the README's steps. */
interface OptionalSecret {
    key: string;
    holds: string;
    example: string;
}

/** One resource of the program, printed once every reference between resources is known. */
interface Declaration {
    kind: Kind;
    /** The id of the object it declares. */
    id: string;
    className: string;
    resourceName: string;
    /** The variable, when another declaration references this one. */
    variable?: string;
    header: string[];
    entries: TsEntry[];
    /** Variables of the declarations it depends on (its `dependsOn` option). */
    dependsOn?: readonly string[];
}

const CHECKERS = new Map<Kind, Checker>(KINDS.map((kind) => [kind, checkerOf(exportKind(kind).provider)]));

/** Keys always written, so that the program says where every object lives whatever the stack's settings. */
const WHERE_KEYS = ["variant", "organizationId", "serviceId"];

/**
 * Writes the program that declares every object of the inventory with its id, in the values the providers' read
 * mapping gives (so that applying it adopts without a write and a refresh shows no change), references between
 * them as code, and secrets as config lookups. Kinds come in the registry's order, so that a declaration
 * references only those above it; each kind's `export.ts` says how to declare its objects.
 */
export async function generateProgram(inventory: Inventory, project: string): Promise<GeneratedProgram> {
    const resourceNames = new UniqueNames("-");
    const variables = new UniqueNames("");
    const configKeys = new UniqueNames("-");
    const declarations: Declaration[] = [];
    const skipped: string[] = [];
    const comments: string[][] = [];
    const secretKeys: { key: string; holds: string }[] = [];
    const optionalSecretKeys: OptionalSecret[] = [];
    /** The kinds whose declarations read required secrets from config. */
    const secretKinds = new Set<Kind>();
    const usedConstants = new Set<string>();
    const where = whereValues(inventory, usedConstants);

    /** Declarations by kind and object id, and those of the kinds referenced wherever a later declaration holds their id. */
    const byObject = new Map<string, Declaration>();
    const byId = new Map<string, Declaration>();
    const references: ExportReferences = {
        objects: <E extends ExportedObject>(kind: KindExport<string, E>) => inventory[kind.kind as Kind] as unknown as readonly E[],
        variableOf: (kind, id) => {
            const declaration = byObject.get(`${kind.kind}/${id}`);
            return declaration && referenced(declaration);
        },
        annotate: (value) => annotate(value, inventory, reference),
    };

    for (const kind of KINDS) {
        const { provider, export: kindExport } = exportKind(kind);
        for (const exported of referencedFirst(sorted(inventory[kind] as ExportedObject[]))) {
            const { names, header, values, dependsOn } = kindExport.declaration(exported, references);
            let read = exported.inputs;
            let checkedSecrets: NeededSecret[] = [];
            if (kindExport.checkedSecrets) {
                const secrets = await neededSecrets(CHECKERS.get(kind) as Checker, kindExport.checkedSecrets, exported.inputs);
                if (!secrets) {
                    const reason = `${header[0]} (id ${exported.id}) is not declared: no form of its secrets satisfies the ${provider.typeName} resource`;
                    skipped.push(reason);
                    comments.push([reason]);
                    continue;
                }
                if (secrets.placeholders) read = { ...exported.inputs, secrets: secrets.placeholders };
                checkedSecrets = secrets.needed;
            }
            const settled = await settle(CHECKERS.get(kind) as Checker, read, WHERE_KEYS);
            if (!settled.ok) {
                const reason = `${header[0]} (id ${exported.id}) is not declared: the ${provider.typeName} resource refuses it as it is (${describe(settled.failures)})`;
                skipped.push(reason);
                comments.push([reason, "Change it in the web UI (or declare it by hand), then export again."]);
                continue;
            }
            const resourceName = resourceNames.claim(names.map(slug).find((name) => name !== "") ?? "");
            const drift =
                settled.drift.length === 0
                    ? []
                    : [`Warning: a refresh may report a change of ${settled.drift.join(", ")} (the read mapping and check disagree).`];
            const entries: TsEntry[] = provider.definition.adoption ? [{ key: "adoptId", value: exported.id }] : [];
            const first = [...WHERE_KEYS, "name"].filter((key) => key in settled.declared);
            for (const key of [...first, ...Object.keys(settled.declared).filter((key) => !first.includes(key))]) {
                const value = settled.declared[key];
                if (value === undefined || key === "secrets") continue;
                entries.push({ key, value: values?.[key] ?? where[key]?.(value) ?? annotate(value as TsValue, inventory, reference) });
            }
            // A secret read from config stands in for the declared value of the same key.
            const config = secretConfig(kind, resourceName);
            const secretEntries = [...(kindExport.secretEntries?.(exported, config) ?? []), ...checkedSecretEntries(config, kind, exported, checkedSecrets)];
            for (const entry of secretEntries) {
                const at = entries.findIndex((declared) => declared.key === entry.key);
                if (at >= 0) entries[at] = entry;
                else entries.push(entry);
            }
            const declaration: Declaration = {
                kind,
                id: exported.id,
                className: provider.typeName,
                resourceName,
                header: [...header, ...drift],
                entries,
                dependsOn,
            };
            declarations.push(declaration);
            byObject.set(`${kind}/${exported.id}`, declaration);
            if (kindExport.reference?.byId) byId.set(exported.id, declaration);
        }
    }

    const declared = Object.fromEntries(KINDS.map((kind) => [kind, declarations.filter((d) => d.kind === kind).length])) as Record<Kind, number>;
    return {
        index: programText(inventory, declarations, comments, secretKeys.length + optionalSecretKeys.length > 0, usedConstants),
        pulumiYaml: pulumiYaml(project),
        readme: readme(inventory, project, declared, secretKeys, optionalSecretKeys, secretKinds, skipped),
        secretKeys,
        declared,
        skipped,
        importFile: { resources: declarations.map(({ className, resourceName, id }) => ({ type: resourceToken(className), name: resourceName, id })) },
    };

    /** The variable of a declaration other declarations reference, named once (`<kind's stem><ResourceName>`). */
    function referenced(declaration: Declaration): string {
        const stem = exportKind(declaration.kind).export.reference?.variable;
        if (stem === undefined) throw new Error(`the ${declaration.className} kind declares no variable to reference it by`);
        declaration.variable ??= variables.claim(`${stem}${pascal(declaration.resourceName)}`);
        return declaration.variable;
    }

    /** `<variable>.id` for an object declared above whose kind is referenced by id, instead of its id text. */
    function reference(id: string): Code | undefined {
        const found = byId.get(id);
        return found && new Code(`${referenced(found)}.id`);
    }

    /** The secret config of one declaration: unique keys `<resource name>-<suffix>`, the required ones listed in the README. */
    function secretConfig(kind: Kind, resourceName: string): SecretConfig {
        return {
            require(suffix, holds) {
                const key = configKeys.claim(`${resourceName}-${suffix}`);
                secretKeys.push({ key, holds });
                secretKinds.add(kind);
                return { key, value: new Code(`config.requireSecret(${JSON.stringify(key)})`) };
            },
            optional(suffix, form, holds) {
                const key = configKeys.claim(`${resourceName}-${suffix}`);
                optionalSecretKeys.push({ key, holds, example: form === "string" ? "'<value>'" : `'{"<name>": "<value>"}'` });
                secretKinds.add(kind);
                const lookup = form === "string" ? "config.getSecret" : "config.getSecretObject<Record<string, string>>";
                return { key, value: new Code(`${lookup}(${JSON.stringify(key)})`) };
            },
        };
    }
}

/** The `secrets` entry of a declaration whose kind's `check` asks for them: a required config lookup per secret value. */
function checkedSecretEntries(config: SecretConfig, kind: Kind, exported: ExportedObject, needed: readonly NeededSecret[]): TsEntry[] {
    if (needed.length === 0) return [];
    const noun = exportKind(kind).export.nouns[0];
    const keys: string[] = [];
    const value: Record<string, TsValue> = {};
    for (const { field, leaves } of needed) {
        const lookup = (leaf?: string) => {
            const holds = `${leaf ? `${field}.${leaf}` : field} of ${noun} ${JSON.stringify(exported.name)}`;
            const secret = config.require([kebab(field), ...(leaf ? [kebab(leaf)] : [])].join("-"), holds);
            keys.push(secret.key);
            return secret.value;
        };
        value[field] = leaves ? Object.fromEntries(leaves.map((leaf) => [leaf, lookup(leaf)])) : lookup();
    }
    const before = [
        "The service never returns these secrets: set them before `pulumi up` (each command prompts for the",
        "value; pipe multi-line values such as PEM keys in: `pulumi config set --secret <key> < file`).",
        ...keys.map((key) => `  pulumi config set --secret ${key}`),
    ];
    return [{ key: "secrets", value, before }];
}

/** Objects by name, then id: the order (and so the name suffixes) does not depend on the API's list order. */
function sorted<T extends ExportedObject>(objects: readonly T[]): T[] {
    return [...objects].sort((a, b) => compare(a.name ?? "", b.name ?? "") || compare(a.id, b.id));
}

function compare(a: string, b: string): number {
    return a < b ? -1 : a > b ? 1 : 0;
}

/** The where-it-lives values as references to the program's constants; `used` collects the constants referenced. */
function whereValues(inventory: Inventory, used: Set<string>): Record<string, ((value: unknown) => TsValue | undefined) | undefined> {
    const service = inventory.service;
    const constant = (name: string): Code => {
        used.add(name);
        return new Code(name);
    };
    return {
        organizationId: (value) => (value === service?.organizationId ? constant("organizationId") : undefined),
        serviceId: (value) => (value === service?.serviceId ? constant("serviceId") : undefined),
    };
}

/**
 * Ids of objects declared above, of kinds referenced by id, become references (`reference`); other ids of objects
 * whose names the export read get a comment naming them: they are referenced, not managed.
 */
function annotate(value: TsValue, inventory: Inventory, reference: (id: string) => Code | undefined): TsValue {
    if (typeof value === "string") {
        const declared = reference(value);
        if (declared) return declared;
        const named = inventory.referencedNames.get(value);
        return named === undefined ? value : new Annotated(value, named);
    }
    if (Array.isArray(value)) return (value as TsValue[]).map((item) => annotate(item, inventory, reference));
    if (value === null || typeof value !== "object" || value instanceof Code || value instanceof Annotated || value instanceof TsObject) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, annotate(item, inventory, reference)]));
}

/**
 * Objects in an order where each comes after the objects of its kind it references (one naming another's id), as
 * far as no cycle forbids: the reference is then written as code.
 */
function referencedFirst<T extends ExportedObject>(objects: readonly T[]): T[] {
    const byId = new Map(objects.map((object) => [object.id, object]));
    const ordered: T[] = [];
    const visited = new Set<string>();
    const visit = (object: T) => {
        if (visited.has(object.id)) return;
        visited.add(object.id);
        for (const value of Object.values(object.inputs)) {
            const referenced = typeof value === "string" ? byId.get(value) : undefined;
            if (referenced) visit(referenced);
        }
        ordered.push(object);
    };
    objects.forEach(visit);
    return ordered;
}

function describe(failures: readonly CheckFailure[]): string {
    return failures.map((f) => `${f.property}: ${f.reason}`).join("; ");
}

function programText(
    inventory: Inventory,
    declarations: readonly Declaration[],
    comments: readonly string[][],
    usesConfig: boolean,
    usedConstants: ReadonlySet<string>,
): string {
    const lines = [
        "// Generated by `pulumi-observability export`. Every object below already exists: each declaration names it",
        "// with `adoptId`, so `pulumi up` takes it over without creating anything, and writes nothing while the",
        "// declaration matches it. See README.md for the settings and secrets to set first.",
        ...(usesConfig ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
        'import * as observability from "pulumi-observability";',
        "",
    ];
    if (usesConfig) lines.push("// Secrets the APIs never return, from this project's stack config.", "const config = new pulumi.Config();", "");
    const constants = inventory.service
        ? Object.entries({ organizationId: inventory.service.organizationId, serviceId: inventory.service.serviceId }).filter(([name]) =>
              usedConstants.has(name),
          )
        : [];
    if (constants.length > 0)
        lines.push("// Where the exported objects live.", ...constants.map(([name, value]) => `const ${name} = ${JSON.stringify(value)};`), "");
    for (const comment of comments) lines.push(...comment.map((line) => `// ${line}`), "");
    for (const declaration of declarations) {
        const args = printValue(new TsObject(declaration.entries));
        const options = declaration.dependsOn?.length ? `, { dependsOn: [${declaration.dependsOn.join(", ")}] }` : "";
        const statement = `new observability.${declaration.className}(${JSON.stringify(declaration.resourceName)}, ${args}${options});`;
        lines.push(...declaration.header.map((line) => `// ${line}`), declaration.variable ? `const ${declaration.variable} = ${statement}` : statement, "");
    }
    return lines.join("\n");
}

function pulumiYaml(project: string): string {
    return [
        `name: ${project}`,
        "description: Observability objects exported by `pulumi-observability export` (adopted, not created)",
        "runtime:",
        "  name: nodejs",
        "  options:",
        "    typescript: true",
        "",
    ].join("\n");
}

function readme(
    inventory: Inventory,
    project: string,
    declared: Record<Kind, number>,
    secretKeys: readonly { key: string; holds: string }[],
    optionalSecretKeys: readonly OptionalSecret[],
    secretKinds: ReadonlySet<Kind>,
    skipped: readonly string[],
): string {
    const counts =
        (Object.entries(declared) as [Kind, number][])
            .filter(([, n]) => n > 0)
            .map(([kind, n]) => `${n} ${exportKind(kind).export.nouns[n === 1 ? 0 : 1]}`)
            .join(", ") || "nothing";
    const selfHosted = inventory.target.variant === "self-hosted";
    const observabilitySettings = selfHosted
        ? ["pulumi config set observability:apiUrl <self-hosted API URL>", "pulumi config set --secret observability:apiKey <personal API access key>"]
        : [];
    const cloudSettings = inventory.service
        ? [
              "pulumi config set observability:cloudUrl <cloud API URL>",
              "pulumi config set observability:keyId <cloud API key id>",
              "pulumi config set --secret observability:keySecret <cloud API key secret>",
          ]
        : [];
    return [
        `# ${project}`,
        "",
        `Generated by \`pulumi-observability export\` (${inventory.target.variant} variant${inventory.service ? `; organization ${inventory.service.organizationId}, service ${inventory.service.serviceId}` : ""}): ${counts}.`,
        "Every object already exists; each declaration names it with `adoptId`, so the first `pulumi up` takes it over",
        "instead of creating it and, while the declaration matches the object, writes nothing. After that first",
        "`pulumi up`, `pulumi refresh` and `pulumi preview` report no change. `adoptId` may stay or go afterwards.",
        "",
        "## Steps",
        "",
        "```sh",
        "npm init -y && npm install @pulumi/pulumi pulumi-observability",
        "pulumi stack init <stack>",
        ...observabilitySettings,
        ...cloudSettings,
        ...secretKeys.map((s) => `pulumi config set --secret ${s.key}   # ${s.holds}`),
        ...optionalSecretKeys.map((s) => `pulumi config set --secret ${s.key} ${s.example}   # optional: ${s.holds}`),
        "pulumi up",
        "```",
        "",
        "## What the export cannot know",
        "",
        ...KINDS.filter((kind) => secretKinds.has(kind)).flatMap((kind) => exportKind(kind).export.readme?.secrets ?? []),
        ...KINDS.filter((kind) => declared[kind] > 0).flatMap((kind) => exportKind(kind).export.readme?.declared ?? []),
        "- Objects declared in the program are referenced as code by what uses them (except one side of a cycle, which",
        "  keeps the id text); objects outside this export are referenced by id, with a comment naming them.",
        ...(skipped.length > 0 ? ["", "## Not declared", "", ...skipped.map((reason) => `- ${reason}`)] : []),
        "",
    ].join("\n");
}
