/** The value the engine puts wherever an input is not known yet during a preview (pulumi/pulumi#6310). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value is, or contains at any depth, the unknown sentinel. */
export function containsUnknown(value: unknown): boolean {
    if (value === UNKNOWN) return true;
    if (Array.isArray(value)) return value.some(containsUnknown);
    if (typeof value === "object" && value !== null) return Object.values(value).some(containsUnknown);
    return false;
}
