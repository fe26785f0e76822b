const MAX_SLUG = 48;

/** `Web – Errors (prod)` → `web-errors-prod`: lowercase ASCII letters, digits and single dashes; may be empty. */
export function slug(text: string): string {
    return text
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .slice(0, MAX_SLUG)
        .replace(/^-+|-+$/g, "");
}

/** `web-errors-prod` → `WebErrorsProd`. */
export function pascal(slugText: string): string {
    return slugText
        .split("-")
        .filter((part) => part !== "")
        .map((part) => part[0].toUpperCase() + part.slice(1))
        .join("");
}

/** `schemaRegistryCredentials` → `schema-registry-credentials`. */
export function kebab(camel: string): string {
    return camel.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/** Hands out names that are unique among those it handed out: the wanted one, then `-2`, `-3`, … */
export class UniqueNames {
    private readonly taken = new Set<string>();

    constructor(private readonly separator = "-") {}

    /** `wanted`, or `wanted<separator>N` with the smallest free N ≥ 2. */
    claim(wanted: string): string {
        let name = wanted;
        for (let n = 2; this.taken.has(name); n++) name = `${wanted}${this.separator}${n}`;
        this.taken.add(name);
        return name;
    }
}
