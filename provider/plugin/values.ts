// Values between the engine's wire form and the plain JSON the lifecycle takes: secrets arrive as signature objects
// (the plugin accepts secrets) and leave as such, every unknown sentinel of a preview becomes the one string the
// lifecycle knows.
import { UNKNOWN } from "../common/unknown";
import { mappedItems, mappedValues } from "../common/values";
import type { Properties } from "../engine/lifecycle";
import { withSchemaNames, withWireNames } from "./propertyNames";
import type { Struct } from "./protobuf/struct";

/** The key of every special value on the wire (`sig.Key` in Pulumi's Go SDK). */
const SIGNATURE = "4dabf18193072939515e22adb298388d";
/** The signature of a secret. */
const SECRET = "1b47061264138c4ac30d75fd1eb44270";
/** The unknown sentinels of a preview, one per type (`rpc.go`); every one is unknown to the plugin. */
const UNKNOWNS: ReadonlySet<string> = new Set([
    UNKNOWN,
    "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
    "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
    "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
    "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);

/** Properties as the engine sent them, in the lifecycle's form, and the top-level keys whose values held a secret. */
export interface Received {
    props: Properties;
    secretKeys: Set<string>;
}

/**
 * A value without its secret wrappers and with the string unknown; `secret` tells whether a wrapper was there. The
 * same object where nothing changes (no copy: a preview reads every resource's properties).
 */
function plain(value: unknown, found: { secret: boolean }): unknown {
    if (typeof value === "string") return UNKNOWNS.has(value) ? UNKNOWN : value;
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) return mappedItems(value, (item) => plain(item, found));
    const record = value as Record<string, unknown>;
    if (record[SIGNATURE] === SECRET) {
        found.secret = true;
        return plain(record.value, found);
    }
    return mappedValues(record, (item) => plain(item, found));
}

/** The properties of a request (an unset Struct, as on an import's Read, is empty). */
export function received(value: Struct | undefined): Received {
    const secretKeys = new Set<string>();
    const props: Properties = {};
    for (const [key, item] of Object.entries(value?.toJavaScript() ?? {})) {
        const found = { secret: false };
        props[key] = plain(item, found);
        if (found.secret) secretKeys.add(key);
    }
    return { props: withWireNames(props), secretKeys };
}

/** A value as the engine takes a secret. */
export function secret(value: unknown): Record<string, unknown> {
    return { [SIGNATURE]: SECRET, value };
}

/** Properties for the engine (the schema's names), the values of `secretKeys` as secrets. */
export function sent(props: Properties, secretKeys: ReadonlySet<string>): Properties {
    return Object.fromEntries(
        Object.entries(withSchemaNames(props)).map(([key, value]) => [key, secretKeys.has(key) && value !== null ? secret(value) : value]),
    );
}
