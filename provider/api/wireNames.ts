/**
 * The one table of wire names that stand for product-specific names in the real APIs. The package speaks the
 * neutral names by default; `observability:wireNames` (a JSON object of neutral name → server name) points it at a
 * server that spells them otherwise. Paths take their segments from {@link WireNames.segment}; request bodies and
 * answers are translated as a whole by the HTTP client ({@link WireNames.toServer}, {@link WireNames.fromServer}),
 * so no kind spells a server name.
 */

/** What a wire name is, which decides where it is translated and which spellings are valid. */
type WireNameRole = "segment" | "settingPrefix" | "field";

/** Every neutral wire name, with its role and what it names (docs/installation-configuration.md lists the same table). */
export const WIRE_NAMES = {
    observability: { role: "segment", names: "the managed variant's path segment below a service (`…/services/{id}/observability`)" },
    pipes: { role: "segment", names: "the data pipes' path segment below a service" },
    pipesReversePrivateEndpoints: { role: "segment", names: "the reverse private endpoints' path segment below a service" },
    pipesCdcScaling: { role: "segment", names: "the CDC scaling's path segment below a service" },
    engine_: { role: "settingPrefix", names: "the prefix of a data pipe's engine settings (`engine_max_threads`)" },
    observabilitySettingPrefix: { role: "field", names: "a connection's setting-prefix field" },
} as const satisfies Record<string, { role: WireNameRole; names: string }>;

/** A neutral wire name. */
export type WireName = keyof typeof WIRE_NAMES;

/** A neutral name that is a path segment. */
export type WireSegment = { [K in WireName]: (typeof WIRE_NAMES)[K]["role"] extends "segment" ? K : never }[WireName];

const SPELLING: Record<WireNameRole, { pattern: RegExp; expected: string }> = {
    segment: { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, expected: "a path segment (letters, digits, `-`, `_`)" },
    settingPrefix: { pattern: /^[A-Za-z][A-Za-z0-9]*_$/, expected: "letters and digits ending in `_`" },
    field: { pattern: /^[A-Za-z][A-Za-z0-9]*$/, expected: "a field name (letters and digits)" },
};

/** Why a `wireNames` value was refused. */
export class WireNamesError extends Error {}

/** The wire names in force: the neutral ones, overridden where configured. */
export class WireNames {
    private readonly server: Readonly<Record<WireName, string>>;
    private readonly prefixToServer?: [string, string];
    private readonly fieldToServer?: [string, string];

    private constructor(overrides: Partial<Record<WireName, string>>) {
        const names = Object.fromEntries(Object.keys(WIRE_NAMES).map((name) => [name, name])) as Record<WireName, string>;
        this.server = { ...names, ...overrides };
        if (this.server.engine_ !== "engine_") this.prefixToServer = ["engine_", this.server.engine_];
        if (this.server.observabilitySettingPrefix !== "observabilitySettingPrefix") {
            this.fieldToServer = ["observabilitySettingPrefix", this.server.observabilitySettingPrefix];
        }
    }

    /** The neutral names alone. */
    static readonly neutral: WireNames = new WireNames({});

    /**
     * Reads the `wireNames` setting: a JSON object whose keys are neutral names and whose values are the server's.
     * @param json the setting's raw value; undefined keeps the neutral names
     * @throws WireNamesError naming the key and what it expects
     */
    static parse(json: string | undefined): WireNames {
        if (json === undefined) return WireNames.neutral;
        let parsed: unknown;
        try {
            parsed = JSON.parse(json);
        } catch {
            throw new WireNamesError("must be a JSON object of neutral name → server name");
        }
        if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
            throw new WireNamesError("must be a JSON object of neutral name → server name");
        }
        const overrides: Partial<Record<WireName, string>> = {};
        for (const [key, value] of Object.entries(parsed)) {
            if (!Object.hasOwn(WIRE_NAMES, key)) {
                throw new WireNamesError(`has an unknown name ${JSON.stringify(key)}: the names are ${Object.keys(WIRE_NAMES).join(", ")}`);
            }
            const spelling = SPELLING[WIRE_NAMES[key as WireName].role];
            if (typeof value !== "string" || !spelling.pattern.test(value)) {
                throw new WireNamesError(`gives ${JSON.stringify(key)} the value ${JSON.stringify(value)}: expected ${spelling.expected}`);
            }
            overrides[key as WireName] = value;
        }
        return new WireNames(overrides);
    }

    /** Whether every name is neutral (then bodies go out as they are). */
    get isNeutral(): boolean {
        return this.prefixToServer === undefined && this.fieldToServer === undefined;
    }

    /** The server's spelling of a path segment. */
    segment(name: WireSegment): string {
        return this.server[name];
    }

    /** A request body with the server's field name and setting prefix where they stand (a new value; the argument is kept). */
    toServer(body: unknown): unknown {
        return this.isNeutral ? body : renameKeys(body, this.fieldToServer, this.prefixToServer);
    }

    /** An answer with the neutral field names and setting prefix (a new value; the argument is kept). */
    fromServer(body: unknown): unknown {
        return this.isNeutral ? body : renameKeys(body, reversed(this.fieldToServer), reversed(this.prefixToServer));
    }

    /** The configured names, for a fingerprint of the client. */
    toString(): string {
        return JSON.stringify(this.server);
    }
}

function reversed(pair: [string, string] | undefined): [string, string] | undefined {
    return pair && [pair[1], pair[0]];
}

/**
 * Renames the keys that are wire names, where they stand and nowhere else (a user's header or filter is never
 * touched): the field on a body or on each object of a list answer; the setting prefix on the keys of a `settings`
 * object, and on a body's own keys (the pipe settings PATCH sends them bare).
 */
function renameKeys(value: unknown, field: [string, string] | undefined, prefix: [string, string] | undefined): unknown {
    const objects = Array.isArray(value) ? value : [value];
    const renamed = objects.map((item) => renameIn(item, field, prefix));
    return Array.isArray(value) ? renamed : renamed[0];
}

function renameIn(value: unknown, field: [string, string] | undefined, prefix: [string, string] | undefined): unknown {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
        let name = key;
        if (field && key === field[0]) name = field[1];
        else if (prefix && key.startsWith(prefix[0])) name = prefix[1] + key.slice(prefix[0].length);
        out[name] = key === "settings" ? renameIn(item, undefined, prefix) : item;
    }
    return out;
}
