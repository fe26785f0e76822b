import { Annotated, Code, TsEntry, TsObject, TsValue } from "../../provider/engine/tsValue";

const WIDTH = 120;
const STEP = "    ";
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The property key as TypeScript needs it: bare when it is an identifier, quoted otherwise. */
export function propertyKey(key: string): string {
    return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

/** A TypeScript literal of `value`, on one line when it fits and holds no comment, indented by `indent` otherwise. */
export function printValue(value: TsValue, indent = ""): string {
    const flat = inline(value);
    if (flat !== undefined && indent.length + flat.length <= WIDTH) return flat;
    const inner = indent + STEP;
    if (value instanceof Annotated) return printValue(value.value, indent);
    if (Array.isArray(value)) {
        const items = (value as readonly TsValue[]).map((item) => `${inner}${printValue(unannotated(item), inner)},${trailing(item)}`);
        return items.length === 0 ? "[]" : `[\n${items.join("\n")}\n${indent}]`;
    }
    const entries = entriesOf(value);
    if (entries === undefined || entries.length === 0) return flat ?? "{}";
    const lines = entries.flatMap((entry) => [
        ...(entry.before ?? []).map((line) => `${inner}// ${line}`.trimEnd()),
        `${inner}${printEntry(entry, inner)},${trailing(entry.value)}`,
    ]);
    return `{\n${lines.join("\n")}\n${indent}}`;
}

function printEntry(entry: TsEntry, indent: string): string {
    const value = unannotated(entry.value);
    if (value instanceof Code && value.text === entry.key) return entry.key;
    return `${propertyKey(entry.key)}: ${printValue(value, indent)}`;
}

function unannotated(value: TsValue): TsValue {
    return value instanceof Annotated ? value.value : value;
}

function trailing(value: TsValue): string {
    return value instanceof Annotated ? ` // ${value.comment}` : "";
}

function entriesOf(value: TsValue): readonly TsEntry[] | undefined {
    if (value instanceof TsObject) return value.entries;
    if (value === null || typeof value !== "object" || value instanceof Code || value instanceof Annotated || Array.isArray(value)) return undefined;
    return Object.entries(value as { readonly [key: string]: TsValue }).map(([key, item]) => ({ key, value: item }));
}

/** The one-line form, or undefined when the value holds a comment. */
function inline(value: TsValue): string | undefined {
    if (value instanceof Code) return value.text;
    if (value instanceof Annotated) return undefined;
    if (value === null || typeof value !== "object") return JSON.stringify(value);
    if (Array.isArray(value)) {
        const items = (value as readonly TsValue[]).map(inline);
        return items.every((item) => item !== undefined) ? `[${items.join(", ")}]` : undefined;
    }
    const entries = entriesOf(value) ?? [];
    if (entries.some((entry) => entry.before?.length)) return undefined;
    const parts: string[] = [];
    for (const entry of entries) {
        const item = inline(entry.value);
        if (item === undefined) return undefined;
        parts.push(entry.value instanceof Code && item === entry.key ? item : `${propertyKey(entry.key)}: ${item}`);
    }
    return parts.length === 0 ? "{}" : `{ ${parts.join(", ")} }`;
}
