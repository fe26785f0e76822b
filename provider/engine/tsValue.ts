// The values an exported program is written from: what a kind's `export.ts` hands the export command, which prints them.

/** A TypeScript expression written as it is (a reference such as `dashboardWeb.id`). */
export class Code {
    constructor(readonly text: string) {}
}

/** A value followed by a `// comment` on its line. */
export class Annotated {
    constructor(
        readonly value: TsValue,
        readonly comment: string,
    ) {}
}

/** An object literal whose entries may carry comment lines above them. */
export class TsObject {
    constructor(readonly entries: readonly TsEntry[]) {}
}

export interface TsEntry {
    key: string;
    value: TsValue;
    /** Comment lines written above the entry. */
    before?: readonly string[];
}

/** What the export command prints: JSON values, code, annotated values and commented objects. */
export type TsValue = null | boolean | number | string | Code | Annotated | TsObject | readonly TsValue[] | { readonly [key: string]: TsValue };
