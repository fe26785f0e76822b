import type { Variant } from "../../provider/settings/config";
import { uuid } from "../../provider/common/ids";
import { exportKind, Kind, KINDS } from "./kinds";

/** The kinds a self-hosted team has; a cloud service has all of them. */
const SELF_HOSTED_KINDS: readonly Kind[] = KINDS.filter((kind) => exportKind(kind).export.lives === "observability");

/** Spellings accepted by `--kinds`, compared without case, `-` or `_`. */
const KIND_ALIASES: ReadonlyMap<string, Kind> = new Map(
    KINDS.flatMap((kind) => [kind.toLowerCase(), ...exportKind(kind).export.aliases].map((alias) => [alias, kind] as const)),
);

export const USAGE = `Usage: pulumi-observability export [options]

Reads the objects of the kinds below that already exist and writes a Pulumi TypeScript program that declares
them with their ids (\`adoptId\`), so that \`pulumi up\` takes them over without creating anything. An object
references the declarations of the objects it uses as code; secrets the API never returns become
\`pulumi config\` lookups, never values.

Options:
  --kinds <list>            comma-separated: ${KINDS.join(", ")}, or all
                            (default: the self-hosted kinds for the self-hosted variant, all for managed)
  --name <filter>           only objects whose name contains <filter> (ignoring case), or matches /regex/flags;
                            objects without a name are then left out
  --out <dir>               write index.ts, Pulumi.yaml and README.md into <dir> (default: index.ts to stdout)
  --project <name>          Pulumi project name, also the namespace of the secret config keys
                            (default: observability-export)
  --import-file <path>      also write a Pulumi bulk-import file of the same objects and resource names, for
                            \`pulumi import --file <path>\` into a stack of the provider plugin (any language)
  --force                   overwrite existing files in --out (and the import file)
  --variant <variant>       self-hosted or managed                 (default: OBSERVABILITY_VARIANT, then self-hosted)
  --api-url <url>           self-hosted API base URL               (default: OBSERVABILITY_API_URL)
  --cloud-url <url>         cloud API base URL                     (default: OBSERVABILITY_CLOUD_URL)
  --organization-id <uuid>  organization of the cloud objects      (default: OBSERVABILITY_ORGANIZATION_ID)
  --service-id <uuid>       service of the cloud objects           (default: OBSERVABILITY_SERVICE_ID)
  -h, --help                show this help

Credentials are read from the environment only, never from flags: OBSERVABILITY_API_KEY (self-hosted),
OBSERVABILITY_KEY_ID and OBSERVABILITY_KEY_SECRET (cloud). The other OBSERVABILITY_* settings of the
providers (timeouts, retries, rate limits) apply as well.

Progress is shown on stderr when it is a terminal. Exit status: 0 on success, 1 when the API or a setting
fails, 2 for a bad argument.
`;

/** A bad command line: the message, then the usage, exit status 2. */
export class UsageError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "UsageError";
    }
}

/** Settings the flags override; keys as in stack config (`observability:<name>`). */
export type SettingFlags = Partial<Record<"variant" | "apiUrl" | "cloudUrl" | "organizationId" | "serviceId", string>>;

/** What `export` was asked to do. */
export interface ExportOptions {
    /** The kinds named by `--kinds`; undefined means the variant's default. */
    kinds?: Kind[];
    /** Keeps an object by its name. */
    name?: (name: string) => boolean;
    /** Output directory; undefined writes index.ts to stdout. */
    out?: string;
    /** Where to write the bulk-import file for `pulumi import --file`; undefined writes none. */
    importFile?: string;
    project: string;
    force: boolean;
    settings: SettingFlags;
}

export type Command = { command: "help" } | ({ command: "export" } & ExportOptions);

const SETTING_FLAGS: Readonly<Record<string, keyof SettingFlags>> = {
    "--variant": "variant",
    "--api-url": "apiUrl",
    "--cloud-url": "cloudUrl",
    "--organization-id": "organizationId",
    "--service-id": "serviceId",
};
const VALUE_FLAGS = new Set(["--kinds", "--name", "--out", "--import-file", "--project", ...Object.keys(SETTING_FLAGS)]);
const PROJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** Parses the command line (without `node` and the script). Throws {@link UsageError}. */
export function parseArgs(argv: readonly string[]): Command {
    if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) return { command: "help" };
    const [command, ...rest] = argv;
    if (command !== "export") throw new UsageError(`unknown command ${JSON.stringify(command)}: the only command is \`export\``);
    const values = new Map<string, string>();
    let force = false;
    for (let i = 0; i < rest.length; i++) {
        const [flag, inlineValue] = splitFlag(rest[i]);
        if (flag === "--force" && inlineValue === undefined) {
            force = true;
            continue;
        }
        if (!VALUE_FLAGS.has(flag)) throw new UsageError(`unknown option ${JSON.stringify(rest[i])}`);
        const value = inlineValue ?? rest[++i];
        if (value === undefined || (inlineValue === undefined && value.startsWith("--"))) throw new UsageError(`${flag} needs a value`);
        if (values.has(flag)) throw new UsageError(`${flag} is given twice`);
        values.set(flag, value);
    }
    const project = values.get("--project") ?? "observability-export";
    if (!PROJECT_NAME.test(project))
        throw new UsageError(`--project must be a Pulumi project name (letters, digits, \`_\`, \`.\`, \`-\`), got ${JSON.stringify(project)}`);
    const settings: SettingFlags = {};
    for (const [flag, key] of Object.entries(SETTING_FLAGS)) {
        const value = values.get(flag);
        if (value !== undefined) settings[key] = value;
    }
    if (settings.variant !== undefined && settings.variant !== "self-hosted" && settings.variant !== "managed") {
        throw new UsageError(`--variant must be self-hosted or managed, got ${JSON.stringify(settings.variant)}`);
    }
    for (const flag of ["--organization-id", "--service-id"]) {
        const value = values.get(flag);
        if (value !== undefined && !uuid.safeParse(value).success) throw new UsageError(`${flag} must be a UUID, got ${JSON.stringify(value)}`);
    }
    const kinds = values.get("--kinds");
    const name = values.get("--name");
    return {
        command: "export",
        kinds: kinds === undefined ? undefined : parseKinds(kinds),
        name: name === undefined ? undefined : nameFilter(name),
        out: values.get("--out"),
        importFile: values.get("--import-file"),
        project,
        force,
        settings,
    };
}

/** The kinds to export: those asked for, or the variant's default. */
export function kindsFor(asked: readonly Kind[] | undefined, variant: Variant): Kind[] {
    return [...(asked ?? (variant === "managed" ? KINDS : SELF_HOSTED_KINDS))];
}

function splitFlag(arg: string): [string, string | undefined] {
    const eq = arg.indexOf("=");
    return arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
}

function parseKinds(list: string): Kind[] {
    const asked = list
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
    if (asked.length === 1 && asked[0].toLowerCase() === "all") return [...KINDS];
    if (asked.length === 0) throw new UsageError("--kinds needs at least one kind");
    const kinds = new Set<Kind>();
    for (const item of asked) {
        const kind = KIND_ALIASES.get(item.toLowerCase().replace(/[-_]/g, ""));
        if (!kind) throw new UsageError(`--kinds: unknown kind ${JSON.stringify(item)} (use ${KINDS.join(", ")} or all)`);
        kinds.add(kind);
    }
    return KINDS.filter((kind) => kinds.has(kind));
}

/** `/regex/flags` as a regular expression, anything else as a substring ignoring case. */
function nameFilter(filter: string): (name: string) => boolean {
    const regex = /^\/(.+)\/([a-z]*)$/s.exec(filter);
    if (!regex) {
        const wanted = filter.toLowerCase();
        return (name) => name.toLowerCase().includes(wanted);
    }
    let pattern: RegExp;
    try {
        pattern = new RegExp(regex[1], regex[2].replace(/[gy]/g, ""));
    } catch (error) {
        throw new UsageError(`--name: ${error instanceof Error ? error.message : String(error)}`);
    }
    return (name) => pattern.test(name);
}
