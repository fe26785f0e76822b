import { z } from "zod";
import { uuid } from "./ids";

const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Milliseconds of a duration text such as `90s`, `5m` or `1h30m`. */
export function durationMs(text: string): number {
    const match = DURATION.exec(text);
    if (!match || text === "") throw new Error(`not a duration: ${text}`);
    const [, h, m, s] = match;
    return ((Number(h ?? 0) * 60 + Number(m ?? 0)) * 60 + Number(s ?? 0)) * 1000;
}

const duration = z
    .string()
    // `abort`: the length check below must not run on text that is no duration (it would throw).
    .regex(DURATION, { message: "must be a duration such as `90s`, `5m` or `1h30m`", abort: true })
    .refine((text) => text !== "" && durationMs(text) > 0, "must be longer than zero");

/**
 * Our own operation timeouts: Pulumi's `customTimeouts` never reaches dynamic providers.
 * Each is a duration text such as `10m`.
 */
export const timeoutsSchema = z
    .strictObject({
        /** Deadline of a create (an adoption included), e.g. `10m`. */
        create: duration.optional(),
        /** Deadline of an update, e.g. `10m`. */
        update: duration.optional(),
        /** Deadline of a delete, e.g. `10m`. */
        delete: duration.optional(),
    })
    .optional();

export type Timeouts = z.infer<typeof timeoutsSchema>;

// The one rule for control characters: none at all in a value sent on one line (a header, an origin), none but tab
// and line breaks in free text.
const CONTROL = "\u0000-\u001f\u007f";
const CONTROL_BUT_LINE_SPACING = "\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f";
// Built once: `check` tests every text of every resource.
const CONTROL_PATTERN = new RegExp(`[${CONTROL}]`);
const CONTROL_BUT_LINE_SPACING_PATTERN = new RegExp(`[${CONTROL_BUT_LINE_SPACING}]`);

/**
 * Whether a text holds a control character.
 * @param text the text
 * @param lineSpacing whether tab, line feed and carriage return are allowed (free text such as a description)
 */
export function hasControlCharacter(text: string, lineSpacing = false): boolean {
    return (lineSpacing ? CONTROL_BUT_LINE_SPACING_PATTERN : CONTROL_PATTERN).test(text);
}

/** The message of every control-character refusal. */
export const NO_CONTROL_CHARACTERS = "must not contain control characters";

/** A non-empty string without control characters: names, labels and other free text sent in paths or bodies. */
export const text = (max: number) =>
    z
        .string()
        .min(1, "must not be empty")
        .max(max, `must be at most ${max} characters`)
        .refine((value) => !hasControlCharacter(value, true), NO_CONTROL_CHARACTERS);

/**
 * A name the server stores as given: 1 to `max` characters without surrounding whitespace (the server trims names,
 * so a padded one would read back different from the declaration and plan a change forever).
 */
export const unpaddedName = (max: number) => text(max).refine((name) => name.trim() === name, "must not start or end with whitespace (the server trims it)");

/** An organization or service id: a UUID, kept lowercase, so that an id written in capitals is the same id as the one the APIs answer with. */
export const cloudId = uuid.transform((id) => id.toLowerCase());
