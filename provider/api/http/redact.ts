/** Replaces every known secret in a text, so that server messages and network errors can be shown safely. */
export function redact(text: string, secrets: readonly string[]): string {
    let out = text;
    for (const secret of secrets) {
        // Very short values would blank out ordinary words; credentials are never that short.
        if (secret.length < 4) continue;
        out = out.split(secret).join("[redacted]");
    }
    return out;
}

/** Shortens a server body for an error message. */
export function truncate(text: string, max = 500): string {
    const flat = text.replace(/\s+/g, " ").trim();
    return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
