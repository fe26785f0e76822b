/**
 * A read of another resource's output in the bench's stack as data (tests/bench/cli/stackSpec.ts); a module of its own,
 * importing nothing, so that the bench's TypeScript program (`program/`) loads it alone.
 */

/** A read of another resource's output: `[resource, output, ...keys]`, e.g. `["board-0", "tileIds", "Tile 1"]`. */
export interface OutputRef {
    $ref: string[];
}

/** One resource of the stack: its SDK class (and plugin type) name, its name and its inputs. */
export interface SpecResource {
    type: string;
    name: string;
    inputs: Record<string, unknown>;
}

/** The stack as data, in declaration order. */
export type StackSpec = SpecResource[];

/** Whether a value is an {@link OutputRef}. */
export function isOutputRef(value: unknown): value is OutputRef {
    return typeof value === "object" && value !== null && Array.isArray((value as Partial<OutputRef>).$ref);
}
