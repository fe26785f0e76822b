import { z } from "zod";
import type { Variant } from "../settings/config";
import type { ResolvedService, ResolvedTarget } from "../settings/location";
import type { OperationContext } from "../api/apis";
import type { Code, TsEntry, TsValue } from "./tsValue";

/** One object as its kind's read mapping normalizes it: exactly the inputs a refresh would report. */
export interface ExportedObject {
    id: string;
    /** The object's own name, when it has one. */
    name?: string;
    /** The normalized inputs as plain JSON (what the provider hands the engine), where-it-lives keys included. */
    inputs: Record<string, unknown>;
}

/** Where the export command reads, and what it keeps. */
export interface ExportScope {
    ctx: OperationContext;
    variant: Variant;
    /** Where dashboards and alerts live. */
    target: ResolvedTarget;
    /** The organization and service of the cloud objects; set whenever a cloud kind is read. */
    service?: ResolvedService;
    /** Whether an object of this name is exported (the `--name` filter; no name never matches a filter). */
    keep(name: string | undefined): boolean;
    /** Reports how many objects were read so far. */
    count(n: number): void;
}

/** The id and name of an object, as a list of the kind reports them (for the comments naming referenced objects). */
export const namedObject = z.looseObject({ id: z.string(), name: z.string() });

/** What the exported program says about one object. */
export interface ExportDeclaration {
    /** Resource names wanted, best first: the command slugs them, takes the first that is not empty and makes it unique. */
    names: readonly string[];
    /** Comment lines above the declaration; the first names the object (and is quoted when it cannot be declared). */
    header: string[];
    /** Values written instead of the read ones, by input key: references to other declarations, annotated ids. */
    values?: Record<string, TsValue>;
    /** Variables of earlier declarations (see {@link ExportReferences.variableOf}) this one depends on without holding their ids. */
    dependsOn?: readonly string[];
}

/** What a kind's declarations may refer to: the objects of the kinds before it in the registry, and their declarations. */
export interface ExportReferences {
    /** The exported objects of another kind. */
    objects<E extends ExportedObject>(kind: KindExport<string, E>): readonly E[];
    /** The variable holding the declaration of another kind's object (named when first asked for); undefined when it is not declared. */
    variableOf(kind: KindExport, id: string): string | undefined;
    /** `value` as the command writes a read value: ids of declared objects as references, other known ids with a comment naming them. */
    annotate(value: TsValue): TsValue;
}

/** Secret stack config a declaration reads its write-only values from; keys are `<resource name>-<suffix>`, unique. */
export interface SecretConfig {
    /** `config.requireSecret(key)`; the README's steps list the key with what it holds. */
    require(suffix: string, holds: string): { key: string; value: Code };
    /**
     * `config.getSecret(key)` for a string, `config.getSecretObject<Record<string, string>>(key)` for a map: set only
     * when the object has it. The README's steps list the key as optional with `holds`, which says what is lost
     * when it stays unset.
     */
    optional(suffix: string, form: "string" | "map", holds: string): { key: string; value: Code };
}

/** How the export command finds the objects of one resource kind and declares them in the program it writes. */
export interface KindExport<Kind extends string = string, Exported extends ExportedObject = ExportedObject> {
    /** The kind's name on the command line (`--kinds`) and in the summary. */
    kind: Kind;
    /** Other spellings `--kinds` accepts (compared without case, `-` or `_`). */
    aliases: readonly string[];
    /** What the progress line calls it (default: the plural noun). */
    label?: string;
    /** How the README counts them: singular and plural. */
    nouns: readonly [string, string];
    /** Where the kind exists: the cloud service only, or the self-hosted API too. */
    lives: "cloud" | "observability";
    /** False for kinds whose objects have no name, which a `--name` filter therefore leaves out entirely (default: true). */
    named?: boolean;
    /** Lists the objects and maps each through the kind's read mapping, the code a refresh runs. */
    list(scope: ExportScope): Promise<Exported[]>;
    /** How the program declares one object. */
    declaration(object: Exported, references: ExportReferences): ExportDeclaration;
    /** Kinds (by `kind`) whose objects this kind's inputs hold ids of, which the program's comments name when not declared (default: none). */
    references?: readonly string[];
    /** How later declarations reference this kind's declarations: the variable stem (`dashboard` → `dashboardWebService`), and whether by id. */
    reference?: {
        variable: string;
        /**
         * Whether any later declaration holding one of its ids, anywhere in its inputs, references the declaration
         * instead (a source's connection, a pipe's endpoint); otherwise only the kinds that know the reference write it.
         */
        byId: boolean;
    };
    /** How a comment names an object of this kind that the program keeps as an id: a noun, and the names by id. */
    names?: { noun: string; list(scope: Pick<ExportScope, "ctx" | "variant" | "target">): Promise<{ id: string; name: string }[]> };
    /** Entries read from secret config: write-only values the API never returns (stand in for read ones of the same key). */
    secretEntries?(object: Exported, config: SecretConfig): TsEntry[];
    /** The `secrets` input whose fields `check` asks for by the object's other inputs; each becomes secret config. */
    checkedSecrets?: z.ZodObject;
    /** The README's notes on what the export cannot know about the kind. */
    readme?: {
        /** Written when a declaration of the kind reads secrets from config. */
        secrets?: readonly string[];
        /** Written when the program declares an object of the kind. */
        declared?: readonly string[];
    };
}
