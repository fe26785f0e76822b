import { readFileSync } from "node:fs";

/**
 * Reads the `config:` map of a Pulumi stack file (`Pulumi.<stack>.yaml`). Only what this repository's
 * stack files use is supported: flat `namespace:key: value` entries, plain or quoted. A `secure:` value
 * (an encrypted secret) is refused: such values only the CLI can decrypt.
 */
export function readStackConfig(file: string): Record<string, string> {
    const config: Record<string, string> = {};
    let inConfig = false;
    for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
        if (/^\s*(#|$)/.test(line)) continue;
        if (/^\S/.test(line)) {
            inConfig = line.trim() === "config:";
            continue;
        }
        if (!inConfig) continue;
        const match = /^\s+([\w.-]+:[\w.-]+):\s*(.*?)\s*$/.exec(line);
        if (!match) throw new Error(`${file}:${index + 1}: only flat "namespace:key: value" config entries are supported`);
        const [, key, raw] = match;
        if (raw === "" || raw.startsWith("secure:")) throw new Error(`${file}:${index + 1}: ${key} is structured or encrypted; set it through the environment instead`);
        config[key] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
    }
    return config;
}
