import { Checker, checkerOf, CheckFailure, settle } from "./check";
import { exportKind, Kind, KINDS } from "./kinds";
import { kebab, pascal, slug, UniqueNames } from "./names";
import type { ExportedDashboard } from "../../provider/resources/dashboard/export";
import type { ExportedObject, Inventory } from "./read";
import { neededSecrets } from "./secrets";
import { Annotated, Code, printValue, TsEntry, TsObject, TsValue } from "./tsLiteral";

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
}

/** One resource of the program, printed once every reference between resources is known. */
interface Declaration {
    kind: Kind;
    className: string;
    resourceName: string;
    /** The variable, when another declaration references this one. */
    variable?: string;
    header: string[];
    entries: TsEntry[];
}

const CHECKERS = new Map<Kind, Checker>(KINDS.map((kind) => [kind, checkerOf(exportKind(kind).provider)]));

/** Keys always written, so that the program says where every object lives whatever the stack's settings. */
const WHERE_KEYS = ["variant", "organizationId", "serviceId"];

/** Members of Pulumi's `Output` that a lifted property access (`output[name]`) would hit instead of the value. */
const OUTPUT_MEMBERS = new Set([
    "then",
    "apply",
    "get",
    "isKnown",
    "isSecret",
    "promise",
    "resources",
    "allResources",
    "toString",
    "toJSON",
    "doNotCapture",
    "deploymentOnlyModule",
    ...Object.getOwnPropertyNames(Object.prototype),
]);

/**
 * Writes the program that declares every object of the inventory with its id, in the values the providers' read
 * mapping gives (so that applying it adopts without a write and a refresh shows no change), references between
 * them as code, and secrets as config lookups.
 */
export async function generateProgram(inventory: Inventory, project: string): Promise<GeneratedProgram> {
    const resourceNames = new UniqueNames("-");
    const variables = new UniqueNames("");
    const configKeys = new UniqueNames("-");
    const declarations: Declaration[] = [];
    const skipped: string[] = [];
    const comments: string[][] = [];
    const secretKeys: { key: string; holds: string }[] = [];
    const usedConstants = new Set<string>();
    const where = whereValues(inventory, usedConstants);

    /** Declares one object, or records why it cannot be declared. */
    async function declare(
        kind: Kind,
        className: string,
        object: ExportedObject,
        wantedName: string,
        header: string[],
        read: Record<string, unknown>,
        options: { adopt: boolean; extra?: (resourceName: string) => TsEntry[]; values?: Record<string, TsValue> },
    ): Promise<Declaration | undefined> {
        const settled = await settle(CHECKERS.get(kind) as Checker, read, WHERE_KEYS);
        if (!settled.ok) {
            const reason = `${header[0]} (id ${object.id}) is not declared: the ${className} resource refuses it as it is (${describe(settled.failures)})`;
            skipped.push(reason);
            comments.push([reason, "Change it in the web UI (or declare it by hand), then export again."]);
            return undefined;
        }
        const resourceName = resourceNames.claim(wantedName);
        const drift =
            settled.drift.length === 0 ? [] : [`Warning: a refresh may report a change of ${settled.drift.join(", ")} (the read mapping and check disagree).`];
        const entries: TsEntry[] = options.adopt ? [{ key: "adoptId", value: object.id }] : [];
        const first = [...WHERE_KEYS, "name"].filter((key) => key in settled.declared);
        for (const key of [...first, ...Object.keys(settled.declared).filter((key) => !first.includes(key))]) {
            const value = settled.declared[key];
            if (value === undefined || key === "secrets") continue;
            entries.push({ key, value: options.values?.[key] ?? where[key]?.(value) ?? annotate(value as TsValue, inventory, reference) });
        }
        // An extra entry stands in for the declared one of the same key (a secret read from config, say).
        for (const entry of options.extra?.(resourceName) ?? []) {
            const at = entries.findIndex((declared) => declared.key === entry.key);
            if (at >= 0) entries[at] = entry;
            else entries.push(entry);
        }
        const declaration: Declaration = { kind, className, resourceName, header: [...header, ...drift], entries };
        declarations.push(declaration);
        return declaration;
    }

    // Connections and sources first: sources, dashboards and alerts reference them by `.id`.
    const referable = new Map<string, { declaration: Declaration; prefix: string }>();
    /** `connectionEngine.id` for an object declared above, so the program references it instead of its id text. */
    function reference(id: string): Code | undefined {
        const found = referable.get(id);
        return found && new Code(`${referenced(found.declaration, found.prefix)}.id`);
    }

    for (const exported of sorted(inventory.connections)) {
        const header = [`Connection ${JSON.stringify(exported.name)} (self-hosted)`];
        const declaration = await declare("connections", "Connection", exported, slug(exported.name ?? "") || "connection", header, exported.inputs, {
            adopt: true,
            extra: (resourceName) => {
                const key = configKeys.claim(`${resourceName}-password`);
                secretKeys.push({ key, holds: `password of connection ${JSON.stringify(exported.name)}` });
                const lines = [
                    "The API never returns the password: set it before `pulumi up` (adoption does not send it, later changes do).",
                    `  pulumi config set --secret ${key}`,
                ];
                return [{ key: "password", value: new Code(`config.requireSecret(${JSON.stringify(key)})`), before: lines }];
            },
        });
        if (declaration) referable.set(exported.id, { declaration, prefix: "connection" });
    }

    // A source referenced by another one is declared first; a cycle (logs ↔ traces) keeps one id as text.
    for (const exported of referencedFirst(sorted(inventory.sources))) {
        const header = [`Source ${JSON.stringify(exported.name)} (${String(exported.inputs.kind)})`];
        const declaration = await declare("sources", "Source", exported, slug(exported.name ?? "") || "source", header, exported.inputs, { adopt: true });
        if (declaration) referable.set(exported.id, { declaration, prefix: "source" });
    }

    // Dashboards before alerts: alerts reference them.
    const dashboards = new Map<string, Declaration>();
    for (const exported of sorted(inventory.dashboards)) {
        const declaration = await declare(
            "dashboards",
            "Dashboard",
            exported,
            slug(exported.name) || "dashboard",
            [`Dashboard ${JSON.stringify(exported.name)}`],
            exported.inputs,
            { adopt: true },
        );
        if (declaration) dashboards.set(exported.id, declaration);
    }

    // Saved searches and webhooks next: alerts reference them too.
    const savedSearches = new Map<string, Declaration>();
    for (const exported of sorted(inventory.savedSearches)) {
        const header = [`Saved search ${JSON.stringify(exported.name)} (deleting it deletes the alerts on it)`];
        const declaration = await declare("savedSearches", "SavedSearch", exported, slug(exported.name ?? "") || "saved-search", header, exported.inputs, {
            adopt: true,
        });
        if (declaration) savedSearches.set(exported.id, declaration);
    }
    const webhooks = new Map<string, Declaration>();
    for (const exported of sorted(inventory.webhooks)) {
        const name = JSON.stringify(exported.name);
        const declaration = await declare(
            "webhooks",
            "Webhook",
            exported,
            slug(exported.name ?? "") || "webhook",
            [`Webhook ${name} (${String(exported.inputs.service)})`],
            exported.inputs,
            {
                adopt: true,
                extra: (resourceName) => webhookSecretEntries(resourceName, name, exported.inputs.service),
            },
        );
        if (declaration) webhooks.set(exported.id, declaration);
    }

    for (const exported of sorted(inventory.alerts)) {
        const inputs = exported.inputs;
        const onDashboard = typeof inputs.dashboardId === "string" ? inventory.dashboards.find((d) => d.id === inputs.dashboardId) : undefined;
        const tileName = onDashboard?.tiles.find((tile) => tile.id === inputs.tileId)?.name;
        const header = [
            `Alert ${exported.name ? JSON.stringify(exported.name) : `(unnamed, id ${exported.id})`}${inputs.source === "tile" ? ` on tile ${JSON.stringify(tileName ?? inputs.tileId)} of dashboard ${JSON.stringify(onDashboard?.name ?? inputs.dashboardId)}` : " on a saved search"}`,
        ];
        const values: Record<string, TsValue> = {};
        if (inputs.source === "tile") {
            const reference = tileReference(onDashboard, String(inputs.tileId));
            if (typeof reference === "string") header.push(`The dashboard and tile ids are literal: ${reference}.`);
            else Object.assign(values, reference);
        }
        if (typeof inputs.savedSearchId === "string") {
            const search = savedSearches.get(inputs.savedSearchId);
            values.savedSearchId = search
                ? new Code(`${referenced(search, "savedSearch")}.id`)
                : new Annotated(inputs.savedSearchId, "saved search (referenced by id, not part of this export)");
        }
        if (isChannel(inputs.channel)) values.channel = channelValue(inputs.channel);
        if (Array.isArray(inputs.channels))
            values.channels = inputs.channels.map((channel) =>
                isChannel(channel) ? channelValue(channel) : annotate(channel as TsValue, inventory, reference),
            );
        const wanted =
            slug(exported.name ?? "") || (inputs.source === "tile" ? slug(`${onDashboard?.name ?? ""} ${tileName ?? ""} alert`) : "search-alert") || "alert";
        await declare("alerts", "Alert", exported, wanted, header, inputs, { adopt: true, values });
    }

    // Reverse private endpoints before the pipes, which reference them by id.
    for (const exported of sorted(inventory.reversePrivateEndpoints)) {
        const header = [`Reverse private endpoint ${JSON.stringify(exported.name)} (${String(exported.inputs.type)})`];
        const declaration = await declare(
            "reversePrivateEndpoints",
            "PipeReversePrivateEndpoint",
            exported,
            slug(exported.name ?? "") || "endpoint",
            header,
            exported.inputs,
            { adopt: true },
        );
        if (declaration) referable.set(exported.id, { declaration, prefix: "endpoint" });
    }

    for (const exported of sorted(inventory.pipes)) {
        const kind = Object.keys((exported.inputs.source ?? {}) as object)[0] ?? "unknown";
        const header = [`Data pipe ${JSON.stringify(exported.name)} (${kind} source, ${exported.state})`];
        const secrets = await neededSecrets(CHECKERS.get("pipes") as Checker, exported.inputs);
        if (!secrets) {
            const reason = `${header[0]} (id ${exported.id}) is not declared: no form of its secrets satisfies the DataPipe resource`;
            skipped.push(reason);
            comments.push([reason]);
            continue;
        }
        const read = secrets.placeholders ? { ...exported.inputs, secrets: secrets.placeholders } : exported.inputs;
        await declare("pipes", "DataPipe", exported, slug(exported.name) || "pipe", header, read, {
            adopt: true,
            extra: (resourceName) => {
                if (secrets.needed.length === 0) return [];
                const keys: string[] = [];
                const value: Record<string, TsValue> = {};
                for (const { field, leaves } of secrets.needed) {
                    const lookup = (leaf?: string) => {
                        const key = configKeys.claim([resourceName, kebab(field), ...(leaf ? [kebab(leaf)] : [])].join("-"));
                        keys.push(key);
                        secretKeys.push({ key, holds: `${leaf ? `${field}.${leaf}` : field} of data pipe ${JSON.stringify(exported.name)}` });
                        return new Code(`config.requireSecret(${JSON.stringify(key)})`);
                    };
                    value[field] = leaves ? Object.fromEntries(leaves.map((leaf) => [leaf, lookup(leaf)])) : lookup();
                }
                return [
                    {
                        key: "secrets",
                        value,
                        before: [
                            "The service never returns these secrets: set them before `pulumi up` (each command prompts for the",
                            "value; pipe multi-line values such as PEM keys in: `pulumi config set --secret <key> < file`).",
                            ...keys.map((key) => `  pulumi config set --secret ${key}`),
                        ],
                    },
                ];
            },
        });
    }

    for (const exported of inventory.cdcScaling) {
        // PipesCdcScaling always takes over the service's capacity: it takes no adoptId.
        await declare(
            "cdcScaling",
            "PipesCdcScaling",
            exported,
            "cdc-scaling",
            ["The service's CDC capacity (deleting the resource only forgets it)"],
            exported.inputs,
            { adopt: false },
        );
    }
    for (const exported of inventory.queryEndpoint) {
        await declare("queryEndpoint", "QueryEndpoint", exported, "query-endpoint", ["The service's query endpoint"], exported.inputs, { adopt: true });
    }
    for (const exported of inventory.organization) {
        // OrganizationSettings always adopts its organization: it takes no adoptId.
        const header = [`Organization ${JSON.stringify(exported.name)}: its name and private endpoints (deleting the resource only forgets them)`];
        await declare("organization", "OrganizationSettings", exported, "organization", header, exported.inputs, { adopt: false });
    }

    const declared = Object.fromEntries(KINDS.map((kind) => [kind, declarations.filter((d) => d.kind === kind).length])) as Record<Kind, number>;
    return {
        index: programText(inventory, declarations, comments, secretKeys.length > 0, usedConstants),
        pulumiYaml: pulumiYaml(project),
        readme: readme(inventory, project, declared, secretKeys, skipped),
        secretKeys,
        declared,
        skipped,
    };

    /** The variable of a declaration other declarations reference, named once. */
    function referenced(declaration: Declaration, prefix: string): string {
        declaration.variable ??= variables.claim(`${prefix}${pascal(declaration.resourceName)}`);
        return declaration.variable;
    }

    /** A channel whose webhook is declared too points at `webhookX.id`; otherwise its id stays literal with a comment. */
    function channelValue(channel: { webhookId: string }): TsValue {
        const webhook = webhooks.get(channel.webhookId);
        return webhook ? { webhookId: new Code(`${referenced(webhook, "webhook")}.id`) } : annotate(channel as unknown as TsValue, inventory, reference);
    }

    /**
     * The webhook's URL (a chat URL embeds its token) from required secret config, and, for the templated services,
     * its write-only headers, query parameters (and incidentio body), which the API never returns, from optional ones.
     */
    function webhookSecretEntries(resourceName: string, name: string, service: unknown): TsEntry[] {
        const urlKey = configKeys.claim(`${resourceName}-url`);
        secretKeys.push({ key: urlKey, holds: `URL of webhook ${name}` });
        const entries: TsEntry[] = [
            {
                key: "url",
                value: new Code(`config.requireSecret(${JSON.stringify(urlKey)})`),
                before: [
                    "The URL is secret (a chat URL embeds its token): copy it from the web UI into the stack config.",
                    `  pulumi config set --secret ${urlKey}`,
                ],
            },
        ];
        if (service !== "generic" && service !== "incidentio") return entries;
        const optional = service === "incidentio" ? ["headers", "queryParams", "body"] : ["headers", "queryParams"];
        for (const field of optional) {
            const key = configKeys.claim(`${resourceName}-${kebab(field)}`);
            const lookup =
                field === "body" ? `config.getSecret(${JSON.stringify(key)})` : `config.getSecretObject<Record<string, string>>(${JSON.stringify(key)})`;
            entries.push({
                key: field,
                value: new Code(lookup),
                before: [
                    ...(field === optional[0] ? ["The API never returns these: set the ones the webhook has, or the next update of it clears them."] : []),
                    `  pulumi config set --secret ${key} ${field === "body" ? "'<template>'" : `'{"<name>": "<value>"}'`}   # optional`,
                ],
            });
        }
        return entries;
    }

    /** `dashboardWeb.id` and `dashboardWeb.tileIds["Errors"]`, or why the ids stay literal. */
    function tileReference(exported: ExportedDashboard | undefined, tileId: string): Record<string, TsValue> | string {
        if (!exported) return "the dashboard is not part of this export";
        const tile = exported.tiles.find((t) => t.id === tileId);
        if (!tile) return "the tile is not on the dashboard any more";
        if (tile.name === "") return "the tile has no name, so the dashboard's `tileIds` cannot name it";
        if (exported.tiles.filter((t) => t.name === tile.name).length > 1)
            return `the dashboard has several tiles named ${JSON.stringify(tile.name)}, so its \`tileIds\` cannot name this one`;
        const declaration = dashboards.get(exported.id);
        if (!declaration) return "the dashboard is not declared (see the comment above)";
        referenced(declaration, "dashboard");
        const name = JSON.stringify(tile.name);
        const lifted = !tile.name.startsWith("__") && !OUTPUT_MEMBERS.has(tile.name);
        return {
            dashboardId: new Code(`${declaration.variable}.id`),
            tileId: new Code(lifted ? `${declaration.variable}.tileIds[${name}]` : `${declaration.variable}.tileIds.apply((ids) => ids[${name}])`),
        };
    }
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
 * Ids of objects declared above become references (`reference`); other ids of data sources and webhooks get a
 * comment naming them: they are referenced, not managed.
 */
function annotate(value: TsValue, inventory: Inventory, reference: (id: string) => Code | undefined): TsValue {
    if (typeof value === "string") {
        const declared = reference(value);
        if (declared) return declared;
        const source = inventory.sourceNames.get(value);
        if (source !== undefined) return new Annotated(value, `data source ${JSON.stringify(source)}`);
        const webhook = inventory.webhookNames.get(value);
        if (webhook !== undefined) return new Annotated(value, `webhook ${JSON.stringify(webhook)}`);
        return value;
    }
    if (Array.isArray(value)) return (value as TsValue[]).map((item) => annotate(item, inventory, reference));
    if (value === null || typeof value !== "object" || value instanceof Code || value instanceof Annotated || value instanceof TsObject) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, annotate(item, inventory, reference)]));
}

/** Sources in an order where each comes after the sources it references (`logSourceId`, …), as far as no cycle forbids. */
function referencedFirst<T extends ExportedObject>(sources: readonly T[]): T[] {
    const byId = new Map(sources.map((source) => [source.id, source]));
    const ordered: T[] = [];
    const visited = new Set<string>();
    const visit = (source: T) => {
        if (visited.has(source.id)) return;
        visited.add(source.id);
        for (const [key, value] of Object.entries(source.inputs)) {
            const referenced = key.endsWith("SourceId") && typeof value === "string" ? byId.get(value) : undefined;
            if (referenced) visit(referenced);
        }
        ordered.push(source);
    };
    sources.forEach(visit);
    return ordered;
}

function isChannel(value: unknown): value is { webhookId: string } {
    return typeof value === "object" && value !== null && typeof (value as { webhookId?: unknown }).webhookId === "string";
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
        const statement = `new observability.${declaration.className}(${JSON.stringify(declaration.resourceName)}, ${args});`;
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

/** Singular and plural of each kind, for the README's counts. */
const KIND_NOUNS: Record<Kind, [string, string]> = {
    connections: ["connection", "connections"],
    sources: ["source", "sources"],
    dashboards: ["dashboard", "dashboards"],
    savedSearches: ["saved search", "saved searches"],
    webhooks: ["webhook", "webhooks"],
    alerts: ["alert", "alerts"],
    reversePrivateEndpoints: ["reverse private endpoint", "reverse private endpoints"],
    pipes: ["data pipe", "data pipes"],
    cdcScaling: ["CDC scaling", "CDC scalings"],
    queryEndpoint: ["query endpoint", "query endpoints"],
    organization: ["organization", "organizations"],
};

function readme(
    inventory: Inventory,
    project: string,
    declared: Record<Kind, number>,
    secretKeys: readonly { key: string; holds: string }[],
    skipped: readonly string[],
): string {
    const counts =
        (Object.entries(declared) as [Kind, number][])
            .filter(([, n]) => n > 0)
            .map(([kind, n]) => `${n} ${KIND_NOUNS[kind][n === 1 ? 0 : 1]}`)
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
        "pulumi up",
        "```",
        "",
        "## What the export cannot know",
        "",
        ...(secretKeys.length > 0
            ? [
                  "- Secrets the APIs never return (data pipe credentials, access keys, connection strings, service account keys,",
                  "  schema-registry credentials, private keys, connection passwords) are read from the secret config keys above,",
                  "  never written into the program. Adoption does not send them; set the real values anyway, because later",
                  "  changes of a pipe or connection do.",
              ]
            : []),
        ...(declared.pipes > 0
            ? [
                  "- Other values the service does not return are left out: a pipe's `destination.roles`, the `path` and",
                  "  `azureContainerName` of container-style object storage, and its `scaling` (unmanaged until declared).",
              ]
            : []),
        ...(declared.webhooks > 0
            ? [
                  "- Webhook URLs are secret (a chat URL embeds its token), and the API never returns a webhook's headers, query",
                  "  parameters or incidentio body: the program reads them from secret config (the URLs required, the others",
                  "  optional: set the ones each webhook has, or its next update clears them).",
              ]
            : []),
        "- Connections and sources are declared, and referenced as `connection.id` / `source.id` by what uses them",
        "  (except one side of a cycle of sources, which keeps the id text). Webhooks and saved searches outside this",
        "  export, and sources left out by `--kinds`, are referenced by id, with a comment naming them.",
        ...(declared.dashboards > 0
            ? ["- The API leaves PromQL tiles out of its answers: do not manage a dashboard that has some, since an update", "  would drop them."]
            : []),
        ...(skipped.length > 0 ? ["", "## Not declared", "", ...skipped.map((reason) => `- ${reason}`)] : []),
        "",
    ].join("\n");
}
