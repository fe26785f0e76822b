/**
 * The emulator speaking a server's own spellings of the neutral wire names (`EmulatorOptions.wireNames`), as the
 * real APIs do: a path segment or a field under its neutral name is then unknown to it. The routes and domain code
 * keep the neutral names; this layer translates at the edge, request in and answer out.
 */

const SEGMENTS = ["observability", "pipes", "pipesReversePrivateEndpoints", "pipesCdcScaling"] as const;
const FIELD = "observabilitySettingPrefix";
const PREFIX = "engine_";

/** Neutral wire name → the server's spelling; names left out keep their neutral spelling. */
export type ServerWireNames = Partial<Record<(typeof SEGMENTS)[number] | typeof FIELD | typeof PREFIX, string>>;

export class ServerNames {
    constructor(private readonly names: ServerWireNames = {}) {}

    /** The path with neutral segments, or undefined when it names a segment this server spells otherwise. */
    neutralPath(path: string): string | undefined {
        const parts = path.split("/");
        for (const segment of SEGMENTS) {
            const spelled = this.names[segment];
            if (spelled === undefined || spelled === segment) continue;
            if (parts.includes(segment)) return undefined;
            for (let i = 0; i < parts.length; i++) if (parts[i] === spelled) parts[i] = segment;
        }
        return parts.join("/");
    }

    /** A request body with neutral keys; keys under the neutral spelling of a renamed name are unknown, so dropped. */
    bodyIn(body: unknown): unknown {
        if (Object.keys(this.names).length === 0) return body;
        return this.rename(body, (key) => {
            if (this.renamed(FIELD) && key === FIELD) return undefined;
            if (this.renamed(PREFIX) && key.startsWith(PREFIX)) return undefined;
            if (key === this.names[FIELD]) return FIELD;
            const prefix = this.names[PREFIX];
            return prefix !== undefined && key.startsWith(prefix) ? PREFIX + key.slice(prefix.length) : key;
        });
    }

    /** An answer with the server's spellings (the same shape with renamed keys). */
    bodyOut<T>(body: T): T {
        if (Object.keys(this.names).length === 0) return body;
        return this.rename(body, (key) => {
            if (key === FIELD) return this.names[FIELD] ?? key;
            return key.startsWith(PREFIX) ? (this.names[PREFIX] ?? PREFIX) + key.slice(PREFIX.length) : key;
        }) as T;
    }

    private renamed(name: typeof FIELD | typeof PREFIX): boolean {
        return this.names[name] !== undefined && this.names[name] !== name;
    }

    /** A `settings` object's keys: the setting prefix stands there, the connection's field does not. */
    private renameSettings(value: unknown, key: (name: string) => string | undefined): unknown {
        if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
        const fieldNames = new Set<string>([FIELD, this.names[FIELD] ?? FIELD]);
        return Object.fromEntries(
            Object.entries(value).flatMap(([name, item]) => {
                const renamed = fieldNames.has(name) ? name : key(name);
                return renamed === undefined ? [] : [[renamed, item]];
            }),
        );
    }

    /**
     * Renames where the servers have these names, and nowhere else: the keys of a body (or of each object of a list),
     * where a connection's field and a bare settings body's keys stand, and the keys of its `settings` object, where a
     * pipe's engine settings stand. A user's own keys deeper down (a webhook header, a filter) keep their spelling.
     */
    private rename(value: unknown, key: (name: string) => string | undefined): unknown {
        if (Array.isArray(value)) return value.map((item) => this.renameObject(item, key));
        return this.renameObject(value, key);
    }

    private renameObject(value: unknown, key: (name: string) => string | undefined): unknown {
        if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [name, item] of Object.entries(value)) {
            const renamed = key(name);
            if (renamed !== undefined) out[renamed] = name === "settings" ? this.renameSettings(item, key) : item;
        }
        return out;
    }
}
