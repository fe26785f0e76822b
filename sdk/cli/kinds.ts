import { registry } from "../../provider";
import type { ConfigurableProvider } from "../../provider/engine/dynamicProvider";
import type { KindExport } from "../../provider/engine/exporter";

type Registered = (typeof registry)[keyof typeof registry];

/** A kind of object the exporter reads, by its command-line name (its `export.ts`'s `kind`). */
export type Kind = Registered["export"]["kind"];

/** What the exporter reads for a kind: the objects its `export.ts` lists. */
export type ExportedOf<K extends Kind> = Awaited<ReturnType<Extract<Registered, { export: { kind: K } }>["export"]["list"]>>[number];

/** A registered kind as the exporter sees it. */
export interface ExportKind {
    provider: ConfigurableProvider;
    export: KindExport<Kind>;
}

const BY_KIND = new Map<Kind, ExportKind>(Object.values(registry).map((entry) => [entry.export.kind, entry]));

/** The kinds of objects the exporter reads, in the order the program declares them (the registry's). */
export const KINDS: readonly Kind[] = [...BY_KIND.keys()];

/** The registry entry of a kind. */
export function exportKind(kind: Kind): ExportKind {
    const entry = BY_KIND.get(kind);
    if (!entry) throw new Error(`unknown kind ${kind}`);
    return entry;
}
