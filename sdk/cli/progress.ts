import { exportKind, Kind } from "./kinds";

/** Where progress goes: a terminal gets a status line, anything else gets nothing. */
export interface ProgressStream {
    isTTY?: boolean;
    write(text: string): unknown;
}

/** Reports what the exporter is reading. */
export interface Progress {
    /** Starts reading a kind. */
    reading(kind: Kind): void;
    /** How many objects of the kind were read so far. */
    count(kind: Kind, n: number): void;
    /** Ends the status line. */
    done(): void;
}

/** A one-line status (`reading… <label> 3 · <label> 5`) rewritten in place on a terminal; silent otherwise. */
export function progressOn(stream: ProgressStream): Progress {
    if (!stream.isTTY) return { reading() {}, count() {}, done() {} };
    const counts = new Map<Kind, number>();
    let shown = false;
    const render = () => {
        const parts = [...counts].map(([kind, n]) => `${exportKind(kind).export.label ?? exportKind(kind).export.nouns[1]} ${n}`);
        stream.write(`\r\x1b[2Kreading… ${parts.join(" · ")}`);
        shown = true;
    };
    return {
        reading(kind) {
            if (!counts.has(kind)) counts.set(kind, 0);
            render();
        },
        count(kind, n) {
            counts.set(kind, n);
            render();
        },
        done() {
            if (shown) stream.write("\n");
            shown = false;
        },
    };
}
