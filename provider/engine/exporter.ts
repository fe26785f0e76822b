import type { Variant } from "../settings/config";
import type { ResolvedTarget } from "../settings/target";
import type { OperationContext } from "./dynamicProvider";

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
    service?: { organizationId: string; serviceId: string };
    /** Whether an object of this name is exported (the `--name` filter; no name never matches a filter). */
    keep(name: string | undefined): boolean;
    /** Reports how many objects were read so far. */
    count(n: number): void;
}

/** Objects the exported ones refer to without managing them, named in the program's comments. */
export type ReferencedNames = "sources" | "webhooks";

/** How the export command (`npx pulumi-observability export`) finds the objects of one resource kind. */
export interface KindExport<Kind extends string = string, Exported extends ExportedObject = ExportedObject> {
    /** The kind's name on the command line (`--kinds`) and in the summary. */
    kind: Kind;
    /** Other spellings `--kinds` accepts (compared without case, `-` or `_`). */
    aliases: readonly string[];
    /** What the progress line calls it. */
    label: string;
    /** Where the kind exists: the cloud service only, or the self-hosted API too. */
    lives: "cloud" | "observability";
    /** False for kinds whose objects have no name, which a `--name` filter therefore leaves out entirely. */
    named: boolean;
    /** Referenced objects whose names the program's comments need. */
    references: readonly ReferencedNames[];
    /** Lists the objects and maps each through the kind's read mapping, the code a refresh runs. */
    list(scope: ExportScope): Promise<Exported[]>;
}
